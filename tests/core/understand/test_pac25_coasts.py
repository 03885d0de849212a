"""Issue 26 (tune46's Australia/NZ/Pacific askers): locals' clipped names for their beaches and towns, the small
wharves, breaks, capes and islets of coasts that had none, the Sydney Harbour spots a race start is watched from,
a name an Australian beach shares with another state's boat harbour, the straits and gulfs asked as a whole, a slip
on a town of the asker's own coast, WA's named sea breezes and a race named by where it goes. Wordings invented
here; no question set holds them."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from router_ask import ask_router, km_between, planned_point

QT = "2026-11-28T07:30:00+11:00"


@pytest.mark.parametrize(("query", "key", "home"), [
    ("freshie water temp this arvo", "freshwater_beach", "AU"),
    ("cooly sunset tmrw", "coolangatta", "AU"),
    ("port mac tides sunday", "port macquarie", "AU"),
    ("gizzy rain tomorrow?", "gisborne", "NZ"),
    ("kaiteri low tide sat", "kaiteriteri", "NZ"),
    ("tides at bells on sunday", "bells_beach", "AU"),
    ("tokomaru bay wharf high tide", "tokomaru_bay", "NZ"),
    ("surf at mangamaunu bay tomorrow, tide?", "mangamaunu", "NZ"),
    ("point kean seals low tide", "kaikoura_peninsula", "NZ"),
    ("haatafu beach sunset", "haatafu", "TO"),
    ("pangaimotu tides", "pangaimotu", "TO"),
    ("monkey mia sunrise", "monkey_mia", "AU"),
    ("denham high tide today", "shark_bay", "AU"),
    ("jumpinpin bar low tide", "jumpinpin", "AU"),
    ("fort denison high tide new year's eve", "fort_denison", "AU"),
    ("little manly swim tide", "little_manly", "AU"),
])
def test_a_local_spot_or_clipped_name_is_its_place(query: str, key: str, home: str) -> None:
    place = find_place(query, home=home)
    assert place is not None, query
    assert place.key == key or place.name_en.lower() == key, (query, place)


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("manly high tide sunday", "Australia/Sydney", -33.80, 151.29),       # Sydney's beach
    ("manly low tide this arvo", "Australia/Brisbane", -27.455, 153.19),  # Moreton Bay's boat harbour
])
async def test_a_home_spot_is_the_asker_citys_beside_a_namesake_in_another_zone(
        query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast", answer.text
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 5, answer.arguments
    assert "Several places" in answer.text   # said in one line


@pytest.mark.parametrize("tz", ["Australia/Perth", "Asia/Taipei"])
async def test_manly_asked_from_afar_is_asked_which(tz: str) -> None:
    answer = await ask_router("manly low tide tomorrow", QT, tz)
    assert (answer.debug or {}).get("reason") == "ambiguous_place", answer.text


@pytest.mark.parametrize(("query", "tz", "box"), [
    ("water temp across bass strait today", "Australia/Melbourne", (144.0, -41.0, 149.0, -38.5)),
    ("cook strait sst", "Pacific/Auckland", (174.0, -41.7, 175.0, -40.8)),
    ("spencer gulf sea temperature anomaly", "Australia/Adelaide", (136.0, -35.0, 138.0, -32.5)),
])
async def test_a_strait_or_gulf_is_its_box(query: str, tz: str, box: tuple[float, ...]) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "ghrsst.bbox_mean", answer.text
    assert tuple((answer.arguments or {})["bbox"]) == box


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "said"), [
    ("tides at kingsclif tomorrow", "Australia/Sydney", -28.26, 153.58, "Kingscliff"),
    ("caloundar low tide", "Australia/Brisbane", -26.80, 153.12, "Caloundra"),
])
async def test_a_slip_on_a_town_of_the_askers_coast_is_read_and_said(
        query: str, tz: str, lat: float, lon: float, said: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast", answer.text
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 10, answer.arguments
    assert said in answer.text.split("\n")[0]


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("freo doctor coming in this arvo?", -32.06, 115.75),
    ("how strong is the esperance doctor tomorrow", -33.86, 121.89),
])
async def test_a_named_sea_breeze_asks_the_wind_at_its_town(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Australia/Perth")
    assert answer.tool == "weather.forecast", answer.text
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 10, answer.arguments


async def test_a_race_named_by_where_it_goes_is_no_second_place() -> None:
    answer = await ask_router("sunset at south head on boxing day, watching the hobart race go out", QT,
                              "Australia/Sydney")
    assert answer.tool == "tide.forecast", answer.text
    assert km_between(*planned_point(answer.arguments or {}), -33.83, 151.28) < 5, answer.arguments
    assert (answer.arguments or {}).get("date") == "2026-12-26"
