"""Issue 26, session 24: the sea water asked how far it goes out or in, and a country's own national day, through
the real Router (local engine, no LLM; data tools planned, not called).

* 「海水會退到偌低」, 「海水漲到多高」: the sea water's going out or coming in is the tide, not the sea's warmth.
* 「土耳其國慶那天」 at a place in Turkey is Turkey's Republic Day (29 October), not Taiwan's 10 October.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-10-26T07:10:00"   # a Thursday morning in the asker's zone
TZ = "Asia/Taipei"


@pytest.mark.parametrize(("query", "day"), [
    ("後日梧棲海水會漲到偌懸", "2028-10-28"),
    ("澎湖海水今天退到多低", "2028-10-26"),
    ("明仔載東石海水退甲偌低", "2028-10-27"),
])
async def test_the_sea_water_going_out_or_in_is_the_tide(query: str, day: str) -> None:
    answer = await ask_router(query, QT, TZ)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)


@pytest.mark.parametrize(("query", "day"), [
    ("泰國國慶那天芭達雅滿潮", "2028-12-05"),
    ("雅典國慶日出幾點", "2029-03-25"),
    ("Turkey's national day sunset in Izmir", "2028-10-29"),
])
async def test_a_national_day_at_a_place_abroad_is_that_countrys_own(query: str, day: str) -> None:
    answer = await ask_router(query, QT, TZ)
    assert answer.mode == "mcp_tools", answer.text
    assert (answer.arguments or {}).get("date") == day, (answer.arguments, answer.text)
