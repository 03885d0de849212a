"""Issue 26 (Australia and New Zealand askers, aunz18): a big city whose name is also a given name or word
typed in lower case, lake towns, spots named alone or by their local name, a shared name settled by a town
named beside it or by the asker's neighbourhood, a hand-kept home spot offered beside a namesake, a name
spelt with a slip, a span of days named by what happens in it, two names side by side. Wordings invented
here; no question set holds them."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from core.understand.typos_latin import near_spelling
from router_ask import ask_router

NZ_QT = "2026-12-10T07:30:00+13:00"   # a Thursday morning in New Zealand
AU_QT = "2026-12-10T07:30:00+11:00"


@pytest.mark.parametrize(("query", "home", "name", "country"), [
    ("wellington sunset tonight?", "NZ", "Wellington", "NZ"),            # first, what is asked next
    ("cairns gonna rain tomorrow", "AU", "Cairns", "AU"),                # first, a chat word next
    ("is it windy in wellington today", "NZ", "Wellington", "NZ"),        # after "in", no sea question
    ("weather darwin tomorrow", "AU", "Darwin", "AU"),                   # right after an intent word
    ("darwin sunrise on saturday", "TW", "Darwin", "AU"),                # known by many names: from anywhere
])
def test_a_big_city_named_like_a_person_or_word_is_read_in_lower_case_where_a_place_stands(
        query: str, home: str, name: str, country: str) -> None:
    place = find_place(query, home=home)
    assert place is not None, query
    assert (place.name_en, place.country) == (name, country), (query, place)


@pytest.mark.parametrize(("query", "home"), [
    ("wellington boots for the beach tomorrow?", "NZ"),   # the word, not the city: no intent or day word next
    ("darwin said the tides were odd", "AU"),             # a person first, what he did next
    ("sunrise photos for darwin", "AU"),                  # "for" someone
    ("surprise sunset tomorrow", "NZ"),                   # a town abroad known by few names is not read so
])
def test_the_word_or_the_person_stays_no_place(query: str, home: str) -> None:
    place = find_place(query, home=home)
    assert place is None, (query, place)


@pytest.mark.parametrize(("query", "home", "key"), [
    ("Wānaka rain on saturday", "NZ", "wanaka"),
    ("瓦納卡這週末天氣", "TW", "wanaka"),
    ("te anau sunrise tomorrow", "NZ", "te_anau"),
    ("Tryphena high tide friday, taking the boat over", "NZ", "tryphena"),
    ("South Straddie low tide saturday", "AU", "south_stradbroke"),
    ("sunset at Waitangi on Waitangi Day", "NZ", "waitangi_nz"),
    ("Anzac Cove sunrise on Anzac Day", "AU", "anzac_cove"),
    ("tide at Whangarei Heads on sunday", "NZ", "whangarei_heads"),
    ("Goat Island snorkelling tide sunday", "NZ", "goat_island_nz"),     # Leigh's reserve from New Zealand
    ("King Island weather for the weekend", "AU", "king_island_tas"),
    ("high tide at the Mount on sunday", "NZ", "mount_main_beach"),      # Mount Maunganui, as New Zealand says it
    ("基督城 sumner 明天滿潮", "NZ", "sumner_beach"),                    # the beach inside the city named with it
])
def test_the_spots_of_both_countries_named_as_askers_there_name_them(query: str, home: str, key: str) -> None:
    place = find_place(query, home=home)
    assert place is not None and place.key == key, (query, place)
    assert not place.ambiguous, (query, [a.name_en for a in place.alternatives])


async def test_goat_island_asked_from_sydney_is_sydney_harbours_said_in_one_line() -> None:
    answer = await ask_router("Goat Island tide sunday", AU_QT, "Australia/Sydney")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("tz") == "Australia/Sydney", answer.text
    assert "Goat Island" in answer.text and "nearest you" in answer.text, answer.text


def test_queenstowns_zh_name_is_new_zealands_town() -> None:
    place = find_place("皇后鎮這週末會下雪嗎", home="TW")
    assert place is not None and (place.name_en, place.country) == ("Queenstown", "NZ"), place


def test_a_hill_called_the_mount_is_no_town_off_the_sea() -> None:
    assert find_place("sunrise from the mount tomorrow", home="NZ") is None


async def test_a_town_named_beside_a_shared_name_in_its_region_settles_it() -> None:
    answer = await ask_router("Mission Beach sunrise tomorrow, driving down from Cairns", AU_QT, "Australia/Brisbane")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("tz") == "Australia/Brisbane", answer.text


async def test_a_namesake_near_the_asker_beats_one_across_the_world() -> None:
    answer = await ask_router("Nadi weather on friday", AU_QT, "Australia/Sydney")
    assert answer.tool == "weather.forecast", answer.text
    assert (answer.arguments or {}).get("timezone") == "Pacific/Fiji", answer.arguments


@pytest.mark.parametrize(("query", "tz", "qt"), [
    ("Half Moon Bay tides on sunday", "Pacific/Auckland", NZ_QT),   # Auckland's suburb, Stewart Island's, California
    ("St Kilda beach sunset tonight", "Pacific/Auckland", NZ_QT),   # Dunedin's, or Melbourne's
    ("Shoal Bay high tide saturday", "Australia/Sydney", AU_QT),    # Port Stephens', or Darwin's
])
async def test_a_name_two_places_of_the_askers_region_share_is_asked(query: str, tz: str, qt: str) -> None:
    answer = await ask_router(query, qt, tz)
    assert answer.tool is None and (answer.debug or {}).get("reason") == "ambiguous_place", answer.text


@pytest.mark.parametrize(("query", "key"), [
    ("wolongong sunrise tomorrow", "wollongong"),        # a Spanish ll is no sound here: spelt, it is a slip
    ("tides at woolongong tomorrow", "wollongong"),
])
def test_a_name_spelt_with_a_slip_is_read_as_the_place(query: str, key: str) -> None:
    found = near_spelling(query)
    assert found is not None and found[1] == key, (query, found)


@pytest.mark.parametrize("query", ["noosa tides over schoolies week", "byron sunset during the school holidays"])
async def test_a_span_named_by_what_happens_in_it_is_asked_which_day(query: str) -> None:
    answer = await ask_router(query, AU_QT, "Australia/Brisbane")
    assert answer.tool is None and "which day" in answer.text, answer.text


async def test_two_names_side_by_side_are_no_longer_unknown_name() -> None:
    answer = await ask_router("Surfers Point Margaret River sunset tomorrow", AU_QT, "Australia/Perth")
    assert answer.tool == "tide.forecast", answer.text


async def test_where_the_asker_works_is_not_the_place_asked() -> None:
    answer = await ask_router("皇后鎮打工 下週六去 Milford Sound 日出幾點", NZ_QT, "Pacific/Auckland")
    assert answer.tool == "tide.forecast", answer.text
    assert abs(float((answer.arguments or {}).get("latitude", 0)) + 44.67) < 0.2, answer.arguments
