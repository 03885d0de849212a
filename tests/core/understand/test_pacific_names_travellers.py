"""The Pacific's islands and countries as Spanish, Portuguese and French speakers name them (issue 26): country names
from pycountry's catalogues in the countries section, and French Polynesia's islands kept by hand (Hiva Oa is no Khiva)."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

QT = "2026-11-28T15:20:00-03:00"


@pytest.mark.parametrize("query, zone", [
    ("qué hora es en Nueva Zelanda ahora", "Pacific/Auckland"),
    ("que horas são na Nova Caledônia?", "Pacific/Noumea"),
    ("quelle heure est-il aux Fidji maintenant ?", "Pacific/Fiji"),
    ("quelle heure est-il à Nuku Hiva ?", "Pacific/Marquesas"),
    ("que horas são no Havaí agora?", "Pacific/Honolulu"),
])
async def test_the_place_named_in_a_travellers_language_is_the_clock_asked(query: str, zone: str) -> None:
    answer = await ask_router(query, QT, "America/Sao_Paulo")
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, (query, answer.arguments)


@pytest.mark.parametrize("query, zone", [
    ("Hiva Oa sunrise tomorrow", "Pacific/Marquesas"),
    ("marée à Rangiroa demain", "Pacific/Tahiti"),
    ("marées à Tadoussac samedi", "America/Toronto"),
])
async def test_the_islands_and_harbours_kept_by_hand_are_answered_there(query: str, zone: str) -> None:
    answer = await ask_router(query, QT, "America/Sao_Paulo")
    assert answer.tool == "tide.forecast" and (answer.arguments or {}).get("tz") == zone, (query, answer.arguments)
