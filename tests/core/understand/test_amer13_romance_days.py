"""Issue 26 (tune62's askers in the Americas and the Pacific): day phrases in Spanish, Portuguese and French. A
weekday with "the next one" beside it ("sábado que vem", "el próximo domingo", "samedi prochain") is the first such
day after today; Latin America's named days (the Virgin's day as the place's country keeps it, Children's Day, Mother's
Day, Brazil's lovers' day, Holy Week) are their dates; a day of the month written "el 18" or "dia 18" is that day; and
a day named the Spanish, Portuguese or French way that nothing here knows ("la fiesta de San Ramón", "dia do
Marinheiro") is asked about, never answered for today. Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from router_ask import ask_router

# a Saturday: the weekday alone is today, "the next one" a week on
QT = "2026-11-28T09:00:00-03:00"


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("maré em ubatuba no domingo que vem", "America/Sao_Paulo", "2026-11-29"),
    ("maré em ubatuba no próximo sábado", "America/Sao_Paulo", "2026-12-05"),
    ("marea en mazatlán el sábado que viene", "America/Mazatlan", "2026-12-05"),
    ("marea en mazatlán el próximo martes", "America/Mazatlan", "2026-12-01"),
    ("marée au gosier samedi prochain", "America/Guadeloupe", "2026-12-05"),
    ("marea en puerto vallarta el sábado", "America/Mexico_City", "2026-11-28"),   # alone: this Saturday, today
])
async def test_a_weekday_said_as_the_next_one_is_the_first_after_today(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("a que hora se pone el sol en acapulco el día de la virgen", "America/Mexico_City", "2026-12-12"),
    ("marea en mar del plata el día de la virgen", "America/Argentina/Buenos_Aires", "2026-12-08"),
    ("maré em santos no dia das crianças", "America/Sao_Paulo", "2027-10-12"),
    ("marea en acapulco el día del niño", "America/Mexico_City", "2027-04-30"),
    ("maré em cabo frio no dia dos namorados", "America/Sao_Paulo", "2027-06-12"),
    ("marea en cancún el día de las madres", "America/Cancun", "2027-05-10"),
    ("marea en valparaíso el día de la virgen del carmen", "America/Santiago", "2027-07-16"),
    ("maré em salvador no dia da consciência negra", "America/Bahia", "2027-11-20"),
    ("marée au gosier pour la fête des mères", "America/Guadeloupe", "2027-05-30"),
    ("marea en mazatlán el 18", "America/Mazatlan", "2026-12-18"),
    ("maré em santos no dia 3", "America/Sao_Paulo", "2026-12-03"),
])
async def test_a_named_or_numbered_day_in_spanish_portuguese_french_is_its_date(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)


async def test_holy_week_is_its_eight_days() -> None:
    answer = await ask_router("maré em ubatuba na semana santa", QT, "America/Sao_Paulo")
    assert (answer.arguments or {}).get("date") == "2027-03-21", answer.text
    assert (answer.debug or {}).get("days") == 8, answer.debug


@pytest.mark.parametrize(("query", "tz"), [
    ("marea en puerto vallarta el día de san ramón", "America/Mexico_City"),
    ("maré em santos no dia do marinheiro", "America/Sao_Paulo"),
    ("marée au gosier pour la fête du village", "America/Guadeloupe"),
    ("marea en valparaíso el día de la virgen", "America/Santiago"),   # which Virgin: Chile keeps several
    ("maré em santos no feriadão", "America/Sao_Paulo"),
])
async def test_an_unknown_day_named_the_romance_way_is_asked_not_today(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ask_back", (query, answer.text)


async def test_a_fishing_day_is_no_named_day() -> None:
    """"día de pesca": an everyday day, not a saint's (`named_day_not`): today's tides, not asked which day."""
    answer = await ask_router("marea en mazatlán, día de pesca", QT, "America/Mazatlan")
    assert answer.mode == "mcp_tools" and (answer.arguments or {}).get("date") == "2026-11-28", answer.text


async def test_a_beach_day_beside_a_day_word_is_no_named_day() -> None:
    """"dia de praia amanhã": the day is tomorrow, "dia de praia" only says why."""
    answer = await ask_router("dia de praia em ubatuba amanhã, como fica a maré?", QT, "America/Sao_Paulo")
    assert (answer.arguments or {}).get("date") == "2026-11-29", answer.text


async def test_the_moon_rising_in_portuguese_and_french_is_a_moon_question() -> None:
    answer = await ask_router("a que horas a lua nasce em florianópolis hoje?", QT, "America/Sao_Paulo")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("latitude", 0) < -27, answer.text
    answer = await ask_router("la lune se lève à quelle heure ce soir à fort-de-france ?", QT, "America/Martinique")
    assert answer.tool == "tide.forecast" and abs((answer.arguments or {}).get("latitude", 0) - 14.6) < 0.2, answer.text
