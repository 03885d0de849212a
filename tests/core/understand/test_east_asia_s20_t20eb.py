"""Issue 26, session 20 (t20eb): Japanese, Korean and Cantonese named days, namesakes asked, a spot written after the
city holding it, and a daily rate asked as an idea, through the real Router (local engine, no LLM; data tools planned,
not called). Asked on Tuesday 2027-07-13 18:30 in the asker's zone.

* 土用の丑の日 is the first 丑 day from the Sun's 117° (JST), 二の丑 the second, 土用入り the 117° day itself; the
  festivals' own days (追い山 7/15: its 山 is no 山の日; 山鉾巡行 7/17); Hong Kong's 七姐誕/乞巧節 is the lunar 7/7,
  盂蘭節/鬼節 (Korea's 백중) the lunar 7/15.
* A name two places hold is asked: 송정 with its feature word (Busan's and Gangneung's), 灣仔 from Macau or China
  (Zhuhai's harbour, Hong Kong's Wan Chai); Hong Kong's own 灣仔 from Hong Kong.
* A city abroad written before a village or beach inside it (「三亚后海村」, 「青岛石老人」) answers for the spot.
* How much later the moon rises or the tide comes each day is the lunar day's idea, explained.
"""
from __future__ import annotations

from datetime import date, timedelta, timezone

import pytest

from metocean.solar_terms import cycle_day_after
from router_ask import ask_router

QT = "2027-07-13T18:30:00"
JST = timezone(timedelta(hours=9))


@pytest.mark.parametrize(("year", "nth", "day"), [
    (2024, 1, date(2024, 7, 24)), (2024, 2, date(2024, 8, 5)),
    (2025, 1, date(2025, 7, 19)), (2025, 2, date(2025, 7, 31)),
    (2026, 1, date(2026, 7, 26)), (2026, 2, None),   # 2026's second 丑 day falls on 立秋: no 二の丑 that year
])
def test_the_ox_days_of_summer_doyo_are_counted_from_the_suns_117_degrees(year: int, nth: int, day: date | None) -> None:
    assert cycle_day_after(year, 117, nth, branch=1, tz=JST, until=135) == day


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("土用の丑の日 浜松の日の出", "Asia/Tokyo", "2027-07-21"),
    ("二の丑 高知 日の入り", "Asia/Tokyo", "2027-08-02"),
    ("土用入りの日 銚子の潮", "Asia/Tokyo", "2027-07-20"),
    ("追い山の朝 博多の日の出は？", "Asia/Tokyo", "2027-07-15"),
    ("山鉾巡行の日 京都 日の出", "Asia/Tokyo", "2027-07-17"),
    ("山の日 富士 日の出", "Asia/Tokyo", "2027-08-11"),
    ("乞巧節 維港 月出幾點", "Asia/Hong_Kong", "2027-08-08"),
    ("拜七姐嗰晚 赤柱 月相", "Asia/Hong_Kong", "2027-08-08"),
    ("鬼節嗰日 大澳 潮水", "Asia/Hong_Kong", "2027-08-16"),
    ("백중날 부산 물때", "Asia/Seoul", "2027-08-16"),
])
async def test_a_named_day_of_japan_hong_kong_or_korea_is_its_own_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("湾仔 明天天气", "Asia/Shanghai"),
    ("灣仔聽日水溫", "Asia/Macau"),
    ("송정해변 오늘 만조", "Asia/Seoul"),
    ("송정 해수욕장 일출 몇시", "Asia/Seoul"),
])
async def test_a_name_two_places_hold_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.tool is None, (answer.mode, answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("灣仔今日潮汐", "Asia/Hong_Kong", 22.28),      # Hong Kong's own, asked at home
    ("珠海湾仔 明天潮汐", "Asia/Shanghai", 22.19),   # the city written beside it
    ("강릉 송정해수욕장 일출", "Asia/Seoul", 37.77),
])
async def test_a_shared_name_said_at_home_or_with_its_city_is_answered(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (answer.mode, answer.text)
    assert abs(float((answer.arguments or {}).get("latitude", 0)) - lat) < 0.05, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "lat"), [
    ("三亚后海村 明天几点满潮", 18.28),
    ("青岛石老人明天潮汐", 36.10),
    ("三亚大东海明天几点满潮", 18.22),
])
async def test_a_spot_written_after_the_city_holding_it_is_the_spot(query: str, lat: float) -> None:
    answer = await ask_router(query, QT, "Asia/Shanghai")
    assert answer.mode == "mcp_tools", (answer.mode, answer.text)
    assert abs(float((answer.arguments or {}).get("latitude", 0)) - lat) < 0.05, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("満潮は毎日どのくらい遅くなるの？", "Asia/Tokyo"),
    ("월출 시간은 하루에 얼마나 늦어져요?", "Asia/Seoul"),
    ("月出每日晏幾多", "Asia/Hong_Kong"),
    ("月出每天晚多少", "Asia/Shanghai"),
])
async def test_how_much_later_each_day_is_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # an explanation is read offline
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)
    assert "50" in (answer.text or ""), answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("日潮不等とは？", "Asia/Tokyo"),
    ("朝と夜で満潮の高さが違うのはなぜ？", "Asia/Tokyo"),
    ("하루 두 번의 만조 높이가 다른 이유가 뭐예요?", "Asia/Seoul"),
])
async def test_the_two_high_waters_unequal_heights_are_explained(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # an explanation is read offline
    assert answer.mode == "explain" and "日潮不等" in (answer.text or ""), (answer.mode, answer.text)
