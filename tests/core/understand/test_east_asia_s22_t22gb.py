"""Issue 26, session 22 (t22gb): Japanese, Korean, Chinese and Cantonese askers' days, bays and slips, through the
real Router (local engine, no LLM; data tools planned, not called). New wordings of the classes report21_gb missed:

* The solar terms as Japan writes them (啓蟄 for 驚蟄, 小満, 処暑) and Japan's 雑節 counted from 立春 (八十八夜) are
  their days, never today.
* A span of weekdays said after "the next few days" (「這幾天」, "next few days") is that span.
* A named day said beside the relative day it falls on (「明天植樹節」) is understood with it; one that is another
  day is asked about.
* A bay named beside a town on its shore (東京湾 富津) is the town's water: the town is answered, not the bay's middle.
* The next neap (小潮) is the quarter's day and the days either side of it (lunar 7-9 or 8-10, never the 11th).
* A place abroad written with a slip: a look-alike (長埼), a homophone of a place beside the one named (香港西供,
  奧門路環), Korean ㅐ for ㅔ (데부도): read as the place, and said so.
"""
from __future__ import annotations

from datetime import date

import pytest

from router_ask import ask_router, km_between

QT = "2027-11-18T09:00:00"   # a Thursday morning in the asker's zone


def _km(args: dict, lat: float, lon: float) -> float:
    return km_between(float(args["latitude"]), float(args["longitude"]), lat, lon)


@pytest.mark.parametrize(("query", "day"), [
    ("小満の日 江の島 満潮", "2028-05-20"),
    ("処暑の日、鎌倉の日の入り", "2028-08-22"),
    ("啓蟄の日 葉山 潮見表", "2028-03-05"),
    ("八十八夜の日 下田の満潮は？", "2028-05-01"),
])
async def test_a_solar_term_as_japan_writes_it_is_its_day(query: str, day: str) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("這幾天花蓮會下雨嗎？我們週日到週二在那邊", "Asia/Taipei", 6),      # Thursday: the forecast reaches Tuesday
    ("weather in Busan the next few days? we're there Saturday to Monday", "Asia/Seoul", 5),
    ("厦门最近几天天气怎么样 我们周六到周日去", "Asia/Shanghai", 4),
])
async def test_a_weekday_span_after_the_next_few_days_is_that_span(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("forecastDays") == days, answer.arguments


async def test_a_weekday_span_after_the_next_few_days_starts_a_tide_answer_on_its_first_day() -> None:
    answer = await ask_router("這幾天的潮汐 週六到週一 澎湖", QT, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.tool.startswith("tide."), answer.text
    assert (answer.arguments or {}).get("date") == "2027-11-20", answer.arguments


@pytest.mark.parametrize(("query", "qt", "tz", "day"), [
    ("明天冬至 基隆幾點日出", "2027-12-21T20:00:00", "Asia/Taipei", "2027-12-22"),
    ("后天妇女节 青岛几点满潮", "2028-03-06T09:00:00", "Asia/Shanghai", "2028-03-08"),
])
async def test_a_named_day_beside_the_day_it_falls_on_is_understood(query: str, qt: str, tz: str, day: str) -> None:
    answer = await ask_router(query, qt, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


async def test_a_named_day_that_is_another_day_is_asked_about() -> None:
    answer = await ask_router("明天植樹節 基隆滿潮幾點", "2028-03-06T09:00:00", "Asia/Taipei")
    assert answer.mode != "mcp_tools", (answer.tool, answer.arguments)


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("東京湾 富津 明日の干潮", 35.31, 139.82),
    ("東京灣的千葉 明天滿潮", 35.60, 140.12),
])
async def test_a_bay_named_beside_a_town_on_it_is_the_towns(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert _km(answer.arguments or {}, lat, lon) < 8, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [("館山、次の小潮はいつ？", "Asia/Tokyo"), ("다음 조금 언제예요? 인천", "Asia/Seoul"),
                                           ("下一次小潮是哪幾天 基隆", "Asia/Taipei")])
async def test_the_next_neap_is_the_quarters_day_and_either_side(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)   # last quarter 2027-11-21 (JST 09:47)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == "2027-11-20", answer.arguments
    assert (answer.debug or {}).get("days") == 3, answer.debug


def test_a_neap_window_holds_no_eleventh_lunar_day() -> None:
    from core.understand.tide_windows import windows

    # the first quarter of 2028-03-04 18:02 JST fell 7.9 days after the new moon (25 Feb, lunar 1)
    (window,) = windows("neap", date(2028, 2, 26), None, "Asia/Tokyo")
    assert (window.first, window.last) == (date(2028, 3, 3), date(2028, 3, 5))


@pytest.mark.parametrize(("query", "tz", "written", "lat", "lon"), [
    ("長埼 明日の干潮", "Asia/Tokyo", "長埼", 32.75, 129.87),
    ("香港西供 聽日潮汐", "Asia/Hong_Kong", "西供", 22.38, 114.27),
    ("奧門路環 聽日日落", "Asia/Macau", "奧門", 22.12, 113.56),
    ("데부도 내일 물때", "Asia/Seoul", "데부도", 37.25, 126.58),
])
async def test_a_place_written_with_a_slip_is_read_and_said(query: str, tz: str, written: str, lat: float,
                                                           lon: float) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # the local tide engine: the note said is in the text
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert _km(answer.arguments or {}, lat, lon) < 10, answer.arguments
    assert written in answer.text, answer.text
