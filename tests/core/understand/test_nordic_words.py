"""Issue 26 (tune40's everyday class, new wordings): researchers and travellers write the sun, the tide and the
day in Swedish, Norwegian and Danish — "solnedgång i Malmö i morgon", "högvatten i Esbjerg i morgon" — read as the
other travellers' languages are: the sun's or the tide's day, not an explanation declined."""
from __future__ import annotations

import pytest

from router_ask import ask_router

STOCKHOLM_FRI = "2026-12-04T14:10:00+01:00"


@pytest.mark.parametrize(("query", "variant", "day"), [
    ("solnedgång i Malmö i morgon", "sun_moon_only", "2026-12-05"),
    ("när går solen upp i Bergen i dag?", "sun_moon_only", "2026-12-04"),
    ("högvatten i Esbjerg i morgon", None, "2026-12-05"),
])
async def test_the_sun_and_the_tide_in_a_nordic_language_are_that_days(query: str, variant: str | None,
                                                                         day: str) -> None:
    answer = await ask_router(query, STOCKHOLM_FRI, "Europe/Stockholm")
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == day, answer.text
    assert (answer.debug or {}).get("variant") == variant


@pytest.mark.parametrize(("query", "day", "lat"), [
    ("sunrise in Oslo on St Lucy's Day", "2026-12-13", 59.91),
    ("Luciadagen: när går solen ner i Uppsala?", "2026-12-13", 59.86),
    ("sunset in Saint Lucia tomorrow", "2026-12-05", 14.0),   # the island, and no Lucia's day
])
async def test_lucia_is_the_thirteenth_of_december_and_saint_lucia_an_island(query: str, day: str, lat: float) -> None:
    answer = await ask_router(query, STOCKHOLM_FRI, "Europe/Stockholm")
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == day, answer.text
    assert abs(answer.arguments["latitude"] - lat) < 0.5
