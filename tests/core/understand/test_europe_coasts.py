"""Issue 26, askers in Europe writing about small coastal places: the gazetteer's breadth on Europe's
coasts, names that are English words read only capitalised where a place stands, sea questions
preferring the namesake by the sea, zh-TW names of Europe's coastal towns, spellings (St./Saint,
Løkken typed as Lokken) and slips. Wordings invented here; no question set holds them."""
from __future__ import annotations

import math

import pytest

from core.understand.places import find_place
from core.understand.typos_latin import near_spelling
from router_ask import ask_router

QT = "2027-03-12T10:00:00+00:00"   # a Friday morning in London
LONDON = "Europe/London"


@pytest.mark.parametrize(("query", "name", "cc"), [
    ("any chance it's nice in Nice this weekend", "Nice", "FR"),
    ("Split sea temperature this week", "Split", "HR"),
    ("ferry to Split on Monday, will it be windy", "Split", "HR"),
    ("Deal low water on Sunday", "Deal", "GB"),
    ("good deal on a kayak, high tide at Deal tomorrow?", "Deal", "GB"),
    ("swim at Sandbanks saturday, when is high tide", "Sandbanks Beach", "GB"),
    ("sunset from Beer beach tonight", "Beer Devon", "GB"),
    ("walking the Mumbles pier at low tide", "Mumbles", "GB"),
])
def test_a_name_that_is_an_english_word_is_the_place_written_capitalised_where_a_place_stands(
        query: str, name: str, cc: str) -> None:
    place = find_place(query, home="GB")
    assert place is not None, query
    assert (place.name_en, place.country) == (name, cc), (query, place)


@pytest.mark.parametrize("query", [
    "nice and sunny in Keelung tomorrow?",      # the word, lower case
    "Nice weather for the beach at Keelung?",   # the word beginning a sentence: Keelung is asked
    "can you split the tide table by day for Keelung",
    "what a deal, low tide at Keelung on sunday",
    "are there sandbanks off Keelung at low tide",
    "start point of the tide curve for Keelung",
])
def test_the_english_word_is_no_place(query: str) -> None:
    place = find_place(query, home="GB")
    assert place is not None and place.name_en == "Keelung", (query, place)


@pytest.mark.parametrize(("query", "cc"), [
    ("Brest harbour, low water on sunday?", "FR"),
    ("Brest. marée haute dimanche? high tide in Brest please", "FR"),   # the name written twice
    ("Brest sea temperature", "FR"),
])
def test_a_sea_question_takes_the_namesake_by_the_sea(query: str, cc: str) -> None:
    place = find_place(query, home="GB")
    assert place is not None and place.country == cc and not place.ambiguous, (query, place)


@pytest.mark.parametrize(("query", "name", "cc"), [
    ("多佛後天乾潮幾點", "Dover", "GB"),
    ("多佛海峽附近的多佛港潮汐", "Dover", "GB"),
    ("聖馬洛週末潮差", "Saint-Malo", "FR"),
    ("馬賽明天海水溫度", "Marseille", "FR"),
    ("樸茨茅斯今天滿潮", "Portsmouth", "GB"),
    ("惠特比的日落", "Whitby", "GB"),
    ("拉羅歇爾潮汐", "La Rochelle", "FR"),
    ("特內里費島水溫", "Tenerife", "ES"),
])
@pytest.mark.parametrize("home", ["TW", "GB"])
def test_a_zh_tw_name_of_a_coastal_town_in_europe(query: str, name: str, cc: str, home: str) -> None:
    place = find_place(query, home=home)
    assert place is not None, query
    assert (place.name_en, place.country, place.ambiguous) == (name, cc, False), (query, place)


@pytest.mark.parametrize(("query", "name"), [
    ("St. Tropez water temp", "Saint-Tropez"),
    ("St Agnes tides", "Saint Agnes"),
    ("sunrise at Ste Maxime", "Sainte-Maxime"),
    ("Lokken surf and tides", "Løkken"),
    ("Sondervig tides tomorrow", "Søndervig"),
    ("John o Groats high tide", "John o' Groats"),
])
def test_a_name_spelt_the_other_way_is_the_same_place(query: str, name: str) -> None:
    place = find_place(query, home="GB")
    assert place is not None and place.name_en == name, (query, place)


