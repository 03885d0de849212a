"""Issue 26 (tune40's class, new wordings): where the asker is, written with their country between
(「人在智利聖地牙哥」, "I'm in Portugal, Lisbon"), is not a second place asked about: the place asked is answered."""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

ASKED_AT = "2026-12-04T10:10:00-03:00"


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("人在巴西聖保羅，想問 Ubatuba 明天滿潮幾點", "America/Sao_Paulo", -23.43, -45.07),
    ("I'm in Portugal, Lisbon - sunset at Nazaré tomorrow?", "Europe/Lisbon", 39.60, -9.07),
])
async def test_the_askers_city_after_their_country_is_not_the_place_asked(query: str, tz: str, lat: float,
                                                                          lon: float) -> None:
    answer = await ask_router(query, ASKED_AT, tz)
    assert answer.tool == "tide.forecast" and answer.arguments, answer.text
    assert km_between(*planned_point(answer.arguments), lat, lon) < 15
