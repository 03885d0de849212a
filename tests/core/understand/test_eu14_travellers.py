"""Issue 26 (tune72's travellers in Europe, Africa and the Middle East): what they write that the bot read as
another day, place or topic. The solstices and equinoxes in Portuguese, Italian and French; Christmas as the
Orthodox and Coptic churches keep it (Jan 7, never Dec 25); a village named with its island; island groups and
seas by travellers' names; day words with a slip; seven days as the week's table; a short name two towns of the
asker's islands share. Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-28T20:40:00+00:00"


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("nascer do sol na Nazaré no solstício de verão", "Europe/Lisbon", "2027-06-21"),
    ("a que horas é o pôr do sol em Cascais no solstício de inverno", "Europe/Lisbon", "2026-12-21"),
    ("tramonto a Positano il solstizio d'inverno", "Europe/Rome", "2026-12-21"),
    ("lever du soleil à Biarritz à l'équinoxe de printemps", "Europe/Paris", "2027-03-20"),
    ("pôr do sol em Lagos no equinócio de outono", "Europe/Lisbon", "2027-09-23"),
])
async def test_the_solstices_and_equinoxes_in_travellers_languages_are_their_days(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("sunrise in Dahab for Coptic Christmas", "Africa/Cairo", "2027-01-07"),
    ("high tide Limassol orthodox christmas day", "Asia/Nicosia", "2027-01-07"),
    ("sunset in Alexandria on orthodox christmas eve", "Africa/Cairo", "2027-01-06"),
    ("marée à Alexandrie pour le Noël copte", "Africa/Cairo", "2027-01-07"),
])
async def test_orthodox_and_coptic_christmas_is_january_the_seventh(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)


async def test_christmas_alone_in_egypt_stays_december() -> None:
    answer = await ask_router("sunset in Dahab on christmas day", QT, "Africa/Cairo")
    assert (answer.arguments or {}).get("date") == "2026-12-25", answer.arguments


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    # a village before its island: the village, never the island inside a village a hundredth its size
    ("Costa Teguise Lanzarote marea mañana", "Atlantic/Canary", 28.998, -13.499),
    ("sunset Porto Moniz Madeira", "Atlantic/Madeira", 32.867, -17.167),
    # the island glossed in brackets after the question's mark: the place asked is the one before it
    ("Kiwengwa sunrise tomorrow? (Zanzibar)", "Africa/Dar_es_Salaam", -5.990, 39.377),
    ("high tide at nungwi on sunday?? (zanzibar)", "Africa/Dar_es_Salaam", -5.727, 39.299),
])
async def test_a_village_named_with_its_island_is_the_village(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    args = answer.arguments or {}
    assert abs(args["latitude"] - lat) < 0.05 and abs(args["longitude"] - lon) < 0.05, (query, args)


async def test_zanzibar_alone_is_the_island_at_stone_town() -> None:
    answer = await ask_router("what time is it in zanzibar right now", QT, "Europe/London")
    assert (answer.arguments or {}).get("tz") == "Africa/Dar_es_Salaam", answer.arguments


async def test_an_unknown_name_glossed_by_its_island_says_where_it_answers() -> None:
    answer = await ask_router("Mwanawana low tide tomorrow? (Zanzibar)", QT, "Africa/Dar_es_Salaam")
    assert "Mwanawana" in answer.text or "mwanawana" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("wie spät ist es jetzt auf den Azoren", "Europe/Berlin", "Atlantic/Azores"),
    ("quelle heure est-il aux îles Canaries", "Europe/Paris", "Atlantic/Canary"),
    ("hoe laat is het nu op de Canarische Eilanden", "Europe/Amsterdam", "Atlantic/Canary"),
    ("Uhrzeit auf Kreta jetzt", "Europe/Berlin", "Europe/Athens"),
    ("che ore sono alle Isole Canarie", "Europe/Rome", "Atlantic/Canary"),
])
async def test_island_groups_by_travellers_names_are_their_clocks(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("tz") == zone, (query, answer.arguments)


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Sonnenuntergang auf Sizilien morgen", "Europe/Berlin", 37.5, 14.0),
    ("coucher du soleil en Sardaigne demain", "Europe/Paris", 40.0, 9.0),
    ("Gezeiten Balearen morgen", "Europe/Berlin", 39.6, 2.7),
])
async def test_islands_by_travellers_names_are_the_islands(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    args = answer.arguments or {}
    assert abs(args["latitude"] - lat) < 1.5 and abs(args["longitude"] - lon) < 1.5, (query, args)


@pytest.mark.parametrize(("query", "tz"), [
    ("wie spät ist es gerade auf den Pitcairninseln", "Europe/Berlin"),
    ("quelle heure est-il à Tromblonville", "Europe/Paris"),
    ("que hora es ahora en Villafantasma", "Europe/Madrid"),
])
async def test_the_clock_of_an_unknown_name_after_a_travellers_preposition_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool != "time.now", answer.text   # never the asker's own clock for a place named


@pytest.mark.parametrize(("query", "tz", "day", "written"), [
    ("pleamar en Cádiz el domnigo", "Europe/Madrid", "2026-11-29", "domnigo"),
    ("marée à Arcachon demaine", "Europe/Paris", "2026-11-29", "demaine"),
    ("Hochwasser Büsum übermorgn", "Europe/Berlin", "2026-11-30", "übermorgn"),
    ("maré na Ericeira amanah", "Europe/Lisbon", "2026-11-29", "amanah"),
    ("getij Texel zondga", "Europe/Amsterdam", "2026-11-29", "zondga"),
])
async def test_a_travellers_day_word_with_a_slip_is_read_and_said_back(query: str, tz: str, day: str, written: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)
    assert written in answer.text, answer.text   # said back, so a wrong reading shows


async def test_an_everyday_word_near_a_day_word_is_no_slip() -> None:
    answer = await ask_router("eb en vloed Den Helder, waar komt dat vandaan", QT, "Europe/Amsterdam")
    assert "vandaag" not in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("7-Tage-Gezeiten Norderney", "Europe/Berlin"),
    ("Gezeitentabelle Husum für sieben Tage", "Europe/Berlin"),
    ("getijden 7 dagen Vlissingen", "Europe/Amsterdam"),
    ("marées sur 7 jours à Granville", "Europe/Paris"),
    ("tabla de mareas 7 días Sanlúcar de Barrameda", "Europe/Madrid"),
])
async def test_seven_days_in_travellers_languages_are_the_week_table(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.week", answer.text
    assert (answer.arguments or {}).get("days") == 7, answer.arguments


async def test_a_day_seven_days_on_is_one_day() -> None:
    answer = await ask_router("Hochwasser Büsum in 7 Tagen", QT, "Europe/Berlin")
    assert answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == "2026-12-05", answer.arguments


@pytest.mark.parametrize(("query", "tz", "box"), [
    ("temperatura media del mar en el Mar de Alborán", "Europe/Madrid", [-5.6, 35.0, -1.5, 37.0]),
    ("mittlere Wassertemperatur im Wattenmeer", "Europe/Berlin", [4.6, 52.9, 9.0, 55.6]),
    ("température de surface de la mer, mer Ligure", "Europe/Paris", [7.5, 42.5, 10.5, 44.5]),
    ("temperatura media do mar golfo da Biscaia 9W-3W 44N-46N", "Europe/Lisbon", [-9.0, 44.0, -3.0, 46.0]),
    ("gemiddelde watertemperatuur 2E-6E 52N-54N", "Europe/Amsterdam", [2.0, 52.0, 6.0, 54.0]),
])
async def test_the_mean_sea_temperature_of_a_named_sea_or_box_is_the_boxs(query: str, tz: str, box: list[float]) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "ghrsst.bbox_mean", answer.text
    assert (answer.arguments or {}).get("bbox") == box, answer.arguments



@pytest.mark.parametrize("query", ["marea en Santa Cruz mañana", "how warm is the sea at Santa Cruz today?"])
async def test_a_short_name_two_towns_of_the_askers_islands_share_is_asked(query: str) -> None:
    # Tenerife's capital and La Palma's are both "Santa Cruz" to a Canary Islander: which one?
    answer = await ask_router(query, QT, "Atlantic/Canary")
    assert answer.mode != "mcp_tools", answer.text


async def test_santa_cruz_asked_from_california_stays_californias() -> None:
    answer = await ask_router("high tide Santa Cruz tomorrow", QT, "America/Los_Angeles")
    assert answer.mode == "mcp_tools" and abs((answer.arguments or {})["latitude"] - 36.97) < 0.1, answer.text


async def test_the_full_name_of_one_of_them_is_that_town() -> None:
    answer = await ask_router("marea en Santa Cruz de la Palma mañana", QT, "Atlantic/Canary")
    assert answer.mode == "mcp_tools", answer.text
    assert abs((answer.arguments or {})["latitude"] - 28.68) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("visiting tarifa on sunday, when's sunrise?", "Europe/London", 36.01, -5.60),
    ("hoogwater bij vlissingen morgen", "Europe/Amsterdam", 51.44, 3.57),
    ("Sonnenuntergang nach sylt morgen?", "Europe/Berlin", 54.9, 8.3),
])
async def test_a_lower_case_town_after_a_travellers_where_word_is_the_place(query: str, tz: str, lat: float,
                                                                            lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    args = answer.arguments or {}
    assert abs(args["latitude"] - lat) < 0.2 and abs(args["longitude"] - lon) < 0.3, (query, args)


@pytest.mark.parametrize(("query", "tz", "first"), [
    ("spring tide dates in january at whitstable", "Europe/London", "2027-01-07"),
    ("Springtide Termine im Dezember Cuxhaven", "Europe/Berlin", "2026-12-08"),
    ("doodtij dagen in januari bij Harlingen", "Europe/Amsterdam", "2027-01-"),
])
async def test_the_spring_or_neap_days_of_a_month_with_a_dates_word_between(query: str, tz: str, first: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert str((answer.arguments or {}).get("date", "")).startswith(first), (query, answer.arguments)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("de vacaciones en Tenerife, marea en Los Cristianos mañana", "Atlantic/Canary", "2026-11-29"),
    ("op vakantie in Zeeland: hoogwater Vlissingen morgen?", "Europe/Amsterdam", "2026-11-29"),
    ("on holiday in Cornwall - high tide at Fowey on monday?", "Europe/London", "2026-11-30"),
])
async def test_being_on_holiday_is_where_the_asker_is_not_the_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)


async def test_the_holidays_as_the_only_day_word_are_asked() -> None:
    answer = await ask_router("marée à Arcachon pendant les vacances", QT, "Europe/Paris")
    assert answer.mode != "mcp_tools", answer.text


@pytest.mark.parametrize(("query", "tz"), [
    ("en vacances à la Réunion : marée à Trouzouville demain", "Europe/Paris"),
    ("in Portugal this week - high tide at Vilaflorinha tomorrow?", "Europe/Lisbon"),
])
async def test_an_unknown_name_after_a_where_word_beside_a_wider_area_is_asked(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode != "mcp_tools", answer.text   # never the area's capital for a place it does not know


async def test_an_unknown_name_on_an_island_named_is_said_back() -> None:
    answer = await ask_router("Mallorca: sunset at Cala Trunquet tomorrow", QT, "Europe/Madrid")
    assert "Trunquet" in answer.text, answer.text


async def test_saint_gilles_on_reunion_is_the_resort() -> None:
    answer = await ask_router("marée basse St Gilles les Bains dimanche", QT, "Indian/Reunion")
    assert answer.mode == "mcp_tools" and abs((answer.arguments or {})["latitude"] + 21.05) < 0.05, answer.text
