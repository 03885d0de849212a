"""Issue 26, jpkr16: explanations asked in Korean find their passage.

Why the west coast's range is large and the east coast's small (서해 조차, 동해), and why high water comes later each
day (매일 늦어지는 이유), are read from the Korean words the notes' aliases now hold, not declined.
"""
from __future__ import annotations

import pytest

from passage_topics import topic_of
from router_ask import ask_router

QT = "2026-11-29T07:40:00"


@pytest.mark.parametrize(("query", "topic"), [
    ("서해안 조차가 동해안보다 큰 이유가 뭐예요?", "tidal_range"),
    ("동해는 왜 밀물 썰물이 거의 없어요?", "tidal_range"),
    ("물때가 왜 매일 조금씩 늦어져요?", "lunar_day"),
    ("만조가 매일 늦게 오는 이유", "lunar_day"),
])
async def test_an_explanation_asked_in_korean_finds_its_passage(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul", dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text[:200]
    assert topic_of(answer.citations[0].title) == topic, answer.citations[0].title
