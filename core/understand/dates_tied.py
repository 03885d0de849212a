"""A weekday tied to a named day, as South and South-East Asia say it: "Holi wale Saturday" (the Saturday of Holi),
"Diwali ke baad wala Sunday" (the Sunday after Diwali), "ঈদের পরের শুক্রবার", "Sabtu setelah Nyepi", "thứ Bảy sau Tết".

Without this the weekday, a stronger day word than a festival, was answered alone: the coming Saturday, said with
confidence, for "the Saturday of Holi" two weeks on. The connecting words are in ``weekday_tied_after`` (said after the
named day: Hindi, Urdu, Bengali) and ``weekday_tied_before`` (said before it: Malay, Indonesian, Tagalog, Vietnamese)
of ``core/data/day_words.yaml``; the weekdays are English ones and the travellers' (``dates_abroad.weekday_words``).
"""
from __future__ import annotations

import functools
import re
from datetime import date, timedelta
from typing import NamedTuple

from core.understand.dates_abroad import LATIN, weekday_words
from core.understand.dates_words import alternation, table

_EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_KINDS = ("after", "before", "same")


class Tied(NamedTuple):
    """A weekday tied to a named day: the day meant and the span of the words tying it (to widen the day's span over)."""

    day: date
    span: tuple[int, int]


@functools.cache
def _weekdays() -> dict[str, int]:
    """Return every weekday word (lower-cased, one space between words) with its weekday (Monday 0)."""
    return {**weekday_words(), **{w: i for i, w in enumerate(_EN_WEEKDAYS)}}


def _joiners(section: str) -> tuple[dict[str, str], str]:
    """Return the joining words of `section` (lower-cased → after, before or same) and their alternation."""
    kinds = {" ".join(str(w).lower().split()): kind for kind in _KINDS for w in table(section)[kind]}
    return kinds, alternation(kinds)


@functools.cache
def _after_pattern() -> tuple[dict[str, str], re.Pattern[str]]:
    """The words after a named day: a joiner (glued to it, as Bengali's ের পরের, or apart) then a weekday."""
    kinds, joiners = _joiners("weekday_tied_after")
    days = alternation(_weekdays())
    return kinds, re.compile(rf"\s*({joiners})\s*({days})(?![{LATIN}\w])", re.IGNORECASE)


@functools.cache
def _before_pattern() -> tuple[dict[str, str], re.Pattern[str]]:
    """The words before a named day: a weekday then a joiner, up to the day's first letter."""
    kinds, joiners = _joiners("weekday_tied_before")
    days = alternation(_weekdays())
    return kinds, re.compile(rf"(?<![{LATIN}\w])({days})\s+({joiners})\s*$", re.IGNORECASE)


def _key(word: str) -> str:
    return " ".join(word.lower().split())


def _weekday_of(day: date, weekday: int, kind: str) -> date:
    """Return the `weekday` strictly after `day` (after), strictly before it (before), or its own or nearest (same)."""
    ahead, back = (weekday - day.weekday()) % 7, (day.weekday() - weekday) % 7
    if kind == "after":
        return day + timedelta(days=ahead or 7)
    if kind == "before":
        return day - timedelta(days=back or 7)
    return day + timedelta(days=ahead) if ahead <= back else day - timedelta(days=back)


def tied_weekday(text: str, span: tuple[int, int], day: date) -> Tied | None:
    """Return the weekday tied to the named day `day` written at `span` of `text` ("Holi wale Saturday": Holi's own
    Saturday), with the span over the day and the words; None when no weekday is tied to it."""
    kinds, after = _after_pattern()
    m = after.match(text, span[1])
    if m is not None:
        weekday = _weekdays()[_key(m[2])]
        return Tied(_weekday_of(day, weekday, kinds[_key(m[1])]), (span[0], m.end()))
    kinds, before = _before_pattern()
    b = before.search(text, max(0, span[0] - 40), span[0])
    if b is not None:
        weekday = _weekdays()[_key(b[1])]
        return Tied(_weekday_of(day, weekday, kinds[_key(b[2])]), (b.start(), span[1]))
    return None
