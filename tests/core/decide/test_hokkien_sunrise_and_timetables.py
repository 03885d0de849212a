"""Issue 26, after the audit of the report sets: two word classes, tested with new wordings through
the real Router (local backend, no LLM). 「幾點出日頭」 asks the sunrise (出日頭 alone is sunshine, the
weather's); a ferry's timetable is data the bot has none of: declined, not answered as a forecast."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from router_ask import ask_router

QT = "2026-11-27T06:30:00+08:00"


async def _ask(query: str) -> Answer:
    return await ask_router(query, QT)


@pytest.mark.parametrize("query", ["後日台東幾點出日頭", "明仔載蘇澳出日頭是幾點", "澎湖出日頭時間"])
async def test_what_time_the_sun_comes_out_is_the_sunrise(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast", answer.text     # the day's sun and moon (and tides)


async def test_whether_the_sun_comes_out_is_still_the_weather() -> None:
    answer = await _ask("明仔載花蓮會出日頭無")
    assert answer.tool == "weather.forecast", answer.text


@pytest.mark.parametrize("query", ["明天東港到小琉球的船班幾點有開", "去綠島的交通船幾點開船", "蘭嶼船班時刻表"])
async def test_a_ferry_timetable_is_declined_not_answered_as_the_weather(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool is None and answer.mode == "fallback", answer.text
    assert "船班時刻" in answer.text, answer.text     # what is missing is named, with where to look


def _asked_back(answer: Answer) -> bool:
    return answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ask_back"


@pytest.mark.parametrize("query", ["禮拜八蘇澳幾點乾潮", "安平星期零的日落", "東港 那天的潮汐"])
async def test_a_day_that_does_not_exist_or_names_nothing_is_asked_back(query: str) -> None:
    # A weekday no calendar has, or "that day" with nothing before it saying which: never today.
    answer = await _ask(query)
    assert _asked_back(answer), answer.text


@pytest.mark.parametrize(("query", "days"), [("後日佮大後日 東港會落雨無", 4), ("拜六甲拜日 墾丁天氣", 3)])
async def test_two_days_joined_by_hokkien_and_are_both_forecast(query: str, days: int) -> None:
    answer = await _ask(query)
    assert answer.tool == "weather.forecast" and answer.arguments, answer.text
    assert answer.arguments["forecastDays"] >= days, answer.arguments


@pytest.mark.parametrize(("query", "lang_word"), [("安平接下來三週每天的潮汐", "/calendar"),
                                                 ("Tamsui tides for the next 30 days", "/calendar")])
async def test_a_range_longer_than_one_answer_says_it_was_cut(query: str, lang_word: str) -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT))
    finally:
        await router.aclose()
    assert answer.tool == "tide.forecast", answer.text
    assert any(lang_word in note for note in answer.reply.notes), answer.reply.notes
