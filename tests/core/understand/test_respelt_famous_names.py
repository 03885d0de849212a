"""Issue 26, session 17: a famous town's other common spelling, one slip from its own (Marrakech for Marrakesh), is
misspelt from either: "Marakech" is read as Marrakesh and said back, through the real Router."""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-12-10T12:20:00"


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("sunset Marakech tomorrow", "Europe/Madrid", 31.63, -8.0),
    ("weather in Marakesch this weekend", "Europe/Berlin", 31.63, -8.0),
])
async def test_a_slip_of_a_famous_towns_other_spelling_is_that_town_said_back(query: str, tz: str, lat: float,
                                                                              lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", answer.text
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 20, answer.arguments
    assert "Marrakesh" in answer.text or "[dry-run]" in answer.text, answer.text
