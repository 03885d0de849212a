"""Whether a place is named inside an area named beside it: the smaller place is the one asked about.

"Jinshan (New Taipei)", "Da Nang My Khe beach", 「馬祖東引」, "Texel Oudeschild", "Mallorca Pollença": the
harbour, beach or village, not the county, city or island around it (core/understand/places.py ranks by it).
"""
from __future__ import annotations

import functools
import re

from core.data import word_list
from core.understand.places_index import CONTAINERS, Rec, index
from core.understand.places_rank import km
from core.understand.places_text import en_key

Hit = tuple[int, int, int, str, bool]  # start, end, index value, key, CJK name
# A township or an island is less specific than a harbour, beach or cape on it (「豐濱鄉 石梯坪」 is 石梯坪,
# "Kaiyuan port (Orchid Island)" is the harbour).
SPECIFIC = {"county": 0, "region": 0, "country": 0, "world_city": 0, "city": 1, "town": 1.5,
            "island": 1.5}  # harbour, beach ... 2


# Areas a place is named inside of ("Jinshan (New Taipei)", "Da Nang My Khe beach", 「馬祖東引」), and how far
# from their centre a place of theirs may lie: the smaller place is the one asked about.
# An island's point is its main harbour, not its middle: its villages lie up to 150 km from it (Chania on Crete).
_AREA_REACH_KM = {"county": 90.0, "city": 40.0, "world_city": 40.0, "region": 150.0, "island": 150.0, "bay": 100.0}
_METRO_POP, _METRO_KM = 1_000_000, 80.0   # a city this big reaches this far: its outer suburbs and beaches ("sorrento
                                          # melbourne": the Mornington Peninsula is Greater Melbourne's)
_TW_AREA_KM = 100.0   # a Taiwan city's entry is its county too (台東: 大武 is 50 km from the county seat)
_AREA_GAP = 40   # characters between them: an area named beside the place, not a trip's end ("crossing to Belle-Île");
# (s21) room for a clause between them ("we zitten nu op Zanzibar, wanneer is het hoogwater bij Kendwa")
_CLAUSE_END = re.compile(r"[?!;\uff1f\uff01\uff1b\u3002]")   # ... in the same clause (sea18: "Semporna tide tmr? heading to Mabul")


def inside_named_area(work: str, hit: Hit, hits: list[Hit], widen: bool = True) -> bool:
    """True when a place of `hit`'s name lies within an area another hit names beside it, and is smaller than it
    (with `widen`, a Chinese name abroad's English name counts too: `holders`)."""
    idx = index()
    areas = [a for a in (idx.rec(o[2]) for o in hits if o is not hit and max(o[0] - hit[1], hit[0] - o[1]) <= _AREA_GAP
                         and (not _CLAUSE_END.search(work, min(o[1], hit[1]), max(o[0], hit[0])) or _gloss(work, o, hit)))
             if a.kind in _AREA_REACH_KM]
    # smaller: a more specific kind, or a town of the same kind a fraction of the city's size (Patong, Phuket),
    # or a village a fraction of its island's people ("Texel Oudeschild": the harbour village, not the island)
    # (a bay or basin holds the towns, capes and beaches on its shores: "Minas Basin (Burntcoat)", the headland;
    # never the country or region around it: "Guam Tumon Bay" is the bay, in Guam)
    return any(c.key != a.key and (SPECIFIC.get(c.kind, 2) > SPECIFIC.get(a.kind, 2) or a.kind == "bay" != c.kind
                                   and c.kind not in CONTAINERS
                                   or (SPECIFIC.get(c.kind, 2) == SPECIFIC.get(a.kind, 2)
                                       or a.kind == "island" and c.kind == "world_city") and 4 * c.pop < a.pop)
               and km(c, (a.lon, a.lat)) <= area_reach(a) and not _holds(c, a) and not _holds_town(c, a)
               for a in areas for c in (holders(hit) if widen else idx.candidates(hit[3], hit[2])))


def _gloss(work: str, area: Hit, hit: Hit) -> bool:
    """True when `area` is written in brackets right after the question naming `hit` ("nungwi low tide tomorrow?
    (zanzibar)"): the asker's gloss of where the place is, whatever mark ends the question before it."""
    return hit[1] <= area[0] and _BRACKETED.match(work, area[1]) is not None and work[:area[0]].rstrip().endswith("(")


_BRACKETED = re.compile(r"\s*\)")


def _holds(island: Rec, town: Rec) -> bool:
    """True when `island` is an island with many times `town`'s people: it holds the town and is no part of it
    ("El Cotillo Fuerteventura": the village asked, on its island; not the island inside a village)."""
    return island.kind == "island" and town.kind == "world_city" and 4 * town.pop < island.pop


def _holds_town(bay: Rec, town: Rec) -> bool:
    """True when `bay` is a bay weightier than the town beside it: the water its shores' towns lie on, no cove of
    the town's («東京灣 木更津», «博多灣 姪浜»: the town asked; «香港 淺水灣»: the cove, in its city)."""
    return bay.kind == "bay" != town.kind and bay.pop >= town.pop


def holders(hit: Hit) -> tuple[Rec, ...]:
    """Return the places a hit's name may mean: a Chinese name abroad stands for its English name too, whose
    holders its Chinese name may lack (「特內里費島的聖克魯斯」: Santa Cruz de Tenerife is GeoNames'
    聖克魯斯-德特內里費, a "Santa Cruz" by its short form, not a 聖克魯斯)."""
    idx = index()
    own = idx.candidates(hit[3], hit[2])
    rec = own[0]
    if not hit[4] or rec.taiwan or not rec.en:
        return own
    value = idx.en.get(en_key(rec.en))
    return own if value is None else (*own, *(c for c in idx.candidates(en_key(rec.en), value) if c not in own))


def area_reach(area: Rec) -> float:
    """Return how far from an area's point a place of it may lie, in km (its kind's reach; a metropolis' farther)."""
    if area.taiwan:
        return _TW_AREA_KM
    return _METRO_KM if area.kind in ("world_city", "city") and area.pop >= _METRO_POP else _AREA_REACH_KM[area.kind]


def glued_place_word_dropped(work: str, hits: list[Hit]) -> list[Hit]:
    """Return the hits without a name that starts inside an earlier name and runs past it by a place word glued
    to that name: 「목포항」 is Mokpo and its harbour word 항, not the 포항 (Pohang) read across them."""
    ends = _glued_words()
    return [h for h in hits if not any(s < h[0] < e < h[1] and work[e:h[1]] in ends for s, e, *_ in hits)]


@functools.cache
def _glued_words() -> frozenset[str]:
    """Return the place words Korean and Chinese glue after a name (항, 港, 시 …; understanding.yaml)."""
    return frozenset(word_list("understanding.yaml", "glued_place_words"))


_SENTENCE_END = re.compile(r"[.?!。？！]\s")


def bay_after_a_town(work: str, hit: Hit, hits: list[Hit]) -> bool:
    """True when `hit` names a bay in a sentence after one naming another place ("Avonmouth tides tomorrow. … is the
    Bristol Channel really the 2nd biggest?"): the town is asked, the bay only talked about (s23); a bay named with its
    town ("penida crystal bay") is the spot asked."""
    return index().rec(hit[2]).kind == "bay" and any(
        o[1] <= hit[0] and _SENTENCE_END.search(work, o[1], hit[0]) is not None for o in hits if o is not hit)

