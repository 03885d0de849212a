"""Askers in Japan and Korea (issue 26, jpkr11): festival words in Korean and Japanese, and Japanese names
holding a character Simplified Chinese shares.

- Christmas, its eve, New Year's Day, the year's first sunrise and the great full moon written in Hangul or kana
  (크리스마스, 새해 첫날, 정월대보름, クリスマスイブ, 元日) are their day, not today;
- a Japanese name written with a character Simplified Chinese shares (横浜, 横須賀, 浅虫) is that place, though
  the question's conversion to Traditional characters leaves it half converted (橫浜);
- a week, weekday or weekend word in Korean or Japanese (다음주 토요일, 이번 주말, 다음 주 화~목, 来週の日曜日) is
  that day or span, not today;
- a count of days' worth (2日分, 5日間), the sea's temperature (海の温度, 바다온도), a tide graph (潮汐グラフ) and code
  (파이썬 스크립트, コード) asked in Japanese or Korean name what they ask.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.answers.codegen import is_code_request
from core.understand.places import find_place
from core.understand.script import to_traditional
from core.understand.signals import detect_signals
from core.understand.understood import read_question


def _day(query: str, tz: str) -> date | None:
    """Return the day understood in `query` asked on 2026-11-28 09:00 in `tz` (None when none was read)."""
    moment = datetime(2026, 11, 28, 9, tzinfo=ZoneInfo(tz))
    hint = read_question(query, moment, tz)[1].slots.date
    return None if hint is None or hint.unrecognised else hint.day


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("크리스마스에 광안리 물때", "Asia/Seoul", "2026-12-25"),
    ("성탄절 속초 일출", "Asia/Seoul", "2026-12-25"),
    ("크리스마스 이브 여수 일몰", "Asia/Seoul", "2026-12-24"),
    ("새해 첫날 호미곶 해돋이", "Asia/Seoul", "2027-01-01"),
    ("정월대보름 해운대 월출", "Asia/Seoul", "2027-02-21"),   # Korea's lunar calendar: Seollal 2027 is Feb 7 in KST
    ("クリスマスイブ 江の島 日の入り", "Asia/Tokyo", "2026-12-24"),
    ("元日 犬吠埼 日の出", "Asia/Tokyo", "2027-01-01"),
])
def test_a_festival_word_in_korean_or_japanese_is_its_day(query: str, tz: str, day: str) -> None:
    assert _day(query, tz) == date.fromisoformat(day)


@pytest.mark.parametrize(("text", "english"), [
    ("横浜 あさっての満潮", "Yokohama"),
    ("横浜港 日の入り", "Yokohama"),
    ("横須賀 明日の天気", "Yokosuka"),
])
def test_a_japanese_name_in_shared_characters_is_found_after_the_conversion(text: str, english: str) -> None:
    read = to_traditional(text)
    place = find_place(read, home="JP")
    assert place is not None and place.country == "JP" and place.name_en.startswith(english), (read, place)


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("鳥羽 潮汐グラフ 2日分", "Asia/Tokyo", 2),
    ("白浜 5日間の天気", "Asia/Tokyo", 5),
])
def test_a_japanese_count_of_days_is_a_span(query: str, tz: str, days: int) -> None:
    moment = datetime(2026, 11, 28, 9, tzinfo=ZoneInfo(tz))
    hint = read_question(query, moment, tz)[1].slots.date
    assert hint is not None and hint.day == date(2026, 11, 28) and hint.days == days, hint


@pytest.mark.parametrize(("query", "signal"), [
    ("白浜 海の温度 いま何度", "sst"),
    ("鴨川 水の温度は", "sst"),
    ("속초 바다온도 어때", "sst"),
    ("鳥羽 潮汐グラフ", "tide_chart"),
    ("인천 물때 그래프 보여줘", "tide_chart"),
])
def test_japanese_and_korean_data_words_name_their_topic(query: str, signal: str) -> None:
    signals = detect_signals(to_traditional(query))
    assert getattr(signals, signal), signals


@pytest.mark.parametrize(("query", "code"), [
    ("여수 조석 데이터 받아오는 파이썬 스크립트", True),
    ("鎌倉 日の出 一覧を出すコード書いて", True),
    ("江の島 潮汐 コードなしで教えて", False),
    ("속초 물때 코드 말고 그냥 알려줘", False),
])
def test_code_asked_in_japanese_or_korean(query: str, code: bool) -> None:
    assert is_code_request(query) is code


@pytest.mark.parametrize(("query", "tz", "day", "days"), [
    ("다음주 토요일 속초 날씨", "Asia/Seoul", "2026-12-05", 1),
    ("다음 주 화~목 여수 물때", "Asia/Seoul", "2026-12-01", 3),
    ("이번 주말 강릉 일출", "Asia/Seoul", "2026-11-28", 2),
    ("다음 주말 제주 날씨", "Asia/Seoul", "2026-12-05", 2),
    ("금요일 밤 광안리 물때", "Asia/Seoul", "2026-12-04", 1),
    ("来週の日曜日 鎌倉 日の入り", "Asia/Tokyo", "2026-12-06", 1),
    ("再来週の土曜 逗子 天気", "Asia/Tokyo", "2026-12-12", 1),
    ("来週末 江の島 潮", "Asia/Tokyo", "2026-12-05", 2),
])
def test_korean_and_japanese_week_and_weekday_words_are_their_days(query: str, tz: str, day: str, days: int) -> None:
    moment = datetime(2026, 11, 28, 9, tzinfo=ZoneInfo(tz))
    hint = read_question(query, moment, tz)[1].slots.date
    assert hint is not None and (hint.day, hint.days) == (date.fromisoformat(day), days), hint
