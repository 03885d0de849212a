"""What settles a shared name (issue 26, places14), each class in wordings of its own:

* a US state's or Canadian province's postal code written (in capitals) after a town qualifies it, as
  the state's name does ("Ocean City MD", "Saint John NB", "Seaside Oregon"); in lower case the
  codes stay words ("me", "or");
* a Taiwan township written beside a name two Taiwan places share settles it, even when the township
  is also a word (「白沙灣 石門」);
* a small Taiwan spot whose zh name is the usual zh name of a big place abroad (台南黃金海岸, Australia's
  Gold Coast) is asked about, both listed, unless a county, township or country written beside it
  decides; Taiwan's townships keep their names (岡山 is Gangshan, not Okayama);
* the west coast's and Kinmen's spots asked for are known (漢寶, 蚵寮漁港, 建功嶼).
"""
from __future__ import annotations

import math

import pytest

from core.understand.places import find_place


def _km(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 12742.0 * math.asin(math.sqrt(h))


@pytest.mark.parametrize("text, home, lon, lat", [
    ("Ocean City MD temps tomorrow", "US", -75.08, 38.34),
    ("Ocean City NJ tides tomorrow", "US", -74.57, 39.28),
    ("sunset in Ocean City, Maryland", "TW", -75.08, 38.34),
    ("Seaside Oregon tides tomorrow", "US", -123.92, 45.99),
    ("Seaside OR high tide", "US", -123.92, 45.99),
    ("Mystic CT tides this weekend", "US", -71.97, 41.35),
    ("Rye NH low tide", "US", -70.77, 43.01),
    ("Saint John NB tides tomorrow", "CA", -66.06, 45.27),
    ("Lewes DE sunrise", "US", -75.14, 38.77),
])
def test_a_state_or_province_code_after_a_town_settles_it(text: str, home: str, lon: float, lat: float) -> None:
    place = find_place(text, home=home)
    assert place is not None and not place.ambiguous, (text, place)
    assert _km(place.lon, place.lat, lon, lat) < 10, (text, place)


@pytest.mark.parametrize("text", ["Ocean City tides tomorrow", "Seaside tides tomorrow"])
def test_a_town_of_several_states_without_one_is_asked_about(text: str) -> None:
    place = find_place(text, home="US")
    assert place is not None and place.ambiguous and len(place.alternatives) >= 1, place


@pytest.mark.parametrize("text", ["the ocean city lights at night", "a quiet seaside town"])
def test_the_words_in_lower_case_are_no_town(text: str) -> None:
    place = find_place(text, home="US")
    assert place is None or place.name_en not in ("Ocean City", "Seaside"), place


@pytest.mark.parametrize("text, lon, lat", [
    ("白沙灣 石門 sst?", 121.51, 25.285),
    ("白沙灣 石門 明天潮汐", 121.51, 25.285),
    ("白沙灣 恆春 海溫", 120.71, 21.94),
])
def test_a_township_written_after_a_shared_taiwan_name_settles_it(text: str, lon: float, lat: float) -> None:
    place = find_place(text)
    assert place is not None and not place.ambiguous, (text, place)
    assert _km(place.lon, place.lat, lon, lat) < 5, (text, place)


def test_a_shared_taiwan_name_alone_is_still_asked_about() -> None:
    place = find_place("白沙灣 明天風速")
    assert place is not None and place.ambiguous, place


@pytest.mark.parametrize("text", ["去黃金海岸玩 12/2 會下雨嗎", "黃金海岸 明天潮汐"])
def test_a_small_taiwan_spot_named_like_a_big_city_abroad_is_asked_about(text: str) -> None:
    place = find_place(text)
    assert place is not None and place.ambiguous, (text, place)
    assert {place.country, *(a.country for a in place.alternatives)} == {"TW", "AU"}, place


@pytest.mark.parametrize("text, country", [
    ("台南黃金海岸 現在海水幾度", "TW"),
    ("安平黃金海岸 夕陽", "TW"),
    ("黃金海岸 台南 潮汐", "TW"),
    ("澳洲黃金海岸 明天天氣", "AU"),
    ("岡山 天氣", "TW"),   # a township keeps its name: Gangshan, not Okayama
])
def test_the_place_written_beside_it_decides(text: str, country: str) -> None:
    place = find_place(text)
    assert place is not None and not place.ambiguous and place.country == country, (text, place)


def test_an_asker_in_australia_gets_the_gold_coast() -> None:
    place = find_place("黃金海岸 明天天氣", home="AU")
    assert place is not None and place.country == "AU" and not place.ambiguous, place


@pytest.mark.parametrize("text, lon, lat", [
    ("漢寶 今天乾潮", 120.33, 23.99),
    ("彰化漢寶 今天幾點乾潮", 120.33, 23.99),
    ("蚵寮漁港明天天氣如何", 120.24, 22.73),
    ("金門建功嶼 明天退潮幾點", 118.30, 24.41),
    ("白砂崙漁港 明天滿潮", 120.18, 22.91),
])
def test_west_coast_and_kinmen_spots_are_known(text: str, lon: float, lat: float) -> None:
    place = find_place(text)
    assert place is not None and not place.ambiguous and place.country == "TW", (text, place)
    assert _km(place.lon, place.lat, lon, lat) < 5, (text, place)
