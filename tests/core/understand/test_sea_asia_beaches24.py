"""Issue 26, sea24: South-East Asian askers' beaches, islands and dive towns, and how they write them.

* Breadth: Phu Quoc's beaches and islets, Vung Tau's front and back beaches, Ho Coc, Raja Ampat's harbour town
  Waisai (GeoNames sets it inland), answered at their own point, not the island's town 20 km off.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between as _km, planned_point as _point

QT = "2027-01-14T08:30:00+08:00"


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Sao Beach Phu Quoc sunrise on Saturday", "Asia/Ho_Chi_Minh", 10.058, 104.037),
    ("Bai Khem weather tomorrow", "Asia/Ho_Chi_Minh", 10.035, 104.032),
    ("富國島星沙灘 明天日落", "Asia/Ho_Chi_Minh", 10.058, 104.037),
    ("Ong Lang Beach sunset today", "Asia/Ho_Chi_Minh", 10.270, 103.930),
    ("Hon Thom Island sea temp today?", "Asia/Ho_Chi_Minh", 9.955, 104.018),
    ("Vung Tau Back Beach low tide on Sunday", "Asia/Ho_Chi_Minh", 10.345, 107.097),
    ("頭頓前灘今日潮汐", "Asia/Hong_Kong", 10.346, 107.072),
    ("Ho Coc Beach rain tomorrow?", "Asia/Ho_Chi_Minh", 10.497, 107.476),
    ("Waisai sunset tomorrow", "Asia/Jayapura", -0.430, 130.815),
    ("Raja Ampat Waisai high tide today", "Asia/Jayapura", -0.430, 130.815),
])
async def test_a_beach_of_the_region_is_answered_at_its_own_point(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    got = _point(answer.arguments or {})
    assert _km(lat, lon, *got) < 8, (query, got)


@pytest.mark.parametrize(("query", "tz", "said"), [
    ("Singapore PSI now?", "Asia/Singapore", "Air quality"),
    ("haze index Johor Bahru tomorrow", "Asia/Kuala_Lumpur", "Air quality"),
    ("Pekanbaru kabut asap hari ini", "Asia/Jakarta", "Air quality"),
    ("中環今日空氣質素好唔好", "Asia/Hong_Kong", "空氣品質"),
    ("Tioman visibility tomorrow how many metres?", "Asia/Kuala_Lumpur", "Underwater visibility"),
    ("Richelieu Rock vis for the mantas this week?", "Asia/Bangkok", "Underwater visibility"),
])
async def test_air_quality_and_the_waters_clarity_are_declined_not_a_forecast(query: str, tz: str, said: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool is None and said in answer.text, answer.text


async def test_a_hazy_sky_is_still_the_weather() -> None:
    answer = await ask_router("Sentosa hazy tomorrow?", QT, "Asia/Singapore")
    assert answer.tool == "weather.forecast"


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("langkawy tmrw sunset?", "Asia/Kuala_Lumpur", 6.31, 99.73),        # a chat day word next, then what is asked
    ("semporma today rain or not", "Asia/Kuching", 4.48, 118.61),
    ("tiomen island high tide today", "Asia/Kuala_Lumpur", 2.80, 104.17),   # its place word next
])
async def test_a_misspelt_place_first_in_lower_case_before_a_day_or_place_word_is_read(
        query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and "I read" in answer.text, answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 25


async def test_an_english_word_first_before_a_day_word_is_no_place() -> None:
    answer = await ask_router("cannot tmrw rain?", QT, "Asia/Singapore")
    assert "I read" not in answer.text


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("west coast park sunrise tomorrow", "Asia/Singapore", 1.296, 103.762),   # first, what is asked next
    ("sunset at east coast park on saturday", "Asia/Singapore", 1.301, 103.912),   # after at
    ("deep water bay high tide tomorrow", "Asia/Hong_Kong", 22.24, 114.19),
])
async def test_an_own_coast_spot_named_as_an_everyday_phrase_is_read_in_lower_case(
        query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 8


async def test_an_everyday_phrase_spot_abroad_in_lower_case_is_still_no_place() -> None:
    answer = await ask_router("east coast park sunset today", QT, "Asia/Hong_Kong")
    assert answer.mode != "mcp_tools" or "Singapore" not in answer.text


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("cloud9 sunrise tomorrow", "Asia/Manila", 9.81, 126.16),         # a hand-kept name holding a number
    ("Cloud 9 sea temp now?", "Asia/Manila", 9.81, 126.16),
    ("12 Apostles sunset tomorrow", "Australia/Melbourne", -38.66, 143.10),
])
async def test_a_spot_whose_name_holds_a_number_is_found(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 10
