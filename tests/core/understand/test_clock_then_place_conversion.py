"""A clock time with a place's name right after it and another zone written elsewhere is a conversion (issue 26,
whose clock): "2pm London on 4 April 2027 → Manila time" converts London's 2pm on that day (summer time by then)."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

QT = "2026-11-28T15:20:00-08:00"


@pytest.mark.parametrize("query, from_tz, to_tz, day", [
    ("9am Sydney on 5 April 2027 → LA time", "Australia/Sydney", "America/Los_Angeles", "2027-04-05"),
    ("what's 4pm Auckland on 6 April 2027 in Honolulu time?", "Pacific/Auckland", "Pacific/Honolulu", "2027-04-06"),
    ("10am Santiago on 4 April 2027 -> Sao Paulo time", "America/Santiago", "America/Sao_Paulo", "2027-04-04"),
])
async def test_the_place_after_the_clock_is_its_side(query: str, from_tz: str, to_tz: str, day: str) -> None:
    answer = await ask_router(query, QT, "America/Los_Angeles")
    args = answer.arguments or {}
    assert answer.tool == "time.convert", (query, answer.text)
    assert (args.get("from_tz"), args.get("to_tz"), args.get("date")) == (from_tz, to_tz, day), (query, args)


async def test_a_clock_beside_a_place_alone_asks_no_conversion() -> None:
    answer = await ask_router("high tide at 3pm santa cruz today?", QT, "America/Los_Angeles")
    assert answer.tool != "time.convert", answer.text
