"""Issue 26 (eu12, tune53/59's Europe travellers, new wordings of each class), through the real Router (dry run,
no LLM): a program asked for at a place several places share is settled like a data answer (the asker's zone,
else "which one?"); a small European spot a namesake took or nothing knew; a place whose name is an English
word, typed in lower case between the data asked and its day; Italian sun words.
"""
from __future__ import annotations

import pytest

from core.answers.code_ask import read_code_ask
from tests.router_ask import ask_router

QT = "2026-03-05T09:30:00+00:00"   # a Thursday


@pytest.mark.parametrize("query, tz", [
    ("python script for a fortnight of Santa Cruz tide times", "Europe/Berlin"),
    ("寫程式畫 Newport 下週的日出日落", "Asia/Taipei"),
])
async def test_a_program_for_a_shared_name_nothing_settles_asks_which(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", (query, answer.text)


async def test_a_program_for_a_shared_name_the_askers_zone_settles_is_written() -> None:
    answer = await ask_router("code to plot Santa Cruz tides for the next 3 days", QT, "America/Los_Angeles",
                              dry_run=False)
    assert answer.mode == "code" and "Santa Cruz (-122" in answer.text, answer.text


@pytest.mark.parametrize("query, tz, lat, lon", [
    ("Kalamaki Zante sea temperature", "Europe/London", 37.73, 20.93),
    ("Kalamaki Chania weather saturday", "Europe/Berlin", 35.51, 23.96),
    ("Cirkewwa water temp this morning", "Europe/London", 35.99, 14.33),
    ("weather at Ses Illetes on Saturday", "Europe/Berlin", 38.75, 1.43),
    ("tides in the Solent on Saturday", "Europe/London", 50.77, -1.30),
    ("冰島 Vík 週六會下雪嗎", "Asia/Taipei", 63.42, -19.01),
    ("mumbles high water saturday", "Europe/London", 51.57, -3.99),
    ("high tide rock saturday", "Europe/London", 50.55, -4.92),
])
async def test_a_small_european_spot_is_answered_where_it_is(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (query, answer.text)
    args = answer.arguments or {}
    if "bbox" in args:
        w, s, e, n = args["bbox"]
        got = ((s + n) / 2, (w + e) / 2)
    else:
        got = (args["latitude"], args["longitude"])
    assert abs(got[0] - lat) < 0.1 and abs(got[1] - lon) < 0.1, (query, args)


@pytest.mark.parametrize("query, tz", [
    ("Kalamaki sea temp tomorrow", "Europe/Athens"),   # Zakynthos', Chania's, or Athens' Álimos
    ("tides at kalamaki beach", "Europe/London"),
])
async def test_a_beach_name_several_greek_coasts_share_is_asked_about(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (query, answer.text)


@pytest.mark.parametrize("query", ["is the deal worth it, low tide today?", "nice weather today", "he mumbles a lot"])
async def test_the_english_word_elsewhere_is_no_place(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/London")
    args = answer.arguments or {}
    assert not args.get("latitude"), (query, answer.text)


@pytest.mark.parametrize("query", ["a che ora è l'alba a Sorrento sabato?", "Positano sorgere del sole domenica"])
async def test_italian_sun_words_ask_the_sun(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/Rome", dry_run=False)
    assert answer.mode == "mcp_tools" and "Sunrise" in answer.text, (query, answer.text)


BREST = {"point": (-4.49, 48.39), "place": "Brest", "place_zh": "布雷斯特", "today": "2025-11-14", "tz": "Europe/Paris"}


@pytest.mark.parametrize("query, variable", [
    ("write def high_tides(port) and call it for Brest", "tide"),
    ("python: a get_sst_series helper for the last week", "sst"),
    ("python for the sunrise_sunset table this week", "sun"),
    ("script: how long the day is in Brest every day this month", "sun"),
    ("寫程式算布雷斯特這週每天晝長", "sun"),
])
def test_a_program_names_its_data_in_the_askers_own_names(query: str, variable: str) -> None:
    assert read_code_ask(query, BREST).variable == variable


@pytest.mark.parametrize("query", ["pioverà a Sorrento domenica?", "Amalfi, nevicherà sabato?"])
async def test_italian_weather_asked_ahead_is_the_weather(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/Rome")
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", (query, answer.text)


async def test_la_palma_asked_from_the_canaries_is_the_island() -> None:
    answer = await ask_router("La Palma sunset on Saturday", QT, "Atlantic/Canary")
    assert answer.mode == "mcp_tools" and abs((answer.arguments or {}).get("latitude", 0) - 28.68) < 0.1, answer.text
