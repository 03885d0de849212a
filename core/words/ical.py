"""A place's tide days as an iCalendar file (RFC 5545), written with the `icalendar` library.

Each high, low (and, when asked, sunrise and sunset) is one event at its instant, in the
place's zone (a VTIMEZONE is added), its height and the height's reference in the summary and
description. An event's UID is built from the place, the kind and the minute, so importing a
newer file updates the same events instead of adding copies.
"""
from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone
from typing import Literal

from pydantic import BaseModel

from core.words.heights import Heights, Units
from core.words.strings import t

EventKind = Literal["high", "low", "sunrise", "sunset"]
#: How long a calendar shows a tide or sun event (an instant, made visible).
EVENT_MINUTES = 15


class CalendarEvent(BaseModel):
    """One event: what it is, when (aware, on the place's clock), and a tide's height in cm on the file's reference."""

    kind: EventKind
    time: datetime
    height_cm: float | None = None


def event_uid(lon: float, lat: float, kind: str, when: datetime) -> str:
    """Return the stable UID of an event: the same place (to ~100 m), kind and UTC minute give the same UID."""
    minute = when.astimezone(timezone.utc).strftime("%Y%m%dT%H%M")
    key = f"{lon:.3f},{lat:.3f}|{kind}|{minute}"
    return hashlib.sha256(key.encode()).hexdigest()[:32] + "@odbchat"


def summary(event: CalendarEvent, place: str, lang: str, reference: str, units: Units = "cm") -> str:
    """Return an event's title: 「基隆 滿潮 123 公分（平均海平面）」 / "Keelung high tide 123 cm (MSL)", in `units`."""
    if event.height_cm is None:
        return t(lang, f"calendar.{event.kind}", place=place)
    return t(lang, f"calendar.{event.kind}", place=place, height=Heights(units=units).number(event.height_cm),
             unit=t(lang, f"heights.unit.{units}"), reference=reference)


def write_ics(events: list[CalendarEvent], *, place: str, lon: float, lat: float, lang: str,
              reference: str, source: str, units: Units = "cm") -> bytes:
    """Return the iCalendar file (bytes, UTF-8, CRLF lines) holding `events`."""
    from icalendar import Calendar, Event

    cal = Calendar()
    cal.add("prodid", "-//ODB//ODBchat tides//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", t(lang, "calendar.name", place=place))
    stamp = datetime.now(timezone.utc).replace(microsecond=0)
    for item in events:
        event = Event()
        event.add("uid", event_uid(lon, lat, item.kind, item.time))
        event.add("dtstamp", stamp)
        event.add("dtstart", item.time)
        event.add("dtend", item.time + timedelta(minutes=EVENT_MINUTES))
        event.add("summary", summary(item, place, lang, reference, units))
        event.add("description", t(lang, "calendar.description", source=source, reference=reference))
        event.add("geo", (lat, lon))
        event.add("transp", "TRANSPARENT")   # a tide does not make the user busy
        cal.add_component(event)
    cal.add_missing_timezones()
    return cal.to_ical()
