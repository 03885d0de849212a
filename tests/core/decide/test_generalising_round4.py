"""Issue 26, round 4: mechanisms that gave confident wrong answers on unseen sets, each tested
with wordings no question set holds, through the real Router (local backend, no LLM)."""
from __future__ import annotations

import pytest

from core.envelope import Answer
from router_ask import ask_router

QT = "2027-06-08T05:10:00+08:00"   # a Tuesday in June


async def _ask(query: str, tz: str = "Asia/Taipei", qt: str = QT) -> Answer:
    return await ask_router(query, qt, tz)


@pytest.mark.parametrize(("query", "tz", "to_tz"), [
    ("首爾時間晚上8點 台灣是幾點", "Asia/Seoul", "Asia/Taipei"),
    ("9am Tokyo time, what time in Taiwan", "Europe/London", "Asia/Taipei"),
    ("雪梨時間下午兩點 換成台灣時間", "Australia/Sydney", "Asia/Taipei"),
])
async def test_a_country_named_as_the_other_side_of_a_conversion_is_its_clock(query: str, tz: str, to_tz: str) -> None:
    answer = await _ask(query, tz)
    assert answer.tool == "time.convert" and answer.arguments, answer.text
    assert answer.arguments["to_tz"] == to_tz, answer.arguments


@pytest.mark.parametrize("query", [
    "綠島明天水中能見度如何 要潛水",
    "dive visibility at Green Island tomorrow?",
    "小琉球後天海底能見度好不好",
])
async def test_a_data_word_inside_a_phrase_for_data_the_bot_lacks_is_declined(query: str) -> None:
    # 能見度 / visibility alone is the weather's (fog); underwater it is data the bot has none of.
    answer = await _ask(query)
    assert answer.mode == "fallback" and answer.tool is None, answer.text


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Father's Day sunrise at Bondi Beach", "Australia/Sydney", "2027-09-05"),   # Australia: 1st Sunday of September
    ("high tide in Auckland on Father's Day?", "Asia/Taipei", "2027-09-05"),
    ("Thanksgiving low tide at Halifax, Nova Scotia", "America/Halifax", "2027-10-11"),   # Canada: 2nd Monday of October
])
async def test_an_observance_is_the_day_the_place_keeps(query: str, tz: str, day: str) -> None:
    answer = await _ask(query, tz)
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == day, answer.text


@pytest.mark.parametrize("query", [
    "日本的超商幾點開門",
    "在韓國幾點可以開始放煙火",
    "what time do shops open in Tokyo",
])
async def test_when_something_happens_is_not_the_time_now(query: str) -> None:
    # A bare time word with words nothing explains asks when something happens, not the clock now.
    answer = await _ask(query)
    assert answer.tool != "time.now", answer.text


@pytest.mark.parametrize(("query", "first", "days"), [
    ("tides at Keelung from Dragon Boat Festival to Sunday", "2027-06-09", 5),
    ("淡水 端午到週末 每天的潮汐", "2027-06-09", 5),
    ("蘇澳從端午節到下週一的潮汐", "2027-06-09", 6),
])
async def test_a_range_started_by_a_named_day_is_the_whole_range(query: str, first: str, days: int) -> None:
    answer = await _ask(query)
    assert answer.arguments and answer.arguments.get("date") == first, answer.text
    assert (answer.debug or {}).get("days") == days or answer.tool == "tide.week", answer.debug


@pytest.mark.parametrize("query", [
    "幫我寫個function 給日期就回傳花蓮的日出",
    "寫一個method 輸入座標 回傳當天滿潮",
    "給我一個func 算某天基隆的月出時間",
])
async def test_a_function_asked_in_mixed_chinese_and_english_is_code(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "code", answer.text


@pytest.mark.parametrize("query", [
    "年假回澎湖 天氣如何",
    "tides at Keelung during my vacation",
    "winter vacation Kenting weather",
])
async def test_a_period_the_bot_cannot_date_is_asked_not_read_as_today(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ask_back", answer.text


@pytest.mark.parametrize("query", ["過年期間基隆潮汐", "过年回去 安平的潮汐"])
async def test_the_everyday_word_for_lunar_new_year_is_its_day(query: str) -> None:
    answer = await _ask(query)
    assert answer.arguments and answer.arguments.get("date") == "2028-01-26", answer.text


@pytest.mark.parametrize(("query", "zone"), [
    ("what time is sunset in Lisbon tomorrow in my time", "Asia/Taipei"),
    ("東京明天日出是台灣時間幾點", "Asia/Taipei"),
    ("high tide at Brighton tomorrow in JST", "Asia/Tokyo"),
])
async def test_a_zone_written_beside_a_place_s_times_is_the_clock_they_are_given_in(query: str, zone: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments.get("tz") == zone, answer.text


async def test_a_range_a_named_day_starts_is_said_back_whole() -> None:
    answer = await _ask("Keelung tides from Dragon Boat Festival until Saturday")
    assert answer.text.splitlines()[0] == "(Dragon Boat Festival until Saturday: Jun 9 to Jun 12)", answer.text
