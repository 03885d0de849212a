"""Issue 26, asia22: places as Asia-Pacific askers write them — each class with new wordings, through the real
Router (local engine, no LLM; data tools planned, not called).

* A zh name abroad is not asked about against a home place whose own zh name differs: a Taiwan asker writes
  Taiwan's Bali 八里, so 巴里島 is Indonesia's; an asker in Jakarta means Indonesia's Bali, not a town in
  West Bengal known by one name more.
* A name romanised two ways (Ferringhi, Feringgi) is the place's own name in lower case too.
* A Hangul, kanji or Chinese name with an English place word after it ("송정 beach") is the name with that
  word as its own script writes it (송정해수욕장), where the short name alone is many places.
* An island of Hong Kong named X洲 answers to X島 (東龍島 is 東龍洲).
* An everyday-word spot in lower case written beside its island ("crystal bay penida") is that spot.
"""
from __future__ import annotations

import pytest

from core.understand.places_text import own_name, romanised
from router_ask import ask_router, km_between as _km, planned_point as _point

QT = "2026-11-28T07:30:00+08:00"   # a Saturday morning in Hong Kong, Singapore, Manila, Bali


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("巴里島後天會落雨嗎", "Asia/Taipei", -8.65, 115.2),
    ("峇里明天幾點日落", "Asia/Taipei", -8.65, 115.2),
    ("what time is it in Bali right now", "Asia/Jakarta", -8.65, 115.2),
])
async def test_bali_is_indonesias_where_the_home_namesake_is_written_otherwise(query: str, tz: str, lat: float,
                                                                                 lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    args = answer.arguments or {}
    if answer.tool == "time.now":
        assert args.get("tz") == "Asia/Makassar", args
    else:
        assert _km(lat, lon, *_point(args)) < 60, args


def test_two_romanisations_of_one_name_are_its_own_name() -> None:
    assert romanised("batu ferringhi") == romanised("batu feringgi")
    assert own_name("batu ferringhi", "batu feringgi")
    assert not own_name("cheung chow", "cheung chau")   # a syllable spelt another way is a slip, not a romanisation


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("batu ferringhi high tide tomorrow", "Asia/Kuala_Lumpur", 5.47, 100.25),
    # (s20: 송정해수욕장 is Gangneung's old name too, so the bare "송정 beach" is asked which; its city settles it)
    ("what time is sunset at 부산 송정 beach", "Asia/Seoul", 35.178, 129.20),
    ("東龍島聽日幾點日出", "Asia/Hong_Kong", 22.25, 114.29),
    ("交椅島今日潮汐", "Asia/Hong_Kong", 22.285, 114.075),
    ("penida crystal bay tide tomorrow? snorkel trip", "Asia/Makassar", -8.716, 115.46),
])
async def test_a_place_written_as_the_region_writes_it_is_found(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 8, answer.arguments
