"""Issue 26: named days of the place's country and solar terms that are also weather words.

The 24 solar terms written bare beside tides or the sun are their day; 大雪, 小雪 and 雨水 asked with the
weather are snow and rain, and 大寒流 or 大雪山 no day at all. Japan's and Korea's holidays (成人之日,
天皇誕生日, 光復節 in Korea), "the day before" them, holidays only the place's calendar in the ``holidays``
package names (Ontario's Family Day, Japan's Sports Day), a year written beside a named day, and days no
calendar keeps (Groundhog Day). Read with the real understanding (no stubs), asked on 2026-11-28 unless said.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.understood import read_question

_TERMS = {   # each term's day after 2026-11-28 in Taiwan (the Sun's longitude, metocean/solar_terms.py)
    "立春": "2027-02-04", "雨水": "2027-02-19", "驚蟄": "2027-03-06", "春分": "2027-03-21", "清明": "2027-04-05",
    "穀雨": "2027-04-20", "立夏": "2027-05-06", "小滿": "2027-05-21", "芒種": "2027-06-06", "夏至": "2027-06-21",
    "小暑": "2027-07-07", "大暑": "2027-07-23", "立秋": "2027-08-08", "處暑": "2027-08-23", "白露": "2027-09-08",
    "秋分": "2027-09-23", "寒露": "2027-10-08", "霜降": "2027-10-23", "立冬": "2027-11-07", "小雪": "2027-11-22",
    "大雪": "2026-12-07", "冬至": "2026-12-22", "小寒": "2027-01-05", "大寒": "2027-01-20"}


def _day(query: str, tz: str = "Asia/Taipei", when: str = "2026-11-28T09:00:00") -> date | None:
    """Return the day understood in `query` asked at `when` in `tz` (None when no day was read or it was not understood)."""
    moment = datetime.fromisoformat(when).replace(tzinfo=ZoneInfo(tz))
    hint = read_question(query, moment, tz)[1].slots.date
    return None if hint is None or hint.unrecognised else hint.day


@pytest.mark.parametrize("term", list(_TERMS))
@pytest.mark.parametrize("shape", ["{} 澎湖潮汐", "{}那天 基隆日出", "{}節氣 淡水日落", "{} 當天 安平潮汐"])
def test_every_solar_term_beside_a_tide_or_the_sun_is_its_day(term: str, shape: str) -> None:
    assert _day(shape.format(term)) == date.fromisoformat(_TERMS[term])


@pytest.mark.parametrize("query", ["大雪 合歡山天氣", "合歡山明天會下大雪嗎", "玉山 一場小雪 會冷嗎", "雨水多嗎 基隆天氣",
                                   "大寒流來了 基隆潮汐", "大雪山 日出"])
def test_snow_rain_and_longer_words_are_no_solar_term(query: str) -> None:
    assert _day(query) not in {date(2026, 12, 7), date(2027, 11, 22), date(2027, 2, 19), date(2027, 1, 20)}


def test_a_heat_or_cold_term_beside_the_weather_stays_the_day() -> None:
    assert _day("大寒 台北天氣") == date(2027, 1, 20)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("成人之日前一天 江之島日落", "Asia/Tokyo", "2027-01-10"),
    ("Emperor's Birthday 2027, tide at Yokohama?", "Asia/Tokyo", "2027-02-23"),
    ("the day after Coming of Age Day, tide at Kamakura", "Asia/Tokyo", "2027-01-12"),
    ("天皇誕生日 東京 日出", "Asia/Taipei", "2027-02-23"),
    ("海之日 鎌倉 潮汐", "Asia/Taipei", "2027-07-19"),
    ("釜山 光復節 日落", "Asia/Taipei", "2027-08-15"),      # Korea's 광복절, not Taiwan's 10/25
    ("基隆 光復節 日落", "Asia/Taipei", "2027-10-25"),
    ("開天節 釜山 潮汐", "Asia/Taipei", "2027-10-03"),
    ("Seollal sunrise at Busan", "Asia/Seoul", "2027-02-07"),   # a day after Taiwan's 春節 (Feb 6)
    ("春節 釜山 日出", "Asia/Taipei", "2027-02-07"),            # 春節 asked of Korea: Korea's
    ("春節 基隆 日出", "Asia/Taipei", "2027-02-06"),
    ("節禮日 雪梨 潮汐", "Asia/Taipei", "2026-12-26"),
    ("國王生日 雪梨 潮汐", "Asia/Taipei", "2027-06-14"),        # New South Wales' second Monday of June
    ("Waitangi Day tides Auckland", "Pacific/Auckland", "2027-02-06"),
    ("懷唐伊日 奧克蘭 潮汐", "Asia/Taipei", "2027-02-06"),
    ("馬丁路德金恩紀念日 舊金山 日落", "Asia/Taipei", "2027-01-18"),
    ("what time is sunrise in Halifax on Groundhog Day", "America/Halifax", "2027-02-02"),
    ("first sunrise of 2027 at Kamakura", "Asia/Tokyo", "2027-01-01"),
    ("元旦日出 太麻里", "Asia/Taipei", "2027-01-01"),
    ("CNY first day sunrise at Pulau Ubin", "Asia/Singapore", "2027-02-06"),
    ("Nollaig na mBan swim in An Spidéal, tide times?", "Europe/Dublin", "2027-01-06"),
    ("tides in Galway on St Brigid's Day bank holiday", "Europe/Dublin", "2027-02-01"),   # Ireland's first Monday of February
])
def test_named_days_of_the_places_country(query: str, tz: str, day: str) -> None:
    assert _day(query, tz) == date.fromisoformat(day)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Family Day tide in Toronto", "America/Toronto", "2027-02-15"),     # Ontario's, from its calendar
    ("Sports Day Kamakura tide", "Asia/Tokyo", "2027-10-11"),
    ("the day before Sports Day, sunset in Kamakura", "Asia/Tokyo", "2027-10-10"),
    ("敬老の日 鎌倉 潮汐", "Asia/Tokyo", "2027-09-20"),
])
def test_a_holiday_only_the_places_calendar_names(query: str, tz: str, day: str) -> None:
    assert _day(query, tz) == date.fromisoformat(day)


def test_family_day_is_no_day_where_the_calendar_has_none() -> None:
    assert _day("Family Day tide in Kamakura", "Asia/Tokyo") is None


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("Christmas 2027 Keelung tides", "Asia/Taipei", "2027-12-25"),
    ("2027年的中秋節 基隆潮汐", "Asia/Taipei", "2027-09-15"),
    ("Thanksgiving 2027 tide in Halifax", "America/Halifax", "2027-10-11"),   # Canada's, that year
    ("Christmas 2026 tide Keelung", "Asia/Taipei", "2026-12-25"),
])
def test_a_year_beside_a_named_day_is_that_years(query: str, tz: str, day: str) -> None:
    assert _day(query, tz) == date.fromisoformat(day)


@pytest.mark.parametrize(("query", "tz"), [
    ("中秋節快樂！基隆潮汐", "Asia/Taipei"),            # a greeting: today, no festival and no doubt
    ("Happy Thanksgiving! tide at Boston", "America/New_York"),
])
def test_a_holiday_in_a_greeting_is_no_day(query: str, tz: str) -> None:
    moment = datetime(2026, 11, 28, 9, tzinfo=ZoneInfo(tz))
    understood = read_question(query, moment, tz)[1]
    assert understood.slots.date is None and understood.doubt("day_unknown") is None


def test_a_day_word_not_understood_around_a_calendar_name_stays_asked() -> None:
    moment = datetime(2026, 11, 28, 9, tzinfo=ZoneInfo("America/New_York"))
    hint = read_question("Christmas holidays tide at Boston", moment, "America/New_York")[1].slots.date
    assert hint is not None and hint.unrecognised == "Christmas holidays"


@pytest.mark.parametrize(("query", "day"), [
    ("美國國慶 舊金山 潮汐", "2027-07-04"),
    ("國慶日 舊金山 潮汐", "2027-07-04"),       # 國慶 asked of a place abroad: that country's
    ("國慶日 新加坡 潮汐", "2027-08-09"),       # from Singapore's calendar (its National Day)
    ("國慶日 基隆 潮汐", "2027-10-10"),
])
def test_national_day_is_the_places_countrys(query: str, day: str) -> None:
    assert _day(query) == date.fromisoformat(day)


@pytest.mark.parametrize("query", ["昨昏旗津落規工的雨 明仔載猶閣會落無", "昨天旗津下整天雨 明天還會下嗎",
                                   "it rained yesterday in Boston, will it rain tomorrow?"])
def test_a_past_day_told_before_the_day_asked_is_not_the_day_asked(query: str) -> None:
    from datetime import date, datetime
    from zoneinfo import ZoneInfo

    from core.understand.slots import extract_slots
    slots = extract_slots(query, datetime(2026, 11, 26, 20, tzinfo=ZoneInfo("Asia/Taipei")))
    assert slots.date is not None and slots.date.day == date(2026, 11, 27)
