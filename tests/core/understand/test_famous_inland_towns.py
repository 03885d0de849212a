"""Small inland towns travellers ask for by name (issue 26): the gazetteer abroad keeps an inland town of
1,000+ people when GeoNames knows it by many names, so a bigger namesake no longer answers for it
(Queenstown NZ beside Queenstown, South Africa), and such a town's Han name inside a country's zh name
names no town (紐西蘭 is New Zealand, not Zeeland, Michigan)."""
from __future__ import annotations

import math

import pytest

from core.understand.places import find_place
from core.understand.typos_latin import near_spelling


def _km(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 12742.0 * math.asin(math.sqrt(h))


@pytest.mark.parametrize("text, home, lon, lat", [
    ("Davos snow tomorrow", "TW", 9.83, 46.80),
    ("what time is it in Zermatt", "TW", 7.75, 46.02),
    ("Banff weather this weekend", "CA", -115.57, 51.18),
    ("Interlaken weather tomorrow", "CH", 7.86, 46.69),
    ("Kitzbühel weather this weekend", "AT", 12.39, 47.45),
])
def test_a_famous_small_inland_town_is_known(text: str, home: str, lon: float, lat: float) -> None:
    place = find_place(text, home=home)
    assert place is not None and not place.ambiguous, (text, place)
    assert _km(place.lon, place.lat, lon, lat) < 15, (text, place)


def test_queenstown_asked_from_australia_is_new_zealands_or_asked() -> None:
    place = find_place("queenstown weather tomorrow", home="AU")
    assert place is not None, place
    near_nz = [p for p in (place, *place.alternatives) if _km(p.lon, p.lat, 168.66, -45.03) < 15]
    assert near_nz and (place.ambiguous or near_nz[0] is place), place


@pytest.mark.parametrize("text", ["紐西蘭現在幾點", "新西兰现在几点"])
def test_new_zealand_in_zh_is_no_small_towns_name(text: str) -> None:
    place = find_place(text, home="TW")
    assert place is None or place.name_en != "Zeeland", place


@pytest.mark.parametrize("text, home, lon, lat", [
    ("will it snow in Whistler on Saturday", "US", -122.95, 50.12),   # an English word, capitalised where a place stands
    ("Whistler weather tomorrow", "TW", -122.95, 50.12),
    ("sunrise over Zermatt on Sunday", "GB", 7.75, 46.02),
])
def test_a_famous_town_named_in_other_words_is_found(text: str, home: str, lon: float, lat: float) -> None:
    place = find_place(text, home=home)
    assert place is not None and not place.ambiguous, (text, place)
    assert _km(place.lon, place.lat, lon, lat) < 15, (text, place)


def test_the_word_whistler_in_lower_case_is_no_town() -> None:
    place = find_place("a whistler on the pier all night, low tide at Brighton?", home="GB")
    assert place is not None and place.name_en == "Brighton", place


def test_a_famous_towns_misspelling_is_read_and_words_near_new_names_are_not() -> None:
    assert (near_spelling("sunset in zermat") or ("", "", False))[1] == "zermatt"
    for text in ("is it gusting out there", "herring run tomorrow", "do I need a permit", "how are the yachts"):
        assert near_spelling(text) is None, text
