"""Small spots of askers' own coasts abroad, water named after a town, and namesakes asked (issue 26).

New wordings of the classes the UK/Ireland, Hong Kong/Singapore, Japan/Korea and Australia/New
Zealand tuning sets showed: a hand-kept islet, reef, headland, marina or port answers to its name
(the spot, not the town or country its name contains); a town of a name followed by a water word
is not the water; a small town sharing its name with towns near the asker is asked about.
"""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from core.understand.places_beach import water_after_town
from core.understand.places_rank import km
from core.understand.places_regions import region_bbox
from core.understand.typos_latin import near_spelling


@pytest.mark.parametrize(("text", "home", "key"), [
    ("high water at Irelands Eye on saturday", "IE", "irelands_eye"),
    ("wind on the Mull of Galloway this afternoon", "GB", "mull_of_galloway"),
    ("diving the Manacles on sunday, how warm is the sea", "GB", "manacles"),
    ("Dunstaffnage Marina high water tomorrow", "GB", "dunstaffnage"),
    ("流浮山今日幾點退潮", "HK", "lau_fau_shan"),
    ("浪茄 星期六 潮汐", "HK", "long_ke_wan"),
    ("大阪港明天滿潮幾點", "JP", "osaka_port"),
    ("芥屋 今天日落幾點", "TW", "keya"),
    ("小樽 積丹 島武意海岸 風大嗎", "JP", "shimamui"),
    ("Nobbys beach sunrise tomorrow, Newcastle", "AU", "nobbys_beach"),
    ("Dinah Beach low tide saturday", "AU", "dinah_beach"),
    ("what's the time in Eucla", "AU", "eucla"),
    ("Eaglehawk Neck sunset", "AU", "eaglehawk_neck"),
    ("神戶港 明天風大嗎", "TW", "kobe_port"),
])
def test_a_small_spot_abroad_is_that_spot(text: str, home: str, key: str) -> None:
    place = find_place(text, home=home)
    assert place is not None and place.key == key and not place.ambiguous, place


def test_a_hand_checked_point_replaces_a_misplaced_namesake_of_its_name() -> None:
    # GeoNames files Lau Fau Shan on Lantau; the hand-kept harbour on Deep Bay answers alone
    place = find_place("Lau Fau Shan sunrise", home="HK")
    assert place is not None and not place.ambiguous and km(place, (113.983, 22.468)) < 2, place


def test_a_spot_in_lower_case_beside_its_island_is_the_spot() -> None:
    # the island named first settles which Playa Blanca (Lanzarote's, not Fuerteventura's or Mexico's)
    place = find_place("flying to lanzarote saturday, how warm is the sea at playa blanca", home="GB")
    assert place is not None and place.name_en == "Playa Blanca" and km(place, (-13.83, 28.86)) < 5, place


def test_eucla_keeps_its_own_clock() -> None:
    place = find_place("Eucla sunrise", home="AU")
    assert place is not None and place.tz == "Australia/Eucla"


@pytest.mark.parametrize(("text", "key"), [
    ("sea temp in the Pearl River estuary this week", "pearl_river_estuary"),
    ("珠江口 海水溫度", "pearl_river_estuary"),
    ("how cold is Hudson Bay", "hudson_bay"),
])
def test_known_waters_are_their_box(text: str, key: str) -> None:
    found = region_bbox(text)
    assert found is not None and found[0] == key, found


def test_a_town_off_the_sea_is_not_the_water_named_after_it() -> None:
    text = "Pearl River sound water temp"
    place = find_place(text, home="HK")
    assert place is not None and not place.coastal   # the New York town, read as a name ...
    assert water_after_town(text, place) is None     # ... is not the water the question names
    galway = "Galway Bay tides"
    bay = find_place(galway, home="IE")
    assert bay is not None and water_after_town(galway, bay) == bay   # a town on its own bay stays


@pytest.mark.parametrize(("text", "home", "countries"), [
    ("tides at Ballycastle on monday", "GB", {"GB", "IE"}),
    ("Castletown high water saturday", "GB", {"GB", "IM", "IE"}),
    ("青島 週末天氣如何", "JP", {"CN", "JP"}),
    ("Seven Mile Beach low tide", "AU", {"AU", "JM", "KY"}),   # NSW, Tasmania, and the Caribbean ones
])
def test_namesakes_near_the_asker_are_asked(text: str, home: str, countries: set[str]) -> None:
    place = find_place(text, home=home)
    assert place is not None and place.ambiguous, place
    assert {place.country, *(a.country for a in place.alternatives)} == countries


@pytest.mark.parametrize(("text", "home", "country", "admin"), [
    ("Ballycastle Mayo tides", "GB", "IE", "Connacht"),
    ("青島 週末天氣如何", "TW", "CN", "Shandong Sheng"),
    ("sunrise in Naruto on Sunday", "JP", "JP", "Tokushima"),
])
def test_a_qualified_or_famous_namesake_is_answered(text: str, home: str, country: str, admin: str) -> None:
    place = find_place(text, home=home)
    assert place is not None and not place.ambiguous and (place.country, place.admin) == (country, admin), place


@pytest.mark.parametrize(("text", "key"), [
    ("sunset at tobermorry tonight", "tobermory"),        # a small harbour of the asker's coast
    ("Tuaranga high tide sunday", "tauranga"),            # letters swapped about
    ("Hakodaet sea temp now", "hakodate"),
    ("phukte weather tomorrow", "phuket"),
    ("Ballycaslte tides today", "ballycastle"),
])
def test_a_place_abroad_written_with_a_slip_is_read(text: str, key: str) -> None:
    found = near_spelling(text)
    assert found is not None and found[1] == key, found


def test_the_nearest_spelling_wins_a_tie_of_ratios() -> None:
    # one letter from Tauranga, two from Tacurong (the Philippines), though fuzz.ratio rates both alike
    found = near_spelling("Tauronga low water on friday")
    assert found is not None and found[1] == "tauranga", found


def test_an_irish_name_written_as_said_is_the_town() -> None:
    place = find_place("dun leary high water saturday", home="IE")
    assert place is not None and place.name_en == "Dún Laoghaire", place
