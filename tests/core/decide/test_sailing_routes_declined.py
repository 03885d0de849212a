"""Issue 26 (tune40's class, new wordings): a sailing route asked for is declined with what the bot can give at
either end, whatever weather or sea words stand by — not the weather at the route's start answered as if asked."""
from __future__ import annotations

import pytest

from router_ask import ask_router

LISBON_FRI = "2026-12-04T13:10:00+00:00"


@pytest.mark.parametrize(("query", "said"), [
    ("safest sailing route from Falmouth to the Scillies on Sunday, wind permitting?", "sailing route"),
    ("plan my passage Vigo to Porto tomorrow avoiding the swell", "sailing route"),
    ("mejor ruta en velero de Cádiz a Tánger mañana con poco viento", "sailing route"),
    ("帆船從基隆到石垣島的最佳航線，下週風大嗎", "航線"),
])
async def test_a_sailing_route_is_declined_with_what_the_bot_can_give(query: str, said: str) -> None:
    answer = await ask_router(query, LISBON_FRI, "Europe/Lisbon")
    assert answer.tool is None and answer.mode == "fallback", answer.text
    assert said in answer.text
