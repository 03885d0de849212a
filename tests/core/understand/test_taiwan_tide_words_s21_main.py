"""Issue 26, session 21 (main): the tide said as a bare verb after when, the wind said in one character after a day
with more words behind it, and which of two to believe or which pulls harder asked as an idea, through the real
Router (local engine, no LLM). Asked on Thursday 2027-10-28 07:15 in Taipei.

* 「幾點退」, 「幾時會漲」, 「何時退乾」 (退乾: the tide fully out, Hokkien) ask the tide, not the clock; 「幾點退房」, 「股票什麼時候會漲」 and
  「薪水幾時會漲」 are no tide.
* 「明天風 適合出海嗎」: the wind of that day, asked as weather.
* 「要信哪個」 beside an official table, "which pulls more, the sun or the moon": explained, the passage on the Sun's
  share for the latter.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-10-28T07:15:00"
TZ = "Asia/Taipei"


@pytest.mark.parametrize("query", [
    "王功明天幾時會漲", "東石 今天水幾點退", "蚵架那邊何時退乾", "布袋 今仔日幾點退焦", "鹿港 幾點滿",
])
async def test_when_with_a_bare_tide_verb_asks_the_tide(query: str) -> None:
    answer = await ask_router(query, QT, TZ)
    assert answer.tool != "time.now", (answer.mode, answer.text)
    assert answer.tool == "tide.forecast" or "地點" in answer.text, (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize("query", ["東河 下午風 會不會太亂", "福隆 明天風 能玩風箏衝浪嗎", "澎湖 後天風 開船ok嗎"])
async def test_a_day_and_the_wind_in_one_character_asks_the_weather(query: str) -> None:
    answer = await ask_router(query, QT, TZ)
    assert answer.tool == "weather.forecast", (answer.mode, answer.text)


@pytest.mark.parametrize(("query", "words"), [
    ("月亮跟太陽哪個拉力比較大", "46%"),
    ("sun vs moon - which one pulls the sea harder?", "46%"),
    ("潮汐app跟氣象署的不一樣 該信哪個", "氣象署"),
])
async def test_which_to_believe_or_which_pulls_more_is_explained(query: str, words: str) -> None:
    answer = await ask_router(query, QT, TZ, dry_run=False)
    assert answer.mode == "explain" and words in answer.text, (answer.mode, answer.text)


@pytest.mark.parametrize("query", ["飯店幾點退房", "股票什麼時候會漲", "薪水幾時會漲啊", "油價明天會漲嗎"])
async def test_a_rise_or_checkout_that_is_no_water_is_no_tide(query: str) -> None:
    answer = await ask_router(query, QT, TZ)
    assert answer.tool != "tide.forecast", (answer.mode, answer.text)
    assert (answer.debug or {}).get("reason") != "tide_without_location", answer.debug


@pytest.mark.parametrize(("query", "first", "second"), [
    ("diferencia horaria entre Madrid y Bogotá", "Europe/Madrid", "America/Bogota"),
    ("time difference between Madrid and Bogotá?", "Europe/Madrid", "America/Bogota"),
    ("馬德里跟波哥大差幾個小時", "Europe/Madrid", "America/Bogota"),
])
async def test_a_great_city_compared_with_a_far_one_is_not_a_town_of_its_name_beside_the_other(
        query: str, first: str, second: str) -> None:
    answer = await ask_router(query, QT, TZ)
    args = answer.arguments or {}
    assert {args.get("from_tz"), args.get("to_tz")} == {first, second}, (answer.tool, args, answer.text)
