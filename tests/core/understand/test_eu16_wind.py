"""Issue 26 (tune82's European askers): the French wind asked bare before its place or day ("vent à ...") is the
weather's wind, not the tide table of the nearest station. Wordings invented here; no question set holds them."""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-28T09:00:00+01:00"


@pytest.mark.parametrize("query", [
    "vent à Biarritz samedi ?",
    "vent au Cap Ferret ce week-end",
    "vent demain à Brest ?",
])
async def test_the_bare_french_wind_is_the_weather(query: str) -> None:
    answer = await ask_router(query, QT, "Europe/Paris")
    assert answer.tool != "tide.forecast" or (answer.debug or {}).get("topic") == "weather", answer.text
