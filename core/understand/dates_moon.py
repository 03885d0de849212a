"""Days named by the moon: "when is the next first quarter", 「一月的滿月是哪一天」, 「十二月的大潮
是哪幾天」, "full moon in January". The day is the phase's, from the engine's moon-phase table
(metocean/moonphases.py via metocean.astro.next_phases), on the Taiwan calendar (UTC+8) as the
lunar calendar is reckoned here; a month written before the phase is that month's first one.

A phase word is a day only with a month, a "next" word or a word asking which day: 「今晚是滿月嗎」
and 「滿月有多亮」 name no day. The words are in ``core/data/day_words.yaml`` (`moon_days`).
"""
from __future__ import annotations

import functools
import re
from datetime import date, datetime, time, timedelta
from typing import Any, Iterator

from core.understand.dates_words import Found, alternation, table
from core.understand.compile_on_first_use import lazy_compile

_PHASES: list[dict[str, Any]] = table("moon_days")
_PHASE_OF: dict[str, dict[str, Any]] = {str(w).lower(): p for p in _PHASES for w in p["words"]}
_EN_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
              "october", "november", "december")
_ZH_MONTHS: dict[str, int] = {str(k): int(v) for k, v in table("moon_day_months_zh").items()}
_SHIFT: dict[str, int] = {str(k).lower(): int(v) for k, v in table("moon_day_month_shift").items()}
_MONTH = (r"(?:(?<![農农陰阴舊旧曆历個个])(\d{1,2}|十一|十二|[一二三四五六七八九十])\s*月(?!份?[\d一二三四五六七八九十])|"
          + alternation(list(_SHIFT)) + "|(?<![A-Za-z])(" + "|".join(_EN_MONTHS) + r")(?![A-Za-z]))")
_PHASE = "(" + alternation(list(_PHASE_OF)) + ")"
_NEXT = "(" + alternation(table("moon_day_next")) + ")"
# [month] [的/of/in] [next] phase [in/of month]
_FIND = lazy_compile(rf"(?:{_MONTH}\s*(?:的|之|'s)?\s*)?(?:{_NEXT}\s*(?:的|個|个)?\s*)?{_PHASE}"
                     rf"(?:\s*(?:(?:in|of|during|for)\s+)?{_MONTH})?", re.IGNORECASE)
_ASKS = lazy_compile(alternation(table("moon_day_asks")), re.IGNORECASE)
_SEEN = lazy_compile(alternation(list(_PHASE_OF)), re.IGNORECASE)
_THAT_DAY = lazy_compile(r"\s*(?:" + alternation(table("moon_day_that")) + ")", re.IGNORECASE)


def _month(m: re.Match[str], today: date, at: int, which: int) -> int | None:
    """Return the month written before (`which` 0) or after (1) the phase, its groups from `at`, or None."""
    digits, english = m[at], m[at + 1]
    if digits:
        n = int(digits) if digits.isdigit() else _ZH_MONTHS.get(digits, 0)
        return n if 1 <= n <= 12 else None
    if english:
        return _EN_MONTHS.index(english.lower()) + 1
    part = _part(m, which).lower()
    shift = next((step for word, step in _SHIFT.items() if word in part), None)
    return None if shift is None else (today.month - 1 + shift) % 12 + 1


@functools.lru_cache(maxsize=256)
def _phases_from(start: date) -> tuple[tuple[date, str], ...]:
    from metocean.astro import next_phases  # the ephemeris: only for a moon word
    from metocean.errors import ToolFailure

    try:
        found = next_phases(datetime.combine(start, time(0, 0)), "Asia/Taipei", count=12)
    except ToolFailure:
        return ()
    return tuple((moment.date(), name) for moment, name in found)


def moon_day(phases: list[str], today: date, month: int | None, before: int = 0) -> date | None:
    """Return the first day of `phases` (less `before` days) on or after today, in `month` when given."""
    start = today
    if month is not None:
        year = today.year if month >= today.month else today.year + 1
        start = max(today, date(year, month, 1) - timedelta(days=before))
    for day, name in _phases_from(start):
        first = day - timedelta(days=before)
        if name in phases and first >= today and (month is None or day.month == month):
            return first
    return None


def moon_days(text: str, today: date) -> Iterator[Found]:
    """Yield the days the moon names in `text` (only with a month, a "next" word or an asking word)."""
    if _SEEN.search(text) is None:
        return
    asks = _ASKS.search(text) is not None
    for m in _FIND.finditer(text):
        month = _month(m, today, 1, 0) if (m[1] or m[2] or _has_shift(m, 0)) else None
        if month is None and (m[5] or m[6] or _has_shift(m, 1)):
            month = _month(m, today, 5, 1)
        phase = _PHASE_OF[m[4].lower()]
        that = _THAT_DAY.match(text, m.end())   # 「下弦月那天」, 「滿月那晚」: the phase's own day
        if month is None and that is None and (phase.get("said_today") or not (m[3] or asks)):
            continue
        day = moon_day(list(phase["phases"]), today, month, int(phase.get("before", 0)))
        if day is not None:
            yield Found(day, True, False, (m.start(), that.end() if that else m.end()), int(phase.get("days", 1)))


def _part(m: re.Match[str], which: int) -> str:
    """The match's words before (0) or after (1) the phase word."""
    return m.group(0)[:m.start(4) - m.start()] if which == 0 else m.group(0)[m.end(4) - m.start():]


def _has_shift(m: re.Match[str], which: int) -> bool:
    """True when a month-shift word (下個月, next month) is written before (0) or after (1) the phase."""
    return any(word in _part(m, which).lower() for word in _SHIFT)
