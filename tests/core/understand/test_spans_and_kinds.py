"""Issue 26, "spans and kinds", through the real Router: every spring/neap window in the span asked,
on the place's calendar; span words ("this week", 週末, "next week", a fortnight) as one rule for
weather and tides, on the place's calendar when the asker is abroad.

The expected days are computed here, not read from the bot: the moon's principal phases are typed
in from the published table (USNO, UTC), and a window is the days whose local noon lies from one
day before a new or full moon to 3.5 days after (spring), or from 1.5 days before a quarter to
2 days after (neap: the moon's age 5.9-8.9 days) — the rule the week table's 大潮/小潮 use.
Calendar days are checked against a fixed calendar: 2026-11-27 is a Friday.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from router_ask import ask_router

UTC = timezone.utc
# Published principal phases (USNO), UTC.
PHASES = {
    "full_nov": datetime(2026, 11, 24, 14, 53, tzinfo=UTC),
    "lq_dec1": datetime(2026, 12, 1, 6, 9, tzinfo=UTC),
    "new_dec": datetime(2026, 12, 9, 0, 52, tzinfo=UTC),
    "fq_dec": datetime(2026, 12, 17, 5, 43, tzinfo=UTC),
    "full_dec": datetime(2026, 12, 24, 1, 28, tzinfo=UTC),
    "lq_dec30": datetime(2026, 12, 30, 18, 59, tzinfo=UTC),
    "new_jan": datetime(2027, 1, 7, 20, 24, tzinfo=UTC),
    "full_jan": datetime(2027, 1, 22, 12, 17, tzinfo=UTC),
}
SPRING, NEAP = (-1.0, 3.5), (5.9 - 29.530589 / 4, 9.4 - 29.530589 / 4)
FRIDAY = "2026-11-27T10:00:00+08:00"


def window(phase: str, reach: tuple[float, float], tz: str) -> tuple[date, date]:
    """The first and last local day whose noon is within `reach` days of the phase."""
    moment = PHASES[phase].astimezone(ZoneInfo(tz))
    lo, hi = (moment + timedelta(days=d) for d in reach)
    first = lo.date() if lo.time() <= time(12) else lo.date() + timedelta(days=1)
    last = hi.date() if hi.time() >= time(12) else hi.date() - timedelta(days=1)
    return first, last


def zh_day(day: date) -> str:
    return f"{day.month}月{day.day}日"


def en_day(day: date) -> str:
    return f"{('Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec')[day.month - 1]} {day.day}"


async def test_every_spring_window_of_a_month_is_given_in_chinese() -> None:
    answer = await ask_router("澎湖一月份的大潮落在哪幾天", FRIDAY, dry_run=False)
    first = [window(p, SPRING, "Asia/Taipei") for p in ("new_jan", "full_jan")]
    for (a, b), phase in zip(first, ("new_jan", "full_jan")):
        assert f"{zh_day(a)}至" in answer.text and zh_day(b) in answer.text, answer.text
        assert zh_day(PHASES[phase].astimezone(ZoneInfo("Asia/Taipei")).date()) in answer.text
    assert "新月" in answer.text and "滿月" in answer.text and "Asia/Taipei" in answer.text
    assert answer.arguments and answer.arguments["date"] == first[0][0].isoformat()   # the data: the first window


async def test_every_spring_window_of_a_month_is_given_in_english() -> None:
    answer = await ask_router("Hualien: on which dates do the spring tides fall in December?", FRIDAY, dry_run=False)
    for phase in ("new_dec", "full_dec"):
        a, b = window(phase, SPRING, "Asia/Taipei")
        assert f"{en_day(a)} to {en_day(b)}" in answer.text, answer.text
    assert "New Moon" in answer.text and "Full Moon" in answer.text


async def test_a_month_of_neap_tides_named_by_next_month() -> None:
    answer = await ask_router("下個月有哪些日子是小潮？", FRIDAY, dry_run=False)
    said = answer.text.splitlines()[0]
    for phase in ("lq_dec1", "fq_dec", "lq_dec30"):   # three quarters fall in December 2026
        a, _ = window(phase, NEAP, "Asia/Taipei")
        assert f"{zh_day(a)}至" in said, said
    assert "下弦月" in said and "上弦月" in said


async def test_the_windows_in_a_named_span_include_the_one_under_way() -> None:
    answer = await ask_router("over the next 14 days, which days are spring tides at Keelung?", FRIDAY, dry_run=False)
    said = answer.text.splitlines()[0]
    for phase in ("full_nov", "new_dec"):   # the full moon's is still running on the 27th
        a, b = window(phase, SPRING, "Asia/Taipei")
        assert f"{en_day(a)} to {en_day(b)}" in said, said
    assert answer.arguments and answer.arguments["date"] == "2026-11-27"   # its days from today on


async def test_the_next_spring_tide_is_one_window_from_now() -> None:
    answer = await ask_router("下一波大潮大概是哪幾天？", FRIDAY, dry_run=False)
    a, b = window("new_dec", SPRING, "Asia/Taipei")
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == a.isoformat()
    assert f"{zh_day(a)}至{zh_day(b)}" in answer.text and "滿月" not in answer.text.splitlines()[0]


async def test_windows_abroad_are_on_the_places_calendar() -> None:
    # Honolulu is 18 hours behind Taipei: the new moon of Jan 7 20:24 UTC is Jan 7 there, Jan 8 here.
    answer = await ask_router("Honolulu spring tides in January, which days?", FRIDAY, dry_run=False)
    said = answer.text.splitlines()[0]
    for phase in ("new_jan", "full_jan"):
        a, b = window(phase, SPRING, "Pacific/Honolulu")
        assert f"{en_day(a)}, 2027 to {en_day(b)}, 2027" in said, said
    assert window("new_jan", SPRING, "Pacific/Honolulu") != window("new_jan", SPRING, "Asia/Taipei")
    assert "Pacific/Honolulu" in said


# ---- span words: one rule for weather and tides (asked on Friday 2026-11-27 in Taipei)
@pytest.mark.parametrize(("query", "days"), [
    ("台南這禮拜還會不會下雨", 3),          # today to Sunday
    ("台南這個禮拜天氣好嗎", 3),            # 禮拜 + 天氣: the week, not Sunday
    ("台南禮拜天天氣好嗎", 3),              # Sunday alone: fetched up to it
    ("Tainan, any rain for the rest of the week?", 3),
    ("Tainan weather for the week ahead", 7),    # 7 days from today, as "the coming week"
    ("台南未來兩個星期的天氣", 14),
    ("台南下週天氣怎樣", 3 + 7),            # next Monday to Sunday: fetched up to that Sunday
    ("Tainan weather over the next fortnight", 14),
    ("台南兩週天氣", 14),
    ("台南未來五天天氣", 5),
    ("Tainan weather the next ten days", 10),
    ("台南接下來二十天的天氣", 16),          # cut at the forecast's reach
])
async def test_weather_fetches_the_span_asked(query: str, days: int) -> None:
    answer = await ask_router(query, FRIDAY)
    assert answer.tool == "weather.forecast" and answer.arguments["forecastDays"] == days, answer.arguments


@pytest.mark.parametrize(("query", "first", "days"), [
    ("基隆這禮拜的潮汐", date(2026, 11, 27), 3),     # Friday to Sunday, as the weather's
    ("Keelung tide table for this week", date(2026, 11, 27), 3),
    ("Keelung tides next week", date(2026, 11, 30), 7),
])
async def test_a_week_of_tides_is_the_same_span(query: str, first: date, days: int) -> None:
    answer = await ask_router(query, FRIDAY)
    assert answer.tool == "tide.week" and answer.arguments, answer.text
    assert (answer.arguments["date"], answer.arguments["days"]) == (first.isoformat(), days)


async def test_weekend_tides_say_each_day() -> None:
    answer = await ask_router("基隆週末兩天的乾潮幾點", FRIDAY, dry_run=False)
    assert "資料日期 2026-11-28" in answer.text and "資料日期 2026-11-29" in answer.text
    assert "資料日期 2026-11-30" not in answer.text


# Asked from Los Angeles: Sunday 2026-11-29 18:00 there is Monday 10:00 in Taiwan.
LA_SUNDAY = "2026-11-29T18:00:00-08:00"


async def test_this_week_abroad_is_the_places_week() -> None:
    answer = await ask_router("台南這禮拜會下雨嗎", LA_SUNDAY, tz="America/Los_Angeles")
    assert answer.arguments["forecastDays"] == 7   # Taiwan's Monday to Sunday, not Los Angeles' Sunday alone
    week = await ask_router("Keelung tides this week", LA_SUNDAY, tz="America/Los_Angeles")
    assert week.arguments and (week.arguments["date"], week.arguments["days"]) == ("2026-11-30", 7)


async def test_this_weekend_abroad_on_the_places_saturday_is_what_is_left() -> None:
    # Saturday 18:00 in Los Angeles is Sunday 10:00 in Taiwan: the weekend's day left there is Sunday.
    answer = await ask_router("Keelung tides this weekend", "2026-11-28T18:00:00-08:00", tz="America/Los_Angeles",
                              dry_run=False)
    assert answer.arguments and answer.arguments["date"] == "2026-11-29"
    assert "2026-11-30" not in answer.text


# ---- a box in any common form is a box mean, never a point
@pytest.mark.parametrize("query", [
    "SST in 21°-23°N, 120°-122°E",              # a degree sign before the dash: no minus sign
    "海溫 N21-23 E120-122",                     # the E of E120 is not 23's suffix
    "從(120,21)到(122,23)的平均海溫",            # two bracketed corners
    "SST bbox 120,21,122,23",                   # four numbers after a box word
    "範圍 21 120 23 122 的平均海溫",             # the same, latitude first
    "SST for longitudes 120 to 122 and latitudes 21 to 23",
    "between 120 and 122E, 21 and 23N, what's the mean SST?",
    "從 120E 21N 到 122E 23N 的海溫",
    "東經120到122度 北緯21到23度的平均海溫",
    "lat 21 to 23, lon 120 to 122 sea surface temperature",
])
async def test_a_box_in_any_form_is_a_box_mean(query: str) -> None:
    answer = await ask_router(query, FRIDAY)
    assert answer.tool == "ghrsst.bbox_mean", (answer.tool, answer.arguments)
    assert answer.arguments["bbox"] == [120.0, 21.0, 122.0, 23.0]


# ---- whether a day is a spring or neap day: that day's answer, with the window it falls in or the next
async def test_whether_tomorrow_is_a_spring_tide_says_no_and_the_next() -> None:
    answer = await ask_router("明天會是大潮嗎", FRIDAY, dry_run=False)
    a, b = window("new_dec", SPRING, "Asia/Taipei")   # the full moon's window ended on the 27th
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == "2026-11-28"
    first = answer.text.splitlines()[0]
    assert "11月28日沒有大潮" in first and f"{zh_day(a)}至{zh_day(b)}" in first, first


async def test_whether_a_date_is_a_spring_tide_gives_its_window() -> None:
    answer = await ask_router("Will December 10 be a spring tide at Keelung?", FRIDAY, dry_run=False)
    a, b = window("new_dec", SPRING, "Asia/Taipei")
    assert a <= date(2026, 12, 10) <= b
    assert answer.arguments["date"] == "2026-12-10" and "2026-12-11" not in answer.text   # the day asked only
    assert f"{en_day(a)} to {en_day(b)}" in answer.text.splitlines()[0]


@pytest.mark.parametrize("query", ["滿月時是大潮嗎", "what is a neap tide", "為什麼一月的大潮特別大"])
async def test_the_idea_of_spring_tides_is_still_explained(query: str) -> None:
    answer = await ask_router(query, FRIDAY)
    assert answer.mode == "explain", (answer.mode, answer.tool)


async def test_the_month_after_next_is_not_next_month() -> None:
    answer = await ask_router("下下個月的大潮在哪幾天", FRIDAY, dry_run=False)
    a, _ = window("new_jan", SPRING, "Asia/Taipei")
    assert answer.arguments["date"] == a.isoformat()


async def test_a_day_word_not_understood_beside_a_spring_tide_still_asks() -> None:
    answer = await ask_router("我阿嬤生日那天會是大潮嗎 基隆", FRIDAY)
    assert answer.tool is None and answer.mode == "fallback", (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "line"), [
    ("基隆接下來三天的潮汐", "（接下來三天：11月27日至11月29日）"),
    ("Keelung tides over the weekend", "(the weekend: Nov 28 to Nov 29)"),
])
async def test_a_span_of_tides_says_its_days_first(query: str, line: str) -> None:
    answer = await ask_router(query, FRIDAY, dry_run=False)
    assert answer.text.splitlines()[0] == line, answer.text


async def test_windows_at_a_point_abroad_are_on_its_calendar() -> None:
    # No place name, only coordinates off Oahu: the days are still Honolulu's, not the asker's Taipei ones.
    answer = await ask_router("which days are spring tides in January at 21.25N 157.85W?", FRIDAY, dry_run=False)
    a, b = window("new_jan", SPRING, "Pacific/Honolulu")
    assert answer.arguments["date"] == a.isoformat() and "Pacific/Honolulu" in answer.text.splitlines()[0]
    assert f"{en_day(a)}, 2027 to {en_day(b)}, 2027" in answer.text.splitlines()[0]


async def test_a_month_elsewhere_does_not_make_the_idea_a_date() -> None:
    answer = await ask_router("what is a spring tide? I'll be fishing in Keelung in December", FRIDAY)
    assert answer.mode == "explain", (answer.mode, answer.tool)


async def test_a_long_span_of_tides_says_the_whole_span_and_the_cut() -> None:
    answer = await ask_router("基隆接下來二十天的潮汐", FRIDAY, dry_run=False)
    lines = answer.text.splitlines()
    assert lines[0] == "（接下來二十天：11月27日至12月16日）"   # 20 days from Friday 27 November
    assert any(line.startswith("一則回覆只列得下 7 天（到 12/3）") for line in lines), answer.text


@pytest.mark.parametrize("query", ["基隆十二月二十五日潮汐", "基隆十二月二十五日的潮汐"])
async def test_a_day_of_the_month_is_not_a_count_of_days(query: str) -> None:
    answer = await ask_router(query, FRIDAY)
    assert "12月21日" not in answer.text, answer.text   # never "25 days" from today (Nov 27 to Dec 21)
