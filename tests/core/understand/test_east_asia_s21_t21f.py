"""Issue 26, session 21 (t21f): East Asian askers' classes, in new wordings, through the real Router (local engine,
no LLM; data tools planned, not called).

* Northern chat's day words (明兒, 今兒個, 後兒個) and kunrei romaji (asita) are those days.
* A festival written before its own weekday (「復活節嗰個禮拜日」, 「イースターの日曜日」) is the festival's day;
  Easter and St Patrick's Day in Japanese and Korean.
* A Japanese or Korean why about a moon phase's day (「なんで満月の日は潮が大きいの」) is the idea, not that day's tides.
* A name two cities abroad share in Taiwan's writing (聖地牙哥: San Diego or Santiago) is asked about; the country
  written beside it settles it.
* Surfing words make a sea question: 一宮 with a surfboard is Chiba's surf town, not Aichi's city.
* Chinese characters no parser took, written first before 而家幾點 / 現在幾點, are a place asked about, never the
  asker's own clock; Hong Kong's names (三藩市, 羅省, 星洲) are those cities.
* Korean air temperature (기온) and water temperature (물온도), a sea road opening in English, Cantonese plans after
  the question (打算去行山), katakana units (ミリ), the datum asked with its unit (どこが0cm), MUR's resolution (分辨率).
* Code asked in mainland words (「编个程序」, 「写段代码」) for every day's own data (「每天…当天的」) is code, not a day
  left unsaid; Yokohama's 海の公園 and Kaizuka's 二色の浜 are places.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2027-10-06T09:00:00"   # a Wednesday morning in the asker's zone


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("明儿大连几点满潮", "Asia/Shanghai", "2027-10-07"),
    ("后儿个日照几点退潮啊", "Asia/Shanghai", "2027-10-08"),
    ("今儿个烟台潮汐咋样", "Asia/Shanghai", "2027-10-06"),
    ("asita no kamakura no kanchou wa?", "Asia/Tokyo", "2027-10-07"),
    ("イースターの日曜日 横浜の潮見表", "Asia/Tokyo", "2028-04-16"),
    ("复活节那个周日 三亚潮汐", "Asia/Shanghai", "2028-04-16"),
    ("부활절 인천 물때", "Asia/Seoul", "2028-04-16"),
    ("セントパトリックスデーのダブリンの日の入り", "Asia/Tokyo", "2028-03-17"),
])
async def test_a_day_as_east_asian_askers_write_it_is_that_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz"), [
    ("なんで満月の日は潮がよく引くの？", "Asia/Tokyo"),
    ("どうして新月の日は潮が大きいんですか", "Asia/Tokyo"),
    ("大潮の日は昼に潮が引くっていつも聞くけど、なんで？", "Asia/Tokyo"),
    ("潮汐表の高さ、どこが0cmなの", "Asia/Tokyo"),
])
async def test_a_why_about_any_phase_day_or_the_datum_is_the_idea(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)


async def test_a_phase_day_at_a_place_is_still_that_days_tides() -> None:
    answer = await ask_router("満月の日の横浜の潮見表", QT, "Asia/Tokyo")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)


async def test_murs_resolution_in_mainland_words_is_explained() -> None:
    answer = await ask_router("MUR 海温的空间分辨率是多少", QT, "Asia/Shanghai", dry_run=False)
    assert answer.mode == "explain" and "0.01" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("聖地牙哥現在幾點", "Asia/Taipei"),
    ("聖地牙哥明天會下雨嗎", "Asia/Taipei"),
    ("咕嚕島而家幾點", "Asia/Hong_Kong"),
    ("巴拉巴拉現在幾點", "Asia/Taipei"),
])
async def test_a_name_two_cities_share_or_no_one_knows_is_asked_about(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback", (answer.mode, answer.tool, answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("智利聖地牙哥現在幾點", "Asia/Taipei", "America/Santiago"),
    ("美國聖地牙哥現在幾點", "Asia/Taipei", "America/Los_Angeles"),
    ("星洲而家幾點", "Asia/Hong_Kong", "Asia/Singapore"),
    ("羅省而家幾點呀", "Asia/Hong_Kong", "America/Los_Angeles"),
    ("請問現在幾點", "Asia/Hong_Kong", "Asia/Hong_Kong"),
])
async def test_the_clock_of_the_city_named(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", (answer.mode, answer.text)
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("一宮の波乗り 日曜の天気どう？", "Asia/Tokyo", "weather.forecast", 35.37, 140.38),
    ("🏄 一宮 明日の風", "Asia/Tokyo", "weather.forecast", 35.37, 140.38),
    ("三藩市聽日天氣點", "Asia/Hong_Kong", "weather.forecast", 37.77, -122.42),
    ("부산 내일 최고기온 몇 도", "Asia/Seoul", "weather.forecast", 35.10, 129.04),
    ("해운대 물온도 몇도", "Asia/Seoul", "ghrsst.bbox_mean", 35.16, 129.16),
    ("Jindo sea road open tomorrow?", "Asia/Seoul", "tide.forecast", 34.49, 126.26),
    ("聽日大埔落唔落雨 打算去行山", "Asia/Hong_Kong", "weather.forecast", 22.45, 114.17),
    ("千倉の水温 3ミリで大丈夫？", "Asia/Tokyo", "ghrsst.bbox_mean", 34.95, 139.95),
])
async def test_the_place_meant_is_answered(query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == tool, (answer.mode, answer.tool, answer.text)
    args = answer.arguments or {}
    box = args.get("bbox")
    got = ((box[1] + box[3]) / 2, (box[0] + box[2]) / 2) if box else (args.get("latitude"), args.get("longitude"))
    assert abs(got[0] - lat) < 0.2 and abs(got[1] - lon) < 0.2, args


@pytest.mark.parametrize(("query", "tz"), [
    ("帮我编个程序 每天早上6点把青岛当天的日出时间发给我", "Asia/Shanghai"),
    ("写一段代码 画出大连明天的潮汐", "Asia/Shanghai"),
])
async def test_code_asked_in_mainland_words_is_code(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "code", (answer.mode, answer.tool, answer.text)


async def test_every_days_own_data_is_no_day_left_unsaid() -> None:
    answer = await ask_router("每天把厦门当天的潮汐发给我", QT, "Asia/Shanghai")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("横浜の海の公園 土曜の潮見表", 35.34, 139.64),
    ("二色浜で潮干狩り 明日何時ごろ引く？", 34.44, 135.34),
])
async def test_a_bays_clam_digging_beach_is_found(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo")
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", (answer.mode, answer.text)
    args = answer.arguments or {}
    assert abs(args["latitude"] - lat) < 0.05 and abs(args["longitude"] - lon) < 0.05, args
