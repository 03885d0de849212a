"""A name the question says lies in a place: "vase rock on Xiaoliuqiu", "praia de Itaúna em Saquarema".

The place named after the preposition answers for the spot, and the answer says so (a ``place_within``
assumption), instead of asking which of two far-apart places was meant.
"""
from __future__ import annotations

import re

from core.understand.joined_names import joined_name
from core.understand.places import Place

# "in" as travellers write it too: "praia de Itaúna em Saquarema", "plage X à Biarritz", "Strand bei Sylt"
_WITHIN = re.compile(r"\s+(?:on|at|in|near|em|no|na|en|à|dans|sur|bei|im|nel|nella|op)\s+", re.IGNORECASE)


def within(text: str, name: str, place: Place) -> bool:
    """True when the question says the unknown `name` lies in `place` ("vase rock on Xiaoliuqiu")."""
    start = text.lower().find(name)
    found = _WITHIN.match(text, start + len(name)) if start >= 0 else None
    return found is not None and found.end() == place.span[0]


def said_within(text: str, other: Place, place: Place) -> str | None:
    """Return the words of `other` when the question says it lies in `place` ("praia de Itaúna em Saquarema": a
    beach of Saquarema, not Minas Gerais' Itaúna), else None."""
    found, words = _WITHIN.match(text, other.span[1]), text[other.span[0]:other.span[1]]
    # a name as written, capitalised ("the rip at Bondi" is a rip current, no spot of Bondi's)
    return words if found is not None and found.end() == place.span[0] and not words.islower() else None


def spot_in_town(text: str, place: Place, other: Place) -> tuple[str, Place] | None:
    """Return (the spot's words, the place answering for it) when one of two far-apart places named is said to lie in
    the other ("praia de Itaúna em Saquarema", "plage Lourdes à Anglet") or is a longer name the gazetteer lacks beside
    the town named ("Lagos … the Ponta da Piedade kayak"); else None (the bot asks which was meant)."""
    if (spot := joined_name(text, other) or said_within(text, other, place)) is not None:
        return spot, place
    return (spot, other) if (spot := said_within(text, place, other)) is not None else None
