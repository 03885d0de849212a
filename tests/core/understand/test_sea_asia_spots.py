"""Issue 26, sea17: askers in Hong Kong, Macau and South-East Asia name their own coast's small spots.

* Breadth: piers, beaches, bays, typhoon shelters, islands and dive spots of Hong Kong, Macau, Singapore,
  Penang, Sabah, Cebu/Palawan, Phuket/Krabi, Pattaya, Da Nang/Nha Trang and Bali that asked back or found a
  namesake far away (佛堂門, 流浮山 — GeoNames sets it on Lantau —, Sungei Buloh, 姓氏橋, Sapi Island,
  Oslob, Tonsai, Son Tra, Serangan) are answered at their own point, through the real Router.
* A misplaced GeoNames row of a hand-kept place's own English name is that place, not a namesake to ask about.
* Lower case: a Thai village written without GeoNames' "Ban" ("ao nang"); a four-letter word beside an intent
  word is no place ("sai kong rain" is no Kong in Ivory Coast).
* A name two coasts share asks the asker of the other coast (竹灣 from Macau), and stays Taiwan's at home.
* Hong Kong's and Macau's name for Mazu's birthday (天后誕) and Thailand's Songkran are days.
"""
from __future__ import annotations

from datetime import date

import pytest

from core.understand.places import find_place
from core.understand.places_text import own_name
from router_ask import ask_router, km_between as _km, planned_point as _point

QT = "2027-01-14T08:30:00+08:00"




@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("大廟灣後日日出幾點", "Asia/Hong_Kong", 22.280, 114.290),
    ("流浮山星期六幾時潮退", "Asia/Hong_Kong", 22.468, 113.983),
    ("Lau Fau Shan sunset on Friday", "Asia/Hong_Kong", 22.468, 113.983),
    ("尖鼻咀 today sunset", "Asia/Hong_Kong", 22.490, 113.995),
    ("三家村避風塘今日潮汐", "Asia/Hong_Kong", 22.291, 114.236),
    ("鹽田梓明天日落", "Asia/Hong_Kong", 22.377, 114.297),
    ("三星灣 water temp this week", "Asia/Hong_Kong", 22.356, 114.286),
    ("長洲觀音灣明日水溫", "Asia/Hong_Kong", 22.204, 114.033),
    ("珠江口今日海水溫度", "Asia/Hong_Kong", 22.300, 113.750),
    ("路環島今晚日落", "Asia/Macau", 22.118, 113.555),
    ("Sungei Buloh high tide on Saturday", "Asia/Singapore", 1.447, 103.730),
    ("Lim Chu Kang Jetty low tide tomorrow", "Asia/Singapore", 1.443, 103.713),
    ("Pulau Semakau intertidal walk, low tide Sunday?", "Asia/Singapore", 1.205, 103.765),
    ("Clan Jetties sunset tomorrow", "Asia/Kuala_Lumpur", 5.412, 100.342),
    ("Teluk Bahang tide this weekend", "Asia/Kuala_Lumpur", 5.460, 100.210),
    ("Sapi Island snorkel, tide tomorrow?", "Asia/Kuching", 6.005, 116.005),
    ("Gaya Island sea temperature today", "Asia/Kuching", 6.015, 116.040),
    ("Oslob sunrise on Monday", "Asia/Manila", 9.460, 123.420),
    ("Bantayan Island weather tomorrow", "Asia/Manila", 11.170, 123.730),
    ("Tonsai Beach low tide today", "Asia/Bangkok", 8.012, 98.830),
    ("Koh Poda tide on Saturday", "Asia/Bangkok", 7.968, 98.810),
    ("Wong Amat Beach sunset today", "Asia/Bangkok", 12.965, 100.872),
    ("Son Tra sunrise tomorrow", "Asia/Ho_Chi_Minh", 16.115, 108.270),
    ("Lang Co Bay tide tomorrow", "Asia/Ho_Chi_Minh", 16.235, 108.070),
    ("Serangan Island tide today", "Asia/Makassar", -8.730, 115.235),
    ("Nusa Ceningan sunset tomorrow", "Asia/Makassar", -8.700, 115.450),
])
async def test_a_spot_of_the_region_is_answered_at_its_own_point(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    got = _point(answer.arguments or {})
    assert _km(lat, lon, *got) < 12, (query, got)


def test_a_misplaced_geonames_row_of_a_hand_places_own_name_is_that_place() -> None:
    place = find_place("Lau Fau Shan oyster beds", home="HK")
    assert place is not None and not place.ambiguous and place.key == "lau_fau_shan"


@pytest.mark.parametrize(("text", "home", "lat", "lon"), [
    ("hua hin tide tomorrow, kite lesson booked", "TH", 12.570, 99.960),
    ("ao nang sunset today", "TH", 8.046, 98.810),
])
def test_lower_case_spots_with_an_intent_word_are_places(text: str, home: str, lat: float, lon: float) -> None:
    place = find_place(text, home=home)
    assert place is not None and _km(lat, lon, place.lat, place.lon) < 5, place


def test_a_four_letter_word_beside_an_intent_word_is_no_place_abroad() -> None:
    place = find_place("sai kong rain sunday? boat trip", home="HK")
    assert place is None or place.country == "HK", place


def test_a_village_word_left_out_is_the_places_own_name() -> None:
    assert own_name("ao nang", "ban ao nang")
    assert not own_name("nang", "ban ao nang")


async def test_a_name_two_coasts_share_asks_the_other_coasts_asker() -> None:
    macau = await ask_router("竹灣聽日潮汐", QT, "Asia/Macau")
    assert macau.mode != "mcp_tools", macau.text
    assert "澳門" in macau.text
    taipei = await ask_router("竹灣明天潮汐", QT, "Asia/Taipei")
    assert taipei.mode == "mcp_tools", taipei.text
    assert _km(23.64, 119.52, *_point(taipei.arguments or {})) < 15


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("天后寶誕 西貢 潮汐", "Asia/Hong_Kong", date(2027, 4, 29)),
    ("Tin Hau Festival tide at Joss House Bay", "Asia/Hong_Kong", date(2027, 4, 29)),
    ("Songkran sunrise at Rawai Beach", "Asia/Bangkok", date(2027, 4, 13)),
])
async def test_the_regions_named_days_are_days(query: str, tz: str, day: date) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    args = answer.arguments or {}
    assert str(args.get("date", args.get("start", "")))[:10] == day.isoformat(), args
