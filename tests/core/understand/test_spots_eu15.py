"""Issue 26 (tune77): spots Europe's and Africa's travellers name that nothing answered to (Tofo in Mozambique;
Cape Town's Sea Point, read as "which sea?"), a surf spot whose namesake is a village far away (Taghazout's Anchor
Point, not Alaska's, when Taghazout is written beside it), and Stonehenge's sunset. Wordings invented here."""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between

QT = "2026-11-25T09:00:00"


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("Praia do Tofo low tide on saturday?", "Europe/London", -23.85, 35.55),
    ("diving Tofo tomorrow, how warm is the water", "Europe/Berlin", -23.85, 35.55),
    ("Sea Point Cape Town sea temp tomorrow", "Europe/London", -33.92, 18.38),
    ("surf at Anchor Point near Taghazout, low tide friday", "Europe/London", 30.55, -9.72),
    ("Stonehenge sunrise on the summer solstice", "Europe/London", 51.18, -1.83),
])
async def test_the_spot_is_answered(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools", (query, answer.debug, answer.text)
    point = (args.get("latitude"), args.get("longitude"))
    if "bbox" in args:
        w, s, e, n = args["bbox"]
        point = ((s + n) / 2, (w + e) / 2)
    assert point[0] is not None and km_between(point[0], point[1], lat, lon) < 5, (query, args)


async def test_anchor_point_alone_is_asked() -> None:
    answer = await ask_router("Anchor Point high tide tomorrow", QT, "Europe/London")
    assert answer.mode == "fallback", (answer.tool, answer.text)
