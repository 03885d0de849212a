"""Askers in Japan and Korea (issue 26, jpkr11b): a day only the asker knows, and small Japanese and Korean
harbours and beaches.

- "that day" in Japanese or Korean (例の日, その日, あの日, 그날) is a day not understood: the bot asks which day,
  never answers for today; あの日曜日 ("that Sunday") is still the Sunday;
- small Japanese harbours, beaches and towns (鞆の浦, 千倉, 浄土ヶ浜, 三崎港, 比田勝 / 히타카츠) are found, in
  kana, kanji, Hangul or after the conversion to Traditional characters, not asked back or taken for another place;
- when a Korean sea road (바닷길: 제부도, 무창포) opens is a tide question; the road named beside the weather is not.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.places import find_place
from router_ask import ask_router
from core.understand.script import to_traditional
from core.understand.understood import read_question


def _hint(query: str, tz: str):  # type: ignore[no-untyped-def]
    """Return the day hint read in `query` asked on 2026-11-28 09:00 in `tz` (None when none was read)."""
    moment = datetime(2026, 11, 28, 9, tzinfo=ZoneInfo(tz))
    return read_question(query, moment, tz)[1].slots.date


@pytest.mark.parametrize(("query", "tz", "word"), [
    ("その日の鎌倉 日の入りは何時", "Asia/Tokyo", "その日"),
    ("あの日 那覇の満潮", "Asia/Tokyo", "あの日"),
    ("例の日 葉山の天気", "Asia/Tokyo", "例の日"),
    ("그날 광안리 물때 알려줘", "Asia/Seoul", "그날"),
])
def test_that_day_in_japanese_or_korean_is_asked(query: str, tz: str, word: str) -> None:
    hint = _hint(query, tz)
    assert hint is not None and hint.unrecognised == word, hint


def test_that_sunday_is_still_the_sunday() -> None:
    hint = _hint("あの日曜日の江の島の潮", "Asia/Tokyo")
    assert hint is not None and hint.unrecognised is None and hint.day == date(2026, 11, 29), hint


@pytest.mark.parametrize(("text", "home", "english"), [
    ("鞆の浦で来週の日の出", "JP", "Tomonoura"),
    ("鞆港 週末の潮位", "JP", "Tomonoura"),
    ("千倉海岸 波の高さ", "JP", "Chikura"),
    ("浄土が浜 海水温", "JP", "Jodogahama"),
    ("三崎漁港 満潮 今夜", "JP", "Misaki Port"),
    ("比田勝港 フェリー 風", "JP", "Hitakatsu"),
    ("히타카츠항 모레 파도", "KR", "Hitakatsu"),
])
def test_a_small_japanese_harbour_or_beach_is_found(text: str, home: str, english: str) -> None:
    read = to_traditional(text)
    place = find_place(read, home=home)
    assert place is not None and place.country == "JP" and place.name_en == english, (read, place)


@pytest.mark.parametrize(("query", "tool"), [
    ("모레 무창포 바닷길 열리는 시간 알려줘", "tide.forecast"),
    ("제부도 바닷길이 언제 열려요 오늘", "tide.forecast"),
    ("진도 바닷길 축제 내일 날씨", "weather.forecast"),
])
async def test_when_a_korean_sea_road_opens_is_a_tide_question(query: str, tool: str) -> None:
    answer = await ask_router(query, "2026-11-28T09:00:00+09:00", "Asia/Seoul")
    assert answer.tool == tool, (answer.tool, answer.text)
