"""The weakest day words: seen but not understood, or a part of a day that names no day.

A word of the ``unrecognised`` list (連假, "the long weekend", Brückentag) or a day the question does not say
(「去玩那天」, "on the day we land") is read as today with the word kept, so the bot asks which day; a part of a day
alone (透早, 下晡) is today. core/understand/dates.py tries these last.
"""
from __future__ import annotations

import re
from datetime import date
from typing import Iterator

from core.understand.compile_on_first_use import lazy_compile
from core.understand.dates_tied import tied_weekday
from core.understand.dates_words import Found, Gates, WordFinder, alternation, latin, table

_UNRECOGNISED: list[str] = table("unrecognised")
# Words with a Latin letter ("next month", "nächsten Monat") are read with word edges and in any case.
_UNKNOWN_CJK = lazy_compile(alternation(w for w in _UNRECOGNISED if not latin(w)))
_UNKNOWN_EN = WordFinder(w for w in _UNRECOGNISED if latin(w))


# 「去玩那天」, or 那天 alone (「那天馬公幾點滿潮」): a day the question does not say
_THAT_DAY = lazy_compile(r"[\u4e00-\u9fff]{2,4}?\s*(?:" + alternation(table("that_day")) + r")|(?:^|(?<=[\s,.?!\uff0c\u3002\uff1f\uff01]))(?:" + alternation(table("that_day_alone")) + ")")
_THAT_DAY_EN = lazy_compile(table("that_day_en"), re.IGNORECASE)   # "on the day we land"
_EVERY_DAY = lazy_compile(alternation(table("every_day")))
# 「給料日の横浜」, 「월급날 인천」: a day named by what happens on it, a date only the asker knows (or a holiday
# named in Swahili or Afrikaans the bot has no date for: "Siku ya Mashujaa")
_EVENT_DAYS = (lazy_compile(table("event_day_ja")), lazy_compile(table("event_day_ko")), lazy_compile(table("event_day_latin")))
_EVENT_DAY_NOT: frozenset[str] = frozenset(table("event_day_not"))


def unrecognised_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Day words seen but not understood: today, with the word kept so the bot can ask which day."""
    yield from unknown_words(text, today, gates)
    for m in (*_THAT_DAY.finditer(text), *_THAT_DAY_EN.finditer(text)):
        if (every := _EVERY_DAY.search(text)) is not None and every.start() < m.end():
            continue   # 「每天把廈門當天的潮汐推送給我」: each day's own, no day left unsaid
        yield Found(today, False, True, m.span(), 1, m[0])
    for pattern in _EVENT_DAYS:
        for m in pattern.finditer(text):
            if m[0] not in _EVENT_DAY_NOT and m[0][-2:] not in _EVENT_DAY_NOT:
                yield Found(today, False, True, m.span(), 1, m[0])


def unknown_words(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """The day words of the `unrecognised` list (連假, "the long weekend", Brückentag)."""
    for m in _UNKNOWN_CJK.finditer(text):
        yield Found(today, False, True, _with_tied(text, m.span(), today), 1, m[0])
    for span, word in _UNKNOWN_EN.finditer(text, gates):
        yield Found(today, False, True, _with_tied(text, span, today), 1, word)


def _with_tied(text: str, span: tuple[int, int], today: date) -> tuple[int, int]:
    """Return `span` widened over a weekday tied to the day not understood ("Eid ke baad wala Friday"): the day is
    asked, not the weekday answered alone."""
    tied = tied_weekday(text, span, today)
    return span if tied is None else tied.span


_DAY_PARTS = lazy_compile(alternation(table("day_parts")))


def day_parts(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Parts of a day with no day of their own (透早, 下晡): today, when no other word names the day."""
    yield from (Found(today, False, True, m.span()) for m in _DAY_PARTS.finditer(text))
