"""Issue 26 (tune53's explanation class, new wordings): a question on which clock the bot's times are on, or for
which moment a figure is worked out, is explained — not answered with a place's tides or today's moon."""
from __future__ import annotations

import pytest
from router_ask import ask_router

QT = "2026-11-28T11:00:00+01:00"


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("asking from Berlin about high water in Dubrovnik: whose clock are your times on?", "Europe/Berlin", "local clock"),
    ("月面亮度那個百分比，是用哪個時間算的？", "Asia/Taipei", "中午"),
])
async def test_which_clock_or_moment_is_explained(query: str, tz: str, says: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.tool, answer.text)
    assert says in answer.text, answer.text
    assert answer.citations and answer.citations[0].source.startswith("https://"), answer.citations
