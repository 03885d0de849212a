"""Issue 26, jpkr15: a time program asked with zone words (KST, JST, 한국 시간, EST) converts the way it is asked.

The zone converted to is marked after it in Japanese and Korean (「KSTをUTCに変換」, 「KST를 UTC로 변환」, 「UTCにする」)
and before it in Chinese and English ("to Taipei time"); a zone written as a word is a side of the program as a
place's zone is, never the asker's own zone put in its place.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-28T17:30:00"


@pytest.mark.parametrize(("query", "tz", "says"), [
    ("KSTをUTCに変換するPythonコード", "Asia/Tokyo", "Asia/Seoul 的時間換算成 UTC"),
    ("UTCをKSTに変換するコード書いて", "Asia/Tokyo", "UTC 的時間換算成 Asia/Seoul"),
    ("JSTの時刻をUTCにするコードをpythonで", "Asia/Taipei", "Asia/Tokyo 的時間換算成 UTC"),
    ("KST를 UTC로 변환하는 파이썬 코드", "Asia/Tokyo", "Asia/Seoul to UTC"),
    ("UTC 시간을 한국 시간으로 바꾸는 코드 짜줘", "Asia/Tokyo", "UTC to Asia/Seoul"),
    ("code to convert 9am EST to Taipei time", "Asia/Tokyo", "America/New_York to Asia/Taipei"),
])
async def test_a_time_program_converts_the_zones_written_the_way_asked(query: str, tz: str, says: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code" and says in answer.text, answer.text[:300]
