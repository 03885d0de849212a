"""(s22) A place after "to" in the travellers' languages (Dutch naar, German nach, Swedish till, Spanish hacia) is
where a walk or crossing goes: the question asks the place it starts from."""
from __future__ import annotations

import pytest
from router_ask import ask_router


@pytest.mark.parametrize("query,tz,where", [
    ("Hoe laat is het laagwater bij Pieterburen morgen? We gaan wadlopen naar Schiermonnikoog", "Europe/Amsterdam",
     (53.40, 6.45)),
    ("hoogwater Harlingen morgen? we varen naar Terschelling", "Europe/Amsterdam", (53.17, 5.42)),
    ("Niedrigwasser in Cuxhaven morgen? Wir wandern nach Neuwerk", "Europe/Berlin", (53.87, 8.70)),
    ("marea baja en Santander mañana? cruzamos hacia Somo", "Europe/Madrid", (43.46, -3.80)),
])
async def test_the_walk_or_crossing_start_is_asked(query: str, tz: str, where: tuple[float, float]) -> None:
    answer = await ask_router(query, "2028-02-25T06:30:00+01:00", tz=tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools", (query, answer.mode, answer.text)
    assert abs(args["latitude"] - where[0]) < 0.1 and abs(args["longitude"] - where[1]) < 0.15, (query, args)
