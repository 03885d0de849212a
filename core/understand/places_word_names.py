"""A place named by an English word, typed in lower case where nothing else can be meant.

``capitalised_only`` names (Mumbles, Rock, Deal: `places_world_rules.yaml`) are places only when
capitalised in a place's role (`places_lower.capital_role`). Chat is typed in lower case, though, and a
question made only of what it asks, the name and its day — "low tide mumbles today?", "mumbles high water
saturday" — has no other reading: no sentence uses the word so.
"""
from __future__ import annotations

import calendar
import functools

from core.understand.places_index import context, index
from core.understand.places_lower import words
from core.understand.places_text import Tokens


@functools.cache
def _day_words() -> frozenset[str]:
    """Return the day words a question may end or begin with: the rule's own, and the weekdays' names."""
    days = {d.lower() for d in calendar.day_name} | {d.lower() for d in calendar.day_abbr}
    return words().subject_next | frozenset(days)


def between_ask_and_day(work: str, toks: Tokens, start: int, key: str) -> bool:
    """Return whether the lower-case name ``key`` at ``start`` of ``work`` is the one word of a sea question
    that neither asks (an intent word: "low tide", "high water") nor names a day ("today", "saturday").
    Never a name that first in a sentence is the word ("nice weather today"), nor outside a sea question:
    "rock weather" may be anything."""
    w = words()
    low = toks.low
    if key in w.not_first or key in index().rules.get("division_only", ()) or context().coastal_en.search(work) is None:
        return False   # division_only: a town only before its state ("Reading PA"), never by its words around
    first = next((j for j, s in enumerate(toks.words) if s[0] == start), None)
    if first is None:
        return False
    rest = low[:first] + low[first + len(key.split()):]
    days = _day_words()
    return (any(t in w.intent - w.place_words for t in rest)
            and all(t in w.intent or t in days for t in rest))
