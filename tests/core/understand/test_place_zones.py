"""Places abroad keep the clock of the zone they lie in (GeoNames gives a few a neighbour's zone)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from timezonefinder import TimezoneFinder

from core.understand.places import find_place

WORLD = Path(__file__).resolve().parents[3] / "core" / "data" / "places_world.yaml"
MOMENTS = (datetime(2026, 1, 15, tzinfo=timezone.utc), datetime(2026, 7, 15, tzinfo=timezone.utc))


@pytest.mark.parametrize(("text", "tz"), [
    ("Windsor Park, Auckland", "Pacific/Auckland"),   # GeoNames: Pacific/Chatham, 45 minutes off
    ("Kampong Ayer", "Asia/Brunei"),                   # GeoNames: Asia/Pontianak, an hour off
    ("Puerto Williams", "America/Punta_Arenas"),
])
def test_place_keeps_the_zone_it_lies_in(text: str, tz: str) -> None:
    place = find_place(text)
    assert place is not None and place.tz == tz, (text, place)


def _clock(zone: str) -> tuple[object, ...]:
    return tuple(m.astimezone(ZoneInfo(zone)).utcoffset() for m in MOMENTS)


# A border town or a disputed island keeps GeoNames' zone, of its own country, where the boundaries say a neighbour's.
KEPT = {"Hekou", "Majdal Shams", "Abū Mūsá", "Hoàng Sa"}


def test_places_agree_with_the_zone_boundaries() -> None:
    finder = TimezoneFinder(in_memory=True)
    wrong = []
    for line in WORLD.read_text("utf-8").split("\nhomonyms:")[0].splitlines():
        fields = line[2:].split("|") if line.startswith("- ") else []
        if len(fields) < 10 or fields[1] in KEPT:
            continue
        found = finder.timezone_at(lng=float(fields[2]), lat=float(fields[3]))
        if found and found != fields[4] and _clock(found) != _clock(fields[4]):
            wrong.append((fields[1], fields[4], found))
    assert not wrong, wrong[:10]
