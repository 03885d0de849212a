"""The lunar date in words (core/words/lunar.py): leap months marked, bad days said as nothing."""
from __future__ import annotations

from core.understand.lunar_calendar import LunarDay
from core.words.lunar import beside_phase, lunar_line, lunar_of, lunar_words
from core.words.official import lunar_words as cwa_lunar_words


def test_a_leap_month_is_marked_in_both_languages() -> None:
    assert lunar_words(LunarDay(6, 8, leap=True), "zh") == "閏六月初八"
    assert lunar_words(LunarDay(6, 8, leap=True), "en") == "leap month 6, day 8"
    assert lunar_words(LunarDay(12, 30), "zh") == "臘月三十"


def test_a_day_that_does_not_read_has_no_lunar_date() -> None:
    assert lunar_of("not a day") is None and lunar_of(None) is None and lunar_of("2150-01-01") is None
    assert lunar_line("2026-13-01", "2026-11-27", "zh") is None
    assert beside_phase("", "zh") == ""


def test_beside_the_phase_only_in_zh() -> None:
    assert beside_phase("2027-02-06", "zh") == "，農曆正月初一"
    assert beside_phase("2027-02-06", "en") == ""


def test_cwa_lunar_dates_still_read_and_bad_ones_do_not() -> None:
    assert cwa_lunar_words("2026-06-08", "zh") == "六月初八"
    assert cwa_lunar_words("2026-13-08", "zh") is None and cwa_lunar_words("junk", "en") is None
