"""Lunar dates as Vietnamese writes them: "rằm tháng Chạp" (the 15th of the 12th lunar month), "mùng 8 tháng Giêng",
"23 tháng Chạp", "15 tháng 8 âm lịch", "mùng 1 âm", "đêm rằm" (the next lunar 15th).

Without them a Vietnamese lunar date was left unread and the day asked about answered as today. Words and months are in
``lunar_vietnamese`` of ``core/data/day_words.yaml``; the day is the next one on or after today, from the Chinese lunar
calendar (core/understand/lunar_calendar.py), which Vietnam's follows but for a rare month.
"""
from __future__ import annotations

import functools
import re
from datetime import date
from typing import Any, Iterator

from core.understand.dates_words import Found, alternation, table
from core.understand.lunar_calendar import next_lunar
from core.understand.places_text import VIETNAMESE

_L, _R = r"(?<![\wÀ-ỹ])", r"(?![\wÀ-ỹ])"   # whole words, Vietnamese letters among them


@functools.cache
def _words() -> dict[str, Any]:
    """Return the table of Vietnamese lunar words."""
    return dict(table("lunar_vietnamese"))


@functools.cache
def _pattern() -> re.Pattern[str]:
    """Return the pattern of a Vietnamese lunar date: groups `day` (digits or the full moon's word), `month` (a word or
    digits) and `lunar` (a word saying the calendar is the lunar one)."""
    w = _words()
    months = alternation([*map(str, w["months"]), *(str(n) for n in range(12, 0, -1))])
    day = rf"(?:(?:{alternation(w['day_before'])})\s+)*(?P<day>\d{{1,2}}|{alternation(w['full_moon'])})"
    month = rf"(?:\s+(?:{alternation(w['month_word'])})\s+(?P<month>{months}))?"
    lunar = rf"(?:\s+(?P<lunar>{alternation(w['lunar_after'])}){_R})?"
    return re.compile(rf"{_L}{day}{month}{_R}{lunar}", re.IGNORECASE)


@functools.cache
def _alone() -> re.Pattern[str]:
    """Return the pattern of the full moon's day named alone (ngày rằm, đêm rằm)."""
    return re.compile(rf"{_L}(?:{alternation(_words()['full_moon_alone'])}){_R}", re.IGNORECASE)


def _month(word: str | None) -> int | None:
    """Return the lunar month a Vietnamese month word or number names (None for none)."""
    if word is None:
        return None
    months: dict[str, int] = {str(k): int(v) for k, v in dict(_words()["months"]).items()}
    return int(word) if word.isdigit() else months.get(" ".join(word.lower().split()))


def vietnamese_lunar(text: str, today: date) -> Iterator[Found]:
    """Yield each Vietnamese lunar date of ``text``: a day with a month the lunar calendar alone names (Giêng, Chạp), the
    full moon's day of a month (rằm tháng 8), or a day said to be lunar (âm lịch); the next such day on or after today."""
    w = _words()
    full = {str(x).lower() for x in w["full_moon"]}
    only = {str(x).lower() for x in w["lunar_only_months"]}
    for m in _pattern().finditer(text):
        word, month = m["day"].lower(), _month(m["month"])
        # "al", "am" typed without accents say lunar only in a Vietnamese sentence: "del 1 al 4 de noviembre" is a span
        lunar = bool(m["lunar"]) and (not m["lunar"].isascii() or vietnamese_sentence(text))
        said_lunar = lunar or word in full or (m["month"] or "").lower() in only
        if not said_lunar or (word in full and month is None and not lunar):
            continue   # a Gregorian "ngày 15 tháng 1"; "rằm" alone is read below, with the words naming its day
        day = 15 if word in full else int(word)
        if 1 <= day <= 30 and (month is None or 1 <= month <= 12):
            yield Found(next_lunar(month, day, today), True, False, m.span())
    for m in _alone().finditer(text):
        yield Found(next_lunar(None, 15, today), True, False, m.span())


@functools.cache
def _unaccented() -> re.Pattern[str]:
    """Return the pattern of the Vietnamese words typed without accents that only a Vietnamese sentence holds
    (``vietnamese_unaccented`` of day_words.yaml)."""
    return re.compile(rf"(?<![a-z])(?:{alternation(table('vietnamese_unaccented'))})(?![a-z])", re.IGNORECASE)


def vietnamese_sentence(text: str) -> bool:
    """Return whether `text` is written in Vietnamese: with its letters, or typed without accents with words only
    Vietnamese has ("co mua ko", "thuy trieu", "hom nay")."""
    return VIETNAMESE.search(text) is not None or _unaccented().search(text) is not None
