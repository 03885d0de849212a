"""Issue 26: the weather as Spanish and Portuguese speakers search it, a bare "tiempo"/"tempo" before a place or a day
("tiempo en Valencia mañana", "tempo em Lisboa amanhã"), is the weather forecast, not the place's tide table; a
tide asked beside "tiempo" in its other sense (how long) stays the tide's. New wordings, through the real Router."""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-12-27T16:40:00"


@pytest.mark.parametrize(("query", "tz"), [
    ("tiempo en Alicante hoy", "Europe/Madrid"),
    ("tiempo mañana Santander", "Europe/Madrid"),
    ("tiempo para mañana en Montevideo", "America/Montevideo"),
    ("tempo no Porto amanhã", "Europe/Lisbon"),
    ("tempo hoje Florianópolis", "America/Sao_Paulo"),
])
async def test_a_bare_tiempo_before_a_place_or_day_is_the_weather(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", (answer.mode, answer.tool, answer.text)


async def test_how_long_a_tide_lasts_stays_the_tides() -> None:
    answer = await ask_router("¿cuánto tiempo dura la marea baja en Cádiz?", QT, "Europe/Madrid")
    assert answer.tool == "tide.forecast", (answer.mode, answer.tool, answer.text)
