"""Issue 26, session 12: a town written beside a spot, peoples' names, and clocks asked in Korean and Japanese.

- a spot several places share is the one in the town written right beside it ("Da Nang My Khe": Da Nang's beach,
  not Quảng Ngãi's Mỹ Khê 100 km away, and no doubt about one unknown name "Nang My Khe");
- a country's province name that is only the end of the town written ("Trang" of "Nha Trang") is no area the
  spot does not fit;
- a people's name before a named day or a place ("Thai", "Korean") names no town;
- a clock time asked in Korean (오후 3시, 저녁 7시, 뉴욕은 몇 시) or Japanese (午後3時は…で何時) is converted between
  the places written, the right way round, and a Korean "what time is it now in X" is X's clock.
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from router_ask import ask_router, km_between
from core.understand.understood import read_question

QT = "2026-11-28T17:30:00"


def _read(query: str, tz: str):  # type: ignore[no-untyped-def]
    moment = datetime(2026, 11, 28, 17, 30, tzinfo=ZoneInfo(tz))
    return read_question(query, moment, tz)[1]


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Da Nang My Khe water temp tomorrow", "Asia/Hong_Kong", 16.06, 108.25),
    ("My Khe, Da Nang sunrise", "Asia/Singapore", 16.06, 108.25),
    ("Nha Trang Hon Mun snorkel sea temperature", "Asia/Hong_Kong", 12.17, 109.30),
])
def test_a_spot_is_the_one_in_the_town_written_beside_it(query: str, tz: str, lat: float, lon: float) -> None:
    understood = _read(query, tz)
    place = understood.slots.place
    assert not understood.doubts, understood.doubts
    assert place is not None and km_between(place.lat, place.lon, lat, lon) < 15, place


@pytest.mark.parametrize(("query", "tz", "country"), [
    ("Thai King's Birthday Hua Hin sunset", "Asia/Hong_Kong", "TH"),
    ("Korean Chuseok Busan tide", "Asia/Seoul", "KR"),
    ("Mexican food night in Cancun, sunset time?", "America/Cancun", "MX"),
])
def test_a_peoples_name_is_no_town(query: str, tz: str, country: str) -> None:
    understood = _read(query, tz)
    assert not understood.doubts, understood.doubts
    assert understood.slots.place is not None and understood.slots.place.country == country


@pytest.mark.parametrize(("query", "tz", "from_tz", "to_tz", "time"), [
    ("저녁 8시 서울이면 런던은 몇 시?", "Asia/Seoul", "Asia/Seoul", "Europe/London", "20:00"),
    ("12/3 시드니 오전 10시 한국 시간으로 몇 시야", "Asia/Seoul", "Australia/Sydney", "Asia/Seoul", "10:00"),
    ("大阪 午後4時はシドニーで何時？", "Asia/Tokyo", "Asia/Tokyo", "Australia/Sydney", "16:00"),
])
async def test_a_clock_time_asked_in_korean_or_japanese_is_converted(query: str, tz: str, from_tz: str, to_tz: str,
                                                                     time: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.convert", (answer.tool, answer.text[:160])
    assert answer.arguments is not None
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"], answer.arguments["time"]) == (from_tz, to_tz, time)


@pytest.mark.parametrize(("query", "zone"), [("지금 시애틀 몇 시야?", "America/Los_Angeles"),
                                           ("도쿄 지금 몇시예요", "Asia/Tokyo")])
async def test_what_time_is_it_now_in_korean_is_the_places_clock(query: str, zone: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.tool == "time.now" and answer.arguments is not None and answer.arguments["tz"] == zone, answer.text


@pytest.mark.parametrize(("query", "tool"), [("明日の那覇の日没は？", "tide.forecast"),
                                           ("明日 福岡 晴れる？", "weather.forecast")])
async def test_japanese_sunset_and_fine_weather_words(query: str, tool: str) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo")
    assert answer.tool == tool, answer.text[:160]


@pytest.mark.parametrize(("query", "day"), [
    ("12월 24일 해운대 물때", "2026-12-24"),        # a month and day in Korean: that day, never today
    ("1월 1일 정동진 일출 몇 시", "2027-01-01"),
    ("2일 뒤 속초 만조", "2026-11-30"),              # two days later
    ("대보름 광안리 달 뜨는 시간", "2027-02-21"),     # Korea's lunar calendar: China's 元宵 is Feb 20, 2027
])
async def test_a_day_written_in_korean_is_that_day(query: str, day: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.arguments is not None and answer.arguments.get("date") == day, (answer.arguments, answer.text[:120])


@pytest.mark.parametrize(("query", "lat", "lon"), [("函舘 明日の天気", 41.78, 140.74),    # 舘 for 館
                                                 ("長﨑の日の入り", 32.75, 129.88)])     # 﨑 for 崎
def test_a_japanese_name_in_variant_kanji_is_the_place(query: str, lat: float, lon: float) -> None:
    place = _read(query, "Asia/Tokyo").slots.place
    assert place is not None and km_between(place.lat, place.lon, lat, lon) < 20, place


@pytest.mark.parametrize(("query", "from_tz", "to_tz"), [
    # the other side named as the asker ("for me") or the person there ("her time"): two far places by design
    ("ringing my dad in kaohsiung at 8pm his time, what's that for me in toronto", "Asia/Taipei", "America/Toronto"),
])
async def test_two_clocks_compared_are_a_conversion(query: str, from_tz: str, to_tz: str) -> None:
    answer = await ask_router(query, QT, "America/Toronto")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"]) == (from_tz, to_tz)


async def test_a_clock_asked_now_and_compared_is_that_clock_with_the_other_beside_it() -> None:
    # (s20) the time now asked at one place and compared with another: the asked place's clock, the compared one's
    # on a line of its own (was a conversion of "now": both clocks too, but not the clock asked first)
    answer = await ask_router("norfolk island time right now, is it the same as brisbane?", QT, "America/Toronto",
                              dry_run=False)
    assert answer.tool == "time.now" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["tz"] == "Pacific/Norfolk" and "Brisbane" in answer.text, answer.text


@pytest.mark.parametrize(("query", "country"), [("要去沖繩恩納 後天天氣如何", "JP"), ("濟州 西歸浦 明天日出", "KR")])
def test_a_name_abroad_confirmed_by_the_region_written_beside_it(query: str, country: str) -> None:
    understood = _read(query, "Asia/Taipei")   # a Taiwan asker: the name alone might be meant for a Taiwan place
    assert not understood.doubts, understood.doubts
    assert understood.slots.place is not None and understood.slots.place.country == country
