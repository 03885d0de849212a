"""Askers in Japan and Korea, second round (issue 26, jpkr23): new wordings of the classes tune44 showed.

- islands, ports and surf beaches nothing answered to (柏島, 小豆島, 渡名喜島, 釣ヶ崎海岸, 直島's 宮浦港) are found by their
  kanji, kana and romaji names; 呼子 is Yobuko, not the Karatsu it belongs to;
- a name two towns of the asker's country hold (勝浦: Chiba or Kii-Katsuura; Goseong / 고성 / 高城: Gangwon or
  Gyeongnam) is asked about, and a place or prefix beside it (那智勝浦, 千葉, Sokcho, 固城) settles it;
- Japanese and Korean day words mixed into zh-TW or English (あした, ashita, asatte, 내일, 모레) are those days, never
  today; Korean data words (물때, 만조, 일출, 날씨, 수온, 바람) are understood;
- Korea's towns in old romanisations typed in lower case (pusan, kangnung, cheju) are the towns;
- a holiday word beside a named day ("there for the long weekend" beside Chuseok) is that day's holiday;
- a time written with "today" in a zone behind the asker's, already gone by there, is the coming one.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.dates import parse_date
from core.understand.places import find_place
from router_ask import ask_router, km_between, planned_point

QT = "2026-11-28T09:40:00"


@pytest.mark.parametrize(("text", "home", "key"), [
    ("柏島 週末浮潛 天氣如何", "JP", "kashiwajima"),
    ("kashiwajima snorkel weather", "TW", "kashiwajima"),
    ("土庄港 明天幾點滿潮", "JP", "shodoshima"),
    ("渡名喜 日落", "JP", "tonaki"),
    ("志田下 浪況", "JP", "tsurigasaki"),
    ("直島 宮浦港 幾點乾潮", "JP", "naoshima_miyanoura"),
    ("桜井二見ヶ浦 夕日", "JP", "futamigaura_itoshima"),
    ("呼子港 明天乾潮", "JP", "yobuko"),
])
def test_a_small_japanese_spot_is_found_by_its_name(text: str, home: str, key: str) -> None:
    place = find_place(text, home=home)
    assert place is not None and place.key == key and not place.ambiguous, place


@pytest.mark.parametrize(("query", "tz"), [
    ("勝浦 明天風大嗎", "Asia/Tokyo"),          # Chiba's Katsuura or Wakayama's Kii-Katsuura
    ("勝浦 明天天氣", "Asia/Taipei"),
    ("Goseong weather tomorrow", "Asia/Seoul"),  # Gangwon's by Sokcho or Gyeongnam's by Tongyeong
    ("고성 내일 물때", "Asia/Seoul"),
    ("高城 這週末天氣", "Asia/Seoul"),
])
async def test_a_name_two_home_towns_hold_is_asked_about(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ambiguous_place", answer.text


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("那智勝浦 明天日出", "Asia/Tokyo", 33.63, 135.95),
    ("千葉 勝浦 週末潮汐", "Asia/Tokyo", 35.15, 140.32),
    ("Sokcho Goseong sunrise", "Asia/Seoul", 38.38, 128.47),
    ("固城 明天乾潮", "Asia/Seoul", 34.97, 128.32),
    ("江原高城 明天日出", "Asia/Seoul", 38.38, 128.47),
    ("佐賀 呼子 今天日落", "Asia/Tokyo", 33.545, 129.89),
    ("一宮 釣ヶ崎 今天乾潮", "Asia/Tokyo", 35.365, 140.40),
    ("大月町 柏島 明天滿潮", "Asia/Tokyo", 32.77, 132.63),   # the town beside the island: Kochi's, not Yamanashi's 大月
])
async def test_a_word_beside_a_shared_name_settles_it(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(lat, lon, *planned_point(answer.arguments or {})) < 10, answer.arguments


@pytest.mark.parametrize(("text", "tz", "offset"), [
    ("逗子 あしたの天気", "Asia/Tokyo", 1),
    ("hayama tide ashita?", "Asia/Tokyo", 1),
    ("zushi sunset asatte", "Asia/Tokyo", 2),
    ("葉山 明後日 満潮", "Asia/Tokyo", 2),
    ("kyou no tide at enoshima", "Asia/Tokyo", 0),
    ("광안리 내일 일출", "Asia/Seoul", 1),
    ("속초 모레 날씨", "Asia/Seoul", 2),
    ("jeju rain naeil?", "Asia/Seoul", 1),
])
def test_a_japanese_or_korean_day_word_is_that_day(text: str, tz: str, offset: int) -> None:
    moment = datetime(2026, 11, 28, 9, 40, tzinfo=ZoneInfo(tz))
    hint = parse_date(text, moment)
    assert hint is not None and (hint.day - moment.date()).days == offset, hint


def test_tokyo_is_no_day_word() -> None:
    hint = parse_date("tokyo sunset", datetime(2026, 11, 28, 9, 40, tzinfo=ZoneInfo("Asia/Tokyo")))
    assert hint is None or not hint.explicit, hint


@pytest.mark.parametrize(("query", "tool", "day"), [
    ("광안리 내일 날씨", "weather.forecast", None),
    ("해운대 오늘 만조 몇시", "tide.forecast", "2026-11-28"),
    ("속초 내일 일몰", "tide.forecast", "2026-11-29"),
    ("부산 바다 수온", "ghrsst.", None),
    ("강릉 내일 바람", "weather.forecast", None),
])
async def test_korean_data_words_are_understood(query: str, tool: str, day: str | None) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith(tool), answer.text
    if day is not None:
        assert (answer.arguments or {}).get("date") == day, answer.arguments


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("pusan sunset today", 35.10, 129.03),
    ("sunrise in kangnung tomorrow", 37.75, 128.87),
    ("cheju rain tomorrow?", 33.51, 126.52),
    ("yosu tide", 34.76, 127.66),
])
async def test_a_korean_town_in_an_old_romanisation_is_that_town(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(lat, lon, *planned_point(answer.arguments or {})) < 20, answer.arguments


@pytest.mark.parametrize(("query", "day"), [
    ("sunrise at gyeongpo on chuseok? we're down there for the holiday", "2027-09-15"),
    ("busan tide on seollal, heading home for the long weekend", "2027-02-07"),
])
async def test_a_holiday_word_beside_a_named_day_is_its_holiday(query: str, day: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.mode == "mcp_tools" and (answer.arguments or {}).get("date") == day, answer.text


async def test_a_holiday_word_alone_is_still_asked() -> None:
    answer = await ask_router("sokcho weather for the long weekend", QT, "Asia/Seoul")
    assert answer.mode == "fallback", answer.text


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("倫敦今天晚上8點 是東京幾點", "Asia/Tokyo", "2026-11-28"),           # London's Friday 8 pm is gone by at 07:30
    ("what is 2pm today in Paris in Seoul time", "Asia/Seoul", "2026-11-28"),
    ("10pm tonight in Tokyo, what time is that here", "America/Los_Angeles", "2026-11-29"),   # Tokyo is on Sunday
])
async def test_today_in_a_zone_is_the_coming_time(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, "2026-11-28T07:30:00", tz)
    assert answer.tool == "time.convert" and (answer.arguments or {}).get("date") == day, (answer.text, answer.arguments)
