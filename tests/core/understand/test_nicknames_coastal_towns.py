"""Issue 26: the names chat gives places abroad ("goldy", "freo", "brissie"), typed in lower case too,
coastal towns, bays and islands people ask tides for by name, and zh-TW names of towns abroad.
Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from router_ask import ask_router

QT = "2026-11-27T09:00:00+08:00"


@pytest.mark.parametrize(("query", "name", "tz"), [
    ("byron tides today", "Byron Bay", "Australia/Sydney"),
    ("goldy weather this arvo", "Gold Coast", "Australia/Brisbane"),
    ("low tide at freo tomorrow", "Fremantle", "Australia/Perth"),
    ("rotto water temp this weekend", "Rottnest Island", "Australia/Perth"),
    ("is it windy in welly today", "Wellington", "Pacific/Auckland"),
    ("brissie weather saturday", "Brisbane", "Australia/Brisbane"),
    ("sunrise in brisvegas tomorrow", "Brisbane", "Australia/Brisbane"),
    ("tassie sunset tonight", "Tasmania", "Australia/Hobart"),
    ("sunny coast surf tomorrow", "Sunshine Coast", "Australia/Brisbane"),
    ("straddie high tide sunday", "North Stradbroke Island", "Australia/Brisbane"),
    ("chch rain tomorrow", "Christchurch", "Pacific/Auckland"),
    ("akl weather now", "Auckland", "Pacific/Auckland"),
    ("nola weather this weekend", "New Orleans", "America/Chicago"),
    ("st malo tide times tomorrow", "Saint-Malo", "Europe/Paris"),
    ("Santorin sea temperature", "Santorini", "Europe/Athens"),
    ("St Peter-Ording Ebbe und Flut morgen", "Sankt Peter-Ording", "Europe/Berlin"),
    ("brizzy weather tomorrow", "Brisbane", "Australia/Brisbane"),
    ("goldie surf this arvo", "Gold Coast", "Australia/Brisbane"),
    ("tides at the gong tomorrow", "Wollongong", "Australia/Sydney"),
    ("newy high tide saturday", "Newcastle", "Australia/Sydney"),
    ("palmy rain tomorrow", "Palmerston North", "Pacific/Auckland"),
])
def test_a_nickname_is_the_place_it_stands_for(query: str, name: str, tz: str) -> None:
    place = find_place(query)
    assert place is not None, query
    assert (place.name_en, place.tz) == (name, tz), (query, place)


@pytest.mark.parametrize(("query", "key", "tz"), [
    ("tides at port stephens tomorrow", "port_stephens", "Australia/Sydney"),
    ("huskisson low tide", "jervis_bay", "Australia/Sydney"),
    ("Lord Howe Island sunset", "lord_howe_island", "Australia/Lord_Howe"),
    ("kaikoura sea temp", "kaikoura", "Pacific/Auckland"),
    ("angourie swell tomorrow", "angourie", "Australia/Sydney"),
    ("Shipstern Bluff tides this week", "shipstern_bluff", "Australia/Hobart"),
    ("seventeen seventy tides", "town_of_1770", "Australia/Brisbane"),
    ("Rügen Wassertemperatur", "ruegen", "Europe/Berlin"),
    ("Neuwerk Ebbe heute", "neuwerk", "Europe/Berlin"),
    ("Pieterburen laagwater morgen", "pieterburen", "Europe/Amsterdam"),
    ("marée basse île de sein demain", "ile_de_sein", "Europe/Paris"),
    ("Chausey grande marée", "chausey", "Europe/Paris"),
    ("salthill water temperature today", "salthill", "Europe/Dublin"),
    ("high tide at the Forty Foot", "forty_foot", "Europe/Dublin"),
    ("katapola sunrise", "katapola", "Europe/Athens"),
    ("portobello dunedin tides", "portobello_otago", "Pacific/Auckland"),
    ("Portobello Edinburgh sea temp", "portobello_edinburgh", "Europe/London"),
])
def test_a_coastal_town_abroad_is_found_with_its_zone_and_sea_point(query: str, key: str, tz: str) -> None:
    place = find_place(query)
    assert place is not None, query
    assert (place.key, place.tz) == (key, tz), (query, place)
    assert place.coastal and place.sea is not None, place


@pytest.mark.parametrize(("query", "name", "tz"), [
    ("達爾文明天日出", "Darwin", "Australia/Darwin"),
    ("湯斯維爾這週天氣", "Townsville", "Australia/Brisbane"),
    ("庫克斯港明天滿潮", "Cuxhaven", "Europe/Berlin"),
    ("南迪現在幾點", "Nadi", "Pacific/Fiji"),
    ("凱恩斯水溫", "Cairns", "Australia/Brisbane"),
    ("伯斯週末天氣", "Perth", "Australia/Perth"),
])
def test_a_town_abroad_by_its_zh_tw_name(query: str, name: str, tz: str) -> None:
    place = find_place(query)
    assert place is not None, query
    assert (place.name_en, place.tz) == (name, tz), (query, place)


@pytest.mark.parametrize("query", [
    "forty foot waves at mavericks",        # a wave's height, not Dublin's bathing spot
    "is the forty foot swell coming",
])
def test_a_phrase_that_is_also_a_spot_stays_a_phrase_in_lower_case(query: str) -> None:
    place = find_place(query)
    assert place is None or place.key != "forty_foot", (query, place)


async def test_portobello_alone_asks_between_edinburgh_and_otago() -> None:
    answer = await ask_router("Portobello tides tomorrow", QT)
    assert answer.tool is None, answer.text
    assert "Scotland" in answer.text and "New Zealand" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tool", "tz"), [
    ("what time is it on the goldy", "time.now", "Australia/Brisbane"),
    ("byron tides today", "tide.forecast", "Australia/Sydney"),
    ("goldy weather this arvo", "weather.forecast", "Australia/Brisbane"),
    ("what time is it on Lord Howe Island", "time.now", "Australia/Lord_Howe"),   # its own half-hour zone
    ("斐濟南迪明天會下雨嗎", "weather.forecast", "Pacific/Fiji"),   # Nadi, not 濟南 across its two names
    ("湯斯維爾外海海溫", "ghrsst.bbox_mean", ""),                   # Townsville, not 維爾 (Wil) in Switzerland
])
async def test_the_router_plans_for_the_nicknamed_place(query: str, tool: str, tz: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.tool == tool, answer.text
    args = answer.arguments or {}
    if tz:
        assert tz in (args.get("tz"), args.get("timezone")), args
    else:   # a sea temperature box: off Townsville (146.8 E, 19.3 S)
        west, south, east, north = args["bbox"]
        assert west < 146.9 < east + 0.2 and south < -19.2 < north, args
