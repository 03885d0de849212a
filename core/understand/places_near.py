"""The named place nearest a point, to title a pin's answer by a name people know.

A shared location or a chart button carries only a point; its chart and week table are titled
「八斗子潮汐圖」 rather than "25.14, 121.80" when the gazetteer has a town, harbour, beach or cape
close by. Taiwan's hand-written places are preferred over the world file's within the same
reach (they are the names Taiwan's users know). The table of points is built on first use.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from core.understand.places import Place, _place
from core.understand.places_index import index

AREAS = frozenset({"county", "region", "country"})   # too large to title a point by
NAME_KM = 3.0       # this near, the point is the place
AREA_KM = 15.0      # this near, the point is in the place's area ("基隆附近")


@functools.cache
def _points() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return (lon, lat, hand-written Taiwan place?, row number) of every place small enough to title a point."""
    lons, lats, hand, rows = [], [], [], []
    for row, line in enumerate(index().all_rows()):
        _key, _zh, _en, lon, lat, _tz, kind, _pop, taiwan, _rest = line.split("|", 9)
        if kind not in AREAS:
            lons.append(float(lon))
            lats.append(float(lat))
            hand.append(taiwan == "1")
            rows.append(row)
    return np.asarray(lons), np.asarray(lats), np.asarray(hand, dtype=bool), np.asarray(rows)


def nearest_place(lon: float, lat: float, max_km: float = AREA_KM) -> tuple[Place, float] | None:
    """Return (the named place nearest (lon, lat), its distance in km) within `max_km`, a
    hand-written Taiwan place before a world one; None when none is that near."""
    if not (math.isfinite(lon) and math.isfinite(lat)):
        return None
    lons, lats, is_hand, rows = _points()
    dx = (lons - lon + 180.0) % 360.0 - 180.0
    km = 111.2 * np.hypot(dx * math.cos(math.radians(lat)), lats - lat)
    near = km <= max_km
    if not near.any():
        return None
    pool = near & is_hand if (near & is_hand).any() else near
    best = int(np.argmin(np.where(pool, km, np.inf)))
    return _place(index().rec(int(rows[best])), (0, 0)), float(km[best])


TOWN_KM = 25.0   # a Taiwan town this near a spot names where the spot is (「白沙灣（三芝附近）」)


@functools.cache
def _taiwan_towns() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (lon, lat, row number) of Taiwan's hand-written towns and cities."""
    lons, lats, rows = [], [], []
    for row, line in enumerate(index().all_rows()):
        _key, _zh, _en, lon, lat, _tz, kind, _pop, taiwan, _rest = line.split("|", 9)
        if taiwan == "1" and kind in ("town", "city"):
            lons.append(float(lon))
            lats.append(float(lat))
            rows.append(row)
    return np.asarray(lons), np.asarray(lats), np.asarray(rows)


def nearest_town(place: Place) -> Place | None:
    """Return the Taiwan town or city nearest a Taiwan spot (not the spot itself) within TOWN_KM, or None."""
    lons, lats, rows = _taiwan_towns()
    if not len(rows):
        return None
    km = 111.2 * np.hypot((lons - place.lon) * math.cos(math.radians(place.lat)), lats - place.lat)
    for best in np.argsort(km)[:3]:
        town = _place(index().rec(int(rows[best])), (0, 0))
        if km[best] > TOWN_KM:
            return None
        if town.key != place.key and town.name_zh and town.name_zh not in (place.name_zh or ""):
            return town
    return None
