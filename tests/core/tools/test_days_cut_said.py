"""Issue 26: a chart or week table of more days than one answer holds says so (7 of the 10 asked, to which
day), and one of the days asked holds them all; the local engine in-process, no LLM."""
from __future__ import annotations

from tests.router_ask import ask_router

FRI = "2026-11-27T10:00:00+08:00"


async def test_a_chart_of_more_days_than_it_holds_says_so() -> None:
    answer = await ask_router("Keelung tide chart for 9 days starting Tuesday", FRI, dry_run=False)
    assert answer.tool == "tide.chart" and answer.arguments["date"] == "2026-12-01"
    assert "7 days (to 12/7)" in answer.text


async def test_a_chart_of_the_days_asked_says_no_cut() -> None:
    answer = await ask_router("Keelung tide chart 4 days from Sunday", FRI, dry_run=False)
    assert answer.tool == "tide.chart" and (answer.arguments["date"], answer.arguments["days"]) == ("2026-11-29", 4)
    assert "One answer holds" not in answer.text
