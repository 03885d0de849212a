"""Naming a tide station in the reply language, and saying when it is far from the place asked.

A station's name comes from the tide database in English ("Keelung"); a zh reply names it as
the gazetteer does (基隆) when a place of exactly that English name lies near the station.
A station farther than `BORROWED_KM` from the point asked is said in the answer's first line:
its times and heights may differ from the place's own (淡水 borrows Keelung's, 35 km from the
sea off its river mouth, round the cape). A named place's tides are asked at its sea point
(core/data/places_tw_coast.yaml), so that is the point the distance is measured from.
"""
from __future__ import annotations

import math
from typing import Any

from core.words.strings import t

BORROWED_KM = 10.0      # farther than this, the tides are borrowed: said first
SAME_PLACE_KM = 60.0    # a gazetteer place this near a station of its name is that station's place


def _km(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Return the great-circle distance in km."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 6371.0 * 2 * math.asin(min(1.0, math.sqrt(a)))


def station_name(name: str, lang: str, where: tuple[float, float] | None = None) -> str:
    """Return the station's name for a reply in `lang`: in zh the gazetteer's Chinese name of the
    place of that English name (near `where`, the station's (lon, lat), when known), else `name`."""
    if lang != "zh" or not name:
        return name
    from core.understand.places import find_place

    place = find_place(name)
    if place is None or not place.name_zh or place.name_en.lower() != name.lower():
        return name
    if where is not None and _km(place.lon, place.lat, where[0], where[1]) > SAME_PLACE_KM:
        return name
    return place.name_zh


def named_station(station: Any, lang: str) -> dict[str, Any] | None:
    """Return a result's station dict with its name in `lang` (see `station_name`), or None."""
    if not isinstance(station, dict) or not station.get("name"):
        return None
    lon, lat = station.get("longitude", station.get("lon")), station.get("latitude", station.get("lat"))
    where = (float(lon), float(lat)) if isinstance(lon, (int, float)) and isinstance(lat, (int, float)) else None
    return dict(station, name=station_name(str(station["name"]), lang, where))


def borrowed_line(station: Any, place: str, lang: str) -> str | None:
    """Return the first line of a tide answer whose station is farther than BORROWED_KM from the
    point asked ("The nearest tide station is Keelung (33 km away); times and heights at Tamsui
    may differ."), or None for a near station. `place` is the place's name ("" for a bare point)."""
    named = named_station(station, lang)
    if named is None:
        return None
    km = named.get("distance_km")
    if not isinstance(km, (int, float)) or km <= BORROWED_KM:
        return None
    key = "borrowed_station.named" if place else "borrowed_station.point"
    return t(lang, key, name=named["name"], km=f"{km:.0f}", place=place)
