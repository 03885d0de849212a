"""Askers in Japan and Korea, Taiwanese travellers there (issue 26, jpkr15).

- a named day with a Japanese or Korean word around it (「元日の前日」, 「クリスマスの次の日」, 「설날 전날」,
  「추석 이틀 전」) is the day it counts to, not the named day itself nor 前日 read as Hokkien's "day before yesterday".
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.understood import read_question


def _day(query: str, tz: str, when: str = "2026-11-28T09:00:00") -> date | None:
    """Return the day understood in `query` asked at `when` in `tz` (None when no day was read or it was not understood)."""
    moment = datetime.fromisoformat(when).replace(tzinfo=ZoneInfo(tz))
    hint = read_question(query, moment, tz)[1].slots.date
    return None if hint is None or hint.unrecognised else hint.day


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("元日の前日 鎌倉の満潮", "Asia/Tokyo", "2026-12-31"),
    ("クリスマスの次の日 江の島の日の出", "Asia/Tokyo", "2026-12-26"),
    ("成人の日の前の日 逗子 天気", "Asia/Tokyo", "2027-01-10"),
    ("설날 전날 속초 일출", "Asia/Seoul", "2027-02-06"),          # Korea's 설날 is 2027-02-07
    ("크리스마스 다음날 부산 날씨", "Asia/Seoul", "2026-12-26"),
    ("추석 이틀 전 강릉 날씨", "Asia/Seoul", "2027-09-13"),
])
def test_a_japanese_or_korean_word_around_a_named_day_counts_from_it(query: str, tz: str, day: str) -> None:
    assert _day(query, tz) == date.fromisoformat(day)


def test_hokkien_day_before_yesterday_alone_is_unchanged() -> None:
    assert _day("前日 基隆 潮汐", "Asia/Taipei") == date(2026, 11, 26)