@pytest.mark.parametrize(("query", "key", "tz"), [
    ("Port Isaac tides sunday", "port_isaac", LONDON),
    ("port isaac tides sunday", "port_isaac", LONDON),   # first, then what is asked, in lower case
    ("is Kynance Cove swimmable at low tide", None, LONDON),
    ("Vico Baths high water tomorrow", "vico_baths", "Europe/Dublin"),
    ("Cies Islands sea temperature", "cies_islands", "Europe/Madrid"),
    ("Formentera water temperature next week", "formentera", "Europe/Madrid"),
    ("Porto Santo sunset", "porto_santo", "Atlantic/Madeira"),
    ("Ponta Delgada, São Miguel Azores tides", None, "Atlantic/Azores"),
    ("Hydra ferry, is the sea calm", "hydra_island", "Europe/Athens"),
    ("low tide on Spiekeroog", "spiekeroog", "Europe/Berlin"),
    ("Kap Arkona Wassertemperatur", "kap_arkona", "Europe/Berlin"),
    ("Bornholm sea temperature", "bornholm", "Europe/Copenhagen"),
    ("Gotland water temp in July", "gotland", "Europe/Stockholm"),
    ("Reine sunrise", "reine", "Europe/Oslo"),
    ("Clovelly high tide", "clovelly", LONDON),              # not Clovelly, Sydney
    ("St Kilda tides", "st_kilda_scotland", LONDON),         # asked from London: not Melbourne's
])
def test_a_small_coastal_place_of_europe_is_found_with_its_zone(query: str, key: str | None, tz: str) -> None:
    place = find_place(query, home="GB")
    assert place is not None, query
    assert place.tz == tz and (key is None or place.key == key), (query, place)
    assert place.coastal, place


@pytest.mark.parametrize(("query", "key"), [
    ("Aberystwth tide times", "aberystwyth"),
    ("low water at lindisfarn", "lindisfarne"),
    ("Tenerif water temp", "tenerife"),
    ("borkm tides tomorrow", "borkum"),
    ("Penzanse sunset", "penzance"),
])
def test_a_slip_in_a_european_coastal_name_is_read(query: str, key: str) -> None:
    found = near_spelling(query)
    assert found is not None and found[1] == key, (query, found)


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("low water at Clovelly on saturday", 51.0, -4.40),
    ("high water Seahouses tomorrow", 55.58, -1.65),
    ("Deal tide times for Sunday", 51.22, 1.40),
    ("salcombe high tide sunday, taking the kids crabbing", 50.23, -3.77),
])
async def test_the_router_answers_a_london_askers_tide_at_the_place(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, LONDON)
    assert answer.tool == "tide.forecast", answer.text
    args = answer.arguments or {}
    dlat, dlon = args["latitude"] - lat, (args["longitude"] - lon) * math.cos(math.radians(lat))
    assert math.hypot(dlat, dlon) * 111 < 10, (query, args)


@pytest.mark.parametrize(("query", "home", "names"), [
    ("what's the weather like in Brest this weekend", "GB", {"BY", "FR"}),   # a city half as far from the asker
    ("Newport high water on sunday", "GB", {"GB"}),                          # two known towns of the asker's own
    ("Brest: will it rain on Sunday", "DE", {"BY", "FR"}),                   # two cities as near the asker
])
def test_real_namesakes_are_asked_about(query: str, home: str, names: set[str]) -> None:
    place = find_place(query, home=home)
    assert place is not None and place.ambiguous, (query, place)
    assert {place.country, *(a.country for a in place.alternatives)} == names, place


@pytest.mark.parametrize(("query", "name"), [
    ("wind at Hyères tomorrow, taking the boat to Porquerolles", "Hyères"),
    ("sea temperature at Lymington, sailing over to Yarmouth", "Lymington"),
    ("Sunset in Oban then a ferry to Mull", "Oban"),
])
def test_the_place_asked_about_is_not_the_trips_end(query: str, name: str) -> None:
    place = find_place(query, home="GB")
    assert place is not None and place.name_en == name, (query, place)
