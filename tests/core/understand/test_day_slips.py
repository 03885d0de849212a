"""Issue 26: a day word written with a slip is read as the day meant and said back, never a silent today;
a part of a day (透早) gives way to the day word beside it. Through the real Router (local engine, no LLM)."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.understand.day_slips import day_slips

QT = "2026-11-26T09:00:00+08:00"   # a Thursday in Taipei


async def _ask(query: str, qt: str = QT) -> Answer:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz="Asia/Taipei", query_time=qt, dry_run=True, debug=True))
    finally:
        await router.aclose()


@pytest.mark.parametrize(("query", "day", "written", "meant"), [
    ("low tide Keelung on satrday", "2026-11-28", "satrday", "Saturday"),
    ("Kaohsiung sunset wendsday", "2026-12-02", "wendsday", "Wednesday"),
    ("thursdy high tide Tamsui", "2026-11-26", "thursdy", "Thursday"),
    ("tomorrw tide Keelung", "2026-11-27", "tomorrw", "tomorrow"),
    ("Tamsui sunset on fryday?", "2026-11-27", "fryday", "Friday"),
    ("Hualien moonrise sundy", "2026-11-29", "sundy", "Sunday"),
])
async def test_a_misspelt_english_day_word_is_read_and_said_back(query: str, day: str, written: str, meant: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == day
    assert f'"{written}"' in answer.text and f'"{meant}"' in answer.text


@pytest.mark.parametrize(("query", "day", "written", "meant"), [
    ("基隆禮拜曰滿潮", "2026-11-29", "禮拜曰", "禮拜日"),
    ("後夭基隆潮汐", "2026-11-28", "後夭", "後天"),
    ("基隆下週ㄧ潮汐", "2026-11-30", "週ㄧ", "週一"),
])
async def test_a_look_alike_character_in_a_day_word_is_read_and_said_back(query: str, day: str, written: str,
                                                                         meant: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == day
    assert f"「{written}」" in answer.text and f"「{meant}」" in answer.text


def test_words_near_a_day_word_that_are_none_are_left_alone() -> None:
    runs = ((0, 5, "sunda"), (6, 11, "today"), (12, 17, "sunny"), (18, 23, "money"), (24, 30, "saturn"))
    assert day_slips("sunda today sunny money saturn", runs) == ()
    assert day_slips("明天 今日 曰本", ()) == ()


async def test_a_part_of_a_day_gives_way_to_the_day_named_beside_it() -> None:
    answer = await _ask("初一透早基隆會寒無", "2027-02-03T08:20:00+08:00")
    assert answer.tool == "weather.forecast"
    assert "2月6日" in answer.text   # the morning of 初一 (the lunar new year), not today
    alone = await _ask("基隆透早潮汐")
    assert alone.arguments["date"] == "2026-11-26"


@pytest.mark.parametrize(("query", "day", "days"), [
    ("Hualien high tide 2mro", "2026-11-27", 1),            # a chat spelling, said back
    ("nxt sat sunset Tamsui", "2026-12-05", 1),
    ("Keelung tides the day after tmrw", "2026-11-28", 1),   # not tomorrow: the day after it
    ("Keelung tides fri n sat", "2026-11-27", 2),
    ("基隆明天後天滿潮", "2026-11-27", 2),
])
async def test_chat_spellings_of_days_and_spans_are_read(query: str, day: str, days: int) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == day
    assert (answer.debug or {}).get("days", 1) == days


@pytest.mark.parametrize("query", ["Tamsui sunset on sun", "基隆過兩天潮汐"])
async def test_a_day_word_that_may_be_no_day_or_no_one_day_is_asked(query: str) -> None:
    answer = await _ask(query)   # "on sun" beside a sun word: Sunday or the Sun? 過兩天: in a couple of days
    assert answer.tool is None and answer.mode == "fallback"


async def test_a_day_word_in_the_plural_is_no_slip() -> None:
    answer = await _ask("Tamsui high tide tmr? we only go out on weekends")
    assert answer.tool == "tide.forecast" and answer.arguments["date"] == "2026-11-27"
    assert "weekend" not in answer.text.split("\n")[0]


@pytest.mark.parametrize(("query", "day"), [
    ("Keelung low tide tom?", "2026-11-27"),      # chat "tom": tomorrow, in lower case
    ("tom sunrise Tamsui", "2026-11-27"),
    ("Hualien high tide tmolo", "2026-11-27"),
])
async def test_a_chat_spelling_of_tomorrow_is_read_and_said_back(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.arguments["date"] == day and '"tomorrow"' in answer.text


async def test_a_capitalised_tom_is_a_name_not_tomorrow() -> None:
    answer = await _ask("will Tom see the sunset at Tamsui today")
    assert answer.arguments["date"] == "2026-11-26" and '"tomorrow"' not in answer.text
