"""A named day asked as a date (issue 26: "what date is easter", 「聖誕節是星期幾」), through the real Router with
no LLM: the day's own date and weekday lead the answer, on the calendar of the place or the asker, never the
clock's "it is Saturday today" alone; a question asking something else that day is no such question."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

QT = "2026-11-28T09:30:00+00:00"


@pytest.mark.parametrize("query, tz, must", [
    ("easter next year falls on what date?", "Europe/London", "2027-03-28"),
    ("when is easter in greece", "Europe/London", "2027-05-02"),                 # Orthodox, the place's calendar
    ("what day of the week is christmas eve", "Australia/Sydney", "Thursday, 2026-12-24"),
    ("端午節是幾月幾號", "Asia/Taipei", "2027-06-09"),
    ("除夕是星期幾", "Asia/Taipei", "2027-02-05"),
    ("when is boxing day", "Pacific/Auckland", "2026-12-26"),
    ("what day is ne'erday on", "Europe/London", "2027-01-01"),   # Scots' New Year's Day
])
async def test_the_named_days_date_leads_the_answer(query: str, tz: str, must: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", (query, answer.text)
    assert must in answer.text.splitlines()[0], (query, answer.text)


@pytest.mark.parametrize("query, tz", [
    ("what time do the shops open on christmas eve in tokyo", "Europe/London"),
    ("when is high tide on boxing day at brighton", "Europe/London"),
])
async def test_another_ask_on_a_named_day_is_no_date_question(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool != "time.now" or answer.mode != "mcp_tools", (query, answer.text)
