"""A place found far from the asker only by a piece of its name: asked about, never answered outright.

"puesta de sol hoy en cabo" asked in Mazatlán finds only Cabo de Santo Agostinho, Brazil ("cabo" is the short
name Pernambuco gives it, and a cape in any Romance language) where the asker means Cabo San Lucas. An everyday
word (a word beginning many places' names, ``name_heads``: cabo, porto, anse; or a word of a language travellers
write) that finds a GeoNames place of another country than the asker's, thousands of km from the asker's zone and
known by few names, by a piece of its name, is no answer: the bot asks whether that place is meant. Places known by many names (Acapulco for Acapulco de Juárez, Frankfurt for Frankfurt
am Main) and hand-kept spots' nicknames are their names' own — unless the asker's own country has a place of that
name ("maré no cabo" asked in Brazil is no Cabo San Lucas).
"""
from __future__ import annotations

import functools

from core.data import word_list
from core.understand.places import Place
from core.understand.places_lower import words
from core.understand.places_index import index
from core.understand.places_rank_near import km
from core.understand.places_text import HAN, ascii_lower, en_key
from core.understand.slots import home_country
from core.understand.zone_points import default_point

FAR_KM = 2500        # from the asker's zone's home city: another part of the world
KNOWN_FAME = 25      # names a place is known by (places_index.Rec.fame): as many as a well-known city's


def far_piece(text: str, place: Place | None, zone: str | None) -> tuple[str, str] | None:
    """Return (the words as written, the place's key) when ``place`` was found far from the asker in ``zone``
    only by an everyday word that is a piece of its name, or is a hand-kept spot's nickname that a place of the
    asker's own country holds too; None when the name is the place's whole own name, the place is near, at home or
    well known, or no zone is known."""
    if place is None or not zone or "/" not in zone or place.ambiguous:
        return None
    written = text[place.span[0]:place.span[1]]
    if not written or HAN.search(written) or not written.replace(" ", "").replace("-", "").isalpha():
        return None
    key, home = en_key(written), home_country(zone)
    if key == en_key(place.name_en) or place.kind == "country" or place.country == home:
        return None
    listed = place.key.startswith("geonames:")   # GeoNames' towns, not hand-kept spots (nor a division's other names)
    if not listed and not _home_holds(key, home):
        return None   # a hand-kept spot's nickname is its own ("tybee"), unless the asker's country has the name too
    if listed and (place.fame >= KNOWN_FAME or written.isupper() or not _piece(key, place)):
        return None   # a well-known city's short name ("Acapulco"), a code ("NSW")
    return (written, place.key) if km(place, default_point(zone)) > FAR_KM else None


def _piece(key: str, place: Place) -> bool:
    """Whether ``key`` is an everyday word that names ``place`` only as a piece of its name: a word beginning many
    places' names ("cabo" for Cabo de Santo Agostinho, "porto", "anse"), or a word of a language travellers write
    ("praia") — not a nickname ("goldy", "floripa") nor the name without its place word ("Noosa" for Noosa Heads)."""
    w = words()
    return key != en_key(place.name_en) and (key in _heads() or key in w.known or key in w.abroad)


@functools.cache
def _heads() -> frozenset[str]:
    return frozenset(ascii_lower(w) for w in word_list("understanding.yaml", "name_heads"))


def _home_holds(key: str, home: str) -> bool:
    """Whether a place of the asker's country ``home`` is named ``key`` too ("maré no cabo" asked in Brazil: Cabo
    de Santo Agostinho, though Cabo San Lucas' nickname won)."""
    idx = index()
    value = idx.en.get(key)
    return value is not None and any(c.cc == home for c in idx.candidates(key, value))
