"""A named day with a word around it: 「中秋節前一天」 (the day before), 「感恩節那個週末」 (that
weekend), "the eve of Christmas", "the weekend after the winter solstice", "Thanksgiving weekend".

`around` moves a festival, lunar or moon day found by the other finders and widens its span over
the words, so the words are understood, not left over. The words are in
``core/data/day_words.yaml`` (`around_after`, `around_before`).
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from core.understand.dates_tied import tied_weekday
from core.understand.dates_words import Found, alternation, table
from core.understand.compile_on_first_use import lazy_compile

_AFTER: dict[str, int | str] = {str(k).lower(): v for k, v in table("around_after").items()}
_BEFORE: dict[str, int | str] = {str(k).lower(): v for k, v in table("around_before").items()}
_AFTER_RE = lazy_compile(r"\s*(?:'s\s+)?(" + alternation(list(_AFTER)) + ")", re.IGNORECASE)
_BEFORE_RE = lazy_compile("(" + alternation(list(_BEFORE)) + r")\s*(?:the\s+)?$", re.IGNORECASE)
# A weekday counted from the named day: "the Saturday after Easter", "Friday before Anzac Day", 「聖誕節後的星期六」.
_EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_BEFORE_RE = lazy_compile(r"(?<![A-Za-z])(?:the\s+)?(?:first\s+)?(" + "|".join(_EN_WEEKDAYS)
                                  + r")\s+(after|before)\s+(?:the\s+)?$", re.IGNORECASE)
_WEEKDAY_AFTER_RE = lazy_compile(r"\s*(?:之|以)?([前後后])\s*的?\s*(?:第一個|第一个|那個|那个)?\s*(?:星期|禮拜|礼拜|週|周)([一二三四五六日天])")
# A moon phase's first day after the named day ("the new moon after Diwali", "দীপাবলির পরের অমাবস্যা"): one phase's
# words of `moon_days` (not a spring or neap window, nor a month's named moon)
_PHASE_OF: dict[str, str] = {str(w).lower(): str(p["phases"][0]) for p in table("moon_days") if len(p["phases"]) == 1
                             and "month" not in p and "after_next" not in p for w in p["words"]}
_PHASE_BEFORE_RE = lazy_compile(r"(?<![A-Za-z])(?:the\s+)?(?:first\s+|next\s+)?(" + alternation(list(_PHASE_OF)) + r")\s+(?:"
                                + alternation(table("phase_after_before")) + r")\s+(?:the\s+)?$", re.IGNORECASE)
_PHASE_AFTER_RE = lazy_compile(r"\s*(?:এর|র|ের)?\s*(?:" + alternation(table("phase_after_after")) + r")\s*("
                               + alternation(list(_PHASE_OF)) + ")", re.IGNORECASE)
_ZH_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}


def _moved(day: date, how: int | str) -> tuple[date, int]:
    """Return (first day, days) of `how` around `day`: a shift, its weekend or the weekend after it."""
    if isinstance(how, int):
        return day + timedelta(days=how), 1
    if how == "weekend_before":   # the weekend wholly before the day (the weekend before Christmas)
        back = (day.weekday() - 5) % 7
        return day - timedelta(days=back + 7 if back < 2 else back), 2
    if how == "weekend" and day.weekday() == 6:
        return day - timedelta(days=1), 2          # a Sunday: its own weekend
    if how == "weekend" and day.weekday() == 0:
        return day - timedelta(days=2), 3          # a Monday holiday: the long weekend it ends (Memorial Day weekend)
    ahead = (5 - day.weekday()) % 7
    if how == "weekend_after" and ahead == 0:
        ahead = 7                                  # after a Saturday: the next weekend
    return day + timedelta(days=ahead), 2


def _weekday_from(day: date, weekday: int, after: bool) -> date:
    """Return the first `weekday` strictly after (or before) `day`."""
    if after:
        return day + timedelta(days=(weekday - day.weekday() - 1) % 7 + 1)
    return day - timedelta(days=(day.weekday() - weekday - 1) % 7 + 1)


def _shifted(found: Found, day: date, days: int) -> datetime | None:
    """Return the instant of a phase or solar term moved with its day (so the place's own calendar still
    decides: the day after a full moon that is the 24th in Taipei is the 24th in New York), else None."""
    return found.moment + (day - found.day) if found.moment is not None and found.day is not None and days == 1 else None


def around(text: str, found: Found) -> Found:
    """Return `found` moved by the words around it in `text`, its span over them; as is without any."""
    if found.day is None:
        return found
    start, end = found.span
    phase = _PHASE_AFTER_RE.match(text, end) or _PHASE_BEFORE_RE.search(text, 0, start)
    if phase is not None:
        from core.understand.dates_moon import moon_day   # the ephemeris: only for a phase counted from a day

        first = moon_day([_PHASE_OF[phase[1].lower()]], found.day + timedelta(days=1), None)
        if first is not None:
            return found._replace(day=first[0], days=1, span=(min(start, phase.start()), max(end, phase.end())),
                                  moment=first[1], festival="")
    counted = _WEEKDAY_AFTER_RE.match(text, end)
    if counted is not None:
        day = _weekday_from(found.day, _ZH_WEEKDAY[counted[2]], counted[1] != "前")
        return found._replace(day=day, days=1, span=(start, counted.end()), moment=None, festival="")
    counted = _WEEKDAY_BEFORE_RE.search(text, 0, start)
    if counted is not None:
        day = _weekday_from(found.day, _EN_WEEKDAYS.index(counted[1].lower()), counted[2].lower() == "after")
        return found._replace(day=day, days=1, span=(counted.start(), end), moment=None, festival="")
    tied = tied_weekday(text, found.span, found.day)   # "Holi wale Saturday", "Sabtu setelah Nyepi"
    if tied is not None:
        return found._replace(day=tied.day, days=1, span=tied.span, moment=None, festival="")
    after = _AFTER_RE.match(text, end)
    if after is not None:
        day, days = _moved(found.day, _AFTER[after[1].lower()])
        if day == found.day and days == found.days:   # the holiday's own day off: still the named day
            return found._replace(span=(start, after.end()))
        return found._replace(day=day, days=days, span=(start, after.end()), moment=_shifted(found, day, days), festival="")
    before = _BEFORE_RE.search(text, 0, start)
    if before is not None:
        day, days = _moved(found.day, _BEFORE[before[1].lower()])
        return found._replace(day=day, days=days, span=(before.start(), end), moment=_shifted(found, day, days),
                              festival="")
    return found
