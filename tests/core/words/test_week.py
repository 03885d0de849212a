"""The seven-day table (`/week`, "這週潮汐"): seven day blocks, each with highs, lows, sunrise/sunset,
moon phase and 大潮/中潮/小潮, narrow enough for a phone's monospace block; Discord fields too."""
from __future__ import annotations

import unicodedata

import pytest

from core.config import Settings
from core.envelope import Question
from core.router import Router
from core.tools.catalog import CATALOG
from core.words.week import WeekDay, week_fields

QT = "2025-11-14T11:00:00+08:00"
PHONE_COLUMNS = 34   # Telegram's <pre> on a phone shows about this many columns before wrapping


def columns(line: str) -> int:
    """Return the monospace width of `line` (CJK and full-width characters take two columns)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


@pytest.fixture(scope="module")
def router() -> Router:
    return Router(Settings(odbchat_backend="local"), llm=None)


@pytest.mark.parametrize("lang, place, words", [("zh", "基隆", ("滿", "乾", "日出", "潮")),
                                                ("en", "Keelung", ("H ", "L ", "Sunrise", " tide"))])
async def test_week_table_has_seven_aligned_days(router: Router, lang: str, place: str, words: tuple) -> None:
    answer = await router.answer(Question(query="/week", tz="Asia/Taipei", query_time=QT, lang=lang,
                                          tool="tide.week", place=place))
    assert answer.tool == "tide.week" and answer.error is None and CATALOG["tide.week"].preformatted
    rows = [WeekDay.model_validate(r) for r in answer.result["rows"]]
    assert [r.date for r in rows][:2] == ["2025-11-14", "2025-11-15"] and len(rows) == 7
    assert all(r.highs and r.lows and r.sunrise and r.tide_range for r in rows)
    text = answer.text
    for word in words:
        assert word in text
    assert all(columns(line) <= PHONE_COLUMNS for line in text.splitlines()[1:-1]), text
    for row in rows:   # each high's time and height appear in the table
        assert f"{row.highs[0].time} {row.highs[0].height_cm:5.0f}" in text
    # the heights' columns line up: each day's high row puts its second time at the same column
    high_rows = [line for line in text.splitlines() if line.lstrip().startswith(("滿 ", "H "))]
    starts = {columns(line[:line.rfind(":") - 2]) for line in high_rows if line.count(":") == 2}
    assert len(high_rows) == 7 and len(starts) == 1, text
    fields = week_fields(rows, lang)   # plain text: each platform adds its own monospace markup
    assert len(fields) == 7 and not any("`" in value for _, value in fields)
    high = "滿 " if lang == "zh" else "H "
    assert all(any(line.startswith(high) for line in value.splitlines()) for _, value in fields)


async def test_this_week_in_words_routes_to_the_table(router: Router) -> None:
    answer = await router.answer(Question(query="淡水這週潮汐", tz="Asia/Taipei", query_time=QT))
    # 淡水 borrows Keelung's tides (33 km round the cape): said first, then the table's title
    first, title = answer.text.splitlines()[:2]
    assert answer.tool == "tide.week" and first.startswith("最近的潮位站是基隆") and title.startswith("淡水一週潮汐")


async def test_week_inland_answers_like_the_tide_tool(router: Router) -> None:
    answer = await router.answer(Question(query="/week", tz="Asia/Taipei", query_time=QT, tool="tide.week",
                                          place="台中", lang="zh"))
    assert "rows" not in answer.result and "此點位並無潮汐資料" in answer.text
