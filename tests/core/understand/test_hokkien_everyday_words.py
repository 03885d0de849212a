"""Hokkien and everyday intent words through the real Router (issue 26): 湧 is the swell, a question
particle is no misspelt weather word, ebb and flood in Hokkien, the water's drying split by when,
walking across at low water, fish catches declined, "plot" with the tide is the chart, activity
words that ask no data, the wind alone, and the wind's set-up explained by the storm-surge passage."""
from __future__ import annotations

import pytest

from core.answers.codegen import is_code_request
from core.answers.declined import asked_unavailable
from core.understand.signals import detect_signals
from tests.router_ask import ask_router

FRIDAY = "2026-11-27T09:00:00+08:00"
NEW_YORK_FRIDAY = "2026-11-27T09:00:00-05:00"


@pytest.mark.parametrize("query", ["大後日綠島湧會大無", "明仔載墾丁湧足大袂"])
async def test_the_swell_in_hokkien_is_declined_with_the_wind_offered(query: str) -> None:
    answer = await ask_router(query, FRIDAY)
    assert (answer.debug or {}).get("reason") == "sea_state_only", (query, answer.debug, answer.text)
    assert "大霧" not in answer.text and "風" in answer.text, answer.text


async def test_the_swell_with_the_wind_gets_the_wind() -> None:
    answer = await ask_router("後日蘭嶼風湧敢會真透", FRIDAY)
    assert answer.tool == "weather.forecast" and (answer.debug or {}).get("reason") == "sea_state_wind", answer.debug


@pytest.mark.parametrize("text", ["湧升流是什麼", "錢塘江湧潮", "遊客湧入"])
def test_a_word_holding_the_swell_character_asks_no_waves(text: str) -> None:
    assert not detect_signals(text).sea_state, text


@pytest.mark.parametrize("query, day", [
    ("拜二鹿港啥物時陣落流", "2026-12-01"),
    ("明仔載布袋底時漲流", "2026-11-28"),
    ("後日安平水啥物時陣會焦", "2026-11-29"),
    ("今仔日王功水當時焦", "2026-11-27"),
    ("明仔載淡水水幾點滇", "2026-11-28"),
    ("奎壁山 後天幾點才能走過去", "2026-11-29"),
    ("拜六北寮步道浮現是幾點", "2026-11-28"),
])
async def test_hokkien_and_spoken_tide_asks_get_the_tide(query: str, day: str) -> None:
    answer = await ask_router(query, FRIDAY)
    assert answer.tool == "tide.forecast", (query, answer.mode, answer.debug, answer.text[:120])
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)


async def test_walking_out_to_an_island_in_english_is_the_tide() -> None:
    answer = await ask_router("what time can we walk out to Burgh Island on Sunday?", "2026-11-27T09:00:00+00:00",
                              tz="Europe/London")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == "2026-11-29", answer.arguments


@pytest.mark.parametrize("query", ["新港今天旗魚漁獲量如何", "今天黑鮪魚魚價多少", "Montauk striped bass catch report this week"])
async def test_fish_catches_and_prices_are_declined(query: str) -> None:
    answer = await ask_router(query, FRIDAY)
    assert (answer.debug or {}).get("reason") == "no_such_data" and answer.tool is None, (query, answer.debug)
    assert [kind.key for kind in asked_unavailable(query)][:1] == ["catch"], answer.text


def test_nightfall_is_not_read_across_a_fish_after_today() -> None:
    assert not detect_signals("今天黑鮪魚多少錢").astro


@pytest.mark.parametrize("query", ["plot Sunday's tide at Keelung", "can you plot the tides at Anping tomorrow"])
async def test_plot_with_the_tide_and_no_code_word_is_the_tide_chart(query: str) -> None:
    assert not is_code_request(query)
    answer = await ask_router(query, FRIDAY)
    assert answer.tool == "tide.chart", (query, answer.mode, answer.debug)


@pytest.mark.parametrize("query", ["python: plot tomorrow's tide at Anping", "plot the SST anomaly off Penghu for last month"])
def test_plot_with_a_code_word_or_without_the_tide_is_code(query: str) -> None:
    assert is_code_request(query)


@pytest.mark.parametrize("query", [
    "wind at Cape May tomorrow? going surf fishing",
    "how gusty will it be at Montauk on Sunday, planning to surf",
])
async def test_an_activity_asks_no_waves_beside_the_wind(query: str) -> None:
    answer = await ask_router(query, NEW_YORK_FRIDAY, tz="America/New_York")
    assert answer.tool == "weather.forecast" and (answer.debug or {}).get("reason") == "weather_keywords", \
        (query, answer.debug)


def test_surf_fishing_declines_no_waves_but_surf_does() -> None:
    assert "waves" not in [k.key for k in asked_unavailable("wind tomorrow, surf fishing at Hatteras")]
    assert "waves" in [k.key for k in asked_unavailable("how's the surf at Hatteras tomorrow")]


@pytest.mark.parametrize("query", ["蘭嶼 大後天 風", "台東 明仔載 風？"])
async def test_the_wind_alone_beside_a_place_and_a_day_is_the_weather(query: str) -> None:
    answer = await ask_router(query, FRIDAY)
    assert answer.tool == "weather.forecast", (query, answer.mode, answer.debug, answer.text[:80])


def test_wind_inside_a_word_is_not_the_wind_alone() -> None:
    assert not detect_signals("墾丁 風景").wind and not detect_signals("颱風 明天").wind_bare


async def test_hot_asked_in_hokkien_is_the_weather() -> None:
    answer = await ask_router("高雄拜六會熱無", FRIDAY)
    assert answer.tool == "weather.forecast", (answer.mode, answer.debug)


async def test_the_sea_above_its_prediction_in_the_monsoon_is_the_storm_surge_passage() -> None:
    answer = await ask_router("東北季風很強的時候 潮位會不會比預報高", FRIDAY, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (answer.mode, answer.text[:120])
    # the wind set-up passage, or the forecast-accuracy one that names wind and air pressure first (explain9)
    titles = [c.title for c in answer.citations]
    assert any("暴潮" in title or "風堆高" in title for title in titles[:2]), titles   # wind_setup: its own passage now


@pytest.mark.parametrize("query", ["初一、十五前後潮水為什麼比較大", "大潮為什麼常在農曆初二跟十六"])
async def test_the_new_and_full_moon_days_as_a_pair_are_no_day(query: str) -> None:
    answer = await ask_router(query, FRIDAY, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (query, answer.mode, answer.debug, answer.text[:120])


async def test_one_lunar_day_is_still_that_day() -> None:
    answer = await ask_router("農曆十五安平滿潮幾點", FRIDAY)
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == "2026-12-23", answer.arguments


async def test_a_hokkien_why_question_is_explained() -> None:
    answer = await ask_router("是按怎一工會有兩擺洘流？阮囝問我", FRIDAY, dry_run=False)
    assert answer.mode == "explain" and answer.citations, (answer.mode, answer.text[:120])


async def test_the_spring_tides_of_a_whole_country_asked_from_abroad_are_the_moons() -> None:
    answer = await ask_router("韓國 一月的大潮是哪幾天", "2026-11-27T16:00:00-08:00", tz="America/Los_Angeles", dry_run=False)
    assert answer.tool == "tide.forecast" and (answer.debug or {}).get("reason") == "moon_phase_default_place", answer.debug
    assert "內陸" not in answer.text and "1月" in answer.text.splitlines()[0], answer.text[:200]

