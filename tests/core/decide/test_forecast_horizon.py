"""Issue 26: a weather question for a day beyond the forecast's reach (16 days) is declined when it is planned,
never sent to Open-Meteo, saying what the bot can give for that day (sun, moon, tides); a day within reach, a
span cut to the reach, and the tides of a far day are answered. Through the real Router (local engine, no LLM)."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

DEC1 = "2026-12-01T08:00:00+08:00"   # the forecast reaches Dec 16


@pytest.mark.parametrize(("query", "when"), [
    ("高雄跨年夜會下雨嗎", "12月31日"),
    ("台東元宵節天氣如何", "2027年2月20日"),
    ("基隆12月17日風大嗎", "12月17日"),
])
async def test_weather_beyond_the_forecast_is_declined_when_planned(query: str, when: str) -> None:
    answer = await ask_router(query, DEC1)
    assert answer.tool is None and not answer.arguments
    assert "16 天" in answer.text and when in answer.text and "潮汐" in answer.text


async def test_weather_beyond_the_forecast_is_declined_in_english() -> None:
    answer = await ask_router("will it be windy in Penghu in three weeks?", DEC1)
    assert answer.tool is None
    assert "16 days" in answer.text and "tides" in answer.text


@pytest.mark.parametrize(("query", "tool"), [
    ("基隆12月16日天氣", "weather.forecast"),        # the forecast's last day
    ("高雄未來二十天天氣", "weather.forecast"),       # a span: cut to the reach, and said so
    ("高雄跨年夜潮汐", "tide.forecast"),             # the tides of any day
])
async def test_a_day_within_reach_or_another_tool_is_answered(query: str, tool: str) -> None:
    answer = await ask_router(query, DEC1)
    assert answer.tool == tool, answer.text
