"""Issue 26, spans (new wordings of each class): a count of days from a day (「由聽日起一個禮拜」), a span
whose first day is written after it (「一週潮汐 從後天開始」), a weekend narrowed to the one day its
asking clause names (the weekend said as when the trip is), and a month written before the place with
its year (「2028年1月基隆大潮是哪幾天」).

The expected days are computed here from the asking day (2026-11-27 is a Friday).
"""
from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from core.understand.dates import parse_date
from router_ask import ask_router

FRIDAY = "2026-11-27T10:00:00+08:00"
TODAY = date(2026, 11, 27)


def coming(weekday: int) -> date:
    """The coming `weekday` (Monday 0) after TODAY."""
    return TODAY + timedelta(days=(weekday - TODAY.weekday()) % 7 or 7)


@pytest.mark.parametrize(("query", "first", "days"), [
    ("澎湖一週潮汐 從後天開始", TODAY + timedelta(days=2), 7),
    ("一週潮汐 花蓮 由明天起", TODAY + timedelta(days=1), 7),
    ("由聽日起一個禮拜 長洲潮汐表", TODAY + timedelta(days=1), 7),
    ("明天開始兩個星期的基隆天氣", TODAY + timedelta(days=1), 14),
    ("基隆五天的潮汐 從下週一開始", coming(0), 5),
])
def test_a_span_starts_on_the_day_written_with_it(query: str, first: date, days: int) -> None:
    hint = parse_date(query, datetime.fromisoformat(FRIDAY))
    assert hint is not None and (hint.day, hint.days) == (first, min(days, 14)), hint


def test_a_span_with_no_first_day_written_starts_today() -> None:
    hint = parse_date("基隆一週潮汐", datetime.fromisoformat(FRIDAY))
    assert hint is not None and (hint.day, hint.days) == (TODAY, 7)


async def test_a_week_from_a_day_is_the_week_table_from_that_day() -> None:
    answer = await ask_router("澎湖一週潮汐 從後天開始", FRIDAY)
    assert answer.tool == "tide.week" and answer.arguments, answer.text
    assert (answer.arguments["date"], answer.arguments["days"]) == ((TODAY + timedelta(days=2)).isoformat(), 7)


@pytest.mark.parametrize(("query", "tz", "asked_at", "day"), [
    ("週末要去墾丁 禮拜六日落幾點", "Asia/Taipei", FRIDAY, coming(5)),
    ("off to Byron for the weekend, high tide sunday?", "Australia/Sydney", "2026-11-28T05:50:00+11:00",
     date(2026, 11, 29)),
])
async def test_a_weekend_said_as_when_the_trip_is_gives_way_to_the_day_asked(
        query: str, tz: str, asked_at: str, day: date) -> None:
    answer = await ask_router(query, asked_at, tz)
    assert answer.arguments and answer.arguments["date"] == day.isoformat(), answer.text
    assert answer.debug and int(answer.debug.get("days") or 1) == 1


def test_a_weekend_asked_keeps_both_days_beside_an_aside() -> None:
    hint = parse_date("Kenting weather this weekend? snorkelling sun", datetime.fromisoformat(FRIDAY))
    assert hint is not None and (hint.day, hint.days) == (coming(5), 2)


@pytest.mark.parametrize(("query", "tz", "year", "month"), [
    ("2028年1月基隆大潮是哪幾天", "Asia/Taipei", 2028, 1),
    ("2028年1月的大潮是哪幾天 基隆", "Asia/Taipei", 2028, 1),
    ("2027年2月長洲小潮係邊幾日", "Asia/Hong_Kong", 2027, 2),
])
async def test_a_month_written_before_the_place_with_its_year(query: str, tz: str, year: int, month: int) -> None:
    answer = await ask_router(query, FRIDAY, tz)
    assert answer.mode == "mcp_tools" and answer.arguments, answer.text
    asked = date.fromisoformat(answer.arguments["date"])
    assert (asked.year, asked.month) == (year, month), answer.text
