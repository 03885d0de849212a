"""Issue 26 (eu15): a tide or sky question asked "at the full moon" ("marée à la pleine lune", "Hochwasser bei
Vollmond") was answered for today, a confident wrong day: it is the next such moon's day, as "on the day of the
full moon" is; a why about it stays an idea. Asked on Wednesday 25 November 2026 (full moon Dec 24, new moon Dec 9).
Wordings invented here."""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-25T09:00:00"


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("low water at Padstow at the full moon", "Europe/London", "2026-12-24"),
    ("basse mer Granville lors de la pleine lune", "Europe/Paris", "2026-12-24"),
    ("Niedrigwasser Husum bei Neumond", "Europe/Berlin", "2026-12-09"),
    ("hoogwater Harlingen bij nieuwe maan", "Europe/Amsterdam", "2026-12-09"),
])
async def test_a_tide_at_a_moon_phase_is_that_phases_next_day(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast", (query, answer.debug, answer.text)
    assert (answer.arguments or {})["date"] == day, (query, answer.arguments)


async def test_a_why_at_the_full_moon_is_still_an_idea() -> None:
    answer = await ask_router("why is low water so low at the full moon?", QT, "Europe/London", dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.text)


@pytest.mark.parametrize(("query", "tz", "first"), [
    # a month in the asker's language beside a spring or neap word crashed the router ("décembre", "Dezember")
    ("grandes marées à Saint-Malo en décembre, c'est quels jours ?", "Europe/Paris", "2026-12-08"),
    ("Springtide Husum im Dezember, an welchen Tagen?", "Europe/Berlin", "2026-12-08"),
    # the French spring and neap words (vives-eaux, mortes-eaux) are the tide's days, as grandes marées are
    ("les vives-eaux de décembre à Cancale, quels jours ?", "Europe/Paris", "2026-12-08"),
    ("mortes-eaux en janvier à Granville, quelles dates ?", "Europe/Paris", "2027-01-14"),
])
async def test_spring_or_neap_days_in_a_month_named_abroad(query: str, tz: str, first: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast", (query, answer.debug, answer.text)
    assert (answer.arguments or {})["date"] == first, (query, answer.arguments)
