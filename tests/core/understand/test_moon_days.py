"""Days named by the moon (issue 26): a phase with a month, a "next" word or a word asking which day
is that phase's day (the engine's moon-phase table, Taiwan's calendar); without one it names no day."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.dates import parse_date

NOW = datetime(2026, 11, 26, 9, 0, tzinfo=ZoneInfo("Asia/Taipei"))   # full moon was 11-24


@pytest.mark.parametrize(("text", "day", "days"), [
    ("下弦月是哪一天", date(2026, 12, 1), 1),
    ("下個上弦是幾號", date(2026, 12, 17), 1),
    ("二月的新月", date(2027, 2, 6), 1),
    ("3月滿月那天基隆幾點滿潮", date(2027, 3, 22), 1),
    ("what date is the last quarter in January?", date(2027, 1, 29), 1),
    ("the next last quarter", date(2026, 12, 1), 1),
    ("一月的新月", date(2027, 1, 8), 1),
    ("full moon next month", date(2026, 12, 24), 1),
    ("一月大潮是哪幾天", date(2027, 1, 7), 5),
    # First quarter 2027-02-14 15:58 (+08): neap is the moon's age 5.9-8.9 days, as the week table and
    # the spring-tide alert count it (core/charts/spring_neap.py): the days whose noon is in it.
    ("which days are the neap tides in february", date(2027, 2, 13), 3),
])
def test_a_phase_asked_about_is_its_day(text: str, day: date, days: int) -> None:
    hint = parse_date(text, NOW)
    assert hint is not None and (hint.day, hint.days) == (day, days), hint


# The next full or new moon is said by today's moon report, on the place's own day.
@pytest.mark.parametrize("text", ["今晚月亮是滿月嗎", "新月的時候潮水比較大嗎", "how bright is a full moon", "下次滿月是哪天"])
def test_a_phase_not_asked_about_names_no_day(text: str) -> None:
    hint = parse_date(text, NOW)
    assert hint is None or hint.day == NOW.date()


@pytest.mark.parametrize(("text", "day", "days"), [
    ("端午節前一天台中港滿潮", date(2027, 6, 8), 1),
    ("元宵節隔天", date(2027, 2, 21), 1),
    ("聖誕節那個週末墾丁的潮汐", date(2026, 12, 26), 2),
    ("清明後的週末", date(2027, 4, 10), 2),
    ("the eve of Lantern Festival", date(2027, 2, 19), 1),
    ("the weekend after Christmas", date(2026, 12, 26), 2),
    ("Easter weekend tides", date(2027, 3, 27), 2),
    ("下個上弦月前一天", date(2026, 12, 16), 1),
])
def test_a_named_day_with_a_word_around_it(text: str, day: date, days: int) -> None:
    hint = parse_date(text, NOW)
    assert hint is not None and (hint.day, hint.days) == (day, days), hint


@pytest.mark.parametrize(("text", "day", "days"), [
    ("後天起四天的滿潮", date(2026, 11, 28), 4),
    ("從明天開始連續三天", date(2026, 11, 27), 3),
    ("from Saturday for 2 days", date(2026, 11, 28), 2),
    ("小年夜", date(2027, 2, 4), 1),
])
def test_a_count_of_days_from_a_day(text: str, day: date, days: int) -> None:
    hint = parse_date(text, NOW)
    assert hint is not None and (hint.day, hint.days) == (day, days), hint
