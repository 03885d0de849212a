"""Issue 26, travellers and askers in Europe (eu18): a place named as the trip's context (where the plane
is changed, where one lands, stays or sets out from) is not the place asked about; a village named with
its island is the village's; a spot the gazetteer does not know beside its town is answered for the town
and said so; a place's clock set beside the asker's is the place's time; zh-TW names of Europe's resort
towns. Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from core.understand.trip_context import trip_context
from router_ask import ask_router, km_between, planned_point

QT = "2027-03-12T10:00:00"   # a Friday morning


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("在杜拜轉機 再飛去馬爾地夫 Maafushi 明天天氣", "Asia/Taipei", 3.94, 73.49),
    ("香港過境 然後去峇里島 Kuta 明天潮汐", "Asia/Taipei", -8.72, 115.17),
    ("住墾丁 去小琉球玩 明天天氣如何", "Asia/Taipei", 22.34, 120.37),
    ("flying into Faro then driving to Lagos — tides on Sunday?", "Europe/London", 37.10, -8.67),
    ("we land in Lisbon and drive up to Ericeira, will it be windy?", "Europe/London", 38.96, -9.42),
    ("staying in Lisbon, day trip to Cascais — sea temperature there?", "Europe/London", 38.70, -9.42),
    ("layover in Singapore then on to Phuket, Patong sea temp?", "Europe/London", 7.89, 98.30),
])
async def test_the_trip_context_is_not_the_place_asked(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    got = planned_point(answer.arguments or {})
    assert km_between(*got, lat, lon) < 25, (query, got)


@pytest.mark.parametrize(("text", "name", "context"), [
    ("曼谷轉機去普吉", "曼谷", True),
    ("住在墾丁", "墾丁", True),
    ("transiting through Doha, then Male", "Doha", True),
    ("driving from Porto to Viana", "Porto", True),
    ("Quiberon tides, crossing to Belle-Île", "Quiberon", False),   # where the crossing leaves: asked
    ("sunset from Tower Bridge", "Tower Bridge", False),
    ("what is the time in Dublin", "Dublin", False),
])
def test_the_words_around_a_name_say_whether_it_is_the_trips_context(text: str, name: str, context: bool) -> None:
    start = text.index(name)
    assert trip_context(text, (start, start + len(name))) is context


@pytest.mark.parametrize(("query", "name", "cc"), [
    ("Texel De Koog sunset tomorrow", "De Koog", "NL"),
    ("Crete Chania sea temperature this week", "Chaniá", "GR"),
    ("Mallorca Pollença weather on saturday", "Pollença", "ES"),
    ("Tenerife Los Cristianos, windy tomorrow?", "Los Cristianos", "ES"),
])
def test_a_village_named_with_its_island_is_the_village(query: str, name: str, cc: str) -> None:
    place = find_place(query, home="GB")
    assert place is not None and (place.name_en, place.country) == (name, cc), (query, place)


async def test_the_island_and_the_village_are_answered_not_asked() -> None:
    answer = await ask_router("Crete Chania sea temperature this week", QT, "Europe/Athens")
    assert answer.tool is not None and answer.tool.startswith("ghrsst"), answer.text
    assert km_between(*planned_point(answer.arguments or {}), 35.51, 24.03) < 15


async def test_an_island_asked_whole_is_answered_where_visitors_are() -> None:
    answer = await ask_router("Tenerife 下週天氣", QT, "Asia/Taipei")
    assert answer.tool == "weather.forecast", answer.text
    # the south-west coast, not Teide's summit nor Santa Cruz 40 km off the island's middle (28.29, -16.63)
    assert km_between(*planned_point(answer.arguments or {}), 28.29, -16.63) < 35


@pytest.mark.parametrize(("query", "spot", "lat", "lon"), [
    ("Sagres high tide saturday, we'll surf Praia do Tonel", "Praia do Tonel", 37.01, -8.94),
    ("Portimão tides on Sunday, kayak to Ponta do Castelo", "Ponta do Castelo", 37.14, -8.54),
])
async def test_a_spot_unknown_beside_its_town_is_answered_for_the_town_and_said(
        query: str, spot: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Europe/Lisbon")
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 10
    assert spot in answer.text   # said back: "(I don't know "Praia do Tonel"; this is for Sagres.)"


async def test_a_known_spot_beside_its_town_is_the_spot() -> None:
    answer = await ask_router("Lagos tides on Sunday, kayaking out to Ponta da Piedade", QT, "Europe/Lisbon")
    assert answer.tool == "tide.forecast", answer.text
    assert km_between(*planned_point(answer.arguments or {}), 37.09, -8.67) < 8


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("Lisbon time compared with my time? we're in Rotterdam", "Europe/Amsterdam", "Europe/Lisbon"),
    ("what's the time in Reykjavik vs here", "Europe/London", "Atlantic/Reykjavik"),
    ("Canary Islands time versus here?", "Europe/Berlin", "Atlantic/Canary"),
])
async def test_a_places_clock_beside_the_askers_is_the_places_time(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("tz") == zone


async def test_a_comparison_of_two_places_data_is_still_explained() -> None:
    answer = await ask_router("why are the tides at Saint-Malo so big vs Brest", QT, "Europe/Paris")
    assert answer.mode == "explain", answer.text


@pytest.mark.parametrize(("query", "name", "cc"), [
    ("桑德沃特週六風大嗎", "Zandvoort", "NL"),
    ("布蘭肯貝赫明天日落", "Blankenberge", "BE"),
    ("阿爾布費拉下週海溫", "Albufeira", "PT"),
    ("錫切斯這週末會下雨嗎", "Sitges", "ES"),
    ("芒通明天天氣", "Menton", "FR"),
    ("埃特勒塔退潮幾點", "Étretat", "FR"),
    ("干尼亞海水溫度", "Chaniá", "GR"),
])
def test_zh_tw_names_of_europes_resort_towns(query: str, name: str, cc: str) -> None:
    place = find_place(query, home="TW")
    assert place is not None and (place.name_en, place.country) == (name, cc), (query, place)
