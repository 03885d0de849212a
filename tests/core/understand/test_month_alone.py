"""A month named with no day is asked which day, never answered as today (「十二月 基隆潮汐」 was today's tides)."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.understood import read_question

MOMENT = datetime(2026, 11, 28, 9, tzinfo=ZoneInfo("Asia/Taipei"))


@pytest.mark.parametrize(("query", "word"), [
    ("三月 澎湖幾點滿潮", "三月"),
    ("十一月的花蓮日出", "十一月"),
    ("sunrise at Hualien in October", "October"),
    ("tide times penghu february", "february"),
    ("8月二十 東港潮汐", "8月二十"),
])
def test_a_month_alone_is_asked_which_day(query: str, word: str) -> None:
    understood = read_question(query, MOMENT, "Asia/Taipei")[1]
    assert understood.doubt("day_unknown") is not None
    assert understood.doubt("day_unknown").word == word


@pytest.mark.parametrize("query", ["三月五日 澎湖幾點滿潮", "October 3 sunrise at Hualien", "may rain in Keelung tomorrow?"])
def test_a_month_with_its_day_or_may_as_a_verb_is_no_doubt(query: str) -> None:
    understood = read_question(query, MOMENT, "Asia/Taipei")[1]
    assert understood.doubt("day_unknown") is None
