"""An hour said with no half of the day, as South Asian chat says it ("aaj 3 baje": at three today), asked after that
hour has gone by on its own clock: the afternoon's hour still to come, not the morning's past (a match "aaj 3 baje PKT"
asked at 08:15 starts at 15:00). Only with "today" said (the caller's check): "agar 10 baje nikla" (if I left at ten) is
no day's, and a part of the day said ("subah 9 baje", "raat 8 baje") decides it: never moved."""
from __future__ import annotations

import functools
import re
from datetime import date, datetime, time, timedelta

from core.understand.clock_times import words as clock_words
from metocean.timezones import parse_tz

# the hour and its o'clock word alone: 1 to 11, no minutes, no part of the day beside it
_HOUR_ONLY = re.compile(r"^\s*(?:[1-9]|1[01])\s*(?:baje|bje|bajay|baj[eo]|बजे)\s*$", re.IGNORECASE)
HALF_DAY = timedelta(hours=12)


@functools.cache
def _day_parts() -> tuple[str, ...]:
    """Return the parts of the day said beside a clock hour (clock_words.yaml `day_parts`), lower-cased."""
    parts = clock_words()["day_parts"]
    return tuple(str(w).lower() for half in parts.values() for lang in half.values() for w in lang)


def afternoon_to_come(query: str, span: tuple[int, int], at: time, day: date, tz: str, asked_at: datetime) -> time:
    """Return `at` twelve hours on when the clock written at `span` of `query` ("3 baje") is an hour alone, no part of
    the day beside it, that has passed on `day` in zone `tz` at `asked_at` while its afternoon's has not; else `at`."""
    before, after = query[max(0, span[0] - 16):span[0]].lower().rstrip(), query[span[1]:span[1] + 16].lower().lstrip()
    if _HOUR_ONLY.match(query[span[0]:span[1]]) is None or before.endswith(_day_parts()) or after.startswith(_day_parts()):
        return at
    try:
        zone, _ = parse_tz(tz)
    except ValueError:
        return at
    morning = datetime.combine(day, at, tzinfo=zone)
    if day != asked_at.astimezone(zone).date() or morning >= asked_at or morning + HALF_DAY <= asked_at:
        return at
    return (morning + HALF_DAY).time()
