"""Of several named days in one question, the one meant: a wider name gives way to a day it holds
(「農曆過年除夕那天」 is 除夕, not New Year's Day; 「過年初二」 the second day), and a solar term's
name to the word glossing it as the asker's hemisphere has it (「夏至(澳洲的最長白天)」: the
southern longest day, December's).

Which names give way is data: `gives_way` in ``core/data/day_words.yaml`` festivals, `true` (to any
other named day) or the ids of the days that gloss it. Two days joined as a range (「過年到元宵」)
are a range, not a narrowing.
"""
from __future__ import annotations

import functools
import re
from datetime import date, timedelta
from typing import Iterable

from core.understand.dates_named import festival_by_id
from core.understand.lunar_calendar import next_lunar
from core.understand.dates_ranges import CLAUSE_END as _CLAUSE_END, JOIN, travel_clause
from core.understand.dates_words import Found, table, zh_number
from core.data import DATA_DIR, read_yaml, word_list
from core.understand.compile_on_first_use import lazy_compile


def _gives_way_to(wide: Found, other: Found) -> bool:
    """Return whether the named day `wide` gives way to `other` (a day inside it, or its gloss)."""
    festival = festival_by_id(wide.festival) if wide.festival else None
    rule = festival.get("gives_way") if festival is not None else None
    if not rule or other.day is None or other.festival == wide.festival:
        return False
    if rule is True:   # a period's name: any other named day is the day inside it meant
        other_rule = (festival_by_id(other.festival) or {}).get("gives_way") if other.festival else None
        return other_rule is not True
    return other.festival in rule


_FIRST_DAYS = lazy_compile(r"初([一二三四五六七八九十])")
_FEW = lazy_compile("|".join(map(re.escape, table("few_days_words"))), re.IGNORECASE)


def asked_today(text: str, found: Iterable[Found], best: Found, today: date) -> Found:
    """Return the day asked when `best`, written first, is the trip's and a clause after it asks about another
    day: today after a later span ("… next week - sunset there today?"), or a later day after the day the
    traveller sets out ("flying Perth to Bali on Friday, sunset at Kuta on Saturday?") or the clocks change
    ("after Europe changes clocks this Sunday, what time … on Monday?"), or the weekday or weekend said after "the
    next few days", a guess at the span the weekday names (「這幾天會下雨嗎 我們週六到週一在那邊」); else `best`."""
    if best.day is None:
        return best
    if best.day == today and best.days > 1 and _FEW.search(text, *best.span) is not None:
        return next((f for f in sorted(found, key=lambda f: f.span) if f.day is not None and f.day > today
                     and (f.weekday or 1 < f.days <= 3) and f.span[0] >= best.span[1]), best)
    if best.day > today and best.days > 1:
        return next((f for f in found if f.day == today and f.days <= 1 and f.span[0] >= best.span[1]
                     and _CLAUSE_END.search(text, best.span[1], f.span[0]) is not None), best)
    # "after Europe changes clocks this Sunday, what time … on Monday": the change's day, the later one asked
    if best.days == 1 and (travel_clause(text, best.span) or _change_clause(text, best.span)):
        return next((f for f in sorted(found, key=lambda f: f.span) if f.day is not None and f.day > best.day
                     and f.days <= 7 and f.span[0] >= best.span[1]
                     # (a day word's span may hold the full stop after it: "on Sunday. On Tuesday")
                     and _CLAUSE_END.search(text, best.span[1] - 1, f.span[0]) is not None), best)
    return best


def agreeing_names(text: str, named: Iterable[Found], best: Found) -> tuple[tuple[int, int], ...]:
    """Return the spans of the named days apart from `best` whose days hold `best`'s first day: the asker naming
    the day asked twice (「明天植樹節」 on the eve of 12 March, 「228連假 週一」), both understood; a named day
    that is another day is none of them (asked about, as a word not understood), nor one whose name holds what is
    asked ("first sunrise of the year … tomorrow": the sunrise, read as such)."""
    def apart(f: Found) -> bool:
        return f.span[1] <= best.span[0] or best.span[1] <= f.span[0]
    agreeing = [f.span for f in named if f.day is not None and best.day is not None and apart(f)
                and f.day <= best.day < f.day + timedelta(days=f.days)]
    if not agreeing:
        return ()
    from core.understand.signals import detect_signals   # the keyword tables: only for a named day beside the day

    return tuple(span for span in agreeing if not detect_signals(text[span[0]:span[1]]).data)


def narrowest(text: str, found: Iterable[Found], best: Found, today: date) -> Found:
    """Return the named day of `found` the question means: `best` (the first), or the first other day
    `best` gives way to, neither overlapping it nor joined to it as a range. A lunar day of no month
    inside a lunar festival's name is that festival's month's (「過年初二」: the first month's 2nd)."""
    for other in sorted(found, key=lambda f: f.span):
        apart = other.span[1] <= best.span[0] or best.span[1] <= other.span[0]
        first, second = sorted((best.span, other.span))
        joiner = JOIN.match(text, first[1])
        if apart and not (joiner is not None and joiner.end() >= second[0]) and _gives_way_to(best, other):
            return _in_month(text, best, other, today)
    return best


def _in_month(text: str, wide: Found, other: Found, today: date) -> Found:
    """Return `other` on the lunar month of the festival `wide` when it is a lunar day of any month (初二)."""
    lunar = (festival_by_id(wide.festival) or {}).get("lunar")
    day = _FIRST_DAYS.fullmatch(text, *other.span) if lunar and not other.festival else None
    if day is None or lunar is None:
        return other
    found = next_lunar(int(lunar[0]), zh_number(str(day[1])), today)
    return other if found is None else other._replace(day=found)


def _change_clause(text: str, span: tuple[int, int]) -> bool:
    """Return whether the clause holding `span` says the clocks change (keywords.yaml `clock_rule`, day_words.yaml
    `clock_change_day_words`): the change's day, not the one asked of a clock time."""
    ends = [m.end() for m in _CLAUSE_END.finditer(text, 0, span[0])]
    after = _CLAUSE_END.search(text, span[1])
    clause = text[ends[-1] if ends else 0:after.start() if after is not None else len(text)]
    return _change().search(clause) is not None


@functools.cache
def _change() -> re.Pattern[str]:
    """Words saying the clocks change, English and Romance ones as whole words."""
    rule = read_yaml(DATA_DIR / "keywords.yaml")["clock_rule"]["words"]
    words = {*word_list("day_words.yaml", "clock_change_day_words"), *map(str, rule)}
    return re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" if w.isascii() else re.escape(w)
                               for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)
