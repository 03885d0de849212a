"""Issue 26, askers in Hong Kong, South-East Asia, Japan and Korea: spots a local or a traveller names by
themselves that nothing answered to, and Japanese as Taiwan's travellers write it from Japan (月の出, 今何時,
って何, the particles), in new wordings, through the real Router (local engine, no LLM)."""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-11-28T08:00:00"   # a Saturday
HK, JKT, BKK, SEOUL, TOKYO = "Asia/Hong_Kong", "Asia/Jakarta", "Asia/Bangkok", "Asia/Seoul", "Asia/Tokyo"


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("鹿頸今晚幾點水漲", HK, "tide.forecast", 22.533, 114.219),
    ("tide at Pulau Pramuka on Sunday, snorkelling trip", JKT, "tide.forecast", -5.745, 106.614),
    ("Pattaya Beach Koh Lipe low tide tomorrow?", BKK, "tide.forecast", 6.484, 99.303),
    ("양양 죽도해수욕장 수온", SEOUL, "ghrsst.bbox_mean", 37.971, 128.761),
    ("雨晴海岸 後天日出幾點", TOKYO, "tide.forecast", 36.822, 137.047),
])
async def test_a_small_spot_is_answered_there(query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool and answer.arguments, answer.text
    assert km_between(*planned_point(answer.arguments), lat, lon) < 10, answer.arguments


async def test_pattaya_beach_alone_is_still_the_city() -> None:
    answer = await ask_router("Pattaya beach high tide today", QT, BKK)
    assert answer.arguments and km_between(*planned_point(answer.arguments), 12.93, 100.88) < 15, answer.text


@pytest.mark.parametrize(("query", "tool", "lat"), [
    ("江の島 明日の月の入りは？", "tide.forecast", 35.30),
    ("江ノ島 今日の日の入りは何時", "tide.forecast", 35.30),
])
async def test_japanese_sun_and_moon_words_are_read(query: str, tool: str, lat: float) -> None:
    answer = await ask_router(query, QT, TOKYO)
    assert answer.tool == tool and answer.arguments, answer.text
    assert abs(planned_point(answer.arguments)[0] - lat) < 0.1


async def test_the_time_now_asked_in_japanese() -> None:
    answer = await ask_router("ロンドン 今は何時？", QT, TOKYO)
    assert answer.tool == "time.now" and answer.arguments and answer.arguments["tz"] == "Europe/London", answer.text


async def test_what_a_japanese_tide_word_is_is_explained() -> None:
    answer = await ask_router("潮見表の「小潮」と「大潮」って何？", QT, TOKYO, dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text


@pytest.mark.parametrize("query", ["what's 8물 on the Korean tide calendar?", "조금 물때 — meaning?"])
async def test_korean_tide_day_words_are_explained(query: str) -> None:
    answer = await ask_router(query, QT, SEOUL, dry_run=False)
    assert answer.mode == "explain" and answer.citations and "물때" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Yonagunijima sunset today?", "Asia/Taipei", 24.46, 122.99),    # Yonaguni-jima written run together
    ("KK rain tomorrow?", "Asia/Kuching", 5.97, 116.07),              # Kota Kinabalu as Sabah writes it
])
async def test_a_name_as_travellers_and_locals_write_it(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.arguments and km_between(*planned_point(answer.arguments), lat, lon) < 25, answer.text
