"""A place named by an English word, typed in lower case where nothing else can be meant.

``capitalised_only`` names (Mumbles, Rock, Deal: `places_world_rules.yaml`) are places only when
capitalised in a place's role (`places_lower.capital_role`). Chat is typed in lower case, though, and a
question made only of what it asks, the name and its day — "low tide mumbles today?", "high water rock
tomorrow" — has no other reading: no sentence uses the word so.
"""
from __future__ import annotations

from core.understand.places_lower import words
from core.understand.places_text import Tokens


def between_ask_and_day(toks: Tokens, start: int, key: str) -> bool:
    """Return whether the lower-case name ``key`` at ``start`` stands right after the question's data
    words (every word before it asks something: "low tide") and before its day words only ("today")."""
    w = words()
    low = toks.low
    first = next((j for j, s in enumerate(toks.words) if s[0] == start), None)
    if first is None or not first:
        return False
    after = first + len(key.split())
    return (all(t in w.intent for t in low[:first]) and after < len(low)
            and all(t in w.subject_next and t not in w.intent for t in low[after:]))
