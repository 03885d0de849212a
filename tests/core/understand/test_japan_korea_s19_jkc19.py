"""Issue 26, session 19 (jkc19): Japanese and Korean askers at home, Chinese-writing travellers there, through the
real Router (local engine, no LLM; data tools planned, not called). New wordings, not the tuning set's.

* A day named by what happens on it (入学式の日, 引っ越しの日, 월급날, 이사하는 날) is asked, never read as today;
  a day the bot knows (春分の日, 어린이날) and the sun's words (夕日) stay read.
* A name two places share (青の洞窟: Okinawa's and Otaru's) is asked; an unknown name before Japanese で is asked,
  not answered at the home city.
* Places: Tsukishima, Moseulpo, resorts abroad in katakana.
* Snow alone asks the weather (雪？, 吹雪, romaji yuki); the moon's shape asked in a clause is its phase; Japan's
  三が日 is 1-3 January, お正月 1 January, 正月 alone asked; 黒潮 and 親潮 are no tide.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-27T16:40:00"   # a Sunday afternoon between Christmas and New Year


@pytest.mark.parametrize(("query", "tz", "word"), [
    ("入学式の日の仙台の天気", "Asia/Tokyo", "入學式の日"),
    ("引っ越しの日 横須賀の満潮", "Asia/Tokyo", "引っ越しの日"),
    ("飲み会の日の札幌の天気", "Asia/Tokyo", "飲み會の日"),
    ("発表会の日、下関の日の入りは？", "Asia/Tokyo", "表會の日"),
    ("월급날 속초 물때", "Asia/Seoul", "월급날"),
    ("이사하는 날 여수 날씨", "Asia/Seoul", "이사하는 날"),
    ("졸업식 날 포항 일출 몇 시", "Asia/Seoul", "졸업식 날"),
])
async def test_a_day_named_by_what_happens_on_it_is_asked(query: str, tz: str, word: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.tool, answer.arguments, answer.text)
    assert word in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("春分の日の日の出 銚子", "Asia/Tokyo", "2027-03-21"),
    ("어린이날 부산 일몰", "Asia/Seoul", "2027-05-05"),
    ("夕日は何時？鎌倉", "Asia/Tokyo", "2026-12-27"),
    ("三が日 江の島の日の出", "Asia/Tokyo", "2027-01-01"),
    ("元日の小樽、月ってどんな感じ？", "Asia/Tokyo", "2027-01-01"),
    ("설날 강릉 달은 어떤 모양이야?", "Asia/Seoul", "2027-02-07"),
    ("元旦 青岛 月亮什么形状", "Asia/Shanghai", "2027-01-01"),
    ("節分の日の宮島の満潮", "Asia/Tokyo", "2027-02-03"),
    ("ホワイトデーの葉山の日の入り", "Asia/Tokyo", "2027-03-14"),
    ("七夕の江の島の日の入り", "Asia/Tokyo", "2027-07-07"),
    ("한가위 속초 달 모양", "Asia/Seoul", "2027-09-15"),
    ("어버이날 여수 일몰", "Asia/Seoul", "2027-05-08"),
    ("松山の日の入りは何時", "Asia/Tokyo", "2026-12-27"),
])
async def test_a_known_day_or_the_moons_shape_is_answered_for_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("青の洞窟 あさっての干潮", "Asia/Tokyo"),
    ("青之洞窟後天乾潮幾點", "Asia/Taipei"),
    ("星野浦で今夜の月の出", "Asia/Tokyo"),
    ("正月 函館 天気", "Asia/Tokyo"),
    ("年末の小樽の天気", "Asia/Tokyo"),
    ("연말 강릉 날씨", "Asia/Seoul"),
])
async def test_a_shared_or_unknown_name_or_day_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.tool, answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("小樽の青の洞窟 明日の天気", "Asia/Tokyo", "weather.forecast", 43.22, 140.95),
    ("月島の明日の日の出", "Asia/Tokyo", "tide.forecast", 35.66, 139.78),
    ("모슬포항 내일 물때", "Asia/Seoul", "tide.forecast", 33.21, 126.25),
    ("プーケット 明日の天気", "Asia/Tokyo", "weather.forecast", 7.89, 98.40),
    ("マニャガハ島の今日の日の入り", "Asia/Tokyo", "tide.forecast", 15.24, 145.71),
    ("旭川 あさって 吹雪かな", "Asia/Tokyo", "weather.forecast", 43.77, 142.36),
    ("otaru ashita yuki?", "Asia/Tokyo", "weather.forecast", 43.19, 141.00),
    ("青森 明日 雪？", "Asia/Tokyo", "weather.forecast", 40.82, 140.74),
])
async def test_the_place_and_tool(query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools" and answer.tool == tool, (answer.mode, answer.tool, answer.text)
    assert abs(args["latitude"] - lat) < 0.1 and abs(args["longitude"] - lon) < 0.1, args


@pytest.mark.parametrize(("query", "tz"), [
    ("親潮の海水温 145-150E 38-42N", "Asia/Tokyo"),
    ("黑潮附近海温距平 122-125E 24-27N", "Asia/Shanghai"),
])
async def test_a_current_named_beside_a_box_is_no_tide(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "ghrsst.bbox_mean", (answer.mode, answer.tool, answer.text)
