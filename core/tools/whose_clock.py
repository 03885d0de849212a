"""Whose clock a tide or sun/moon answer is in.

A question about a place, or a point on or near land, whose IANA zone differs from the
asker's is answered in that place's zone and for that place's day ("today" in Boston is
Boston's today). The asker's own region, the open sea (nautical Etc/GMT zones) and
questions with no place keep the asker's zone.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from core.tools.clock import tz_at
from core.understand.dates import parse_date
from core.understand.zone_words import HERE, zone_mentions
from metocean.timezones import parse_tz

if TYPE_CHECKING:
    from core.asked import Asked


@dataclass(frozen=True)
class Clock:
    """The zone an answer is given in, "now" in that zone, and whether it is the place's own."""

    tz: str
    now: datetime
    local: bool          # True when it is the place's zone, not the asker's


def place_zone(asked: "Asked", lon: float | None, lat: float | None) -> str | None:
    """Return the zone of the named place, or of the point (None at open sea or unreadable)."""
    place = asked.slots.place if asked.slots else None
    if place is not None and place.tz:
        return place.tz
    if lon is None or lat is None:
        return None
    try:
        zone = tz_at(float(lon), float(lat))
    except (TypeError, ValueError):
        return None
    return None if zone.startswith("Etc/") else zone   # open sea: the asker's clock


def written_zone(asked: "Asked") -> str | None:
    """Return the one zone the question writes for its times ("in JST", 「台灣時間幾點」, "in my time"
    — the asker's), else None; a bare "here" (這邊) names where, not a clock."""
    mentions = zone_mentions(asked.query)
    if len(mentions) != 1:
        return None
    said = mentions[0]
    if said.tz != HERE:
        return said.tz
    return asked.tz if any(w in said.word.lower() for w in _TIME_WORDS) else None


_TIME_WORDS = ("time", "\u6642\u9593")   # "my time", the same in Chinese: a clock, not a place


def answer_clock(asked: "Asked", lon: float | None, lat: float | None) -> Clock:
    """Return the clock to answer in for a question about (lon, lat) or the named place: the zone the
    question writes for its times when it writes one, else the place's."""
    zone = place_zone(asked, lon, lat)
    written = written_zone(asked)
    if written == asked.tz:
        return Clock(asked.tz, asked.query_time, False)
    if written is not None and written != zone:
        try:
            tzinfo, _ = parse_tz(written)
        except ValueError:
            tzinfo = None
        if tzinfo is not None:
            return Clock(written, asked.query_time.astimezone(tzinfo), False)
    if zone is None or zone == asked.tz:
        return Clock(asked.tz, asked.query_time, False)
    try:
        tzinfo, _ = parse_tz(zone)
    except ValueError:
        return Clock(asked.tz, asked.query_time, False)
    there = asked.query_time.astimezone(tzinfo)
    same_asker_offset = asked.tz != zone and not asked.named_zone  # the asker gave a bare offset
    if same_asker_offset and there.utcoffset() == asked.query_time.utcoffset():
        return Clock(asked.tz, asked.query_time, False)
    return Clock(zone, there, True)


def day_there(asked: "Asked", clock: Clock) -> date:
    """Return the asked day on the answer's clock: a relative day word counts from the place's today."""
    return span_there(asked, clock)[0]


def span_there(asked: "Asked", clock: Clock) -> tuple[date, int]:
    """Return the first day asked and how many, on the answer's clock: a span counted from today
    ("this week", 週末, "next 3 days") is the place's, read again on its calendar (asked on a
    Sunday evening in Los Angeles, "this week" in Taipei is Taipei's Monday to Sunday)."""
    hint = asked.slots.date if asked.slots else None
    if hint is None:
        return clock.now.date(), asked.days()
    own = asked.slots.windows if asked.slots else None
    if own is not None and (again_there := own.on(clock.tz)) is not own \
            and (window_days := again_there.first_days()) is not None:
        return window_days   # the spring/neap days on the answer's calendar (a point whose zone is another)
    if hint.moment is not None:   # a solar term: the day it falls on in the answer's zone
        return hint.moment.astimezone(clock.now.tzinfo).date(), asked.days()
    if hint.relative and clock.local:
        there = clock.now.date()
        if hint.weekday and 0 <= (hint.day - asked.today).days < 7:   # "Saturday": the place's coming one
            return there + timedelta(days=(hint.day.weekday() - there.weekday()) % 7), asked.days()
        again = parse_date(asked.query, clock.now) if there != asked.today else None
        if again is not None and again.span == hint.span and not asked.question.days:
            return again.day, again.days
        return there + timedelta(days=(hint.day - asked.today).days), asked.days()
    return hint.day, asked.days()


def clock_of(tz: str | None, asked: "Asked") -> Clock:
    """Return the clock of a call's zone `tz` (the asker's when absent)."""
    return Clock(tz or asked.tz, now_there(tz, asked), is_local_clock(tz, asked))


def is_local_clock(tz: str | None, asked: "Asked") -> bool:
    """Return True when a call's zone `tz` is another than the asker's (the place's own)."""
    return bool(tz) and tz != asked.tz


def now_there(tz: str | None, asked: "Asked") -> datetime:
    """Return the question's moment on the clock of zone `tz` (the asker's when absent or unreadable)."""
    if not tz or tz == asked.tz:
        return asked.query_time
    try:
        return asked.query_time.astimezone(parse_tz(tz)[0])
    except ValueError:
        return asked.query_time
