"""A named day with a word around it: 「中秋節前一天」 (the day before), 「感恩節那個週末」 (that
weekend), "the eve of Christmas", "the weekend after the winter solstice", "Thanksgiving weekend".

`around` moves a festival, lunar or moon day found by the other finders and widens its span over
the words, so the words are understood, not left over. The words are in
``core/data/day_words.yaml`` (`around_after`, `around_before`).
"""
from __future__ import annotations

import re
from datetime import date, timedelta

from core.understand.dates_words import Found, alternation, table
from core.understand.compile_on_first_use import lazy_compile

_AFTER: dict[str, int | str] = {str(k).lower(): v for k, v in table("around_after").items()}
_BEFORE: dict[str, int | str] = {str(k).lower(): v for k, v in table("around_before").items()}
_AFTER_RE = lazy_compile(r"\s*(?:'s\s+)?(" + alternation(list(_AFTER)) + ")", re.IGNORECASE)
_BEFORE_RE = lazy_compile("(" + alternation(list(_BEFORE)) + r")\s*(?:the\s+)?$", re.IGNORECASE)


def _moved(day: date, how: int | str) -> tuple[date, int]:
    """Return (first day, days) of `how` around `day`: a shift, its weekend or the weekend after it."""
    if isinstance(how, int):
        return day + timedelta(days=how), 1
    if how == "weekend" and day.weekday() == 6:
        return day - timedelta(days=1), 2          # a Sunday: its own weekend
    if how == "weekend" and day.weekday() == 0:
        return day - timedelta(days=2), 3          # a Monday holiday: the long weekend it ends (Memorial Day weekend)
    ahead = (5 - day.weekday()) % 7
    if how == "weekend_after" and ahead == 0:
        ahead = 7                                  # after a Saturday: the next weekend
    return day + timedelta(days=ahead), 2


def around(text: str, found: Found) -> Found:
    """Return `found` moved by the words around it in `text`, its span over them; as is without any."""
    if found.day is None:
        return found
    start, end = found.span
    after = _AFTER_RE.match(text, end)
    if after is not None:
        day, days = _moved(found.day, _AFTER[after[1].lower()])
        if day == found.day and days == found.days:   # the holiday's own day off: still the named day
            return found._replace(span=(start, after.end()))
        return found._replace(day=day, days=days, span=(start, after.end()), moment=None, festival="")
    before = _BEFORE_RE.search(text, 0, start)
    if before is not None:
        day, days = _moved(found.day, _BEFORE[before[1].lower()])
        return found._replace(day=day, days=days, span=(before.start(), end), moment=None, festival="")
    return found
