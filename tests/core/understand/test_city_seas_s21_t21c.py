"""Issue 26, session 21: the big coastal cities of South Asia, the Gulf and South-East Asia are asked their tides at
the water their people mean (places_world_rules.yaml city_sea), not at GeoNames' point inland of it (Mumbai's in
Kurla, Dubai's in Al Quoz): each sea point is open water on the 1 km GLOBE land mask and not inland on the engine's,
near the city, and the Router's
tide plans use it, in the askers' languages.
"""
from __future__ import annotations

import sys

import pytest
import yaml

from metocean.land import is_inland
from paths import ROOT, SCRIPTS
from router_ask import ask_router

sys.path.insert(0, str(SCRIPTS))

from sea_points import is_open, km, ocean_windows  # noqa: E402

RULES = yaml.safe_load((ROOT / "core" / "data" / "places_world_rules.yaml").read_text("utf-8"))
WORLD = (ROOT / "core" / "data" / "places_world.yaml").read_text("utf-8")
RIVER_CITY_KM = 25.0   # no city's sea farther than this (the river cities' are left out)
QT = "2027-11-03T09:10:00"


def _city(gid: int) -> tuple[float, float]:
    """Return (lon, lat) of the GeoNames city `gid` in places_world.yaml."""
    line = WORLD[WORLD.index(f"\n- {gid}|") + 3:].split("\n", 1)[0]
    _, _, lon, lat, *_ = line.split("|")
    return float(lon), float(lat)


def test_every_city_sea_point_is_open_water_near_its_city() -> None:
    seas = {gid: (float(lon), float(lat)) for gid, (lon, lat) in RULES["city_sea"].items()}
    wins = ocean_windows(list(seas.values()), half=3)
    bad = [(gid, sea) for (gid, sea), win in zip(seas.items(), wins)
           if not is_open(win, 0, 0, 0) or is_inland(*sea) or km(_city(gid), sea) > RIVER_CITY_KM]
    assert not bad, bad


@pytest.mark.parametrize(("query", "tz", "near", "most_km"), [
    ("Karachi mein kal high tide kab hai", "Asia/Karachi", (66.98, 24.80), 5.0),     # Manora, not Saddar
    ("Chennai tide timings tomorrow", "Asia/Kolkata", (80.30, 13.07), 5.0),
    ("Doha low tide this evening", "Asia/Qatar", (51.55, 25.30), 5.0),
    ("مد وجزر دبي اليوم", "Asia/Dubai", (55.18, 25.16), 5.0),                          # off Jumeirah
    ("Manila Bay high tide bukas sa Manila", "Asia/Manila", (120.96, 14.58), 5.0),
    ("Jeddah high tide tomorrow", "Asia/Riyadh", (39.15, 21.49), 5.0),
])
async def test_a_big_coastal_citys_tides_are_asked_at_its_sea(query: str, tz: str, near: tuple[float, float],
                                                              most_km: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "tide.forecast", answer.text
    assert km((float(args["longitude"]), float(args["latitude"])), near) <= most_km, args
