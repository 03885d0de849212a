"""Issue 26 (tune52's askers on the Americas' and the Pacific's coasts): beach towns and breaks by the short names
and nicknames locals use, towns named by two everyday words in lower case, a beach town called by its first word
beside a namesake far away, a slip on a name several towns share, the sun going down in Spanish, French and
Portuguese verbs, Latin America's feast days and carnival's days, and the full moons' North American names.
Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from router_ask import ask_router, km_between, planned_point

QT = "2026-11-28T09:00:00-05:00"


@pytest.mark.parametrize(("query", "key", "home"), [
    ("sunset at tybee saturday", "tybee_island", "US"),
    ("port A high tide this evening", "port_aransas_jetty", "US"),
    ("playa santa teresa marea el domingo", "santa_teresa_cr", "CR"),
    ("el tunco sunset tomorrow", "el_tunco", "SV"),
    ("popoyo low tide sunday", "popoyo", "NI"),
    ("west end roatan sunset friday", "west_end_roatan", "HN"),
    ("isla de pascua puesta de sol", "easter_island", "CL"),
    ("61st street pier tides tonight", "galveston_61st_pier", "US"),
])
def test_a_break_or_short_name_of_the_americas_is_its_place(query: str, key: str, home: str) -> None:
    place = find_place(query, home=home)
    assert place is not None, query
    assert place.key == key, (query, place)


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("vai ventar em floripa no sábado?", "America/Sao_Paulo", -27.60, -48.55),   # a town's clipped name
    ("ptown high tide friday", "America/New_York", 42.05, -70.19),
    ("clima en baires el domingo", "America/Argentina/Buenos_Aires", -34.61, -58.38),
    ("sunset at bar harbor sunday", "America/New_York", 44.39, -68.20),   # a town of two everyday words
    ("low tide at rapa nui tomorrow", "America/Santiago", -27.15, -109.43),
])
async def test_a_nickname_or_everyday_word_town_is_read_in_lower_case(
        query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.arguments, answer.text
    assert km_between(*planned_point(answer.arguments), lat, lon) < 10, answer.arguments


async def test_a_beach_town_by_its_first_word_is_the_askers_coasts() -> None:
    """"huntington" from Los Angeles is Huntington Beach, from New York the Long Island town, said in one line."""
    west = await ask_router("huntington sunset friday", QT, "America/Los_Angeles")
    assert km_between(*planned_point(west.arguments or {}), 33.655, -118.005) < 5, west.text
    assert "Several places" in west.text
    east = await ask_router("high tide at huntington friday", QT, "America/New_York")
    assert km_between(*planned_point(east.arguments or {}), 40.87, -73.43) < 10, east.text


async def test_a_slip_of_a_shared_name_is_no_namesake_of_its_own() -> None:
    """GeoNames keeps "puerto escondito" for Colombia's Puerto Escondido; asked from Mexico it is Oaxaca's."""
    answer = await ask_router("puerto escondito marea mañana", QT, "America/Mexico_City")
    assert km_between(*planned_point(answer.arguments or {}), 15.86, -97.07) < 10, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("a qué hora se oculta el sol en Mazatlán mañana", "America/Mazatlan"),
    ("à quelle heure se couche le soleil à Papeete demain", "Pacific/Tahiti"),
    ("que horas se põe o sol em Búzios hoje", "America/Sao_Paulo"),
])
async def test_the_sun_going_down_in_latin_verbs_is_a_sunset(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast" and (answer.debug or {}).get("topic") != "time", answer.text
    assert "time.now" != answer.tool


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("puesta de sol en Puerto Vallarta el día de la Guadalupana", "America/Mexico_City", "2026-12-12"),
    ("maré em Itapuã na festa de Yemanjá", "America/Bahia", "2027-02-02"),
    ("marea en Cartagena la noche de las velitas", "America/Bogota", "2026-12-07"),
    ("maré em Recife na segunda de carnaval", "America/Recife", "2027-02-08"),
    ("tides at Grand Isle on Fat Tuesday", "America/Chicago", "2027-02-09"),
    ("tides at tybee on black friday", "America/New_York", "2027-11-26"),
    ("moonrise in Halifax on the night of the cold moon", "America/Halifax", "2026-12-23"),
    ("strawberry moon date at Montauk", "America/New_York", "2027-06-18"),
])
async def test_a_feast_or_named_moon_of_the_americas_is_its_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert (answer.arguments or {}).get("date") == day, answer.text


async def test_a_named_moon_is_no_cold_weather() -> None:
    answer = await ask_router("when's the cold moon in Halifax", QT, "America/Halifax")
    assert answer.tool != "weather.forecast", answer.text
