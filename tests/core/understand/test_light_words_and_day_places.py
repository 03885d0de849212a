"""Intent words of the light and the day (issue 26): nightfall and daybreak said as the light going or
coming ("get dark", 天黑, "first light") ask the sun, not the clock; 初日の出 asks the sunrise as
well as the day; a place's time asked beside a remark on daylight saving is its time."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

TOKYO_SATURDAY = "2026-11-28T16:30:00+09:00"


@pytest.mark.parametrize("query", [
    "what time does it get dark in Otaru today",
    "Otaru dark by what time",
    "last light otaru",
    "first light at Otaru tomorrow",
    "小樽幾點天黑",
])
async def test_the_light_going_or_coming_asks_the_sun(query: str) -> None:
    answer = await ask_router(query, TOKYO_SATURDAY, tz="Asia/Tokyo", dry_run=False)
    assert answer.tool == "tide.forecast", (query, answer.mode, answer.tool, answer.text[:120])
    assert "Sunset" in answer.text or "日落" in answer.text, answer.text
    assert "Otaru" in answer.text or "小樽" in answer.text, answer.text


async def test_the_clock_there_is_still_the_clock() -> None:
    answer = await ask_router("what time is it in Otaru", TOKYO_SATURDAY, tz="Asia/Tokyo")
    assert answer.tool == "time.now", (answer.mode, answer.text[:120])


async def test_the_first_sunrise_of_the_year_asks_the_sunrise_on_new_years_day() -> None:
    answer = await ask_router("初日の出 犬吠埼 幾點？", "2026-11-28T16:30:00+08:00", dry_run=False)
    assert answer.tool == "tide.forecast", (answer.mode, answer.text[:120])
    assert "2027-01-01" in answer.text and "日出" in answer.text, answer.text


MELBOURNE_SATURDAY = "2026-11-28T16:30:00+11:00"


@pytest.mark.parametrize("query", ["Brisbane time? they don't do daylight saving right",
                                   "what time is it in Brisbane, do they have daylight saving"])
async def test_a_place_s_time_beside_a_remark_on_daylight_saving_is_its_time(query: str) -> None:
    answer = await ask_router(query, MELBOURNE_SATURDAY, tz="Australia/Melbourne", dry_run=False)
    assert answer.tool == "time.now" and "Australia/Brisbane" in answer.text, (answer.mode, answer.text[:120])


@pytest.mark.parametrize("query", ["why doesn't Queensland do daylight saving", "when does daylight saving start in Sydney"])
async def test_a_why_or_when_of_daylight_saving_is_still_the_idea(query: str) -> None:
    answer = await ask_router(query, MELBOURNE_SATURDAY, tz="Australia/Melbourne", dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text[:120])
