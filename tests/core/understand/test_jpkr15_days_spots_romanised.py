"""Askers in Japan and Korea, Taiwanese travellers there (issue 26, jpkr15).

- a named day with a Japanese or Korean word around it (「元日の前日」, 「クリスマスの次の日」, 「설날 전날」,
  「추석 이틀 전」) is the day it counts to, not the named day itself nor 前日 read as Hokkien's "day before yesterday";
- a spot the gazetteer lacks written in Hangul or kana as one word with its place word (「하도해변」, 「다릿돌전망대」,
  「イムギャービーチで」) or with "at" glued after it (「흰여울마을에서」) is asked about, never answered at the town beside
  it nor at the asker's home city; Surfyy Beach, Dalmaji-gil and Tsunoshima are known by their Hangul and kanji names;
- when the moon rises asked in Korean with a word of the moon's look beside it (「오늘 달 뜨는 시간」) is the moon's times
  at a place (the home city, said so), not the phase alone;
- a Korean or Japanese spot written beside its town in another romanisation than the gazetteer's (McCune-Reischauer
  "kwangalli", "haeundae" as said, "sungsan" for Seongsan) is that spot, said back; a word written like a romanised
  name that spells no place near the town ("busan jagalchi") is asked about, not answered at the town;
- a prefecture written before a town with Japan's possessive or its rank word (「茨城の鹿島」, 「茨城県の鹿島」, 「高知の大月」,
  「静岡の下田」, read 靜岡 once 静 is taken for Simplified) says which town, and is no city of its name;
- a Japanese town GeoNames names only with its rank word in Latin letters ("Kashima-shi", "Nara-shi") answers to the
  bare name: "kashima" is then two towns, asked which, and "nara" from Japan is Nara, not Nara in Mali;
- a name read as an intent word (下山 of 「太陽幾點下山」) gives way to the other place the question names (鹿兒島), and a
  Japanese place of half a million people is known to a Taiwan asker (鹿兒島), while 三重 is still asked;
- a home place written alone in another romanisation by an asker in Korea ("Ulleong-do", "ulleongdo") is that place,
  said back; the katakana loanwords for sunset and sunrise in romaji (sansetto, sanraizu) ask the sun's times.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.understood import read_question
from router_ask import ask_router, km_between, planned_point

QT_SEOUL = "2026-11-28T15:20:00+09:00"


def _day(query: str, tz: str, when: str = "2026-11-28T09:00:00") -> date | None:
    """Return the day understood in `query` asked at `when` in `tz` (None when no day was read or it was not understood)."""
    moment = datetime.fromisoformat(when).replace(tzinfo=ZoneInfo(tz))
    hint = read_question(query, moment, tz)[1].slots.date
    return None if hint is None or hint.unrecognised else hint.day


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("元日の前日 鎌倉の満潮", "Asia/Tokyo", "2026-12-31"),
    ("クリスマスの次の日 江の島の日の出", "Asia/Tokyo", "2026-12-26"),
    ("成人の日の前の日 逗子 天気", "Asia/Tokyo", "2027-01-10"),
    ("설날 전날 속초 일출", "Asia/Seoul", "2027-02-06"),          # Korea's 설날 is 2027-02-07
    ("크리스마스 다음날 부산 날씨", "Asia/Seoul", "2026-12-26"),
    ("추석 이틀 전 강릉 날씨", "Asia/Seoul", "2027-09-13"),
])
def test_a_japanese_or_korean_word_around_a_named_day_counts_from_it(query: str, tz: str, day: str) -> None:
    assert _day(query, tz) == date.fromisoformat(day)


def test_hokkien_day_before_yesterday_alone_is_unchanged() -> None:
    assert _day("前日 基隆 潮汐", "Asia/Taipei") == date(2026, 11, 26)


@pytest.mark.parametrize(("query", "tz", "word"), [
    ("제주 하도해변에서 일출 몇시", "Asia/Seoul", "하도해변"),
    ("부산 청사포 다릿돌전망대 일몰", "Asia/Seoul", "다릿돌전망대"),
    ("宮古島 イムギャービーチで明日の干潮", "Asia/Tokyo", "イムギャービーチ"),
    ("속초 외옹치해변 내일 일출", "Asia/Seoul", "외옹치해변"),
])
async def test_a_spot_written_with_its_place_word_in_hangul_or_kana_is_asked_about(query: str, tz: str, word: str) -> None:
    answer = await ask_router(query, QT_SEOUL, tz)
    assert answer.mode == "fallback" and word in answer.text, (answer.tool, answer.text[:160])


async def test_an_unknown_spot_at_which_the_moon_is_asked_is_not_the_home_city() -> None:
    answer = await ask_router("흰여울길에서 오늘 달 뜨는 시간", QT_SEOUL, "Asia/Seoul")
    assert answer.mode == "fallback" and "흰여울길" in answer.text, (answer.tool, answer.text[:160])


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("서피비치 내일 일출 몇시야", 38.03, 128.72),
    ("달맞이길 오늘 월출", 35.158, 129.178),
    ("角島大橋から見る夕日 何時", 34.35, 130.86),
])
async def test_the_spots_known_by_their_own_names(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT_SEOUL, "Asia/Tokyo" if "角島" in query else "Asia/Seoul")
    assert answer.tool == "tide.forecast" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert km_between(lat, lon, *planned_point(answer.arguments)) < 5


@pytest.mark.parametrize("query", ["오늘 달 뜨는 시간", "오늘 밤 달 언제 떠?", "今晚月相 月出幾點"])
async def test_the_moon_rising_with_a_phase_word_beside_is_the_home_citys_times(query: str) -> None:
    answer = await ask_router(query, QT_SEOUL, "Asia/Seoul")
    assert answer.tool == "tide.forecast" and (answer.debug or {}).get("reason") == "moon_home_city", answer.text[:160]


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Busan Kwangali sunset", "Asia/Seoul", 35.15, 129.12),
    ("pusan kwangalli beach high tide tmrw", "Asia/Seoul", 35.15, 129.12),
    ("Jeju Sungsan sunrise tomorrow?", "Asia/Seoul", 33.46, 126.94),
    ("jeju songsan sunrise", "Asia/Taipei", 33.46, 126.94),
])
async def test_a_spot_in_another_romanisation_beside_its_town_is_that_spot(query: str, tz: str, lat: float,
                                                                         lon: float) -> None:
    answer = await ask_router(query, QT_SEOUL, tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert km_between(lat, lon, *planned_point(answer.arguments)) < 5, answer.text[:160]


@pytest.mark.parametrize(("query", "word"), [("busan jagalchi tide today", "jagalchi"),
                                             ("Sokcho Daepohang sunrise tmr", "Daepohang")])
async def test_a_romanised_name_beside_a_town_that_spells_no_place_is_asked_about(query: str, word: str) -> None:
    answer = await ask_router(query, QT_SEOUL, "Asia/Seoul")
    assert answer.mode == "fallback" and word in answer.text, (answer.tool, answer.text[:160])


@pytest.mark.parametrize("query", ["okinawa chatan sunset today", "busan hotel weather tomorrow"])
async def test_a_known_place_or_an_english_word_beside_the_town_is_no_unknown_spot(query: str) -> None:
    answer = await ask_router(query, QT_SEOUL, "Asia/Tokyo")
    assert answer.mode == "mcp_tools", (answer.tool, answer.text[:160])


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("茨城の鹿島 明日の潮", 35.97, 140.64),
    ("茨城県の鹿島 週末の満潮", 35.97, 140.64),
    ("佐賀の鹿島 明日の潮", 33.11, 130.09),
    ("高知の大月 明日の満潮", 32.83, 132.71),
    ("静岡の下田 明日の日の出", 34.68, 138.94),
    ("靜岡縣 下田 明天日出", 34.68, 138.94),
])
async def test_a_prefecture_written_before_a_town_says_which(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT_SEOUL, "Asia/Tokyo")
    assert answer.tool == "tide.forecast" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert km_between(lat, lon, *planned_point(answer.arguments)) < 10, answer.text[:160]


@pytest.mark.parametrize("tz", ["Asia/Tokyo", "Asia/Taipei"])
async def test_kashima_in_latin_letters_is_two_towns(tz: str) -> None:
    answer = await ask_router("kashima high tide tomorrow?", QT_SEOUL, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ambiguous_place", answer.text[:160]


async def test_nara_from_japan_is_nara() -> None:
    answer = await ask_router("nara weather tomorrow", QT_SEOUL, "Asia/Tokyo")
    assert answer.arguments is not None and km_between(34.68, 135.80, *planned_point(answer.arguments)) < 15


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("鹿兒島今天太陽幾點下山", 31.57, 130.55),
    ("鹿兒島明天會下雨嗎", 31.57, 130.55),
])
async def test_a_place_beside_an_intent_word_that_is_a_town_is_asked(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT_SEOUL, "Asia/Taipei")
    assert answer.mode == "mcp_tools" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert km_between(lat, lon, *planned_point(answer.arguments)) < 20


async def test_a_japanese_region_sharing_a_taiwan_name_is_taiwans_from_taiwan() -> None:
    # 三重 asked in Taiwan is New Taipei's district (in the gazetteer since session 16), not Mie prefecture
    answer = await ask_router("三重明天會下雨嗎", QT_SEOUL, "Asia/Taipei")
    assert answer.arguments is not None and abs(answer.arguments["latitude"] - 25.06) < 0.05, answer.text[:160]


@pytest.mark.parametrize("query", ["Ulleong-do weather tomorow", "ulleongdo rain tomorrow?"])
async def test_a_home_place_in_another_romanisation_alone_is_that_place(query: str) -> None:
    answer = await ask_router(query, QT_SEOUL, "Asia/Seoul")
    assert answer.tool == "weather.forecast" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert km_between(37.49, 130.9, *planned_point(answer.arguments)) < 15
    assert "Ulleungdo" in answer.text.splitlines()[0]


@pytest.mark.parametrize("query", ["kamakura sansetto nanji", "enoshima ashita sanraizu"])
async def test_sunset_and_sunrise_in_romaji_ask_the_suns_times(query: str) -> None:
    answer = await ask_router(query, QT_SEOUL, "Asia/Tokyo")
    assert answer.tool == "tide.forecast" and (answer.debug or {}).get("variant") == "sun_moon_only", answer.text[:160]
