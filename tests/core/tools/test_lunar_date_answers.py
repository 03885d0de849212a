"""The lunar date (農曆) through the real Router (local engine, no LLM): questions asking it get the
day's moon report with the lunar date line, in both languages, on the place's calendar; zh moon
reports show it beside the phase; the festival and explanation words around 農曆 keep their meaning.

The expected dates are a fixed table of known lunar dates (printed calendars), not computed here:
2026-11-27 is lunar 10/19, 2027-02-06 is 1/1 (Lunar New Year), 2027-04-02 is 2/26, 2025-08-01 is
leap 6/8 (閏六月初八)."""
from __future__ import annotations

import pytest

from core.envelope import Answer
from router_ask import ask_router


async def _ask(query: str, query_time: str, tz: str = "Asia/Taipei") -> Answer:
    return await ask_router(query, query_time, tz, dry_run=False)


@pytest.mark.parametrize(("query", "query_time", "said"), [
    ("今天農曆幾號", "2026-11-27T09:00:00+08:00", "今天是農曆十月十九。"),
    ("月娘這馬是初幾", "2026-11-27T21:00:00+08:00", "今天是農曆十月十九。"),
    ("今天是初幾", "2027-02-06T08:00:00+08:00", "今天是農曆正月初一。"),
    ("明天農曆幾月幾日", "2027-04-01T10:00:00+08:00", "2027-04-02 是農曆二月廿六。"),
    ("今天舊曆幾號", "2025-08-01T07:00:00+08:00", "今天是農曆閏六月初八。"),
    ("農曆今天是幾號", "2027-02-06T08:00:00+08:00", "今天是農曆正月初一。"),
    ("明仔載初幾", "2026-11-26T18:00:00+08:00", "2026-11-27 是農曆十月十九。"),
    ("今天是農曆什麼日子", "2027-04-02T12:00:00+08:00", "今天是農曆二月廿六。"),
])
async def test_a_lunar_date_question_in_zh_gets_the_moon_report_with_the_date(query: str, query_time: str,
                                                                              said: str) -> None:
    answer = await _ask(query, query_time)
    assert answer.tool == "tide.forecast" and answer.mode == "mcp_tools", answer.text
    assert said in answer.text, answer.text
    assert "月相" in answer.text and answer.text.count("農曆") == 1, answer.text   # said once, not again beside


@pytest.mark.parametrize(("query", "query_time", "said"), [
    ("what's the lunar date today", "2026-11-27T09:00:00+08:00", "Today is lunar month 10, day 19."),
    ("lunar calendar date tomorrow", "2027-04-01T10:00:00+08:00", "2027-04-02 is lunar month 2, day 26."),
    ("what is the date on the lunar calendar today?", "2027-02-06T08:00:00+08:00", "Today is lunar month 1, day 1."),
    ("what's the lunar date today", "2025-08-01T07:00:00+08:00", "Today is lunar leap month 6, day 8."),
    ("what's today's date in the lunar calendar", "2026-11-27T09:00:00+08:00", "Today is lunar month 10, day 19."),
])
async def test_a_lunar_date_question_in_english_keeps_the_contract_moon_sentence(query: str, query_time: str,
                                                                                 said: str) -> None:
    answer = await _ask(query, query_time)
    assert answer.tool == "tide.forecast", answer.text
    assert said in answer.text, answer.text
    # The contract's sentence, unchanged: "Moon phase: <name> (Illumination: <n>%)."
    assert "Moon phase: " in answer.text and "(Illumination: " in answer.text, answer.text


async def test_the_date_is_the_askers_home_calendar_or_the_named_places() -> None:
    # 20:00 on the 27th in Los Angeles is already the 28th (lunar 10/20) in Keelung.
    at_home = await _ask("what's the lunar date today", "2026-11-27T20:00:00-08:00", "America/Los_Angeles")
    assert "Today is lunar month 10, day 19." in at_home.text, at_home.text
    there = await _ask("基隆今天農曆幾號", "2026-11-27T20:00:00-08:00", "America/Los_Angeles")
    assert "今天是農曆十月二十。" in there.text and "基隆" in there.text, there.text


async def test_the_zh_moon_report_shows_the_lunar_date_beside_the_phase_and_english_does_not() -> None:
    zh = await _ask("今天月相", "2026-11-27T09:00:00+08:00")
    assert "今日月相：虧凸月（月面亮度 91%），農曆十月十九。" in zh.text, zh.text
    en = await _ask("moon phase today", "2026-11-27T09:00:00+08:00")
    assert "Moon phase: Waning Gibbous (Illumination: 91%)." in en.text and "lunar" not in en.text.lower(), en.text
    tides = await _ask("農曆新年基隆潮汐", "2026-11-27T09:00:00+08:00")
    assert "資料日期 2027-02-06" in tides.text and "農曆正月初一" in tides.text, tides.text


async def test_the_words_around_the_lunar_calendar_keep_their_meaning() -> None:
    explained = await _ask("初一十五大潮是什麼", "2026-11-27T09:00:00+08:00")
    assert explained.mode == "explain" and explained.tool is None, explained.text
    new_year = await _ask("農曆新年基隆潮汐", "2026-11-27T09:00:00+08:00")
    assert new_year.tool == "tide.forecast" and "滿潮" in new_year.text, new_year.text
    asked_back = await _ask("農曆年", "2026-11-27T09:00:00+08:00")
    assert asked_back.tool is None and "今天是農曆" not in asked_back.text, asked_back.text
