"""A night's moonrise or moonset asked with an evening word (issue 26, whose day): when the moon does not rise that
evening but just after midnight, the night's moonrise is the next calendar day's, and the answer says so."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

MEL = "2026-11-28T15:20:00+11:00"   # Melbourne: no moonrise on the 28th; 00:19 on the 29th


@pytest.mark.parametrize("query", [
    "moonrise tonight geelong",
    "a qué hora sale la luna esta noche en Melbourne",
    "墨爾本今天晚上月出幾點",
])
async def test_a_moonrise_after_midnight_is_the_nights(query: str) -> None:
    answer = await ask_router(query, MEL, "Australia/Melbourne")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == "2026-11-29", (query, answer.arguments)


@pytest.mark.parametrize("query, tz, qt, day", [
    ("moonrise melbourne today", "Australia/Melbourne", MEL, "2026-11-28"),         # no evening word: the day's own
    ("sunset tonight melbourne", "Australia/Melbourne", MEL, "2026-11-28"),         # the sun sets that evening
    ("moonrise tonight melbourne", "Australia/Melbourne", "2026-12-20T15:00:00+11:00", "2026-12-20"),  # rises by day
])
async def test_the_day_stays_where_the_night_holds_the_event(query: str, tz: str, qt: str, day: str) -> None:
    answer = await ask_router(query, qt, tz)
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)
