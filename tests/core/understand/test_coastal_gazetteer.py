"""The hand-kept coastal gazetteer, every entry checked against the coast (issue 26).

Over places_tw_coast.yaml, places_tw.yaml and places_world_coast.yaml: each coastal place has a
sea point; the sea point is sea on the 1 km GLOBE land mask and not inland on the engine's mask,
within reach of the place and reached without crossing land once at sea (not across a headland
into another bay); the place itself is near the coast; a Taiwan entry lies in its county's box;
and no name is given to two entries that are one place. The mask is streamed from the
global-land-mask package by scripts/sea_points.py (which also proposes sea points).
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass

import pytest
import yaml

from core.understand.places_text import HAN, en_key, fold
from metocean.land import is_inland
from paths import ROOT, SCRIPTS

sys.path.insert(0, str(SCRIPTS))

from sea_points import (HALF, PX_PER_DEG, km, ocean_windows, pixel,  # noqa: E402
                        reaches_without_crossing)

DATA = ROOT / "core" / "data"
FILES = ("places_tw_coast.yaml", "places_tw.yaml", "places_world_coast.yaml")
WIDE = frozenset({"town", "city", "county", "region", "island", "mountain", "station", "world_city"})  # not a shore
SEA_KM = {False: 5.0, True: 8.0}  # sea point to place: a shore place, a wide one (by WIDE)
COAST_KM = {False: 4.0, True: 7.5}  # place to the nearest sea pixel (a harbour deep in a port: 4)
SAME_PLACE_KM = 10.0  # two entries sharing a name closer than this are one place written twice

# Counties and cities of Taiwan: (west, south, east, north), with their offshore islets; a county
# whose islands lie apart (Kinmen's Wuqiu, 120 km north-east) has a second box in MORE_BOXES.
COUNTY_BOX = {
    "基隆市": (121.62, 25.05, 122.12, 25.65), "新北市": (121.28, 24.67, 122.01, 25.30),
    "桃園市": (120.98, 24.59, 121.48, 25.13), "新竹縣": (120.93, 24.42, 121.42, 24.95),
    "新竹市": (120.87, 24.72, 121.03, 24.86), "苗栗縣": (120.60, 24.26, 121.27, 24.75),
    "台中市": (120.45, 23.99, 121.46, 24.45), "彰化縣": (120.23, 23.78, 120.66, 24.21),
    "雲林縣": (120.10, 23.49, 120.75, 23.84), "嘉義縣": (120.07, 23.22, 120.97, 23.64),
    "台南市": (120.02, 22.88, 120.66, 23.42), "高雄市": (120.17, 22.46, 121.05, 23.48),
    "屏東縣": (120.33, 21.88, 120.91, 22.88), "台東縣": (120.73, 21.93, 121.62, 23.45),
    "花蓮縣": (121.27, 23.09, 121.78, 24.38), "宜蘭縣": (121.30, 24.30, 122.00, 25.00),
    "澎湖縣": (119.30, 23.18, 119.74, 23.81), "金門縣": (118.19, 24.37, 118.51, 24.55),
    "連江縣": (119.85, 25.92, 120.52, 26.40),
}
MORE_BOXES = {"金門縣": ((119.40, 24.95, 119.50, 25.02),)}


@dataclass(frozen=True)
class Entry:
    file: str
    key: str
    kind: str
    land: tuple[float, float]
    sea: tuple[float, float] | None
    coastal: bool
    county: str
    names: tuple[str, ...]


def _entries() -> list[Entry]:
    out = []
    for name in FILES:
        doc = yaml.safe_load((DATA / name).read_text("utf-8"))
        kinds = set(doc.get("coastal_kinds", ()))
        for p in doc["places"]:
            sea = tuple(map(float, p["sea"])) if "sea" in p else None
            out.append(Entry(name, p["key"], p["kind"], (float(p["lon"]), float(p["lat"])), sea,  # type: ignore[arg-type]
                             bool(p.get("coastal", p["kind"] in kinds)), p.get("county", ""),
                             tuple(dict.fromkeys((p["zh"], p["en"], *p.get("aliases", ()))))))
    return out


ENTRIES = _entries()
AT_SEA = [e for e in ENTRIES if e.sea is not None]


@pytest.fixture(scope="module")
def windows() -> dict[tuple[str, str], tuple]:
    """(file, key) → (GLOBE window around the place, window around its sea point)."""
    points = [e.land for e in AT_SEA] + [e.sea for e in AT_SEA]  # type: ignore[misc]
    wins = ocean_windows(points)
    n = len(AT_SEA)
    return {(e.file, e.key): (wins[i], wins[n + i]) for i, e in enumerate(AT_SEA)}


def _offset(a: tuple[float, float], b: tuple[float, float]) -> tuple[int, int]:
    (ra, ca), (rb, cb) = pixel(*a), pixel(*b)
    return rb - ra, cb - ca


def _coast_km(land: tuple[float, float], win) -> float:
    """Distance from the place to the nearest sea pixel of its window (inf when none)."""
    scale = math.cos(math.radians(land[1]))
    best = math.inf
    for r, c in zip(*win.nonzero()):
        best = min(best, math.hypot(r - HALF, (c - HALF) * scale))
    return best * 111.32 / PX_PER_DEG


def test_every_coastal_place_of_the_hand_files_has_a_sea_point() -> None:
    missing = [f"{e.file}: {e.key}" for e in ENTRIES if e.coastal and e.sea is None]
    assert not missing, f"no sea point (python scripts/sea_points.py proposes one): {missing}"
    assert len([e for e in AT_SEA if e.file == "places_tw_coast.yaml"]) >= 140


def test_sea_points_are_at_sea_near_their_place_in_their_own_water(windows) -> None:
    bad = []
    for e in AT_SEA:
        assert e.sea is not None
        near, around_sea = windows[(e.file, e.key)]
        wide = e.kind in WIDE
        why = []
        if not around_sea[HALF, HALF]:
            why.append("sea point on land (GLOBE)")
        if is_inland(*e.sea):
            why.append("sea point inland (engine's mask)")
        if km(e.land, e.sea) > SEA_KM[wide]:
            why.append(f"sea point {km(e.land, e.sea):.1f} km away")
        if _coast_km(e.land, near) > COAST_KM[wide]:
            why.append(f"place {_coast_km(e.land, near):.1f} km from the sea")
        dr, dc = _offset(e.land, e.sea)
        if max(abs(dr), abs(dc)) >= HALF or not reaches_without_crossing(near, dr, dc):
            why.append("the way out to the sea point crosses land")
        if why:
            bad.append(f"{e.file}: {e.key}: {', '.join(why)}")
    assert not bad, "\n".join(bad)


def test_taiwan_entries_lie_in_their_county() -> None:
    bad = []
    for e in ENTRIES:
        if e.file != "places_tw_coast.yaml":
            continue
        if e.county not in COUNTY_BOX:
            bad.append(f"{e.key}: unknown county {e.county!r}")
            continue
        boxes = (COUNTY_BOX[e.county], *MORE_BOXES.get(e.county, ()))
        if not any(w <= e.land[0] <= east and s <= e.land[1] <= n for w, s, east, n in boxes):
            bad.append(f"{e.key}: {e.land} outside {e.county}")
    assert not bad, bad


def test_a_name_two_entries_share_names_two_different_places() -> None:
    """A name on two Taiwan entries is two places at least 10 km apart (the bot asks which one)."""
    holders: dict[str, list[Entry]] = {}
    for e in ENTRIES:
        if e.file == "places_world_coast.yaml":
            continue
        for name in e.names:
            key = fold(name) if HAN.search(name) else en_key(name)
            if len(key) >= 2:
                holders.setdefault(key, []).append(e)
    twice = [f"{name}: {a.key} and {b.key} ({km(a.land, b.land):.1f} km)" for name, es in holders.items()
             for i, a in enumerate(es) for b in es[i + 1:] if a.key != b.key and km(a.land, b.land) < SAME_PLACE_KM]
    assert not twice, twice
    keys = [e.key for e in ENTRIES if e.file != "places_world_coast.yaml"]
    assert len(keys) == len(set(keys))
