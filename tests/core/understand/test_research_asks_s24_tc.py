"""Issue 26, session 24 (t24tc): researchers' explanations, code and asides, through the real Router (local
engine, no LLM; data tools planned, not called; explanations and code composed for real).

* An explanation asked with chatter around it (who swore it, who keeps confusing it, "I'm comparing …") finds its
  note; the bot's own units, the clock its times are on, where its tides come from, how far a prediction is off and
  what counts as sunrise are ideas, not a place's data to ask a place for.
* A data set's "features" is no request for the bot's features; a meteorologist names no sky.
* A chart asked for by its noun alone or set against a table is the tide chart.
* Code pointing at a place it does not name ("there", 那邊) asks which place; a temperature forecast written in
  Chinese reads the weather.
* A share price is declined, never read as a misspelt 幾點.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2029-05-15T09:30:00"   # a Tuesday morning


@pytest.mark.parametrize(("query", "said"), [
    ("my neighbour insists the tides are biggest in September, is that right?", "equino"),
    ("somebody at the harbour swore storm tide and storm surge are the same thing. are they?", "surge"),
    ("I'm comparing your SST with a buoy thermometer off Penghu and it's 1°C off, how uncertain is MUR near the coast?",
     "buoy"),
    ("what units do you give wind and tide heights in? I need knots and feet", "knot"),
    ("潮高的單位是公分嗎 要怎麼換成英尺", "英尺"),
    ("日落是太陽整顆沉下去才算嗎 還是碰到海平面就算日落", "上緣"),
])
async def test_an_explanation_with_chatter_finds_its_note(query: str, said: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text[:200])
    assert said in answer.text, answer.text[:300]


@pytest.mark.parametrize("query", [
    "你們給的日出時間是當地時間嗎 還是要自己加時差",
    "are your moonrise times given in local time or in UTC?",
    "潮位預報大概會差多少公分",
    "澎湖是半日潮還是全日潮、混合潮？",
    "OSTIA claims 0.05 degree, but does it really resolve small features near the coast?",
    "how far should I trust the last days of a long-range forecast, as a meteorologist would?",
])
async def test_a_question_about_the_bots_figures_is_an_explanation(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text[:200])
    assert (answer.debug or {}).get("reason") not in ("help", "no_location"), answer.debug


@pytest.mark.parametrize("query", [
    "淡水後天潮汐 給我圖 不要表格",
    "Anping tide on Friday, a chart please, not a table",
    "花蓮明天的潮汐 來張圖",
])
async def test_a_chart_asked_by_its_noun_or_against_a_table_is_the_chart(query: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.chart", (answer.tool, answer.text[:200])


@pytest.mark.parametrize("query", [
    "python that prints the sunrise over there for each day of June",
    "寫程式把那邊這個月的潮汐存成csv",
    "matplotlib plot of the sea temperature there last week",
])
async def test_code_pointing_at_a_place_it_does_not_name_asks_which(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code" and not answer.code, answer.text[:200]
    assert "Keelung" in answer.text or "基隆" in answer.text, answer.text   # the example of a place to give


@pytest.mark.parametrize("query", [
    "is there a python way to print the tides at Keelung tomorrow?",
    "python to plot next week's tides",            # no place pointed at: the example place, said
])
async def test_code_with_no_pointer_still_writes_the_program(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code" and answer.code, answer.text[:200]


@pytest.mark.parametrize("query", [
    "寫程式 畫出馬祖後天的溫度預報",
    "python 印出台東明天每小時的溫度",
])
async def test_a_temperature_forecast_in_chinese_is_the_weather(query: str) -> None:
    answer = await ask_router(query, QT, dry_run=False)
    assert answer.mode == "code" and answer.code and "Open-Meteo" in answer.text, answer.text[:200]


@pytest.mark.parametrize("query", [
    "聯發科今天股價多少",
    "what's the share price of Evergreen Marine today",
    "鴻海收盤價幾點公布",
])
async def test_a_share_price_is_declined(query: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "off_topic", (
        answer.mode, answer.tool, answer.text[:200])
