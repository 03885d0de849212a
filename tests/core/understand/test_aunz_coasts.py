"""Issue 26 (New Zealand and Australia askers): small coastal spots of both countries' coasts, the
Chatham Islands' own clock, the mainland zh spellings of their towns, a home namesake against a
famous town abroad, and the chat spelling "tmoz". Wordings invented here; no question set holds them."""
from __future__ import annotations

from datetime import date

import pytest

from core.understand.places import find_place
from router_ask import ask_router

QT = "2026-12-10T07:30:00+13:00"   # a Thursday morning in New Zealand


@pytest.mark.parametrize(("query", "key", "tz"), [
    ("aramoana beach tide times for the weekend", "aramoana", "Pacific/Auckland"),
    ("Plimmerton sunset tonight", "plimmerton", "Pacific/Auckland"),
    ("is it a good tide for launching at the Manukau Heads", "manukau_heads", "Pacific/Auckland"),
    ("Ulva Island sunrise on friday", "ulva_island", "Pacific/Auckland"),
    ("Tawharanui surf this arvo", "tawharanui", "Pacific/Auckland"),
    ("Totaranui low water sunday", "totaranui", "Pacific/Auckland"),
    ("Punakaiki blowhole high tide", "punakaiki", "Pacific/Auckland"),
    ("Onetangi beach water temp", "onetangi", "Pacific/Auckland"),
    ("Kapiti Island boat tides", "kapiti_island", "Pacific/Auckland"),
    ("Waimarama tides on saturday", "waimarama", "Pacific/Auckland"),
    ("Taylors Mistake swell and tide", "taylors_mistake", "Pacific/Auckland"),
    ("Akaroa harbour tide times", "akaroa", "Pacific/Auckland"),
    ("Point Lonsdale rip slack water", "point_lonsdale", "Australia/Melbourne"),
    ("Semaphore jetty high tide", "semaphore_sa", "Australia/Adelaide"),
    ("Eaglehawk Neck tides for diving", "eaglehawk_neck", "Australia/Hobart"),
    ("Garie Beach surf tomorrow", "garie_beach", "Australia/Sydney"),
    ("Leighton Beach water temperature", "leighton_beach", "Australia/Perth"),
    ("Greenmount low tide", "greenmount_beach", "Australia/Brisbane"),
])
def test_a_small_spot_of_either_coast_is_found_with_its_zone_and_sea_point(query: str, key: str, tz: str) -> None:
    place = find_place(query, home="NZ" if tz == "Pacific/Auckland" else "AU")
    assert place is not None, query
    assert (place.key, place.tz) == (key, tz), (query, place)
    assert place.coastal and place.sea is not None, place


@pytest.mark.parametrize(("query", "name", "country"), [
    ("惠靈頓這個週末天氣", "Wellington", "NZ"),     # 惠灵顿 read as Traditional: GeoNames gives it to Florida
    ("納皮爾海水溫度", "Napier", "NZ"),
    ("尼爾森明天日出", "Nelson", "NZ"),
    ("達尼丁週日滿潮", "Dunedin", "NZ"),
    ("荷伯特今晚日落", "Hobart", "AU"),
])
def test_the_mainland_spelling_of_a_town_there_is_that_town(query: str, name: str, country: str) -> None:
    place = find_place(query, home=country)
    assert place is not None, query
    assert (place.name_en, place.country) == (name, country), (query, place)


@pytest.mark.parametrize(("query", "zone"), [
    ("what's the time on the Chatham Islands", "Pacific/Chatham"),
    ("查塔姆群島現在是幾點", "Pacific/Chatham"),
    ("what time is it at Eucla, on the Nullarbor", "Australia/Eucla"),   # its own quarter-hour zone
])
async def test_the_odd_zones_keep_their_own_clock(query: str, zone: str) -> None:
    answer = await ask_router(query, QT, "Pacific/Auckland")
    assert answer.tool == "time.now", answer.text
    assert zone in answer.text, answer.text


async def test_a_home_namesake_makes_a_famous_town_abroad_a_question() -> None:
    # Brighton near Dunedin is a beach town of 1,600: asked from New Zealand, England's is no sure answer
    answer = await ask_router("tide times Brighton on sunday", QT, "Pacific/Auckland")
    assert answer.tool is None, answer.text
    assert "New Zealand" in answer.text and "United Kingdom" in answer.text, answer.text


async def test_england_is_still_meant_from_england() -> None:
    answer = await ask_router("tide times Brighton on sunday", "2026-12-09T18:30:00+00:00", "Europe/London")
    assert answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("tz") == "Europe/London", answer.arguments


async def test_tmoz_is_tomorrow() -> None:
    answer = await ask_router("Raglan low tide tmoz", QT, "Pacific/Auckland")
    assert answer.tool == "tide.forecast", answer.text
    args = answer.arguments or {}
    assert date.fromisoformat(str(args.get("start") or args.get("date"))[:10]) == date(2026, 12, 11), args


@pytest.mark.parametrize("query", [
    "ohope今天乾潮幾點",      # a lower-case name touching Chinese is no piece of a longer word
    "papamoa明天會下雨嗎",
])
def test_a_lower_case_name_glued_to_chinese_is_read(query: str) -> None:
    place = find_place(query, home="NZ")
    assert place is not None and place.country == "NZ", (query, place)


async def test_a_second_name_with_a_namesake_beside_the_first_is_that_namesake() -> None:
    # Anchorage is also a bay of Abel Tasman, a few km from Marahau: no "which place" question
    answer = await ask_router("Marahau high tide saturday then paddling round to Anchorage", QT, "Pacific/Auckland")
    assert answer.tool == "tide.forecast", answer.text
    args = answer.arguments or {}
    assert abs(args["longitude"] - 173.02) < 0.1 and abs(args["latitude"] + 41.0) < 0.1, args


@pytest.mark.parametrize(("query", "lon", "lat", "day"), [
    # a region's anniversary day names the region: the tide is asked at the spot beside it
    ("what time is low tide at Ōrewa on Auckland Anniversary Day", 174.70, -36.59, date(2027, 2, 1)),
    ("Canterbury Anniversary Day sunrise over Sumner", 172.76, -43.57, date(2026, 11, 13)),
])
async def test_a_place_beside_a_regional_holiday_is_the_place_asked(query: str, lon: float, lat: float,
                                                                     day: date) -> None:
    answer = await ask_router(query, "2026-11-12T07:30:00+13:00", "Pacific/Auckland")
    args = answer.arguments or {}
    assert answer.tool is not None and abs(args["longitude"] - lon) < 0.1 and abs(args["latitude"] - lat) < 0.1, \
        answer.text
    assert str(args.get("start") or args.get("date"))[:10] == day.isoformat(), args


async def test_the_reef_dived_is_not_the_harbour_asked() -> None:
    answer = await ask_router("Marahau low tide saturday, snorkelling at Kaiteriteri after", QT, "Pacific/Auckland")
    args = answer.arguments or {}
    assert answer.tool == "tide.forecast" and abs(args["latitude"] + 41.00) < 0.03, answer.text
