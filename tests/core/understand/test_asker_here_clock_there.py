"""Where the asker is, said beside the place asked (issue 26, whose clock): "in gold coast rn, what time in sydney"
asks Sydney's clock, the Gold Coast being where the asker is, not a second place to doubt."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router


@pytest.mark.parametrize("query, tz, zone", [
    ("in cairns rn - same time in darwin?", "Australia/Brisbane", "Australia/Darwin"),
    ("what's the time in adelaide, i'm on the sunshine coast", "Australia/Brisbane", "Australia/Adelaide"),
    ("estoy en Cancún, qué hora es en Ciudad de México", "America/Cancun", "America/Mexico_City"),
    ("je suis à Papeete, quelle heure est-il à Nouméa ?", "Pacific/Tahiti", "Pacific/Noumea"),
])
async def test_the_clock_asked_is_the_other_place(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, "2026-11-28T15:20:00+10:00", tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, (query, answer.text)


async def test_a_place_asked_now_is_still_the_place() -> None:
    answer = await ask_router("tides in gold coast rn", "2026-11-28T15:20:00+10:00", "Australia/Brisbane")
    assert answer.tool == "tide.forecast" and abs(float((answer.arguments or {})["latitude"]) + 28.0) < 0.2, answer.arguments
