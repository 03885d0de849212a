"""A named day moved by the words around it, as the place asked about keeps the named day.

"sehari sebelum Hari Merdeka" at Port Dickson is the day before Malaysia's 31 August, not before the table's own
National Day (Taiwan's 10 October): `around` (dates_around.py) moves the day the festival finder gave and the
named day's id is gone with the move, so the place's calendar (dates_kept.py) never saw it. Here the named day
inside the moved words is found again, kept as the place keeps it, and moved by the same words.
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from datetime import date

from core.understand.dates import DateHint
from core.understand.dates_around import around
from core.understand.dates_kept import Keeper, kept_day
from core.understand.dates_words import Found, table

_LATIN = "A-Za-z\u00c0-\u024f"


@functools.cache
def _festival_of() -> tuple[dict[str, str], re.Pattern[str]]:
    """Return every festival word (lower-cased) → its festival's id, and the pattern finding any of them (longest
    first; a word of Latin letters only as a whole word)."""
    of = {" ".join(str(w).lower().split()): str(f["id"]) for f in table("festivals") for w in f.get("words", ())}
    bodies = [rf"(?<![{_LATIN}]){re.escape(w)}(?![{_LATIN}])" if w[:1].isascii() else re.escape(w)
              for w in sorted(of, key=len, reverse=True)]
    return of, re.compile("|".join(bodies), re.IGNORECASE)


def moved_there(text: str, hint: DateHint, keeper: Keeper, today: date) -> DateHint | None:
    """Return `hint` (a named day moved by the words around it) moved from the day `keeper` keeps the named day on,
    with whose calendar said; None when no named day is inside its words or the place keeps the table's date."""
    if hint.festival or hint.relative or not hint.explicit:
        return None
    of, pattern = _festival_of()
    start, end = hint.span
    named = pattern.search(text, start, end)
    if named is None or named.span() == hint.span:   # the named day alone: kept_there's own case
        return None
    kept = kept_day(of[" ".join(named[0].lower().split())], keeper, today)
    if kept is None:
        return None
    moved = around(text, Found(kept.day, True, False, named.span()))
    if moved.day is None or moved.span != hint.span:   # other words than those read the first time
        return None
    return replace(hint, day=moved.day, days=moved.days, kept=kept.by)
