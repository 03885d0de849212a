"""A night's moonrise or moonset asked with an evening word ("tonight", 今晚, esta noche, ce soir): the night runs
past midnight, so when the moon does not rise (or set) that evening but in the small hours after it, the night's
event is the next calendar day's — Melbourne on 28 Nov 2026 has no moonrise at all, tonight's being 00:18 on the
29th. The words are data (`night_parts`, `moon_setting` in core/data/day_words.yaml)."""
from __future__ import annotations

import functools
from datetime import date, timedelta
from typing import TYPE_CHECKING

from core.understand.dates_words import table

if TYPE_CHECKING:
    from core.asked import Asked

EVENING_FROM_HOUR = 12   # the asked day's event from noon on is that evening's ...
NIGHT_UNTIL_HOUR = 6     # ... else the next day's before this hour is the night's
AFTER_DAY_WORD = 6       # an evening word this near after the day word names its evening ("今天晚上", "hoy en la noche")


@functools.cache
def _words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the evening words' parts and the moon-setting words, lower case."""
    return (tuple(str(w).lower() for w in table("night_parts")), tuple(str(w).lower() for w in table("moon_setting")))


def night_day(asked: "Asked", day: date, lon: float | None, lat: float | None, tz: str) -> date:
    """Return the day whose moonrise (moonset, when that is asked) is the night of ``day`` the question names with
    an evening word: the next day when ``day`` has none from noon on and the next has one before dawn; else ``day``
    (every question that is no moon-times question with an evening word, or with no point)."""
    return _night(asked, day, lon, lat, tz)[0]


def night_line(asked: "Asked", day: date, answered: str, lon: float | None, lat: float | None, tz: str) -> str:
    """Return the line saying the night's moonrise (moonset) asked of ``day`` comes after midnight, on the day
    ``answered``, when that moved the answer's day; else ""."""
    from core.words.strings import t

    moved, key = _night(asked, day, lon, lat, tz)
    return t(asked.lang, f"moon_night.{key}", date=answered) if moved != day and moved.isoformat() == answered else ""


def _night(asked: "Asked", day: date, lon: float | None, lat: float | None, tz: str) -> tuple[date, str]:
    """Return (the night's day, "rise" or "set"): see night_day."""
    signals, slots = asked.signals, asked.slots
    if signals is None or not signals.moon_times or signals.tide or slots is None or slots.date is None \
            or lon is None or lat is None:
        return day, "rise"
    parts, setting = _words()
    text = asked.query.lower()
    if not any(p in text[slots.date.span[0]:slots.date.span[1] + AFTER_DAY_WORD] for p in parts):   # 今天晚上
        return day, "rise"
    from metocean.astro import sun_moon   # the ephemeris: only for a night's moon
    from metocean.timezones import parse_tz

    key, zone = ("set" if any(w in text for w in setting) else "rise"), parse_tz(tz)[0]
    evening = sun_moon(lon, lat, day, zone)["moon"].get(key)
    if evening is not None and int(evening[11:13]) >= EVENING_FROM_HOUR:
        return day, key
    after = sun_moon(lon, lat, day + timedelta(days=1), zone)["moon"].get(key)
    return (day + timedelta(days=1) if after is not None and int(after[11:13]) < NIGHT_UNTIL_HOUR else day), key
