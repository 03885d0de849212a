"""「Da Nang My Khe」: of the places sharing a name, the one in the town written right beside it.

The weighing picks among namesakes by fame and the asker's home; a town or island the question writes right
before or after the name (only blanks and commas between) says which of them is meant, although the weighing
alone picked another (Mỹ Khê in Quảng Ngãi beat Da Nang's My Khe beach, 100 km from the Da Nang written
before it; the answer then doubted "Nang My Khe" as one unknown name).
"""
from __future__ import annotations

import re
from dataclasses import replace

from core.understand.places import Place, find_place
from core.understand.places_apart import near

_BETWEEN = " \t,，、/"
# A short word joining a spot to the coast or island written after it ("Sunset Beach on the North Shore",
# "Playa Norte en Isla Mujeres", "praia do Forte na Bahia"): the place after it still says where the spot is.
_JOINED = re.compile(r"(?:on|in|at|near|off|en|em|na|no|à|a|au|sur|dans|bei|auf)(?: the| la| el| le| l'| o| a)?\s+",
                     re.IGNORECASE)


def _written_beside(text: str, place: Place, home: str = "") -> Place | None:
    """Return the place written right before `place` (ending where only blanks and commas stand before it),
    else the one written right after it (a joining word allowed: "on the"), read as an asker in `home` would;
    None when neither is."""
    start, end = place.span
    head = text[:start].rstrip(_BETWEEN)
    before = find_place(head, home=home) if head else None
    if before is not None and before.span[1] == len(head):
        return before
    tail = text[end:]
    gap = len(tail) - len(tail.lstrip(_BETWEEN))
    joined = _JOINED.match(tail, gap) if gap else None
    gap = joined.end() if joined is not None else gap
    after = find_place(tail[gap:], home=home) if gap and tail[gap:] else None
    return after if after is not None and after.span[0] == 0 else None


def namesake_beside(text: str, place: Place | None) -> Place | None:
    """Return the one namesake of `place` (itself or one of its alternatives) that lies in or beside the town
    written next to it, with the found place's span and its doubt cleared; else `place` unchanged. The town is
    read from each namesake's country too ("Sunset Beach on the North Shore": Oahu's North Shore, not Auckland's)."""
    if place is None or not place.alternatives:
        return place
    namesakes = (place, *place.alternatives)
    written = [t for c in namesakes if (t := _written_beside(text, place, c.country)) is not None]
    towns = {t.key: t for w in written for t in (w, *w.alternatives)}   # a town's namesakes too
    if not towns:
        return place
    held = [c for c in namesakes if any(near(t, c) for t in towns.values())]
    if len(held) != 1 or held[0] is place and not place.ambiguous:
        return place
    return replace(held[0], span=place.span, ambiguous=False, alternatives=())


def confirmed_beside(text: str, place: Place) -> bool:
    """Whether a town, island or region written right beside `place` holds it (「沖繩北谷」: Okinawa's Chatan), so a
    name that alone might be meant for another place (a Taiwan asker's 北谷) is the one found."""
    town = _written_beside(text, place)
    return town is not None and town.key != place.key and near(town, place)


def place_besides(text: str, place: Place, home: str) -> Place | None:
    """Return the place the question names once `place`'s words are read as another word (「鹿兒島今天太陽幾點下山」: 下山
    is the sun setting, and 鹿兒島 the place asked), or None when it names no other."""
    start, end = place.span
    other = find_place(text[:start] + " " * (end - start) + text[end:], home=home)
    return None if other is None or other.key == place.key or other.span[1] <= other.span[0] else other
