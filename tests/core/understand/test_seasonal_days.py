"""Issue 26: a season's named day as the place keeps it — the shortest and longest days, midwinter and the
first day of a season in the place's hemisphere (Australia's seasons begin on the 1st), the day the clocks
change in the place's own zone (zoneinfo; asked back where they never change) and the English folk and church
days — through the real Router (local engine, no LLM, data tools planned not called). Asked on Thursday
2026-12-10 (London) unless said."""
from __future__ import annotations

from datetime import date

import pytest

from core.understand.dates_kept import clock_change
from tests.router_ask import ask_router

DEC10 = "2026-12-10T09:00:00+00:00"


@pytest.mark.parametrize(("query", "day"), [
    ("what time does the sun set in Lerwick on the shortest day", "2026-12-21"),
    ("midwinter sunrise at Stavanger", "2026-12-21"),
    ("Perth WA sunrise on the longest day", "2026-12-22"),        # the southern summer solstice, 04:50 on Perth's clock
    ("sunset in Punta Arenas at midwinter", "2027-06-21"),
    ("first day of winter moonrise in Brisbane", "2027-06-01"),    # Australia's winter begins on June 1
    ("first day of spring sunrise Galway", "2027-03-20"),
    ("high tide Portsmouth, England on Twelfth Night", "2027-01-05"),
    ("sunrise Falmouth, England on Candlemas", "2027-02-02"),
    ("St Swithin's Day tides at Whitstable", "2027-07-15"),
])
async def test_a_seasons_named_day_is_the_places(query: str, day: str) -> None:
    answer = await ask_router(query, DEC10, "Europe/London")
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == day, answer.text


@pytest.mark.parametrize(("query", "day"), [
    ("Weymouth, England sunset when the clocks go forward", "2027-03-28"),
    ("low tide Cape May, New Jersey the day the clocks go back", "2027-11-07"),
    ("sunrise in Wellington when daylight saving ends", "2027-04-04"),
])
async def test_the_day_the_clocks_change_is_the_places_zones(query: str, day: str) -> None:
    answer = await ask_router(query, DEC10, "Europe/London")
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == day, answer.text


async def test_the_day_the_clocks_change_where_they_never_do_is_asked() -> None:
    answer = await ask_router("Kaohsiung sunset the day the clocks go forward", DEC10, "Asia/Taipei")
    assert answer.tool is None and "one clock all year" in answer.text


def test_clock_changes_from_zoneinfo() -> None:
    assert clock_change("Europe/Berlin", "back", date(2026, 1, 10)) == date(2026, 10, 25)
    assert clock_change("America/New_York", "forward", date(2026, 1, 10)) == date(2026, 3, 8)
    assert clock_change("Australia/Sydney", "forward", date(2026, 1, 10)) == date(2026, 10, 4)
    assert clock_change("Asia/Taipei", "back", date(2026, 1, 10)) is None


@pytest.mark.parametrize(("query", "day"), [
    ("Republic Day sunset at Marsaxlokk, Malta", "2026-12-13"),     # a country's own day, from its calendar
    ("Liberation Day tides at Genoa, Italy", "2027-04-25"),
    ("National Day sunrise in Brest, France", "2027-07-14"),
    ("釜山過年的日出", "2027-02-07"),                                # the lunar new year as Korea keeps it
    ("立冬 當天 基隆潮汐", "2027-11-07"),                            # a blank before 當天
])
async def test_a_countrys_own_day_is_its_calendars(query: str, day: str) -> None:
    answer = await ask_router(query, DEC10, "Asia/Taipei")
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == day, answer.text


async def test_a_countrys_day_where_no_one_keeps_it_is_asked() -> None:
    answer = await ask_router("Republic Day sunset Hualien", DEC10, "Asia/Taipei")
    assert answer.tool is None and "Republic Day" in answer.text


def test_every_named_day_has_its_own_id() -> None:
    from collections import Counter

    from core.understand.dates_words import table

    ids = Counter(str(f["id"]) for f in table("festivals"))
    assert [i for i, n in ids.items() if n > 1] == []


@pytest.mark.parametrize(("query", "day"), [
    ("Canggu high tide besok sore?", "2026-12-11"),       # Indonesian: tomorrow
    ("Sanur sunrise hari Sabtu", "2026-12-12"),
    ("Coron tide bukas ng umaga", "2026-12-11"),           # Tagalog: tomorrow morning
    ("Boracay sunset sa Linggo", "2026-12-13"),
    ("澳門回歸日 澳門日落", "2026-12-20"),
    ("澳門國慶 澳門潮汐", "2027-10-01"),                     # Macau's 國慶 is October 1st, Taiwan's 10/10
    ("年初一 基隆日出", "2027-02-06"),
])
async def test_travellers_day_words_and_places_own_days(query: str, day: str) -> None:
    answer = await ask_router(query, DEC10, "Asia/Taipei")
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == day, answer.text


async def test_an_unknown_memorial_day_is_asked() -> None:
    answer = await ask_router("基隆海洋紀念日潮汐", DEC10, "Asia/Taipei")
    assert answer.tool is None and "海洋紀念日" in answer.text
