"""Issue 26, session 21 (t21d): never confidently wrong, through the real Router (local engine, no LLM; data tools
planned, not called). New wordings of the classes the tuning sets report20_fd and report20_fb showed:

* a name real coastal places hold far apart is asked about unless the question or the asker's zone settles it
  (Christmas Island: Kiribati's atoll or Australia's territory; Long Beach from Los Angeles, Washington's on the
  Pacific too; 南澳 from China: Shantou's island or Shenzhen's town; Victoria from Australia: a whole state, or
  British Columbia's port);
* a city written as its letters with a name in another script after it ("SF 소살리토") is asked about, not answered
  for the city;
* a surf spot's size ("how big is Mavericks gonna be") is declined (no wave data), not answered with its tide;
* colloquial day counts in Japanese, Korean and Chinese (しあさって, 낼모레, 그글피, 大后日) are their days;
* the next king tide is the next spring-tide window's days, not today's tides;
* a spot named beside the bay holding it is the spot; a two-character slip after its area (沖繩那壩) is read;
* a Hawaiian name written with its ʻokina (Kaʻanapali) is that name, not two words (nor Annapolis).
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-10-28T07:15:00"   # a Thursday morning on the asker's clock


@pytest.mark.parametrize(("query", "tz"), [
    ("Christmas Island weather tomorrow", "Pacific/Auckland"),
    ("christmas island sunset tonight?", "America/Los_Angeles"),
    ("Long Beach sunset tonight", "America/Los_Angeles"),
    ("low tide at long beach saturday", "America/Los_Angeles"),
    ("南澳明天會下雨嗎", "Asia/Shanghai"),
    ("南澳 后天 满潮几点", "Asia/Shanghai"),
    ("Victoria tides this weekend", "Australia/Sydney"),
])
async def test_a_name_coastal_places_hold_far_apart_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("Long Beach, Washington tides tomorrow", "America/Los_Angeles", 46.35),
    ("Victoria high tide tomorrow", "America/Vancouver", 48.44),
    ("汕頭南澳明天潮汐", "Asia/Shanghai", 23.4),
])
async def test_the_question_or_the_zone_settles_a_shared_coastal_name(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert abs(float((answer.arguments or {})["latitude"]) - lat) < 0.2, answer.arguments


async def test_a_clock_question_needs_no_twin_in_the_askers_own_zone() -> None:
    answer = await ask_router("what time is it in long beach", QT, "America/Los_Angeles")
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("SF 소살리토 내일 날씨", "Asia/Seoul"),
    ("LA 말리부 일요일 일몰", "Asia/Seoul"),
    ("SF ソーサリート 明日の天気", "Asia/Tokyo"),
])
async def test_a_name_in_another_script_after_a_citys_letters_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.arguments, answer.text)


async def test_a_citys_letters_alone_are_the_city() -> None:
    answer = await ask_router("LA 내일 날씨", QT, "Asia/Seoul")
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert abs(float((answer.arguments or {})["latitude"]) - 34.05) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("how big is Mavericks gonna be tomorrow", "America/Los_Angeles"),
    ("is Waimea gonna be big tomorrow?", "Pacific/Honolulu"),
    ("will Teahupoo be firing tomorrow", "Pacific/Tahiti"),
])
async def test_a_surf_spots_size_is_declined_not_its_tide(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "explain" and answer.tool is None, (answer.mode, answer.tool, answer.text)


async def test_the_tides_height_at_a_surf_spot_is_still_the_tide() -> None:
    answer = await ask_router("how high is the tide at Pipeline tomorrow", QT, "Pacific/Honolulu")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("しあさって 江の島の満潮は？", "Asia/Tokyo", "2027-10-31"),
    ("明々後日の鎌倉の日の出", "Asia/Tokyo", "2027-10-31"),
    ("낼모레 속초 일출 몇시?", "Asia/Seoul", "2027-10-30"),
    ("大后日西貢潮汐", "Asia/Hong_Kong", "2027-10-31"),
    ("大大後天淡水潮汐", "Asia/Taipei", "2027-11-01"),
])
async def test_colloquial_day_counts_are_their_days(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


async def test_korean_in_four_days_is_four_days_of_forecast() -> None:
    answer = await ask_router("그글피 부산 날씨", QT, "Asia/Seoul")
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == 5, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("next king tide in Sydney?", "Australia/Sydney"),
    ("when's the next king tide at Manly", "Australia/Sydney"),
    ("when are the king tides in San Diego", "America/Los_Angeles"),
])
async def test_the_next_king_tide_is_the_next_spring_window(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert "Next spring tides" in (answer.text or ""), answer.text   # the window's days, said first


async def test_a_king_tide_asked_what_it_is_is_explained() -> None:
    answer = await ask_router("what's a king tide?", QT, "Australia/Sydney")
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("Minas Basin (Burntcoat) low tide Saturday", "America/Halifax", 45.31),
    ("Bay of Fundy, Hopewell Rocks tides tomorrow", "America/Moncton", 45.82),
])
async def test_a_spot_named_beside_its_bay_is_the_spot(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert abs(float((answer.arguments or {})["latitude"]) - lat) < 0.05, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("沖繩那壩明天日落", "Asia/Hong_Kong"),
    ("沖繩那壩 後天會下雨嗎", "Asia/Taipei"),
])
async def test_a_slip_after_its_area_is_the_place_it_names(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (answer.mode, answer.text)
    assert abs(float((answer.arguments or {})["latitude"]) - 26.21) < 0.05, answer.arguments


@pytest.mark.parametrize(("query", "lat"), [
    ("Kaʻanapali sunset tomorrow", 20.93),
    ("Lānaʻi weather tomorrow", 20.83),
    ("Peʻahi tides tmrw", 20.94),
])
async def test_a_name_written_with_its_okina_is_that_name(query: str, lat: float) -> None:
    answer = await ask_router(query, QT, "Pacific/Honolulu")
    assert answer.mode == "mcp_tools", (answer.mode, answer.text)
    assert abs(float((answer.arguments or {})["latitude"]) - lat) < 0.05, answer.arguments


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("토욜 제주 비옴?", "Asia/Seoul", 3),                        # chat's 토욜 (Saturday) and 비옴 (rain coming?)
    ("담주 화욜 속초 날씨", "Asia/Seoul", 6),                     # next week's Tuesday
    ("¿habrá garúa en Miraflores este finde?", "America/Lima", 4),   # Lima's drizzle, through Sunday
    ("¿se viene la sudestada mañana? estoy en Colonia del Sacramento", "America/Montevideo", 2),
    ("Ça va-tu mouiller demain à Shediac?", "America/Moncton", 2),
])
async def test_local_words_for_rain_wind_and_days_are_the_weather(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", (answer.mode, answer.tool, answer.text)
    assert (answer.arguments or {}).get("forecastDays") == days, answer.arguments


async def test_the_lowest_low_is_the_tide() -> None:
    answer = await ask_router("Cannon Beach tide pooling saturday, when's the lowest low?", QT, "America/Los_Angeles")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)
    assert (answer.arguments or {}).get("date") == "2027-10-30", answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("gonna rain in Seaside OR tomorrow? we wanna go clamming at low tide", "America/Los_Angeles"),
    ("¿va a llover mañana en Puerto Montt? queremos ir a mariscar con marea baja", "America/Santiago"),
    ("va-t-il pleuvoir demain à Shediac ? on veut marcher à marée basse", "America/Moncton"),
])
async def test_rain_asked_for_a_low_tide_outing_is_the_weather(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", (answer.mode, answer.tool, answer.text)


async def test_the_low_tide_asked_for_an_outing_is_still_the_tide() -> None:
    answer = await ask_router("when is low tide in Santa Cruz tomorrow? we want to go tidepooling at low tide", QT,
                              "America/Los_Angeles")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)
