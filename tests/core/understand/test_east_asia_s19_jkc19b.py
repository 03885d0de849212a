"""Issue 26, session 19 (jkc19b): East Asian askers' wordings the tuning set tw19c found said with confidence and
wrong, each as a class, through the real Router (local engine, no LLM; data tools planned, not called).

* Korean lunar dates (음력 2월 보름, 음력 3월 초하루) are that lunar day, and Korea's solar term 청명 is its day
  (청명 전날 the day before), never today.
* A place said only to be set aside (「…じゃなくて」, 「不是…是」, 「… 말고」) is not the place answered.
* A town's name ending into a beach's own name (金沙 + 滩) is no answer for the town: the bot asks where.
* Hong Kong's and Simplified tsunami-warning words (海嘯警告, 海啸预警, 有冇海嘯) are declined like 海嘯警報.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-03-19T07:45:00"   # a Friday morning in the asker's zone


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("음력 2월 15일 속초 만조", "Asia/Seoul", "2027-03-22"),
    ("음력 3월 초하루 목포 물때", "Asia/Seoul", "2027-04-07"),
    ("청명 전날 부산 물때", "Asia/Seoul", "2027-04-04"),
    ("청명절에 통영 일출 시간", "Asia/Seoul", "2027-04-05"),
])
async def test_a_korean_lunar_day_or_solar_term_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("宮古島じゃなくて岩手の宮古、あさっての干潮", "Asia/Tokyo", 39.6),
    ("大島ではなく八丈島 明日の日の出", "Asia/Tokyo", 33.1),
    ("부산 말고 목포 내일 만조", "Asia/Seoul", 34.8),
    ("不是金門，是馬祖 明天潮汐", "Asia/Taipei", 26.2),
])
async def test_a_place_set_aside_is_not_the_place_answered(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert abs(float((answer.arguments or {})["latitude"]) - lat) < 0.2, (answer.arguments, answer.text)


@pytest.mark.parametrize("query", ["金沙滩明天几点涨潮", "金沙灘 明天日出"])
async def test_a_beach_name_ending_a_towns_name_asks_where(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Shanghai")
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("而家有冇海嘯警告呀", "Asia/Hong_Kong"),
    ("香港今日有冇海嘯", "Asia/Hong_Kong"),
    ("厦门现在有海啸预警吗", "Asia/Shanghai"),
])
async def test_a_tsunami_warning_asked_now_is_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.tool is None, (answer.mode, answer.text)
    assert "海嘯" in answer.text, answer.text


@pytest.mark.parametrize("query", ["청명한 날 제주 일몰", "부산 하늘 청명하고 좋네 내일 일출 몇시"])
async def test_cheongmyeong_as_clear_sky_is_no_solar_term_day(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert (answer.arguments or {}).get("date") != "2027-04-05", (answer.arguments, answer.text)
