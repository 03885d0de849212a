"""A named day kept in one country settles a place name several countries share.

"Victoria Day sunset in Vancouver" is British Columbia's Vancouver, not Washington's; a name the gazetteer is
sure of stays as it is, and a day two of the namesakes' countries keep (Thanksgiving in the US and Canada) settles
nothing. The countries keeping a day: ``home`` of its entry in core/data/day_words.yaml ``festivals``.
"""
from __future__ import annotations

import functools
from dataclasses import replace

from core.understand.dates import DateHint
from core.understand.dates_words import table
from core.understand.places import Place


@functools.cache
def _homes() -> dict[str, frozenset[str]]:
    """Return each named day's id → the countries keeping it, for the days that name theirs."""
    return {str(f["id"]): frozenset(f["home"]) for f in table("festivals") if f.get("home")}


def place_of_the_day(place: Place | None, hint: DateHint | None) -> Place | None:
    """Return the one namesake of an ambiguous `place` in the country keeping the named day `hint` reads, marked
    shared so the answer says which it took; `place` itself when no day settles it."""
    if place is None or not place.ambiguous or hint is None or not hint.festival:
        return place
    homes = _homes().get(hint.festival, frozenset())
    fits = [p for p in (place, *place.alternatives) if p.country in homes]
    if len(fits) != 1:
        return place
    return replace(fits[0], span=place.span, ambiguous=False, alternatives=(), shared=True)
