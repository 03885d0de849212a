"""Issue 26, session 21 (main): the leap day as a named day, and asked as reached somewhere, through the real Router
(local engine, no LLM).

* "leap day", 閏日, うるう日, Schalttag: 29 February of a leap year (2028), never today; from a year without one, the
  next leap year's.
* "is it leap day in Auckland yet", 「東京已經2月29號了嗎」: the place's clock answers, with where its day stands.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router


@pytest.mark.parametrize(("query", "tz"), [
    ("sunrise on leap day at Waikiki", "Pacific/Honolulu"),
    ("閏日那天 基隆 潮汐", "Asia/Taipei"),
    ("うるう日 鎌倉の日の入り", "Asia/Tokyo"),
    ("Sonnenaufgang am Schalttag in Kiel", "Europe/Berlin"),
])
async def test_the_leap_day_is_29_february_of_the_leap_year(query: str, tz: str) -> None:
    for asked in ("2028-02-25T06:30:00", "2027-10-28T07:15:00"):
        answer = await ask_router(query, asked, tz)
        assert (answer.arguments or {}).get("date") == "2028-02-29", (asked, answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("is it leap day in Auckland yet?", "America/Chicago", "Pacific/Auckland"),
    ("東京已經2月29號了嗎", "Europe/London", "Asia/Tokyo"),
    ("has feb 29 started in Brisbane", "America/Los_Angeles", "Australia/Brisbane"),
])
async def test_the_leap_day_asked_as_reached_there_is_that_place_s_clock(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, "2028-02-28T18:30:00", tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, (answer.tool, answer.arguments)
