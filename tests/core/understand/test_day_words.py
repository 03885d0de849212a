"""Day words as a person says them (issue 10 §3): weekends, weeks, next N days, day ranges, days of
the month, festivals, lunar dates, misspellings; and what must not become a day.

Fixed query times: Wednesday 2025-11-19 (lunar 2025-09-29), Saturday 2025-11-22, Sunday 2025-11-23,
all in Taipei.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.asked import Asked
from core.envelope import Question
from core.understand.dates import mentions_now, parse_date
from core.understand.dates_named import next_festival
from core.understand.lunar_calendar import next_lunar
from core.understand.slots import extract_slots, home_country
from core.words.strings import t

TPE = ZoneInfo("Asia/Taipei")
WED = datetime(2025, 11, 19, 23, 30, tzinfo=TPE)
SAT = datetime(2025, 11, 22, 10, 0, tzinfo=TPE)
SUN = datetime(2025, 11, 23, 10, 0, tzinfo=TPE)
D = date

# (text, query time, first day, days)
RANGES = [
    # weekends
    ("這個週末基隆的潮汐", WED, D(2025, 11, 22), 2),
    ("這週末", WED, D(2025, 11, 22), 2),
    ("本週末天氣", WED, D(2025, 11, 22), 2),
    ("週末兩天會下雨嗎", WED, D(2025, 11, 22), 2),
    ("周末", WED, D(2025, 11, 22), 2),
    ("禮拜末", WED, D(2025, 11, 22), 2),
    ("這週末", SAT, D(2025, 11, 22), 2),     # said on a Saturday: today and tomorrow
    ("這週末", SUN, D(2025, 11, 23), 1),     # said on a Sunday: the day that is left
    ("下週末", WED, D(2025, 11, 29), 2),
    ("下個週末", WED, D(2025, 11, 29), 2),
    ("下週末", SUN, D(2025, 11, 29), 2),
    ("this weekend", WED, D(2025, 11, 22), 2),
    ("Keelung tides this weekend", WED, D(2025, 11, 22), 2),
    ("over the weekend", WED, D(2025, 11, 22), 2),
    ("weekend weather in Tainan", WED, D(2025, 11, 22), 2),
    ("this weekend", SAT, D(2025, 11, 22), 2),
    ("next weekend", WED, D(2025, 11, 29), 2),
    # two days joined
    ("下週六日", WED, D(2025, 11, 29), 2),
    ("下週六、日", WED, D(2025, 11, 29), 2),
    ("星期六跟星期天", WED, D(2025, 11, 22), 2),
    ("週六和週日的浪", WED, D(2025, 11, 22), 2),
    ("週五到週日", WED, D(2025, 11, 21), 3),
    ("next Saturday and Sunday", WED, D(2025, 11, 29), 2),
    ("Saturday and Sunday", WED, D(2025, 11, 22), 2),
    ("Friday through Sunday", WED, D(2025, 11, 21), 3),
    ("today and tomorrow", WED, D(2025, 11, 19), 2),
    ("明天到後天", WED, D(2025, 11, 20), 2),
    ("今明兩天", WED, D(2025, 11, 19), 2),
    ("明後天", WED, D(2025, 11, 20), 2),
    ("18號到20號", WED, D(2025, 12, 18), 3),
    ("20-22日", WED, D(2025, 11, 20), 3),
    ("28號到2號", WED, D(2025, 11, 28), 5),
    ("11/22-11/24", WED, D(2025, 11, 22), 3),
    ("11月25日到27日", WED, D(2025, 11, 25), 3),
    # the next N days
    ("未來三天", WED, D(2025, 11, 19), 3),
    ("接下來3天的天氣", WED, D(2025, 11, 19), 3),
    ("這三天", WED, D(2025, 11, 19), 3),
    ("這兩天", WED, D(2025, 11, 19), 2),
    ("這幾天", WED, D(2025, 11, 19), 3),
    ("未來一週", WED, D(2025, 11, 19), 7),
    ("三天內", WED, D(2025, 11, 19), 3),
    ("未來30天", WED, D(2025, 11, 19), 16),   # capped at what a forecast reaches
    ("next 3 days", WED, D(2025, 11, 19), 3),
    ("the next three days", WED, D(2025, 11, 19), 3),
    ("the coming 3 days", WED, D(2025, 11, 19), 3),
    ("over the next few days", WED, D(2025, 11, 19), 3),
    ("the next couple of days", WED, D(2025, 11, 19), 2),
    ("5-day forecast for Keelung", WED, D(2025, 11, 19), 5),
    ("within a week", WED, D(2025, 11, 19), 7),
    # weeks
    ("這週", WED, D(2025, 11, 19), 5),          # the rest of the week: Wednesday to Sunday
    ("本週的潮汐", WED, D(2025, 11, 19), 5),
    ("這個星期", SUN, D(2025, 11, 23), 7),       # said on a Sunday: the coming seven days
    ("下週", WED, D(2025, 11, 24), 7),
    ("下星期的天氣", WED, D(2025, 11, 24), 7),
    ("下個禮拜", WED, D(2025, 11, 24), 7),
    ("this week", WED, D(2025, 11, 19), 5),
    ("next week", WED, D(2025, 11, 24), 7),
    ("the coming week", WED, D(2025, 11, 19), 7),
]


@pytest.mark.parametrize(("text", "qt", "day", "days"), RANGES)
def test_ranges(text: str, qt: datetime, day: date, days: int) -> None:
    h = parse_date(text, qt)
    assert h is not None, text
    assert (h.day, h.days, h.unrecognised) == (day, days, None), text


# (text, query time, day) — one day each
DAYS = [
    ("大後天早上", WED, D(2025, 11, 22)),
    ("後天晚上基隆", WED, D(2025, 11, 21)),
    ("day after tomorrow morning", WED, D(2025, 11, 21)),
    ("tmrw", WED, D(2025, 11, 20)),
    ("tide tmw keelung", WED, D(2025, 11, 20)),
    ("2moro", WED, D(2025, 11, 20)),
    ("tomorow", WED, D(2025, 11, 20)),
    ("tommorow", WED, D(2025, 11, 20)),
    ("Tommorrow rain?", WED, D(2025, 11, 20)),
    ("tonite", WED, D(2025, 11, 19)),
    ("in a fortnight", WED, D(2025, 12, 3)),
    ("in two weeks", WED, D(2025, 12, 3)),
    ("in a week", WED, D(2025, 11, 26)),
    ("two days from now", WED, D(2025, 11, 21)),
    ("a week later", WED, D(2025, 11, 26)),
    # day of the month: this month's when today or later, else next month's
    ("18號", WED, D(2025, 12, 18)),
    ("19號的潮汐", WED, D(2025, 11, 19)),
    ("20日天氣", WED, D(2025, 11, 20)),
    ("25號 基隆", WED, D(2025, 11, 25)),
    ("二十五號的天氣", WED, D(2025, 11, 25)),
    ("31號", WED, D(2025, 12, 31)),         # November has no 31st
    ("the 18th", WED, D(2025, 12, 18)),
    ("on the 25th", WED, D(2025, 11, 25)),
    ("Keelung tide on the 20th?", WED, D(2025, 11, 20)),
    ("下個月3號", WED, D(2025, 12, 3)),
    ("下月3日", WED, D(2025, 12, 3)),
    ("下個月的18號", WED, D(2025, 12, 18)),
    ("這個月18號", WED, D(2025, 11, 18)),
    ("本月25日", WED, D(2025, 11, 25)),
    ("on the 3rd of next month", WED, D(2025, 12, 3)),
    ("the 3rd of next month", WED, D(2025, 12, 3)),
    ("next month 3rd", WED, D(2025, 12, 3)),
    ("next month on the 3rd", WED, D(2025, 12, 3)),
    ("on the 3rd of December", WED, D(2025, 12, 3)),
    # festivals: the next one on or after today
    ("端午節", WED, D(2026, 6, 19)),
    ("中秋節基隆天氣", WED, D(2026, 9, 25)),
    ("春節", WED, D(2026, 2, 17)),
    ("除夕", WED, D(2026, 2, 16)),
    ("清明", WED, D(2026, 4, 5)),
    ("清明節", WED, D(2026, 4, 5)),
    ("元宵節", WED, D(2026, 3, 3)),
    ("國慶日", WED, D(2026, 10, 10)),
    ("雙十", WED, D(2026, 10, 10)),
    ("跨年", WED, D(2025, 12, 31)),
    ("元旦", WED, D(2026, 1, 1)),
    ("聖誕節", WED, D(2025, 12, 25)),
    ("Dragon Boat Festival", WED, D(2026, 6, 19)),
    ("Mid-Autumn Festival", WED, D(2026, 9, 25)),
    ("Chinese New Year", WED, D(2026, 2, 17)),
    ("Lunar New Year", WED, D(2026, 2, 17)),
    ("Christmas", WED, D(2025, 12, 25)),
    ("Christmas Eve", WED, D(2025, 12, 24)),
    ("New Year's Day", WED, D(2026, 1, 1)),
    ("New Year's Eve", WED, D(2025, 12, 31)),
    # lunar dates (2025-11-19 is the 29th of the 9th lunar month)
    ("農曆初一", WED, D(2025, 11, 20)),
    ("初一的潮汐", WED, D(2025, 11, 20)),
    ("農曆十五", WED, D(2025, 12, 4)),
    ("正月初一", WED, D(2026, 2, 17)),
    ("正月十五", WED, D(2026, 3, 3)),
    ("農曆8月15", WED, D(2026, 9, 25)),
    ("農曆八月十五", WED, D(2026, 9, 25)),
    ("農曆8/15", WED, D(2026, 9, 25)),
    ("農曆5月5日", WED, D(2026, 6, 19)),
    ("臘月廿三", WED, D(2026, 2, 10)),
]


@pytest.mark.parametrize(("text", "qt", "day"), DAYS)
def test_days(text: str, qt: datetime, day: date) -> None:
    h = parse_date(text, qt)
    assert h is not None, text
    assert (h.day, h.days, h.unrecognised) == (day, 1, None), text


def test_a_festival_today_is_today_and_past_ones_are_next_year() -> None:
    dragon_boat = datetime(2026, 6, 19, 8, 0, tzinfo=TPE)
    assert parse_date("端午節", dragon_boat).day == D(2026, 6, 19)  # type: ignore[union-attr]
    assert parse_date("端午節", datetime(2026, 6, 20, tzinfo=TPE)).day == D(2027, 6, 9)  # type: ignore[union-attr]
    assert parse_date("Christmas", datetime(2025, 12, 26, tzinfo=TPE)).day == D(2026, 12, 25)  # type: ignore[union-attr]


def test_lunar_days_come_from_the_library_every_year() -> None:
    # The 15th of the 8th lunar month over ten years, checked against the weekday-free calendar facts.
    known = {2024: D(2024, 9, 17), 2025: D(2025, 10, 6), 2026: D(2026, 9, 25), 2027: D(2027, 9, 15)}
    for year, day in known.items():
        assert next_lunar(8, 15, D(year, 1, 1)) == day
        assert next_festival({"lunar": [8, 15]}, D(year, 1, 1)) == day
    assert next_lunar(1, 1, D(2099, 12, 31)) is None      # beyond the lunar table: no guess
    assert parse_date("中秋節", datetime(2101, 1, 1, tzinfo=TPE)) is not None


# Text that must not become a day: numbers, coordinates, years, clock times, place names with 日/月.
NOT_DAYS = ["18號碼頭", "3號 buoy", "3號浮標", "1號線", "5號公路", "第3號颱風", "編號18號", "121.5, 25.0 的水溫",
            "(121.75,25.15)", "2025年", "18:00", "18:00 的潮汐", "日月潭天氣", "日本", "月眉", "向日葵",
            "初步", "初中", "當初一直", "基隆這周邊", "這周圍", "一週", "3天", "the 18th century", "the 3rd floor",
            "buoy no. 18", "聖誕節快樂", "Merry Christmas!", "Happy New Year", "新年快樂", "the current",
            "weekends are busy", "a day", "some days"]


@pytest.mark.parametrize("text", NOT_DAYS)
def test_not_days(text: str) -> None:
    h = parse_date(text, WED)
    assert h is None, (text, h)


@pytest.mark.parametrize(("text", "day"), [
    ("週六日出時間", D(2025, 11, 22)),          # Saturday's sunrise, not Saturday and Sunday
    ("週六、日月潭", D(2025, 11, 22)),
    ("18號日出", D(2025, 12, 18)),
    ("明天 18號碼頭", D(2025, 11, 20)),
])
def test_day_words_next_to_other_words(text: str, day: date) -> None:
    h = parse_date(text, WED)
    assert h is not None and (h.day, h.days) == (day, 1), (text, h)


@pytest.mark.parametrize(("text", "word"), [
    ("基隆月底的潮汐", "月底"), ("下個月天氣", "下個月"), ("連假天氣", "連假"),
    ("tides at the end of the month", "end of the month"), ("weather next month", "next month"),
    ("Easter weekend? no: Easter", "weekend"),
])
def test_day_words_not_understood_are_kept(text: str, word: str) -> None:
    h = parse_date(text, WED)
    assert h is not None
    if word == "weekend":   # an understood word wins over one that is not
        assert h.unrecognised is None and h.days == 2
        return
    assert (h.day, h.days, h.unrecognised, h.relative) == (D(2025, 11, 19), 1, word, True)


def test_understood_words_win_over_not_understood() -> None:
    h = parse_date("下個月3號", WED)
    assert h is not None and h.unrecognised is None and h.day == D(2025, 12, 3)
    h = parse_date("the 3rd of next month", WED)
    assert h is not None and h.unrecognised is None and h.day == D(2025, 12, 3)


def test_relative_ranges_use_query_time_zone() -> None:
    # Friday 16:30 UTC is already Saturday in Taipei: "this weekend" there is today and tomorrow.
    utc = datetime(2025, 11, 21, 16, 30, tzinfo=ZoneInfo("UTC"))
    assert parse_date("this weekend", utc).day == D(2025, 11, 22)  # type: ignore[union-attr]
    h = parse_date("this weekend", utc.astimezone(TPE))
    assert h is not None and (h.day, h.days) == (D(2025, 11, 22), 2)
    h = parse_date("this weekend", datetime(2025, 11, 23, 1, tzinfo=TPE))
    assert h is not None and (h.day, h.days) == (D(2025, 11, 23), 1)


@pytest.mark.parametrize(("text", "want"), [
    ("Kuroshio current", False), ("ocean current near Keelung", False), ("the current", False),
    ("what is the current?", False), ("rip current warning", False), ("ocean current speed", False),
    ("current tide in Keelung", True), ("what is the current temperature", True), ("current sea temperature", True),
    ("Keelung current conditions", False), ("currently", True), ("the current water temperature", True),
])
def test_current_means_now_only_before_a_noun(text: str, want: bool) -> None:
    assert mentions_now(text) is want


# --- the slots and the per-question record --------------------------------------------------

def test_home_is_a_country_or_a_zone() -> None:
    assert home_country(None) == "TW" and home_country("+08:00") == "TW"
    assert home_country("us") == "US"
    assert home_country("America/New_York") == "US" and home_country("Asia/Tokyo") == "JP"
    assert home_country("Europe/London") == "GB" and home_country("Asia/Taipei") == "TW"


def test_home_decides_a_shared_place_name() -> None:
    # "Portland": an asker at home in the US gets a US Portland, one in Australia the Australian one.
    us = extract_slots("Portland tide tomorrow", WED, home="America/New_York").place
    au = extract_slots("Portland tide tomorrow", WED, home="Australia/Sydney").place
    assert us is not None and us.country == "US"
    assert au is not None and au.country == "AU"
    assert extract_slots("基隆明天潮汐", WED, home="Europe/London").place.name_zh == "基隆"  # type: ignore[union-attr]


def _asked(query: str, lang: str, qt: datetime = WED) -> Asked:
    asked = Asked(question=Question(query=query, tz="Asia/Taipei"), query=query, lang=lang, tz="Asia/Taipei",
                  query_time=qt)
    asked.slots = extract_slots(query, qt)
    return asked


def test_asked_days_and_day() -> None:
    asked = _asked("基隆這週末的潮汐", "zh")
    assert (asked.day(), asked.days()) == (D(2025, 11, 22), 2)
    assert _asked("基隆的潮汐", "zh").days() == 1


def test_day_note_says_which_day_when_a_word_is_not_understood() -> None:
    zh = _asked("基隆月底的潮汐", "zh")
    assert zh.day_note() == t("zh", "day_words.unrecognised", word="月底", date="2025-11-19")
    assert "月底" in zh.day_note() and "2025-11-19" in zh.day_note()
    en = _asked("Keelung tides at the end of the month", "en")
    assert "end of the month" in en.day_note() and "2025-11-19" in en.day_note("2025-11-19")
    assert _asked("基隆明天的潮汐", "zh").day_note() == ""


def test_place_label_falls_back_to_the_english_name() -> None:
    asked = _asked("Portland tide tomorrow", "zh")
    place = asked.slots.place  # type: ignore[union-attr]
    assert place is not None
    asked.slots = extract_slots("Portland tide tomorrow", WED)
    from dataclasses import replace
    asked.slots = replace(asked.slots, place=replace(place, name_zh=""))
    assert asked.place_label() == place.name_en


# --- through the router: a range is answered for every day asked --------------------------------

from core.config import Settings  # noqa: E402
from core.router import Router  # noqa: E402
from openmeteo_server import OpenMeteoServer  # noqa: E402

RQT = "2025-11-25T10:20:00+08:00"   # Tuesday; the Open-Meteo test server's today


@pytest.mark.parametrize(("query", "lang"), [("高雄這週末天氣", "zh"), ("will it rain in kaohsiung this weekend", "en"),
                                             ("高雄星期六跟星期天會下雨嗎", "zh")])
@pytest.mark.e2e
async def test_weekend_weather_fetches_and_answers_both_days(query: str, lang: str) -> None:
    with OpenMeteoServer() as om:
        router = Router(Settings(open_meteo_url=om.url, odbchat_backend="local"), llm=None)
        answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=RQT))
        await router.aclose()
        params = om.requests[-1]
    assert answer.tool == "weather.forecast" and answer.lang == lang
    # Saturday is 4 days on: the forecast must reach Sunday, 6 days from today.
    assert answer.arguments["forecastDays"] == 6 and params["forecast_days"] == "6"
    assert "2025-11-29" in answer.text and "2025-11-30" in answer.text
    assert "2025-11-28" not in answer.text and "2025-12-01" not in answer.text


@pytest.mark.e2e
async def test_next_three_days_weather_answers_three_days() -> None:
    with OpenMeteoServer() as om:
        router = Router(Settings(open_meteo_url=om.url, odbchat_backend="local"), llm=None)
        answer = await router.answer(Question(query="基隆未來三天天氣", tz="Asia/Taipei", query_time=RQT))
        await router.aclose()
    assert answer.tool == "weather.forecast" and answer.arguments["forecastDays"] == 3
    assert all(day in answer.text for day in ("2025-11-25", "2025-11-26", "2025-11-27"))


@pytest.mark.parametrize(("query", "heads"), [
    ("基隆這週末的潮汐", ("資料日期 2025-11-29", "資料日期 2025-11-30")),
    ("Keelung tides this weekend", ("Date 2025-11-29", "Date 2025-11-30")),
    ("基隆下週六日的潮汐", ("資料日期 2025-12-06", "資料日期 2025-12-07")),
])
async def test_weekend_tide_lists_both_days(query: str, heads: tuple[str, str]) -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=RQT))
    await router.aclose()
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == heads[0][-10:]
    first, second = (answer.text.index(h) for h in heads)
    assert first < second
    # The place once on top, the station once at the end (not repeated per day).
    assert answer.text.count("基隆" if "基隆" in query else "Keelung") >= 1
    assert sum(line.startswith(("潮位站", "Tide station")) for line in answer.text.splitlines()) == 1


async def test_a_festival_tide_question_asks_for_that_day() -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    answer = await router.answer(Question(query="端午節基隆的潮汐", tz="Asia/Taipei", query_time=RQT))
    lunar = await router.answer(Question(query="農曆十五基隆滿潮幾點", tz="Asia/Taipei", query_time=RQT))
    await router.aclose()
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == "2026-06-19"
    assert lunar.tool == "tide.forecast" and lunar.arguments["date"] == "2025-12-04"


@pytest.mark.parametrize(("text", "day"), [
    ("今天農曆十五月亮會很圓嗎", D(2025, 11, 19)),   # the relative word says the day; the lunar date describes it
    ("明天中秋節", D(2025, 11, 20)),
    ("端午節 2026/06/19", D(2026, 6, 19)),
    ("農曆8月15日", D(2026, 9, 25)),                # the lunar date, not August 15th
])
def test_which_day_word_wins(text: str, day: date) -> None:
    h = parse_date(text, WED)
    assert h is not None and h.day == day, (text, h)


@pytest.mark.parametrize("year", [1, 1899, 2100, 9999])
def test_days_beyond_the_calendars_never_raise(year: int) -> None:
    qt = datetime(year, 12, 31, 12, tzinfo=ZoneInfo("UTC"))
    for text in ("端午節", "農曆初一", "除夕", "this weekend", "next week", "明天", "the 31st", "下個月3號"):
        h = parse_date(text, qt)
        assert h is None or h.day.year >= year - 1, text


@pytest.mark.parametrize(("query", "word", "ask"), [("基隆月底的潮汐", "月底", "哪一天"),
                                                  ("tide at Keelung at the end of the month", "end of the month", "which day")])
async def test_a_day_word_not_understood_is_asked_back(query: str, word: str, ask: str) -> None:
    """Issue 26: a day word seen but not understood is never silently read as today: the bot asks."""
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=RQT))
    finally:
        await router.aclose()
    assert answer.tool is None and answer.mode == "fallback"
    assert word in answer.text and ask in answer.text and "2025-11-25" not in answer.text


# Weekday abbreviations as chat writers type them (Wednesday 2025-11-19 asked); "sun" alone is the Sun.
@pytest.mark.parametrize(("text", "day"), [
    ("keelung high tide this sat", D(2025, 11, 22)), ("tides Keelung Sat.", D(2025, 11, 22)),
    ("sunrise kenting thurs", D(2025, 11, 20)), ("Hualien weather on Tues", D(2025, 11, 25)),
    ("next fri low tide anping", D(2025, 11, 28)), ("tide chart penghu this Sun", D(2025, 11, 23)),
])
def test_weekday_abbreviations_are_days(text: str, day: date) -> None:
    found = parse_date(text, WED)
    assert found is not None and found.day == day, found


@pytest.mark.parametrize("text", ["what time does the sun set in keelung", "sun rise at Kenting", "Mr Sun"])
def test_the_sun_is_no_sunday(text: str) -> None:
    assert parse_date(text, WED) is None


# Taiwan's feast days of the coast and the calendar (2026 asked): 228 and Mazu's birthday (lunar 3/23).
@pytest.mark.parametrize(("text", "day"), [
    ("228連假 基隆潮汐", D(2026, 2, 28)), ("和平紀念日那天日出", D(2026, 2, 28)),
    ("媽祖生 北港 潮汐", D(2026, 5, 9)), ("媽祖誕辰 大甲 天氣", D(2026, 5, 9)),
])
def test_taiwan_feast_days(text: str, day: date) -> None:
    found = parse_date(text, datetime(2026, 1, 5, 9, 0, tzinfo=TPE))
    assert found is not None and found.day == day, found


# A month's days written as one run, and a month and day in Chinese numerals (asked 2026-12-19).
@pytest.mark.parametrize(("text", "day", "days"), [
    ("Kenting weather Jan 2 to 4?", D(2027, 1, 2), 3), ("tides Dec 27-29 at Anping", D(2026, 12, 27), 3),
    ("29-31 Dec rain in Taitung", D(2026, 12, 29), 3), ("12月26到28日 澎湖天氣", D(2026, 12, 26), 3),
    ("1/2到1/4 基隆潮汐", D(2027, 1, 2), 3), ("12/30~31 墾丁會下雨嗎", D(2026, 12, 30), 2),
    ("基隆十二月三十日潮汐", D(2026, 12, 30), 1), ("一月二號 淡水日落", D(2027, 1, 2), 1),
])
def test_runs_of_days_and_chinese_numerals(text: str, day: date, days: int) -> None:
    found = parse_date(text, datetime(2026, 12, 19, 21, 40, tzinfo=TPE))
    assert found is not None and (found.day, found.days) == (day, days), found
