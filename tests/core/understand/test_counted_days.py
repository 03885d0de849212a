"""Issue 26: a day counted from another day word is that one day (or weekend), not the week its week word
names nor the day word alone: "Saturday week", "a week on Tuesday", "the weekend after next", "this time next
week", "the first Sunday of January", 「下禮拜的今天」, 「三週後的星期五」, 「二月的第二個禮拜天」."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.dates import parse_date
from tests.router_ask import ask_router

THU = datetime(2026, 12, 17, 19, 45, tzinfo=ZoneInfo("Europe/London"))   # a Thursday


@pytest.mark.parametrize(("text", "day", "days"), [
    ("high water Padstow Tuesday week", date(2026, 12, 29), 1),
    ("sunset a week on Sunday at St Ives", date(2026, 12, 27), 1),
    ("tides Whitstable a fortnight today", date(2026, 12, 31), 1),
    ("tides at Dover the Monday after next", date(2026, 12, 28), 1),
    ("Southwold tides the weekend after next", date(2026, 12, 26), 2),
    ("this time next week, what's the tide at Poole", date(2026, 12, 24), 1),
    ("Brighton sunrise on the second Saturday of February", date(2027, 2, 13), 1),
    ("tides the last weekend in January at Rye", date(2027, 1, 30), 2),
    ("基隆下禮拜的今天滿潮", date(2026, 12, 24), 1),
    ("三週後的星期五 澎湖潮汐", date(2027, 1, 8), 1),
    ("二月的第二個禮拜天 淡水日落", date(2027, 2, 14), 1),
])
def test_a_day_counted_from_another_is_that_day(text: str, day: date, days: int) -> None:
    hint = parse_date(text, THU)
    assert hint is not None and (hint.day, hint.days) == (day, days)


async def test_a_day_counted_by_a_week_word_is_no_weeks_table() -> None:
    answer = await ask_router("Keelung tides Friday week", "2026-12-17T10:00:00+08:00")
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == "2026-12-25"
    zh = await ask_router("基隆下週的今天潮汐", "2026-12-17T10:00:00+08:00")
    assert zh.tool == "tide.forecast" and zh.arguments["date"] == "2026-12-24"


@pytest.mark.parametrize(("text", "day"), [
    ("sunset at Mevagissey on Wednesday 23rd", date(2026, 12, 23)),   # a weekday and its day of the month
    ("tides Newquay Tue 12/22", date(2026, 12, 22)),
    ("淡水 週二12/22 日落", date(2026, 12, 22)),
])
def test_a_weekday_beside_its_date_is_understood_with_it(text: str, day: date) -> None:
    hint = parse_date(text, THU)
    assert hint is not None and hint.day == day and hint.unrecognised is None


@pytest.mark.parametrize("text", ["sunset at Mevagissey on Wednesday 24th", "tides Newquay Tue 12/23", "淡水 週二12/23 日落"])
def test_a_weekday_that_is_not_its_dates_is_asked(text: str) -> None:
    hint = parse_date(text, THU)
    assert hint is not None and hint.unrecognised   # which of the two is meant: asked back


async def test_a_day_weeks_away_is_one_days_answer() -> None:
    for query, day in (("Keelung high tide a week from now", "2026-12-24"), ("基隆兩個禮拜後滿潮", "2026-12-31")):
        answer = await ask_router(query, "2026-12-17T10:00:00+08:00")
        assert answer.tool == "tide.forecast" and answer.arguments["date"] == day, answer.text
