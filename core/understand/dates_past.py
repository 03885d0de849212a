"""A named day said as the one just past: "last Christmas", "Tết vừa rồi", 「上次中秋節」, "pichhli Diwali", "Lebaran
kemarin", "noong nakaraang Pasko".

A festival, lunar or moon day is otherwise the next one on or after today, so these were answered, with confidence, for
the coming year's day. The words are in ``named_day_past`` of ``core/data/day_words.yaml`` (`before` the day's name,
as English and Hindi say them, or `after` it, as Vietnamese, Malay and Thai do).
"""
from __future__ import annotations

import functools
import re
from datetime import date, timedelta
from typing import Callable

from core.understand.dates_abroad import past_verb
from core.understand.dates_words import Found, alternation, table

_LETTERS = r"\w\u0900-\u097f\u0980-\u09ff\u0600-\u06ff"   # a word's edge, Devanagari, Bengali and Urdu marks among its letters
_YEAR = 366   # one year back: the named day's last one lies within it (a moon day's too)
_RECENT = 7   # (s24) a past word elsewhere in the question moves a named day only this many days back: no further


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Return the patterns of the past words before a named day (up to its first letter) and after it."""
    words = table("named_day_past")
    before = re.compile(rf"(?<![{_LETTERS}])(?:{alternation(words['before'])})\s*$", re.IGNORECASE)
    after = re.compile(rf"\s*(?:{alternation(words['after'])})(?![{_LETTERS}])", re.IGNORECASE)
    return before, after


@functools.cache
def _recent_pattern() -> re.Pattern[str]:
    """Return the pattern of a word anywhere in a question saying the day asked is gone ("yesterday", "was", "gestern")."""
    return re.compile(rf"(?<![{_LETTERS}])(?:{alternation(table('named_day_past')['recent'])})(?![{_LETTERS}])", re.IGNORECASE)


def past_span(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """Return the span over the named day at `span` of `text` and the word saying it is the one just past, else None."""
    before, after = _patterns()
    if (m := after.match(text, span[1])) is not None:
        return span[0], m.end()
    if (b := before.search(text, max(0, span[0] - 30), span[0])) is not None:
        return b.start(), span[1]
    return None


def latest(found: Found, today: date, named: Callable[[date], tuple[Found, ...]]) -> Found:
    """Return `found` as its latest day on or before `today` (`named`: the named days of the question, each the next
    one on or after a day), its span widened over the past word by the caller."""
    start, best = today - timedelta(days=_YEAR), None
    while start <= today:
        same = next((f for f in named(start) if f.span == found.span and f.day is not None), None)
        if same is None or same.day is None or same.day > today:
            break
        best, start = same, same.day + timedelta(days=1)
    return best if best is not None else found


def in_the_past(text: str, found: tuple[Found, ...], today: date,
                named: Callable[[date], tuple[Found, ...]]) -> tuple[Found, ...]:
    """Return the named days `found` in `text`, each said as the one just past ("last Christmas") moved to its latest
    day on or before `today` and its span widened over the past word, or all of them when the question's verb is past
    as Hindi, Urdu and Bengali say it ("Mahashivratri ko high tide kitne baje tha?"), or each of the last week when a
    word says the day is gone ("was … yesterday, Easter Monday"); the others as they are."""
    if not found:
        return found
    gone = past_verb(text)
    recent = _recent_pattern().search(text) is not None
    out = []
    for f in found:
        span = past_span(text, f.span) if f.day is not None else None
        span = span or (f.span if (gone or recent) and f.day is not None and f.day > today else None)
        back = f if span is None else latest(f, today, named)
        if span is not None and not gone and span == f.span and not _days_ago(back.day, today):
            back, span = f, None   # "was" … Easter Monday, a season ago: not said as the one just past
        out.append(back if span is None else back._replace(span=span))
    return tuple(out)


def _days_ago(day: date | None, today: date) -> bool:
    """Return whether `day` lies within the last week up to `today` (a named day just gone by)."""
    return day is not None and timedelta(0) <= today - day <= timedelta(days=_RECENT)
