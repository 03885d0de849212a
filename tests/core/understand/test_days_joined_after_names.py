"""A day word joined after a place by de/du/do (issue 26, place pieces): "Bocas del Toro de lunes a miércoles" is the
place and its days, no longer name the gazetteer lacks, while "praia do amado" stays a longer name."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

QT = "2026-11-28T15:20:00-05:00"   # a Saturday


@pytest.mark.parametrize("query, through", [
    ("pronóstico de lluvia en Cartagena de martes a jueves", 6),     # from today through Thursday
    ("météo à Saint-Jean-de-Luz du lundi au mercredi", 5),
    ("viento en Mar del Plata de miércoles a viernes", 7),
])
async def test_days_after_de_are_the_places_days(query: str, through: int) -> None:
    answer = await ask_router(query, QT, "America/Bogota")
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", (query, answer.text)
    assert (answer.arguments or {}).get("forecastDays") == through, answer.arguments


async def test_a_longer_name_after_do_is_still_asked_about() -> None:
    answer = await ask_router("maré na praia do amadeirado amanhã", QT, "America/Sao_Paulo")
    assert answer.mode == "fallback", answer.text
