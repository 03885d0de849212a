"""Issue 26, session 23: classes from the Americas, Taiwan and East Asia sets, in new wordings, through the real
Router (local engine, no LLM; data tools planned, not called).

* The air's cold or heat as Romance chat says it ("va-tu faire chaud", "vai fazer calor", "farà freddo") is the
  weather, not the default tide.
* A spot said to lie in a town ("praia do Forte em Cabo Frio", "plage Lourdes à Anglet") is answered at the town,
  said so, instead of at a far namesake of the spot or asking which of the two was meant.
* A bay holds the towns on its shore, never the country around it: "Guam Tumon Bay" is the bay.
* A school holiday beside a day word says why the trip, not which day (「寒假去北海道 札幌後天」); alone it still asks.
* Simplified forms Big5 also holds (气, 几) mark a question as Simplified: 「qingdao 明天天气」 is the weather.
"""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from router_ask import ask_router

QT = "2028-05-03T06:30:00"   # a Wednesday dawn in the asker's zone


@pytest.mark.parametrize(("query", "tz"), [
    ("Va-tu faire chaud à Tadoussac samedi", "America/Toronto"),
    ("vai fazer calor em Búzios no domingo?", "America/Sao_Paulo"),
    ("¿va a hacer frío mañana en Cádiz?", "Europe/Madrid"),
    ("farà freddo a Trieste domani?", "Europe/Rome"),
])
async def test_cold_or_heat_in_romance_chat_is_the_weather(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "near"), [
    ("tábua de maré praia do Forte em Cabo Frio amanhã", "America/Sao_Paulo", (-42.02, -22.88)),
    ("horaires marée plage Lourdes à Anglet samedi", "Europe/Paris", (-1.52, 43.49)),
])
async def test_a_spot_said_to_lie_in_a_town_is_answered_at_the_town_and_said(
        query: str, tz: str, near: tuple[float, float]) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    args = answer.arguments or {}
    assert abs(args["longitude"] - near[0]) < 0.1 and abs(args["latitude"] - near[1]) < 0.1, args
    assert "this is for" in answer.text, answer.text


@pytest.mark.parametrize("query", ["Guam Tumon Bay tide today", "關島 Tumon 明天滿潮"])
async def test_a_bay_named_after_its_country_is_the_bay(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert abs((answer.arguments or {})["longitude"] - 144.78) < 0.05, answer.arguments


@pytest.mark.parametrize(("query", "tool", "day"), [
    ("寒假去北海道 札幌後天會下雪嗎", "weather.forecast", None),
    ("連假去墾丁 明天幾點滿潮", "tide.forecast", "2028-05-04"),
])
async def test_a_school_holiday_beside_a_day_word_is_the_trip_not_the_day(query: str, tool: str, day: str | None) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.tool == tool, answer.text
    assert day is None or (answer.arguments or {}).get("date") == day, answer.arguments


async def test_a_school_holiday_alone_still_asks_which_day() -> None:
    answer = await ask_router("暑假去澎湖 潮汐", QT, "Asia/Taipei")
    assert answer.mode != "mcp_tools" and "哪一天" in answer.text, answer.text


@pytest.mark.parametrize("query", ["qingdao 明天天气", "beidaihe 后天天气"])
async def test_a_latin_place_with_simplified_weather_words_is_the_weather(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Shanghai")
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text


@pytest.mark.parametrize(("query", "lat"), [
    ("Victoria Day sunset in Vancouver", 49.25),     # British Columbia's
    ("Memorial Day sunset in Vancouver", 45.64),     # Washington's
])
async def test_a_day_one_country_keeps_settles_a_shared_place_name(query: str, lat: float) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert abs((answer.arguments or {})["latitude"] - lat) < 0.1, answer.arguments


@pytest.mark.parametrize("query", ["將軍這馬是咧漲抑是咧退", "北門現在在漲還是在退"])
async def test_a_weak_town_name_opening_a_rising_or_falling_question_is_the_town(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text


@pytest.mark.parametrize(("query", "country"), [
    ("香港淺水灣明天天氣", "HK"),       # Repulse Bay, named with its city: not Sanzhi's 淺水灣 asked about
    ("香港的淺水灣今天潮汐", "HK"),
    ("三芝淺水灣明天天氣", "TW"),
    ("淺水灣明天天氣", "TW"),           # alone, from Taiwan: the home one
])
def test_a_shared_zh_name_named_with_a_city_abroad_is_that_citys(query: str, country: str) -> None:
    place = find_place(query, home="TW")
    assert place is not None and place.country == country, place


@pytest.mark.parametrize(("query", "lat"), [
    ("Reading PA weather tomorrow", 40.34),   # Reading, Pennsylvania; not Philadelphia
])
async def test_a_town_named_by_a_word_before_its_state_is_the_town(query: str, lat: float) -> None:
    answer = await ask_router(query, QT, "America/New_York")
    assert answer.mode == "mcp_tools" and abs((answer.arguments or {})["latitude"] - lat) < 0.1, answer.arguments


async def test_reading_a_tide_table_is_no_town() -> None:
    answer = await ask_router("Reading tide tables is hard, what does MLLW mean", QT, "America/New_York")
    assert answer.mode == "explain", (answer.mode, answer.text)


@pytest.mark.parametrize(("query", "lat"), [
    ("Tampa Bay St. Petersburg tides tomorrow", 27.77),   # a bay's name ends before the town: no slip of Russia's
    ("Nah Trang tides", 12.25),                           # a real slip of a longer name still read (Nha Trang)
])
async def test_a_place_word_before_a_town_is_no_slip_of_a_longer_name(query: str, lat: float) -> None:
    answer = await ask_router(query, QT, "America/New_York")
    assert answer.mode == "mcp_tools" and abs((answer.arguments or {})["latitude"] - lat) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("where's the rip at Bondi today", "Australia/Sydney"),   # a rip current, no spot of Bondi's: asked or declined
])
async def test_a_lower_case_word_said_at_a_town_is_no_spot_of_it(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode != "mcp_tools", answer.text


async def test_a_known_town_opening_a_question_about_its_own_spot_is_no_unknown_name() -> None:
    answer = await ask_router("Darwin tides today? boat ramp at Dinah Beach", QT, "Australia/Sydney")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
