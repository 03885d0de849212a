"""Every part of a data question is answered: the weather or the SST asked beside the tides is
answered after them by its own tool (Open-Meteo on loopback), or declined in one line when it
cannot be had; a part the answer holds already, or words that only look like one, add nothing."""
from __future__ import annotations

from typing import Any

import pytest

from core.config import Settings
from core.envelope import Question
from core.router import Router
from openmeteo_server import OpenMeteoServer

pytestmark = pytest.mark.e2e

QT = "2025-11-25T10:20:00+08:00"        # the test server's "today"



async def test_the_weather_asked_beside_the_tides_is_answered_too(ask: Any) -> None:
    text = await ask("基隆明天的潮汐和天氣")
    assert "滿潮" in text and "降雨機率 80%" in text and "資料來源：Open-Meteo" in text, text
    assert text.count("地點：基隆") == 1, text
    text = await ask("Keelung sunrise and weather tomorrow")
    assert "Sunrise" in text and "80% chance of rain" in text and "High tide" not in text, text


async def test_a_part_that_cannot_be_had_is_declined_in_one_line(ask: Any) -> None:
    text = await ask("基隆明天潮汐和海溫")
    assert "滿潮" in text and "海表溫度：目前無法取得資料。" in text, text


async def test_no_part_is_added_that_was_not_asked(ask: Any) -> None:
    for query in ("tide and water temperature at Keelung tomorrow", "基隆明天的潮汐和日出", "what time is high tide at Keelung"):
        text = await ask(query)
        assert "rain" not in text and "降雨" not in text, (query, text)   # "temperature" of the water is no weather


async def test_a_sun_part_beside_the_weather_is_the_sun_alone() -> None:
    with OpenMeteoServer() as om:
        router = Router(Settings(open_meteo_url=om.url, odbchat_backend="local"), llm=None)
        answer = await router.answer(Question(query="基隆明天會下雨嗎？日落幾點", tool="weather.forecast", place="基隆",
                                              tz="Asia/Taipei", query_time=QT))
        await router.aclose()
    assert answer.tool == "weather.forecast" and "降雨機率 80%" in answer.text, answer.text
    assert "日落 17:03" in answer.text and "滿潮" not in answer.text, answer.text   # the sun asked, not the tides
