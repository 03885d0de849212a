"""Askers in Japan and Korea, Taiwanese travellers there, visitors from mainland China (issue 26, jpkr16).

- a harbour, island or village the gazetteer lacked is known by its Hangul and Chinese names and answered there, not at
  the city beside it (구룡포 was Pohang, 18 km off, whose point has no tide) nor asked where (대부도, 땅끝마을,
  黄岛金沙滩 — the last was Taiwan's 金沙 beside 青島);
- a name as askers misspell or convert it (해운데 for 해운대; 衝繩, 冲绳 turned character by character) is that place;
- the Japanese tide asked as a verb (何時に満ちる, 潮が引く時間) is the tide, and the sea's temperature in pinyin spelt
  out (haishui wendu, shui wen) is the sea's temperature.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-11-29T07:40:00"


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("구룡포 내일 물때 알려줘", "Asia/Seoul", 35.99, 129.56),
    ("九龍浦港 明天滿潮幾點", "Asia/Taipei", 35.99, 129.56),
    ("대부도 방아머리 오늘 간조 몇시", "Asia/Seoul", 37.25, 126.58),
    ("땅끝 내일 해돋이 몇시", "Asia/Seoul", 34.30, 126.53),
    ("黄岛金沙滩明天日落几点", "Asia/Shanghai", 35.965, 120.245),
    ("해운데 내일 물때", "Asia/Seoul", 35.16, 129.16),
    ("江ノ島 明日 潮が引く時間は？", "Asia/Tokyo", 35.30, 139.48),
    ("城ヶ島 明日は何時に満ちる", "Asia/Tokyo", 35.135, 139.615),
])
async def test_the_spot_or_the_tide_verb_is_answered_there(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert km_between(lat, lon, *planned_point(answer.arguments)) < 8, answer.text[:160]


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("冲绳明天海水温度", "Asia/Shanghai", 26.3, 127.8),
    ("衝繩的水溫幾度", "Asia/Taipei", 26.3, 127.8),
    ("xiamen shui wen mingtian", "Asia/Shanghai", 24.48, 118.09),
    ("qingdao haishui wendu", "Asia/Shanghai", 36.07, 120.38),
])
async def test_the_seas_temperature_as_converted_or_in_pinyin(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert (answer.tool or "").startswith("ghrsst") and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert km_between(lat, lon, *planned_point(answer.arguments)) < 80, answer.text[:160]


@pytest.mark.parametrize(("query", "tz"), [("首爾聽日會唔會落雪", "Asia/Hong_Kong"), ("函館今日落唔落雪", "Asia/Hong_Kong")])
async def test_cantonese_snow_asks_the_weather(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast", (answer.tool, answer.text[:160])


@pytest.mark.parametrize(("query", "tz"), [("광안리 내일 파도 높이", "Asia/Seoul"), ("宮古島 明日 うねり", "Asia/Tokyo")])
async def test_the_waves_in_korean_or_japanese_are_declined_as_waves(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "explain" and (answer.debug or {}).get("reason") == "sea_state_only", answer.text[:160]
