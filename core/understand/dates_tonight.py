"""A morning asked in the evening is the coming one: 「凌晨去釣魚 富岡漁港 漲潮嗎」 or "tides at Montauk in the early
morning" asked at 21:15 mean the hours after midnight, tomorrow's date, not this morning's, which has passed.

Only a morning word with no day of its own (not 今天早上, "this morning", 明早) moves the day, only when it is evening
at the place asked about (from EVENING_HOUR), and never for a clock conversion ("早上9點台北是倫敦幾點" converts a
time, whichever day). The words are ``morning_next`` in ``core/data/day_words.yaml``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from core.understand.compile_on_first_use import lazy_compile
from core.understand.dates import DateHint
from core.understand.dates_words import alternation, table
from core.understand.signals import detect_signals
from core.understand.slots import Slots
from metocean.timezones import parse_tz

EVENING_HOUR = 18   # from this hour on at the place, the next morning is the one to come

_DATA = ("tide", "astro", "moon_times", "weather", "rain", "wind", "temperature", "sst")
_TONIGHT = frozenset(w.lower() for w in table("tonight_words"))
_PAST_MIDNIGHT = frozenset(w.lower() for w in table("past_midnight"))
_MORNING = lazy_compile(r"(?<![A-Za-z今昨明])(?:" + alternation(table("morning_next")) + r")(?![A-Za-z])", re.IGNORECASE)


def next_morning(text: str, slots: Slots, query_time: datetime) -> Slots:
    """Return `slots` with the day moved to tomorrow when `text` asks about a morning with no day word in the
    evening at the place; as they are otherwise."""
    hint = slots.date
    found = _MORNING.search(text)
    if found is None or hint is not None and not (found.start() <= hint.span[0] and hint.span[1] <= found.end()) and not (
            text[hint.span[0]:hint.span[1]].lower() in _TONIGHT and found[0].lower() in _PAST_MIDNIGHT):
        return slots   # no morning word, or a day word of its own ("明天凌晨", "this morning") says the day
        # (but "after midnight tonight", 「今晚過半夜」: tonight's small hours are tomorrow's date)
    zone = slots.place.tz if slots.place is not None and slots.place.tz else None
    local = query_time.astimezone(ZoneInfo(zone)) if zone else query_time
    if local.hour < EVENING_HOUR:
        return slots
    signals = detect_signals(text)
    if not any(signals[g] for g in _DATA) or signals.time_convert or signals.zone_conversion or signals.time_there:
        return slots   # a clock converted or read ("早上9點台北是倫敦幾點"): the time, not a day's tides
    day = local.date() + timedelta(days=1)
    return replace(slots, date=DateHint(day, True, True, found.span(), 1))   # explicit: its date is said back


def moved_to_next_morning(text: str, hint: DateHint | None) -> bool:
    """Return whether `hint` is only a morning word read as the coming morning (「那日出呢？」 in the evening), no day
    said: a follow-up then keeps the day the chat was about."""
    return hint is not None and (found := _MORNING.fullmatch(text, *hint.span)) is not None and found.span() == hint.span


SMALL_HOURS, EVENING = 5, 18   # a clock time before 5 am, asked from 6 pm on the asker's today ...


def small_hours_to_come(day: date, at: time, asked_at: datetime) -> date:
    """Return the day of the small hours to come after the asker's evening ("1am tonight", 「今晚凌晨1點」 asked at
    22:30 are the next day's), else ``day``."""
    late = day == asked_at.date() and at.hour < SMALL_HOURS and asked_at.hour >= EVENING
    return day + timedelta(days=1) if late else day


def coming_new_year(query_time: datetime, tz: str) -> date:
    """Return the January 1st the New Year comes next on zone `tz`'s clock, seen from ``query_time``."""
    try:
        zone, _ = parse_tz(tz)
    except ValueError:
        return date(query_time.year + 1, 1, 1)
    return date(query_time.astimezone(zone).year + 1, 1, 1)
