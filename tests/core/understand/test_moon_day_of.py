"""Issue 26 (tune40's classes, new wordings): a moon phase named as the day of another question — "on the day of
the new moon", "le jour de la pleine lune", "am Tag des Neumonds" — is the phase's next day, while a why beside it
("why are tides bigger on the day of the full moon") asks about any such day. The phases' days are computed here
from the engine's moon-phase table, not read from the bot. An island researchers name (Fernando de Noronha) is a
place with its own clock."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from metocean.astro import next_phases
from router_ask import ask_router

PARIS_FRI = "2026-12-04T14:10:00+01:00"


def _next(phase: str, tz: str) -> str:
    start = datetime.fromisoformat(PARIS_FRI).astimezone(ZoneInfo(tz)).replace(tzinfo=None)
    return next(moment.date().isoformat() for moment, name in next_phases(start, tz, count=8) if name == phase)


@pytest.mark.parametrize(("query", "tz", "phase"), [
    ("Brest tide times on the day of the next full moon", "Europe/Paris", "Full Moon"),
    ("marée à Brest le jour de la nouvelle lune", "Europe/Paris", "New Moon"),
    ("Hochwasser Cuxhaven am Tag des Neumonds", "Europe/Berlin", "New Moon"),
    ("sunset at Cascais on the day of the full moon", "Europe/Lisbon", "Full Moon"),
])
async def test_the_day_of_a_phase_is_that_phases_next_day(query: str, tz: str, phase: str) -> None:
    answer = await ask_router(query, PARIS_FRI, tz)
    assert answer.tool == "tide.forecast" and answer.arguments, answer.text
    assert answer.arguments["date"] == _next(phase, tz)


async def test_a_why_beside_the_day_of_a_phase_asks_about_any_such_day() -> None:
    answer = await ask_router("why are tides bigger on the day of the full moon?", PARIS_FRI, "Europe/Paris")
    assert answer.mode == "explain", answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("que horas são agora em Fernando de Noronha?", "America/Sao_Paulo", "America/Noronha"),
])
async def test_an_island_a_researcher_names_keeps_its_own_clock(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, PARIS_FRI, tz)
    assert answer.tool == "time.now" and answer.arguments and answer.arguments["tz"] == zone, answer.text
