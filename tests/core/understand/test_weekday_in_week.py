"""Issue 26: a weekday written beside a week word is that week's day ("next week … Thursday"), and a count
of days written around its first day covers every day asked ("3 days starting tomorrow")."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.understand.dates import parse_date

BERLIN = datetime(2026, 12, 1, 10, tzinfo=ZoneInfo("Europe/Berlin"))   # a Tuesday
TAIPEI = datetime(2026, 12, 1, 10, tzinfo=ZoneInfo("Asia/Taipei"))


@pytest.mark.parametrize(("text", "day"), [
    ("heading to Crete next week — what time is sunset on Wednesday?", date(2026, 12, 9)),
    ("Friday sunrise in Nice, we arrive next week", date(2026, 12, 11)),
    ("next week: tides on Tuesday in Brest", date(2026, 12, 8)),
])
def test_a_weekday_beside_a_week_word_is_that_weeks_day(text: str, day: date) -> None:
    hint = parse_date(text, BERLIN)
    assert hint is not None and hint.day == day and hint.days == 1


@pytest.mark.parametrize(("text", "day"), [
    ("下禮拜要去綠島 禮拜三幾點日出", date(2026, 12, 9)),
    ("下週去墾丁玩，週五的潮汐", date(2026, 12, 11)),
])
def test_a_zh_weekday_beside_a_week_word_is_that_weeks_day(text: str, day: date) -> None:
    hint = parse_date(text, TAIPEI)
    assert hint is not None and hint.day == day and hint.days == 1


def test_a_week_word_alone_is_still_the_week() -> None:
    hint = parse_date("tides in Brest next week", BERLIN)
    assert hint is not None and (hint.day, hint.days) == (date(2026, 12, 7), 7)
    weekend = parse_date("Porto weather this weekend? surfing Sat", BERLIN)   # the weekend asked, Saturday an aside
    assert weekend is not None and (weekend.day, weekend.days) == (date(2026, 12, 5), 2)


@pytest.mark.parametrize(("text", "day", "days"), [
    ("tide chart Cascais, 4 days starting Friday", date(2026, 12, 4), 4),
    ("two days from Saturday, tides at Brest", date(2026, 12, 5), 2),
    ("the next 5 days from tomorrow, high tides Dover", date(2026, 12, 2), 5),
])
def test_a_count_of_days_around_its_first_day_is_every_day_asked(text: str, day: date, days: int) -> None:
    hint = parse_date(text, BERLIN)
    assert hint is not None and (hint.day, hint.days) == (day, days)


async def _ask(query: str) -> Answer:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz="Europe/Berlin", query_time=BERLIN.isoformat(),
                                            dry_run=True, debug=True))
    finally:
        await router.aclose()


async def test_a_chart_of_days_from_a_day_covers_them_all() -> None:
    answer = await _ask("tide chart for Brest, France 3 days starting Thursday")
    assert answer.tool == "tide.chart"
    assert (answer.arguments["date"], answer.arguments["days"]) == ("2026-12-03", 3)


async def test_a_weekday_in_next_week_is_one_days_answer_not_the_weeks_table() -> None:
    answer = await _ask("sailing to Brest, France next week - low tide on Thursday?")
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == "2026-12-10"
