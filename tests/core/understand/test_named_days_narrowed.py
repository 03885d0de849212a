"""Issue 26, named days and Taiwanese speech as classes, through the real Router (new wordings): the day
inside a wider name wins (除夕 or 初三 over 過年), 夏至 glossed as the southern longest day is December's
and bare 夏至 asked of a southern place says the southern one too, a holiday's bank or public holiday is
the day itself, 明仔 before a part of the day is tomorrow, and Hokkien tide words said after when."""
from __future__ import annotations

from datetime import date, datetime

import pytest
from router_ask import ask_router

from core.understand.dates import parse_date

TAIPEI_FRIDAY = "2026-11-27T20:00:00+08:00"


@pytest.mark.parametrize("query, day", [
    ("春節除夕 高雄日落幾點", "2027-02-05"),
    ("過年初三 安平潮汐", "2027-02-08"),
    ("今年過年 大年初二回娘家 鹿港滿潮幾點", "2027-02-07"),
    ("農曆年 元宵那天 淡水月出", "2027-02-20"),
])
async def test_the_day_inside_the_new_year_is_the_day_asked(query: str, day: str) -> None:
    answer = await ask_router(query, TAIPEI_FRIDAY)
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == day, (query, answer.arguments,
                                                                                            answer.text[:80])


@pytest.mark.parametrize("query, day", [
    ("聖誕節平安夜 淡水日落", date(2026, 12, 24)),
    ("home for Christmas, the Boxing Day dip at Brighton: high tide?", date(2026, 12, 26)),
])
def test_the_eve_or_the_day_after_named_beside_christmas_is_the_day(query: str, day: date) -> None:
    hint = parse_date(query, datetime.fromisoformat(TAIPEI_FRIDAY))
    assert hint is not None and hint.day == day and hint.days == 1, (query, hint)


def test_two_named_days_joined_as_a_range_stay_a_range() -> None:
    hint = parse_date("春節到元宵 基隆潮汐", datetime.fromisoformat(TAIPEI_FRIDAY))
    assert hint is not None and hint.day == date(2027, 2, 6) and hint.days > 1, hint


@pytest.mark.parametrize("query, tz, moment, day", [
    ("冬至(紐西蘭白天最短的那天) 基督城日出", "Pacific/Auckland", "2026-11-28T10:00:00+13:00", "2027-06-22"),
    ("南半球的夏至 伯斯日落", "Australia/Perth", "2026-11-28T10:00:00+08:00", "2026-12-22"),
])
async def test_a_solstice_glossed_for_the_south_is_the_southern_one(query: str, tz: str, moment: str, day: str) -> None:
    answer = await ask_router(query, moment, tz=tz)
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments, answer.text[:80])


async def test_a_bare_solar_term_asked_in_the_south_says_the_southern_day_too() -> None:
    answer = await ask_router("夏至 墨爾本日落幾點", "2026-11-28T10:00:00+11:00", tz="Australia/Melbourne")
    assert (answer.arguments or {}).get("date") == "2027-06-22", answer.arguments
    assert "12月22日" in answer.text.splitlines()[0] and "南半球" in answer.text.splitlines()[0], answer.text[:120]


async def test_a_holidays_bank_holiday_is_the_day_itself() -> None:
    answer = await ask_router("St Nicholas Day public holiday, rain in Bari?", "2026-11-28T10:00:00+01:00",
                              tz="Europe/Rome")
    assert answer.tool == "weather.forecast", (answer.mode, answer.debug, answer.text[:120])
    assert "Dec 6" in answer.text.splitlines()[0], answer.text[:120]


@pytest.mark.parametrize("query", ["明仔透早布袋風會真透無", "明仔中晝澎湖會落雨無"])
async def test_tomorrow_said_short_before_a_part_of_the_day(query: str) -> None:
    answer = await ask_router(query, TAIPEI_FRIDAY)
    assert answer.tool == "weather.forecast", (query, answer.mode, answer.text[:80])
    assert (answer.arguments or {}).get("forecastDays") == 2, (query, answer.arguments)   # today and tomorrow


async def test_tomorrow_early_is_tomorrows_sunrise_abroad() -> None:
    answer = await ask_router("明仔透早雪梨日頭幾點出來", "2026-11-28T15:00:00+11:00", tz="Australia/Sydney")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == "2026-11-29", answer.arguments


@pytest.mark.parametrize("query, day", [
    ("梧棲後日幾點水滿", "2026-11-29"),
    ("明仔載王功水底時上焦", "2026-11-28"),
    ("鹿港今仔日啥物時陣水上滇", "2026-11-27"),
    ("澎湖後日幾點乾水", "2026-11-29"),
])
async def test_hokkien_high_and_low_water_after_when_are_the_tide(query: str, day: str) -> None:
    answer = await ask_router(query, TAIPEI_FRIDAY)
    assert answer.tool == "tide.forecast", (query, answer.mode, answer.debug, answer.text[:120])
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)


@pytest.mark.parametrize("query, day", [
    ("土地公生 安平潮汐", "2027-03-09"),
    ("關帝誕 鹿港潮汐", "2027-07-27"),
    ("開鬼門 基隆潮汐", "2027-08-02"),
])
async def test_the_coasts_gods_days_are_lunar_days(query: str, day: str) -> None:
    answer = await ask_router(query, TAIPEI_FRIDAY)
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("date") == day, (query, answer.arguments)


async def test_the_ghost_month_is_a_month_and_asked() -> None:
    answer = await ask_router("鬼月 墾丁潮汐", TAIPEI_FRIDAY)
    assert answer.tool is None and "鬼月" in answer.text, answer.text[:120]


async def test_a_monday_holidays_weekend_is_the_long_weekend_it_ends() -> None:
    answer = await ask_router("Memorial Day weekend high tides at Cape May", "2026-11-27T09:00:00-05:00",
                              tz="America/New_York")
    assert (answer.arguments or {}).get("date") == "2027-05-29", answer.arguments
    assert int((answer.debug or {}).get("days") or 1) == 3, answer.debug


async def test_vietnams_hung_kings_day_is_its_calendars() -> None:
    answer = await ask_router("Hung Kings' day high tide at Ha Long Bay", "2026-11-27T20:00:00+07:00",
                              tz="Asia/Ho_Chi_Minh")
    assert (answer.arguments or {}).get("date") == "2027-04-16", answer.arguments


@pytest.mark.parametrize("query, day, days", [
    ("the Sunday after Easter, low tide at Whitstable?", date(2027, 4, 4), 1),
    ("Thursday before Anzac Day sunrise at Manly", date(2027, 4, 22), 1),
    ("端午節後的禮拜六 旗津潮汐", date(2027, 6, 12), 1),
    ("the weekend before Christmas, rain in Cairns?", date(2026, 12, 19), 2),
    ("sunrise on new years at Gisborne", date(2027, 1, 1), 1),
    ("the day after New Year, low tide at Piha", date(2027, 1, 2), 1),
    ("聖誕節之前的週末 墾丁天氣", date(2026, 12, 19), 2),
])
def test_a_weekday_or_weekend_counted_from_a_named_day(query: str, day: date, days: int) -> None:
    hint = parse_date(query, datetime.fromisoformat(TAIPEI_FRIDAY))
    assert hint is not None and (hint.day, hint.days) == (day, days), (query, hint)
