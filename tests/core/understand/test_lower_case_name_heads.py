"""A two-word name of everyday words headed by cape/mount typed in lower case (issue 26, a word that is also a
place): "cape may" is Cape May, New Jersey where the sentence gives it a place's role, not "cape" and a modal."""
from __future__ import annotations

import pytest

from core.understand.places import find_place
from tests.router_ask import ask_router

QT = "2026-11-28T15:20:00-05:00"


@pytest.mark.parametrize("query, lat", [
    ("gonna rain cape may on sunday?", 38.94),
    ("low tide at cape may tmrw", 38.94),
])
async def test_a_name_headed_by_cape_is_read_in_lower_case(query: str, lat: float) -> None:
    answer = await ask_router(query, QT, "America/New_York")
    assert answer.mode == "mcp_tools", (query, answer.text)
    assert abs(float((answer.arguments or {}).get("latitude", 0)) - lat) < 0.1, answer.arguments


@pytest.mark.parametrize("query", ["north beach weather", "may i ask the tide tomorrow"])
def test_everyday_words_stay_no_place(query: str) -> None:
    place = find_place(query, home="US")
    assert place is None or place.name_en.lower() not in ("north beach", "cape may"), place
