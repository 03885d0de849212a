"""(s22) A named day written beside another day word ("St David's Day tomorrow") is understood with it: its words
name no place (not the town of St Davids), and the answer is for the place the question names."""
from __future__ import annotations

import pytest
from router_ask import ask_router


TENBY, CRAIL, HOWTH = (51.67, -4.70), (56.26, -2.63), (53.39, -6.07)


@pytest.mark.parametrize("query,qt,where,day", [
    ("St David's Day tomorrow, sunset in Tenby?", "2028-02-29T12:10:00+00:00", TENBY, "2028-03-01"),
    ("tomorrow's St Andrew's Day - sunrise at Crail please", "2028-11-29T09:00:00+00:00", CRAIL, "2028-11-30"),
    ("St Patrick's Day today, when's high tide at Howth", "2028-03-17T08:00:00+00:00", HOWTH, "2028-03-17"),
    ("is it windy in Tenby on St David's Day", "2028-02-25T06:30:00+00:00", TENBY, None),
])
async def test_the_named_day_is_no_place(query: str, qt: str, where: tuple[float, float], day: str | None) -> None:
    answer = await ask_router(query, qt)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools", (query, answer.mode, answer.text)
    assert abs(args["latitude"] - where[0]) < 0.1 and abs(args["longitude"] - where[1]) < 0.1, (query, args)
    if day is not None:
        assert args["date"][:10] == day, (query, args)
