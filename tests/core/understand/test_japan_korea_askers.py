"""Askers in Japan and Korea (issue 26, jpkr18): new wordings of the classes the tuning sets tune36/tune38 showed.

- a place written in Hangul, as a traveller copies it off a sign (해운대, 속초, 욕지도), is that place;
- a kanji or hanja name held in Japan, Korea or China (唐津, 松島, 青島, 宮古) is asked about from Japan or Korea,
  where the zone says where the asker is, not whose name they read; a country or division written with it decides;
- a bay word after a town abroad is the town's own water (「長崎灣」), said so; a Taiwan name's unknown bay still asks;
- syllables written apart after a city spell the place in it ("Busan hae un dae": Haeundae), said back;
- a Simplified spelling in characters Traditional has too (海云台) is the name;
- a trip round an island (環島, 跳島) or the main island (本島) written after a place names no other place;
- which fish are biting is declined, not answered with the tides.
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.places import find_place
from core.understand.understood import read_question
from router_ask import ask_router, km_between, planned_point

QT = "2026-11-28T10:00:00"


@pytest.mark.parametrize(("text", "home", "key"), [
    ("해운대 今天日落幾點", "KR", "haeundae_beach"),
    ("tide at 청사포 on sunday", "KR", "cheongsapo"),
    ("욕지도 明天潮汐", "KR", "yokjido"),
    ("서귀포 문섬 今天水溫", "KR", "munseom"),
    ("影島 明天乾潮", "KR", "yeongdo_busan"),
    ("機張大邊港 今天滿潮", "KR", "daebyeon_harbour"),
    ("積丹岬 今天日出", "JP", "cape_shakotan"),
    ("莞島 週末潮汐", "KR", "wando"),
    ("거문도 明天風大嗎", "KR", "geomundo"),
    ("三千浦 明天乾潮", "TW", "samcheonpo"),
])
def test_a_korean_or_japanese_spot_is_found_by_its_name(text: str, home: str, key: str) -> None:
    place = find_place(text, home=home)
    assert place is not None and place.key == key and not place.ambiguous, place


@pytest.mark.parametrize(("text", "english"), [
    ("속초 明天風大嗎", "Sokcho"),
    ("통영 今天潮汐", "Tongyeong"),
    ("부산광역시 明天會下雨嗎", "Busan"),   # the town's Hangul name with its rank word, as GeoNames writes it
])
def test_a_korean_town_written_in_hangul_is_that_town(text: str, english: str) -> None:
    place = find_place(text, home="KR")
    assert place is not None and place.country == "KR" and place.name_en == english, place


@pytest.mark.parametrize(("query", "tz"), [
    ("唐津 今天日落", "Asia/Seoul"),        # Dangjin (당진) or Karatsu, Saga
    ("松島 週末天氣", "Asia/Tokyo"),        # Matsushima or Incheon's Songdo
    ("松島 明天風大嗎", "Asia/Seoul"),
    ("青島 今天幾點乾潮", "Asia/Tokyo"),    # Aoshima, Miyazaki, or Qingdao
    ("宮古 今天天氣", "Asia/Tokyo"),        # Miyako, Iwate, or Miyakojima
    ("宮古 週末潮汐", "Asia/Taipei"),       # the rules give 宮古 to both: neither outweighs the other by it
])
async def test_a_kanji_name_held_in_japan_korea_or_china_is_asked_about(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ambiguous_place", answer.text


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("佐賀唐津 明天滿潮", "Asia/Seoul", 33.44, 129.97),       # the division written with it decides
    ("唐津 週末潮汐", "Asia/Tokyo", 33.44, 129.97),           # Dangjin, a small town, is no rival at home in Japan
    ("仁川松島 明天潮汐", "Asia/Tokyo", 37.39, 126.64),
    ("宮古島 明天日落", "Asia/Tokyo", 24.79, 125.31),         # the whole name is the island's
    ("麗水 海水溫度", "Asia/Seoul", 34.76, 127.66),          # a sea question: Lishui lies inland
    ("中國青島 明天潮汐", "Asia/Taipei", 36.06, 120.38),      # from Taiwan, bare 青島 in a sea question is asked
    ("青島 明天天氣", "Asia/Taipei", 36.06, 120.38),          # ... and with no sea word is Qingdao
])
async def test_a_written_qualifier_or_the_sea_settles_a_kanji_name(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(lat, lon, *planned_point(answer.arguments or {})) < 15, answer.arguments


@pytest.mark.parametrize(("query", "tz", "word", "lat", "lon"), [
    ("長崎灣 今天日落", "Asia/Tokyo", "長崎灣", 32.75, 129.88),
    ("釜山灣 明天潮汐", "Asia/Seoul", "釜山灣", 35.10, 129.03),
])
async def test_a_bay_word_after_a_town_abroad_is_its_own_water_said_so(query: str, tz: str, word: str, lat: float,
                                                                        lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(lat, lon, *planned_point(answer.arguments or {})) < 10
    assert word in answer.text   # 「（我不認得「長崎灣」，以下是長崎的資料。）」


def test_an_unknown_bay_after_a_taiwan_name_is_still_a_doubt() -> None:
    moment = datetime(2026, 11, 28, 10, tzinfo=ZoneInfo("Asia/Taipei"))
    _text, understood = read_question("鹿港灣 明天潮汐", moment, "Asia/Taipei")
    assert understood.doubt("place_piece") is not None, understood


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Busan Hae Un Dae sunset tomorrow", "Asia/Seoul", 35.16, 129.16),
    ("Jeju hyeop jae beach tide tomorrow", "Asia/Seoul", 33.39, 126.24),
])
async def test_syllables_after_a_city_spell_the_place_in_it(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(lat, lon, *planned_point(answer.arguments or {})) < 5, answer.arguments


@pytest.mark.parametrize(("text", "home", "english"), [
    ("海云台 今天日落", "KR", "Haeundae Beach"),   # 云 is Traditional too: no conversion is made
    ("出云市 明天天氣", "JP", "Izumo"),
])
def test_a_simplified_spelling_in_shared_characters_is_the_name(text: str, home: str, english: str) -> None:
    place = find_place(text, home=home)
    assert place is not None and place.name_en == english, place


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("馬羅島 明天潮汐 想搭船跳島", "Asia/Seoul", 33.12, 126.27),
    ("小琉球 明天滿潮 要騎車環島", "Asia/Taipei", 22.34, 120.37),
    ("濟州本島 明天會下雨嗎", "Asia/Seoul", 33.50, 126.52),
])
async def test_a_trip_round_an_island_or_its_main_island_names_no_other_place(query: str, tz: str, lat: float,
                                                                              lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(lat, lon, *planned_point(answer.arguments or {})) < 15, answer.arguments


@pytest.mark.parametrize("query", ["are the fish biting at Sokcho today?", "what's biting off Yeosu this weekend",
                                   "束草今天釣什麼魚"])
async def test_which_fish_are_biting_is_declined(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.tool is None and (answer.debug or {}).get("reason") == "no_such_data", answer.text
