"""The one clock-time parser (core/understand/clock_times.py) and its users: time.convert, the
`clock` signal and subscription requests read a time the same way."""
from __future__ import annotations

import pytest

from core.decide.subscription import decide_daily
from core.understand.clock_times import find_clock, find_clocks, has_clock
from core.understand.signals import detect_signals
from core.tools.clock_asked import clock_asked as _clock_time


@pytest.mark.parametrize("text,hhmm", [
    # zh-TW
    ("9點", "09:00"), ("九點", "09:00"), ("晚上九點", "21:00"), ("晚上9點", "21:00"), ("早上6點半", "06:30"),
    ("下午3點15分", "15:15"), ("下午三點四十五", "15:45"), ("十二點", "12:00"), ("二十三點", "23:00"),
    ("6點鐘", "06:00"), ("6時", "06:00"), ("兩點", "02:00"), ("凌晨12點", "00:00"), ("半夜12點", "00:00"),
    ("半夜3點", "03:00"), ("中午12點", "12:00"), ("中午1點", "13:00"), ("中午", "12:00"), ("正午", "12:00"),
    ("午夜", "00:00"), ("傍晚6點", "18:00"), ("今晚8點", "20:00"), ("下午一點", "13:00"), ("7點15分", "07:15"),
    ("早上六點", "06:00"), ("每天早上6點告訴我基隆潮汐", "06:00"), ("台北晚上9點是洛杉磯幾點", "21:00"),
    ("18：30", "18:30"),
    # English
    ("6:30", "06:30"), ("18:00", "18:00"), ("6pm", "18:00"), ("6 pm", "18:00"), ("6 p.m.", "18:00"),
    ("6:30 pm", "18:30"), ("6am", "06:00"), ("12am", "00:00"), ("12pm", "12:00"), ("noon", "12:00"),
    ("midnight", "00:00"), ("Midday", "12:00"), ("at 6", "06:00"), ("every evening at 7", "19:00"),
    ("7 o'clock", "07:00"), ("at 9 in the morning", "09:00"), ("9 pm in Taipei is what time in LA", "21:00"),
])
def test_clock_times_in_both_languages(text: str, hhmm: str) -> None:
    found = find_clock(text)
    assert found is not None and found.valid, text
    assert found.hhmm == hhmm


@pytest.mark.parametrize("text", ["25:00", "6:61", "13pm", "24:00", "0am"])
def test_impossible_times_are_found_but_not_valid(text: str) -> None:
    found = find_clock(text, bare=True)
    assert found is not None and not found.valid


@pytest.mark.parametrize("text", [
    "30分鐘", "1小時30分", "滿潮前30分鐘提醒我", "熱一點嗎", "冷一點", "幾點", "2025-11-12", "121.5,25.1",
    "30 minutes", "in 6 days", "什麼時候", "時間", "時差", "6",
])
def test_no_clock_time(text: str) -> None:
    assert find_clock(text) is None, text


def test_a_lone_number_is_an_hour_only_when_bare_or_after_at() -> None:
    assert find_clock("6") is None and find_clock("6", bare=True).hhmm == "06:00"  # type: ignore[union-attr]
    assert find_clock("at 6", after_at=False) is None


def test_the_span_holds_the_part_of_day_word_said_before_the_time() -> None:
    found = find_clock("/daily 晚上9點 基隆")
    assert found is not None and found.text == "晚上9點" and found.span == (7, 11)
    assert find_clock("send it at 6 pm")  # "pm" is part of the time
    assert [c.hhmm for c in find_clocks("下午3點到晚上9點")] == ["15:00", "21:00"]


@pytest.mark.parametrize("text,expected", [
    ("台北晚上9點是洛杉磯幾點", True), ("9 pm in Tokyo", True), ("21:00", True), ("晚上九點", True), ("noon", True),
    ("正午", True), ("9點", True), ("三點", False), ("at 6", False), ("基隆今天潮汐", False), ("熱一點嗎", False),
])
def test_the_clock_signal_is_the_parser(text: str, expected: bool) -> None:
    assert has_clock(text) is expected
    assert detect_signals(text).clock is expected


@pytest.mark.parametrize("text,hhmm", [
    ("台北晚上九點是倫敦幾點", "21:00"), ("台北晚上9點是倫敦幾點", "21:00"), ("9 pm in Taipei is what time in London", "21:00"),
    ("東京下午3點15分是紐約幾點", "15:15"), ("東京中午1點是紐約幾點", "13:00"),
])
def test_time_convert_and_subscriptions_read_the_same_time(text: str, hhmm: str) -> None:
    said = _clock_time(text)
    assert said is not None and said[0].strftime("%H:%M") == hhmm
    assert decide_daily(text, "zh", "Asia/Taipei", sentence=True).hhmm == hhmm
