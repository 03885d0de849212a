"""Issue 26, session 21 (main): the small hours of tonight, and the clock change said by the night it shortens,
through the real Router (local engine, no LLM) and the clock parser.

* The part-of-day word nearest a clock time says its part (「今晚凌晨1點」: 凌晨, 01:00, not 13:00).
* A night word with 12 or 1-4 is after midnight (「今晚1點」 01:00, 「晚上12點」 00:00), with 5-11 the evening.
* Asked in the evening, a small hour of tonight, or with no day, is the next day's ("1am tonight" at 22:30).
* "do we lose an hour", "when do the clocks spring forward" with no place: the asker's clock's change day.
"""
from __future__ import annotations

import pytest

from core.understand.clock_times import find_clock
from router_ask import ask_router


@pytest.mark.parametrize(("text", "hhmm"), [
    ("今晚凌晨1點", "01:00"), ("今天晚上凌晨3點半", "03:30"), ("今晚2點", "02:00"), ("晚上12點", "00:00"),
    ("今晚8點", "20:00"), ("晚上11點", "23:00"), ("下午3點", "15:00"), ("半夜1點", "01:00"), ("밤 1시", "01:00"),
])
def test_the_nearest_part_of_day_word_and_a_night_s_small_hours(text: str, hhmm: str) -> None:
    clock = find_clock(text)
    assert clock is not None and clock.hhmm == hhmm, clock


@pytest.mark.parametrize(("query", "tz", "day", "hhmm"), [
    ("今晚凌晨2點是紐約幾點", "Asia/Taipei", "2027-10-29", "02:00"),
    ("1am tonight my time is what in Berlin?", "Asia/Singapore", "2027-10-29", "01:00"),
    ("今晚9點是倫敦幾點", "Asia/Taipei", "2027-10-28", "21:00"),
])
async def test_a_small_hour_of_tonight_asked_in_the_evening_is_the_next_day(query: str, tz: str, day: str,
                                                                           hhmm: str) -> None:
    answer = await ask_router(query, "2027-10-28T21:40:00", tz)
    args = answer.arguments or {}
    assert answer.tool == "time.convert" and (args.get("date"), args.get("time")) == (day, hhmm), args


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("do we lose an hour?", "America/Chicago", "2028-03-12"),
    ("when do the clocks spring forward", "America/Denver", "2028-03-12"),
    ("when do we lose an hour of sleep", "Europe/Dublin", "2028-03-26"),
])
async def test_the_clock_change_said_by_the_night_is_the_asker_s_zone_s_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, "2028-03-05T20:00:00", tz, dry_run=False)
    assert answer.tool == "time.now" and day in answer.text, (answer.tool, answer.text)
