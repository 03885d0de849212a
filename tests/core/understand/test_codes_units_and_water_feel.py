"""Three small readings of issue 26's tenth round, through the real Router: a state or country code typed in
lower case right after its place qualifies it ("queenstown nz"), a bare day of the month glued to a place
(「28號那霸」) is that day there, and the water's feel asked words apart is the sea's temperature."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router, km_between, planned_point

SYDNEY = ("2026-12-09T17:45:00", "Australia/Sydney")


@pytest.mark.parametrize("query, lat, lon", [
    ("sunset at queenstown nz on saturday", -45.03, 168.66),
    ("皇后鎮 queenstown nz 星期六日出", -45.03, 168.66),
    ("hamilton nz rain tomorrow?", -37.78, 175.28),
])
async def test_a_lower_case_code_after_its_place_settles_which(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, *SYDNEY)
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(lat, lon, *planned_point(answer.arguments or {})) < 30


async def test_a_lower_case_code_still_leaves_two_of_its_own_to_ask() -> None:
    answer = await ask_router("portland usa high tide", *SYDNEY)   # the American ones, not Victoria's
    assert answer.mode == "fallback" and answer.text.count("United States") >= 2 and "Victoria" not in answer.text


async def test_or_after_a_place_is_no_state() -> None:
    answer = await ask_router("portland or seattle tides tomorrow", *SYDNEY)
    assert "Oregon" not in answer.text or answer.mode == "fallback"


@pytest.mark.parametrize("query, day", [
    ("下禮拜去沖繩玩 29號那霸幾點日落", "2026-12-29"),
    ("30號峇里島幾點滿潮", "2026-12-30"),
    ("月底要去 27號濟州島乾潮", "2026-12-27"),
])
async def test_a_bare_day_glued_to_a_place_is_that_day_there(query: str, day: str) -> None:
    answer = await ask_router(query, *SYDNEY)
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("date") == day


async def test_a_numbered_pier_stays_a_pier() -> None:
    answer = await ask_router("基隆18號碼頭明天滿潮", "2026-12-09T09:00:00")
    assert (answer.arguments or {}).get("date") != "2026-12-18"


@pytest.mark.parametrize("query", [
    "heading down after brekkie, is the water still freezing at coogee",
    "water gonna be warm enough at noosa main beach this arvo?",
    "icy water at st kilda today or nah",
])
async def test_the_water_s_feel_is_the_sea_temperature(query: str) -> None:
    answer = await ask_router(query, *SYDNEY)
    assert answer.tool == "ghrsst.bbox_mean", answer.text


async def test_high_water_stays_the_tide() -> None:
    answer = await ask_router("high water at manly tomorrow, cold morning?", *SYDNEY)
    assert answer.tool == "tide.forecast", answer.text


@pytest.mark.parametrize("query", [
    "how strong is the current off the point at port phillip heads right now",
    "is the current too strong for a snorkel at manly today",
    "which way is the current running at bondi now",
])
async def test_the_current_of_a_place_is_no_tide_table(query: str) -> None:
    answer = await ask_router(query, *SYDNEY)
    assert answer.tool != "tide.forecast" and answer.mode != "mcp_tools", answer.text


async def test_the_current_tide_is_still_the_tide() -> None:
    answer = await ask_router("what's the current tide at manly", *SYDNEY)
    assert answer.tool == "tide.forecast", answer.text


@pytest.mark.parametrize("query", ["聖克魯斯 加州 明天日落幾點", "日本 波士頓 明天滿潮", "高雄（日本）明天天氣"])
async def test_a_place_outside_the_country_written_beside_it_is_asked_about(query: str) -> None:
    answer = await ask_router(query, "2026-12-10T20:00:00")
    assert answer.mode == "fallback", answer.text


@pytest.mark.parametrize("query, lat", [("美國波特蘭明天天氣", 45.5), ("Perth, Scotland weather tomorrow", 56.4),
                                        ("日本沖繩明天潮汐", 26.3)])
async def test_a_place_inside_the_country_written_beside_it_is_answered(query: str, lat: float) -> None:
    answer = await ask_router(query, "2026-12-10T20:00:00")
    assert answer.mode == "mcp_tools" and abs(planned_point(answer.arguments or {})[0] - lat) < 1, answer.text


async def test_the_asker_s_country_then_a_city_asks_the_city() -> None:
    answer = await ask_router("我在日本 台北現在幾點", "2026-12-10T20:00:00", "Asia/Tokyo")
    assert (answer.arguments or {}).get("tz") == "Asia/Taipei", answer.text


async def test_the_asker_s_own_state_beside_a_place_is_no_qualifier() -> None:
    answer = await ask_router("I'm in CA, 東港漁港明天幾點滿潮", "2026-12-10T20:00:00", "America/Los_Angeles")
    assert answer.mode == "mcp_tools", answer.text
