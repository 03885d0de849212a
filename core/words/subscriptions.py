"""Subscription replies in words: lead times, moments on a zone's clock, why a place has no tides."""
from __future__ import annotations

from datetime import datetime

from core.subscriptions.daily_times import zone
from core.words.notes import note_line
from core.words.station import station_name
from core.words.strings import t
from metocean.contract import TideForecastResult


def _say(lang: str, key: str, **values: object) -> str:
    return t(lang, f"subscriptions.{key}", **values)


def place_words(name: str | None, lon: float, lat: float, lang: str) -> str:
    """Return a subscription's place as the user sees it: its name, else its point."""
    return name or _say(lang, "point", lon=f"{lon:.4f}", lat=f"{lat:.4f}")


def lead_text(minutes: int, lang: str) -> str:
    """Return a lead time in words: "30 分鐘", "1 hour", "1 h 30 min"."""
    h, m = divmod(int(minutes), 60)
    if h and m:
        return _say(lang, "lead_hm", h=h, m=m)
    if h:
        return _say(lang, "lead_h_one") if h == 1 else _say(lang, "lead_h", h=h)
    return _say(lang, "lead_m_one") if m == 1 else _say(lang, "lead_m", m=m)


def when_text(moment: datetime, tz: str, lang: str) -> str:
    """Return a moment as "YYYY-MM-DD HH:MM" on the clock of zone `tz`."""
    local = moment.astimezone(zone(tz))
    return _say(lang, "when", date=local.date().isoformat(), hhmm=local.strftime("%H:%M"))


def _station_name(name: str, lang: str) -> str:
    """Return a station's name in `lang`, as the tide answers name it (Keelung → 基隆 in zh)."""
    return station_name(name, lang)


def no_tide_reply(result: TideForecastResult, place: str, lang: str) -> str:
    """Return why there are no tides at the place: the tide tool's own no-data notes."""
    lines = [_say(lang, "no_tide", place=place)]
    for note in result.coded_notes():
        if note.code in ("no_station", "inland"):
            said = note_line(note, lang)
            if said:
                lines.append(said)
            if note.nearest is not None:
                lines.append(t(lang, "no_tide_nearest", name=_station_name(note.nearest.name, lang),
                               km=f"{note.nearest.distance_km:.0f}"))
    return "\n".join(lines)
