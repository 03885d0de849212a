"""Issue 26, sea18: askers in Hong Kong, Macau and South-East Asia — each class with new wordings, through the
real Router (local engine, no LLM; data tools planned, not called).

* A place's sea temperature set against its normal is its anomaly, a figure (the SST answer carries it),
  not the idea of an anomaly; a why stays an explanation.
* 水位 asked highest or lowest at a harbour is its tide.
* A verb and its measure word glued before a place (畫一張長洲, 幫我畫西貢) are no piece of its name.
* No typo is read across a strait's or harbour's name (新加坡海峽現在 is no 下弦): currents there are declined.
* An area named in another clause, the trip's end, is no area the asked place lies in ("heading to Mabul").
* A capitalised word before a name that spells another place with it is a slip of that place, said back
  ("Nah Trang" is Nha Trang, never Trang in Thailand); an area misspelt before its place; Hong Kong's own
  Cantonese spellings of a syllable ("Chow" for Chau).
* A name two islands share asks which (Ko Chang, Trat or Ranong); 巴里島 is Bali.
* A clock time converted with no day written is that time on the asker's calendar day.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between as _km, planned_point as _point

QT = "2027-01-14T08:30:00+08:00"   # a Thursday morning in Hong Kong: Wednesday evening in London


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Redang water temp compared to normal", "Asia/Kuala_Lumpur", 5.78, 103.02),
    ("長洲海溫同平時比高唔高", "Asia/Hong_Kong", 22.21, 114.03),
    ("sea temperature at Boracay versus average?", "Asia/Manila", 11.97, 121.92),
])
async def test_a_places_sea_temperature_against_its_normal_is_its_anomaly(query: str, tz: str, lat: float,
                                                                             lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool and answer.tool.startswith("ghrsst."), answer.text
    assert "sst_anomaly" in (answer.arguments or {}).get("fields", []), answer.arguments
    assert _km(lat, lon, *_point(answer.arguments or {})) < 30


async def test_why_the_sea_is_warmer_than_normal_stays_an_explanation() -> None:
    answer = await ask_router("why is the sea at Penang warmer than normal", QT, "Asia/Kuala_Lumpur")
    assert answer.mode == "explain", answer.text


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("西貢聽日水位幾點最低", 22.38, 114.27),
    ("赤柱後日最高水位幾時", 22.21, 114.21),
])
async def test_the_water_level_highest_or_lowest_is_the_tide(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Hong_Kong")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 10


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("幫我畫西貢後天潮汐圖", 22.38, 114.27),
    ("畫一張澳門今日潮汐圖", 22.20, 113.55),
    ("畫個赤柱星期六嘅潮汐曲線", 22.21, 114.21),
])
async def test_a_verb_before_a_place_is_no_piece_of_its_name(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Hong_Kong")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.chart", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 10


@pytest.mark.parametrize("query", ["新加坡海峽而家海流點流", "維多利亞海港現在海流往哪流"])
async def test_no_typo_is_read_across_a_straits_name(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Singapore")
    assert answer.mode != "mcp_tools", answer.text
    assert "下弦" not in answer.text


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("Semporna sunset today? then heading to Sipadan", 4.48, 118.61),
    ("Tanjung Priok high tide tomorrow", -6.10, 106.88),
    ("Muara Angke low tide today", -6.10, 106.78),
    ("General Luna Siargao tide on Saturday", 9.79, 126.16),
])
async def test_the_asked_place_of_the_region_is_answered(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Jakarta")
    assert answer.mode == "mcp_tools", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 15, answer.arguments


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "written"), [
    ("Nah Trang high tide today", "Asia/Ho_Chi_Minh", 12.24, 109.19, "Nah Trang"),
    ("Cheung Chow sunset tomorrow", "Asia/Hong_Kong", 22.21, 114.03, "Cheung Chow"),
    ("Phukett Kata Beach sunset today", "Asia/Bangkok", 7.82, 98.30, "Phukett"),
])
async def test_a_slip_in_a_name_is_read_and_said_back(query: str, tz: str, lat: float, lon: float,
                                                     written: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 15, answer.arguments
    assert written in answer.text


@pytest.mark.parametrize("query", ["Koh Chang sunset tomorrow", "Ko Chang low tide on Sunday"])
async def test_a_name_two_islands_share_asks_which(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Bangkok")
    assert answer.mode == "fallback", answer.text


async def test_bari_island_in_chinese_is_bali() -> None:
    answer = await ask_router("巴里島而家幾點", QT, "Asia/Hong_Kong")
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text
    assert "Makassar" in str(answer.arguments) or _km(-8.6, 115.2, *_point(answer.arguments or {})) < 100


async def test_a_time_converted_with_no_day_is_on_the_askers_calendar_day() -> None:
    answer = await ask_router("倫敦上午10點即係香港幾點", QT, "Asia/Hong_Kong", dry_run=False)
    assert answer.mode == "mcp_tools" and answer.tool == "time.convert", answer.text
    assert (answer.arguments or {}).get("date") == "2027-01-14", answer.arguments
    assert "18:00" in answer.text


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "day"), [
    ("下週飛去吉隆坡 蘭卡威明天潮汐", "Asia/Hong_Kong", 6.35, 99.80, "2027-01-15"),
    ("heading to Manila next week, Puerto Galera sunset tomorrow?", "Asia/Singapore", 13.50, 120.95, "2027-01-15"),
])
async def test_where_a_trip_goes_is_no_second_place_asked(query: str, tz: str, lat: float, lon: float,
                                                          day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 25, answer.arguments
    assert (answer.arguments or {}).get("date") == day, answer.arguments


async def test_a_city_written_after_its_beach_is_its_area() -> None:
    answer = await ask_router("Tết Nguyên Đán sunset at Non Nuoc beach Da Nang", QT, "Asia/Ho_Chi_Minh")
    assert answer.mode == "mcp_tools", answer.text
    assert _km(16.0, 108.26, *_point(answer.arguments or {})) < 15, answer.arguments
    assert (answer.arguments or {}).get("date") == "2027-02-06", answer.arguments


@pytest.mark.parametrize("query", ["西南季候風會唔會令澳門潮水高過預測", "打風會令長洲水位高好多嗎"])
async def test_whether_the_monsoon_raises_the_sea_is_an_idea(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Hong_Kong")
    assert answer.mode == "explain", answer.text


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("freediving at amed, low tide tomorrow?", "Asia/Makassar", -8.35, 115.65),
    ("kayak to sharp island on sunday, windy?", "Asia/Hong_Kong", 22.36, 114.29),
    ("sisters islands sunset today", "Asia/Singapore", 1.21, 103.83),
])
async def test_a_spot_in_lower_case_is_its_own_names_place(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 25, answer.arguments


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("xianggang houtian chaoxi ma", 22.28, 114.17),
    ("jilongpo mingtian xiayu ma", 3.14, 101.69),
])
async def test_the_regions_cities_typed_in_pinyin_are_places(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Singapore")
    assert answer.mode == "mcp_tools", answer.text
    assert _km(lat, lon, *_point(answer.arguments or {})) < 30, answer.arguments
