"""Weather and time questions through the router, with Open-Meteo served on loopback."""
from __future__ import annotations

import re

import pytest

from core.config import Settings
from core.envelope import Question
from core.router import Router
from openmeteo_server import OpenMeteoServer

QT = "2025-11-25T10:20:00+08:00"        # the test server's "today" is 2025-11-25


async def ask(router: Router, query: str) -> dict:
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT))
    return answer.to_json_dict()


@pytest.mark.e2e
async def test_rain_tomorrow_in_keelung_zh():
    with OpenMeteoServer() as om:
        router = Router(Settings(open_meteo_url=om.url, odbchat_backend="local"), llm=None)
        env = await ask(router, "明天基隆會下雨嗎？")
        await router.aclose()
        params = om.requests[-1]
    assert env["tool"] == "weather.forecast"
    assert abs(env["arguments"]["latitude"] - 25.13) < 0.1 and abs(env["arguments"]["longitude"] - 121.74) < 0.1
    assert env["arguments"]["forecastDays"] == 2 and params["forecast_days"] == "2"
    assert "基隆" in env["text"] and "降雨機率 80%" in env["text"] and "12.3 mm" in env["text"]
    assert "資料來源：Open-Meteo" in env["text"]


@pytest.mark.e2e
async def test_rain_tomorrow_in_bern_en():
    with OpenMeteoServer() as om:
        router = Router(Settings(open_meteo_url=om.url, odbchat_backend="local"), llm=None)
        env = await ask(router, "Will it rain tomorrow in Bern?")
        await router.aclose()
    assert env["tool"] == "weather.forecast" and env["lang"] == "en"
    assert abs(env["arguments"]["latitude"] - 46.95) < 0.1 and env["arguments"]["timezone"] == "Europe/Zurich"
    assert "80% chance of rain" in env["text"] and not re.search(r"[\u4e00-\u9fff]", env["text"])


@pytest.mark.e2e
async def test_weather_api_error_is_explained_not_raised():
    with OpenMeteoServer(mode="error") as om:
        router = Router(Settings(open_meteo_url=om.url, odbchat_backend="local"), llm=None)
        env = await ask(router, "高雄今天天氣如何？")
        await router.aclose()
    assert env["error"].startswith("UNAVAILABLE") and env["text"].startswith("目前無法取得資料：")


async def test_weather_without_place_asks_for_one():
    router = Router(Settings(odbchat_backend="local"), llm=None)
    env = await ask(router, "明天會下雨嗎？")
    assert env["mode"] == "fallback" and "地點" in env["text"]


@pytest.mark.parametrize("query, zone, expected", [
    ("What time is it in Honolulu?", "Pacific/Honolulu", "In Honolulu it is 16:20 on Monday, 2025-11-24"),
    ("東京現在幾點？", "Asia/Tokyo", "東京現在是 2025-11-25（星期二）11:20"),
    ("現在幾點？", "Asia/Taipei", "現在是 2025-11-25（星期二）10:20"),
])
async def test_time_now_questions(query, zone, expected):
    router = Router(Settings(odbchat_backend="local"), llm=None)
    env = await ask(router, query)
    assert env["tool"] == "time.now" and env["result"]["tz"] == zone
    assert env["text"].startswith(expected)


@pytest.mark.e2e
async def test_chaozhou_is_a_town_not_a_tide_question():
    with OpenMeteoServer() as om:
        router = Router(Settings(open_meteo_url=om.url, odbchat_backend="local"), llm=None)
        env = await ask(router, "潮州明天天氣")
        await router.aclose()
    assert env["tool"] == "weather.forecast" and abs(env["arguments"]["longitude"] - 120.54) < 0.05
