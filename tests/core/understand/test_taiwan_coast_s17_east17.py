"""Issue 26, session 17 (east17): Taiwan's coast as Simplified, Hokkien, Korean and Cantonese askers write it,
through the real Router (local engine, no LLM).

* A county or city written with a slip right before the harbour or spot asked (宜籣烏石港, 高熊旗津) names
  where the spot is: the spot is answered, the slip said back; the county is never answered in its stead.
* A landmark (澎湖跨海大橋) is answered at its own point, not at its township's seat.
* A Taiwan township sharing its name with an island of China (南澳) is not taken silently for the
  mainland's by an asker in China: asked, or the choice said.
* 해수면 온도 (the sea surface's temperature) is the sea temperature, in a question or a program asked for.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between

QT = "2026-12-10T12:20:00"   # a Thursday lunchtime


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "slip"), [
    ("屏冬小琉球明天幾點退潮", "Asia/Taipei", 22.34, 120.37, "屏冬"),
    ("花连七星潭明天日出几点", "Asia/Shanghai", 24.03, 121.62, "花連"),
    ("高熊旗津后天退潮几点", "Asia/Shanghai", 22.60, 120.27, "高熊"),
    ("基龙八斗子明天几点涨潮", "Asia/Shanghai", 25.14, 121.79, "基龍"),
])
async def test_a_misspelt_county_before_its_spot_keeps_the_spot(query: str, tz: str, lat: float, lon: float,
                                                                 slip: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "mcp_tools", answer.text
    args = answer.arguments or {}
    assert km_between(args["latitude"], args["longitude"], lat, lon) <= 8, (args, answer.text)
    assert slip in (answer.text or ""), answer.text   # the slip is said back


async def test_a_county_in_traditional_characters_is_no_slip() -> None:
    answer = await ask_router("台中梧栖渔港明天退潮", QT, "Asia/Shanghai", dry_run=False)
    args = answer.arguments or {}
    assert km_between(args["latitude"], args["longitude"], 24.25, 120.52) <= 8, (args, answer.text)
    assert "當成" not in (answer.text or ""), answer.text


@pytest.mark.parametrize("query", ["澎湖跨海大橋下 明天乾潮幾點", "Penghu Great Bridge sunset tomorrow", "澎湖大橋 明仔載 日頭落山"])
async def test_the_penghu_bridge_is_its_own_point(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(args["latitude"], args["longitude"], 23.651, 119.548) <= 3, (args, answer.text)


@pytest.mark.parametrize("query", ["南澳后天几点退潮", "南澳这周六日出几点"])
async def test_a_shared_township_name_asked_from_china_is_not_taken_silently(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Shanghai", dry_run=False)
    text = answer.text or ""
    assert answer.mode == "fallback" or "不只一個" in text, text


@pytest.mark.parametrize("query", ["南澳明天幾點漲潮", "東澳後天滿潮"])
async def test_a_township_asked_in_taiwan_stays_taiwans(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools" and args["longitude"] > 121.5, (args, answer.text)


@pytest.mark.parametrize("query", ["제주 해수면 온도 파이썬 코드 좀 짜줘", "파이썬으로 목포 바다온도 가져오는 스크립트"])
async def test_korean_sea_surface_temperature_in_a_program(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul", dry_run=False)
    assert answer.mode == "code" and "ghrsst" in (answer.text or ""), answer.text
