"""Whether two places named together may be one inside or beside the other, or are two places.

"Da Nang My Khe beach", 「花蓮縣石梯坪」, "Tenerife Los Cristianos": one place, the smaller asked about;
「安平漁人碼頭」 (漁人碼頭 is Tamsui's), 高雄到澎湖: two (core/understand/leftover.py asks which). How far a
place holds the places named beside it is ``place_reach_km`` in core/data/understanding.yaml.
"""
from __future__ import annotations

import functools
import math

from core.data import DATA_DIR, read_yaml
from core.understand.places import Place, find_place

# An island's point is its main harbour, not its middle: a village on it may lie this far from that point (Chania
# from Heraklion on Crete, Los Cristianos from Santa Cruz on Tenerife).
ISLAND_SPAN_KM = 150.0
# An island with fewer people than this is small enough that a spot on it unknown here is answered at the island, said
# so ("Palau Koror"); on a bigger one (Zanzibar, Bali, Hawaii's Big Island) the spot may lie 50-100 km off: asked.
SMALL_ISLAND_POP = 100_000
_AREAS = ("county", "city")
_HOLDS = 10   # a city abroad holds a town or village of a tenth its people or fewer (青岛石老人)


@functools.cache
def _limits() -> dict[str, float]:
    return {k: float(v) for k, v in read_yaml(DATA_DIR / "understanding.yaml")["place_reach_km"].items()}


def km_apart(a: Place, b: Place) -> float:
    """Return the great-circle distance in km between two places' points."""
    p1, p2, dlon = math.radians(a.lat), math.radians(b.lat), math.radians(b.lon - a.lon)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dlon / 2) ** 2
    return 12742.0 * math.asin(min(1.0, math.sqrt(h)))


def reach(place: Place) -> float:
    """Return how far (km) from its point a place named beside another may still hold it: a Taiwan
    county or city its townships (花蓮縣 … 石梯坪), an island group or a region abroad its towns."""
    limits = _limits()
    return limits.get(place.kind, limits["other"])


def near(a: Place, b: Place) -> bool:
    """True when two places named together may be one inside or beside the other (see reach); two
    Taiwan counties or cities are two places (高雄到澎湖)."""
    if a.country == b.country == "TW" and a.kind in _AREAS and b.kind in _AREAS:
        return False
    if (a.kind == "island") != (b.kind == "island") and km_apart(a, b) <= ISLAND_SPAN_KM:
        return True   # a village, beach or town on the island (Los Cristianos on Tenerife)
    return km_apart(a, b) <= max(reach(a), reach(b))


def area_before(text: str, name: str, area: Place, place: Place) -> bool:
    """True when `name`, read as the county or city `area`, is written just before the smaller `place`
    it holds: the asker names the area, then the spot asked about (宜籣烏石港 with 蘭 mistyped)."""
    start = text.find(name)
    # a city abroad holds its villages and beaches as a Taiwan county does (「三亚后海村」: the village, in Sanya)
    smaller = place.kind not in (*_AREAS, "world_city") or place.kind == "world_city" and place.pop * _HOLDS <= area.pop
    return area.kind in (*_AREAS, "world_city") and smaller and start >= 0 \
        and not text[start + len(name):place.span[0]].strip() and near(area, place)


def misspelt(name: str, area: Place) -> bool:
    """True when `name` is no way of writing `area`'s own name (宜籣 for 宜蘭; not 臺中, which is 台中 as written
    in Traditional characters): only a real slip is said back to the asker."""
    found = find_place(name)
    return found is None or found.key != area.key
