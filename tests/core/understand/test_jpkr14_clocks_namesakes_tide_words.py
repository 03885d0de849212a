"""Askers in Japan and Korea (issue 26, jpkr14): whose clock a Japanese conversion's time is on, and more.

- 「<place>の朝9時って日本時間だと何時」: the time written with the place (its possessive の) is the place's, and
  the zone before だと何時 / なら何時 / に直すと is the one asked; 夜8時, 晩7時 are evening hours and 深夜2時 small ones.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-28T20:40:00+09:00"   # a Saturday evening in Tokyo


@pytest.mark.parametrize(("query", "from_tz", "to_tz", "time"), [
    ("ニューヨークの夜8時は日本時間なら何時？", "America/New_York", "Asia/Tokyo", "20:00"),
    ("パリの深夜2時って日本時間だと何時", "Europe/Paris", "Asia/Tokyo", "02:00"),
    ("シドニーの午後3時、日本時間に直すと何時？", "Australia/Sydney", "Asia/Tokyo", "15:00"),
    ("ソウルの朝7時 ハワイだと何時", "Asia/Seoul", "Pacific/Honolulu", "07:00"),
    ("ロサンゼルスの晩7時は東京だったら何時", "America/Los_Angeles", "Asia/Tokyo", "19:00"),
])
async def test_the_time_written_with_a_place_is_that_places(query: str, from_tz: str, to_tz: str, time: str) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo")
    assert answer.tool == "time.convert" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"], answer.arguments["time"]) == (from_tz, to_tz, time)
