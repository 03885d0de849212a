"""The tide at a clock time asked (core/words/tide_at.py): rising after a low, falling after a high, with the turns
it lies between; the time read from the question, on the day answered."""
from __future__ import annotations

import pytest

from core.words.tide_at import state_at_line
from metocean.contract import TideBlock
from router_ask import ask_router

DAY = TideBlock(highs=[{"time": "2026-12-02T03:57:00+08:00", "height_cm": 40},
                       {"time": "2026-12-02T16:54:00+08:00", "height_cm": 35}],
                lows=[{"time": "2026-12-02T09:54:00+08:00", "height_cm": -20},
                      {"time": "2026-12-02T23:22:00+08:00", "height_cm": -5}])


@pytest.mark.parametrize(("at", "lang", "said"), [
    ("02:00", "zh", "02:00 時是漲潮（03:57 滿潮之前）。"),
    ("06:00", "zh", "06:00 時是退潮（滿潮 03:57 → 乾潮 09:54）。"),
    ("12:30", "en", "At 12:30 the tide is rising (low tide 09:54 → high tide 16:54)."),
    ("23:40", "en", "At 23:40 the tide is rising (after the low tide at 23:22)."),
])
def test_the_state_at_a_time_follows_the_days_turns(at: str, lang: str, said: str) -> None:
    assert state_at_line(DAY, at, lang) == said


def test_a_day_without_turns_says_nothing() -> None:
    assert state_at_line(TideBlock(), "06:00", "zh") is None


async def test_the_time_asked_is_answered_not_only_now() -> None:
    answer = await ask_router("明天早上6點 八斗子 水在漲還是退", "2026-12-01T21:15:00", "Asia/Taipei", dry_run=False)
    assert "06:00 時是" in answer.text, answer.text[:300]
