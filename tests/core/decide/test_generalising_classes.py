"""Issue 26, round 2: whole classes of questions, in wordings no tuned set holds, through the real
Router (local backend, no LLM). Each test is a class: a new wording of it must be understood."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router

QT = "2026-11-26T09:00:00+08:00"   # a Thursday


async def _ask(query: str, tz: str = "Asia/Taipei", qt: str = QT) -> Answer:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz=tz, query_time=qt, debug=True))
    finally:
        await router.aclose()


@pytest.mark.parametrize("query", [
    "write a function that returns the SST at a lat/lon for a given date",
    "I need a function returning sunrise for Hualien for any day",
    "寫個函式：給日期就回傳安平的滿潮時間",
])
async def test_asking_for_a_function_of_x_is_a_code_request(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "code", answer.text
    assert "Lạt" not in answer.text   # "at a lat/lon" names no town


@pytest.mark.parametrize("query", [
    "花蓮和台中的滿潮時間為何不同",
    "為什麼高雄跟基隆的乾潮時間差這麼多",
    "how come Keelung has such small tides compared with Taichung",
])
async def test_asking_why_two_harbours_differ_is_an_explanation(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "explain" and answer.tool is None, answer.text


@pytest.mark.parametrize(("query", "day"), [
    ("下一個下弦月是幾號", "2026-12-01"),
    ("when's the full moon in January?", "2027-01-22"),
    ("一月的大潮是哪幾天", "2027-01-07"),
])
async def test_a_moon_day_asked_about_is_answered_on_that_day(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == day, answer.text


@pytest.mark.parametrize("query", [
    "why do Anping and Kaohsiung get high water at different hours when they're so close",
    "怎麼會澎湖的潮差比花蓮大那麼多",
])
async def test_a_why_question_without_a_day_is_an_explanation(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "explain" and answer.tool is None, answer.text


@pytest.mark.parametrize(("query", "tool"), [
    ("這馬旗津水咧退抑是咧漲", "tide.forecast"),
    ("安平這馬水有漲無", "tide.forecast"),
    ("東港後日風敢會真透", "weather.forecast"),
])
async def test_taiwanese_hokkien_now_and_intent_words(query: str, tool: str) -> None:
    answer = await _ask(query)
    assert answer.tool == tool, answer.text


@pytest.mark.parametrize(("query", "zone"), [
    ("東京那邊已經是晚上了嗎", "Asia/Tokyo"),
    ("美國西岸現在已經是禮拜五了沒", "America/Los_Angeles"),
])
async def test_is_it_already_x_there_is_the_places_clock(query: str, zone: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == zone, answer.text


@pytest.mark.parametrize(("query", "day", "lon"), [
    ("母親節前一天安平潮汐", "2027-05-08", 120.13),   # 平潮 crossing 安平 does not hide the place
    ("冬至後的週末富基漁港潮汐", "2026-12-26", 121.53),
])
async def test_a_named_day_around_word_keeps_day_and_place(query: str, day: str, lon: float) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments, answer.text
    assert answer.arguments["date"] == day and abs(answer.arguments["longitude"] - lon) < 0.1


@pytest.mark.parametrize("query", ["澎湖海水鹽度多少", "what's the salinity off Kenting", "綠島附近葉綠素濃度"])
async def test_data_the_bot_has_none_of_is_declined_not_swapped(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "fallback" and answer.tool is None, answer.text


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("恆春鎮 後壁湖 明天乾潮", 21.94, 120.76),
    ("花蓮縣豐濱鄉的石梯坪 今天退潮", 23.49, 121.51),
])
async def test_a_spot_named_after_its_township_is_the_spot(query: str, lat: float, lon: float) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments, answer.text
    assert abs(answer.arguments["latitude"] - lat) < 0.03 and abs(answer.arguments["longitude"] - lon) < 0.03


@pytest.mark.parametrize("query", ["安平傍晚會不會有雨", "旗津這禮拜六曬不曬", "小琉球明天海風強嗎", "uv index at Fulong tomorrow"])
async def test_rain_wind_and_sun_heat_words_are_weather_not_the_default_tide(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "weather.forecast", answer.text


async def test_code_for_a_whole_year_spans_a_year_and_a_line_chart_is_no_chat_app() -> None:
    answer = await _ask("寫個程式把安平一整年的每日滿潮時間印成表格")
    assert answer.mode == "code" and "2026-11-26" in answer.text and "2027-11-25" in answer.text, answer.text
    answer = await _ask("python: daily SST at Kenting last year as a line plot")
    assert answer.mode == "code" and "chat app" not in answer.text, answer.text


@pytest.mark.parametrize("query, lon, lat", [("Split Croatia weather tomorrow", 16.44, 43.51),
                                             ("Nice, France sunset today", 7.27, 43.70)])
async def test_a_town_named_like_a_word_before_its_country_is_the_town_not_the_capital(query: str, lon: float,
                                                                                       lat: float) -> None:
    # the country written right after the word makes it the town's name (places14), as "Ocean City MD" does
    answer = await _ask(query)
    args = answer.arguments or {}
    assert abs(args.get("longitude", 0) - lon) < 0.1 and abs(args.get("latitude", 0) - lat) < 0.1, answer.text


async def test_a_country_written_as_a_zone_is_its_clock() -> None:
    answer = await _ask("Korea time now")
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == "Asia/Seoul", answer.text
