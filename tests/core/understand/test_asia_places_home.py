"""Issue 26, places11: askers in Hong Kong, Macau, Singapore and South-East Asia, and Chinese names.

* Breadth: islands, beaches, piers and sunrise peaks of Hong Kong and Macau, south China's coast,
  Singapore, Malaysia, Indonesia, the Philippines and Thailand that found nothing or another place
  (南丫島, 塔門, 坪洲, Po Toi, Tai Mo Shan, 黑沙, 大梅沙, 涠洲岛 written in Simplified, Pulau Ubin in lower
  case, Gili Air, Chalok Baan Kao) are answered at their own point, through the real Router.
* Home first for a Chinese name: a name a place of the asker's country holds beats a namesake abroad
  (長洲 from Hong Kong is Cheung Chau, not Nagasu in Japan), and a Chinese place's name beats the kanji of
  a Japanese town for any asker; an English name Hong Kong holds is Hong Kong's there (Stanley).
* Namesakes are asked: spots of a small home sharing a name (深灣, Sai Wan), a home beach beside a town
  abroad (Half Moon Bay from Hong Kong), a Taiwan spot beside a small Hong Kong one (白沙灣), Kuta in Bali
  and Lombok, the Sabangs of Indonesia and the Philippines.
* A sea region's name inside a longer place name is no region (東海 in 芭東海灘).
"""
from __future__ import annotations


import pytest

from core.understand.places import find_place, find_place_and_region
from router_ask import ask_router, km_between as _km, planned_point as _point

QT = "2027-01-14T08:30:00+08:00"




@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("南丫島明天滿潮幾點", "Asia/Hong_Kong", 22.210, 114.122),
    ("Po Toi Island sunset tomorrow", "Asia/Hong_Kong", 22.170, 114.255),
    ("塔門明天日出幾點", "Asia/Hong_Kong", 22.473, 114.360),
    ("Kat O low tide on Sunday", "Asia/Hong_Kong", 22.543, 114.296),
    ("坪洲今天潮汐", "Asia/Hong_Kong", 22.285, 114.038),
    ("Tai Mo Shan sunrise tomorrow", "Asia/Hong_Kong", 22.411, 114.124),
    ("橋咀洲明天乾潮", "Asia/Hong_Kong", 22.364, 114.289),
    ("破邊洲明天日出", "Asia/Hong_Kong", 22.361, 114.372),
    ("澳門黑沙海灘今天水溫", "Asia/Macau", 22.117, 113.567),
    ("大梅沙明天潮汐", "Asia/Hong_Kong", 22.595, 114.305),
    ("涠洲岛明天日落几点", "Asia/Shanghai", 21.050, 109.110),
    ("湄洲島明天滿潮", "Asia/Taipei", 25.080, 119.120),
    ("pulau ubin high tide tomorrow", "Asia/Singapore", 1.404, 103.962),
    ("Sisters Islands water temperature today", "Asia/Singapore", 1.214, 103.834),
    ("Marina Barrage sunset this evening", "Asia/Singapore", 1.281, 103.871),
    ("Gili Air tide tomorrow morning", "Asia/Makassar", -8.360, 116.083),
    ("龍目島明天日出", "Asia/Taipei", -8.600, 116.100),
    ("Chalok Baan Kao sunset tomorrow", "Asia/Bangkok", 10.066, 99.830),
    ("熱浪島巴西班讓 tide tomorrow", "Asia/Kuala_Lumpur", 5.776, 103.035),
    ("下白泥今日日落幾點", "Asia/Hong_Kong", 22.438, 113.940),
    ("Ocean Park water temperature now", "Asia/Hong_Kong", 22.246, 114.175),   # not Ocean Park, Washington
    ("數碼港明天潮汐", "Asia/Hong_Kong", 22.261, 114.130),   # no slip of 馬崗 in Taiwan
])
async def test_a_place_of_the_region_is_answered_at_its_own_point(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    got = _point(answer.arguments or {})
    assert _km(lat, lon, *got) < 12, (query, got)


@pytest.mark.parametrize(("text", "home", "country"), [
    ("長洲有冇落雨", "HK", "HK"),
    ("長洲明天日出", "TW", "HK"),   # a Chinese place's name before the kanji of a Japanese town
    ("長洲今晚月出", "JP", "HK"),   # ... for one writing Chinese in Japan too
    ("獅子山日落幾點", "HK", "HK"),
    ("萬宜東壩日出", "HK", "HK"),
    ("淺水灣水溫", "HK", "HK"),      # a bigger home place keeps its name beside a Taiwan spot's
    ("Stanley wind tomorrow", "HK", "HK"),
    ("南澳島明天潮汐", "TW", "CN"),   # the island is Guangdong's; 南澳 alone is Yilan's
])
def test_a_name_the_askers_home_or_a_chinese_place_holds_is_that_place(text: str, home: str, country: str) -> None:
    place = find_place(text, home=home)
    assert place is not None and place.country == country and not place.ambiguous, place


@pytest.mark.parametrize(("query", "tz"), [
    ("深灣今天潮汐", "Asia/Hong_Kong"),
    ("Sham Wan high tide tomorrow", "Asia/Hong_Kong"),
    ("Sai Wan water temp tomorrow", "Asia/Hong_Kong"),
    ("Half Moon Bay sunrise tomorrow", "Asia/Hong_Kong"),
    ("白沙灣明天乾潮", "Asia/Hong_Kong"),
    ("Kuta sunset tomorrow", "Asia/Singapore"),
    ("Sabang high tide tomorrow", "Asia/Manila"),
    ("Pulau Besar tides tomorrow", "Asia/Kuala_Lumpur"),
])
async def test_a_name_namesakes_share_is_asked_about(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ambiguous_place", answer.text


async def test_bali_written_in_simplified_is_bali_not_a_slip_of_bali_in_taiwan() -> None:
    answer = await ask_router("巴厘岛明天日出几点", QT, "Asia/Shanghai")   # as 峇里島 is: Indonesia's, or asked
    if (answer.debug or {}).get("reason") != "ambiguous_place":
        assert answer.mode == "mcp_tools" and _point(answer.arguments or {})[0] < 0, answer.text


def test_a_sea_region_inside_a_longer_place_name_is_no_region() -> None:
    place, region = find_place_and_region("芭東海灘海水幾度")
    assert region is None and place is not None and place.country == "TH"
    assert find_place_and_region("東海海溫")[1] is not None


@pytest.mark.parametrize(("text", "country"), [("馬六甲明天潮汐", "MY"), ("关丹明天日出", "MY"), ("溫州外海水溫", "CN"),
                                               ("芽籠今天會下雨嗎", "SG")])
def test_a_simplified_name_of_geonames_is_found_written_in_traditional(text: str, country: str) -> None:
    from core.understand.script import to_traditional   # as the router reads a Simplified question

    place = find_place(to_traditional(text), home="HK")
    assert place is not None and place.country == country, place


def test_a_short_reading_that_is_a_word_names_no_small_estate() -> None:
    assert find_place("聯邦政府的海洋資料", home="HK") is None


@pytest.mark.parametrize(("text", "country"), [("浮羅交怡明天日落", "MY"), ("民丹岛明天潮汐", "ID"), ("美娜多明天天氣", "ID"),
                                               ("公主港明天日出", "PH"), ("樟宜明天潮汐", "SG")])
def test_the_names_chinese_speakers_of_the_region_write_are_found(text: str, country: str) -> None:
    from core.understand.script import to_traditional

    place = find_place(to_traditional(text), home="SG")
    assert place is not None and place.country == country, place
