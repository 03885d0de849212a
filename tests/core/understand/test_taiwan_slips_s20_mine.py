"""Issue 26, session 20: a Taiwan harbour written with a character mistaken by its look (鳥 for 烏) is that harbour,
said back, never a near name abroad; someone gone to sea, said as a guess beside a clock question, asks the clock,
not the sea's weather. Through the real Router (local engine, no LLM; data tools planned, not called)."""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-07-13T18:30:00"


@pytest.mark.parametrize("query", ["鳥石港明天滿潮", "明天鳥石港幾點退潮", "鳥石港 這禮拜六潮汐"])
async def test_a_glyph_slip_names_the_taiwan_harbour(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert abs(float(args["longitude"]) - 121.85) < 0.1 and abs(float(args["latitude"]) - 24.86) < 0.1, args
    assert "烏石港" in answer.text   # the reading said back


@pytest.mark.parametrize(("query", "tz"), [
    ("台灣現在幾點？阿公應該出海了吧", "America/Los_Angeles"),
    ("基隆現在幾點 爸爸已經出海了", "Europe/London"),
    ("澎湖現在幾點了？阿爸早就出海了", "Asia/Tokyo"),
])
async def test_someone_gone_to_sea_beside_a_clock_question_asks_the_clock(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", (answer.tool, answer.text)


async def test_going_to_sea_asked_is_still_the_weather() -> None:
    answer = await ask_router("明天可以出海嗎 基隆", QT, "Asia/Taipei")
    assert answer.tool == "weather.forecast", answer.text
