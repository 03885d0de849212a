"""Follow-ups through `Router.answer` (local engine): "and the day after?" counts from the day
the chat's last answer was about; a follow-up nothing settles is asked back in the asker's
language, never answered as another topic (issue 18)."""
from __future__ import annotations

import pytest

from core.envelope import Answer, Context, Question
from core.router import Router
from core.words.strings import t

QT = "2025-11-20T10:00:00+08:00"


async def _chat(router: Router, *queries: str) -> list[Answer]:
    answers, context = [], None
    for query in queries:
        answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT, context=context))
        answers.append(answer)
        context = answer.context or context
    return answers


@pytest.mark.parametrize("first, then, day", [
    ("tide in Okinawa tomorrow", "and the day after?", "2025-11-22"),
    ("tide in Okinawa tomorrow", "what about the next day?", "2025-11-22"),
    ("沖繩明天潮汐", "那隔天呢？", "2025-11-22"),
    ("沖繩明天潮汐", "那後天呢？", "2025-11-22"),          # 後天 counts from today: the same day here
    ("tide in Okinawa tomorrow", "and the day after tomorrow?", "2025-11-22"),
    ("沖繩潮汐", "隔天呢", "2025-11-21"),                 # the last answer was today's
])
async def test_the_day_after_counts_from_the_last_answer(router: Router, first: str, then: str, day: str) -> None:
    before, after = await _chat(router, first, then)
    assert after.tool == before.tool == "tide.forecast" and after.mode == "mcp_tools"
    assert after.arguments["date"] == day and after.arguments["tz"] == "Asia/Tokyo"
    assert (after.arguments["longitude"], after.arguments["latitude"]) == (before.arguments["longitude"],
                                                                             before.arguments["latitude"])


@pytest.mark.parametrize("query, lang", [("and the day after?", "en"), ("那後天呢？", "zh"),
                                         ("what about it?", "en"), ("那大後天呢", "zh")])
async def test_a_follow_up_with_no_chat_before_is_asked_back(router: Router, query: str, lang: str) -> None:
    (answer,) = await _chat(router, query)
    assert answer.mode == "fallback" and answer.tool is None and answer.lang == lang
    assert answer.text == t(lang, "follow_up.unclear")
    assert "MUR" not in answer.text and not answer.citations


async def test_an_unsettled_follow_up_names_what_the_chat_was_about(router: Router) -> None:
    _, answer = await _chat(router, "tide in Okinawa tomorrow", "what about it?")
    assert answer.mode == "fallback" and answer.text == t("en", "follow_up.unclear_context", place="Okinawa",
                                                          topic="tide forecast")
    _, zh = await _chat(router, "基隆潮汐", "那呢？")
    assert zh.text == t("zh", "follow_up.unclear_context", place="基隆", topic="潮汐預報")


async def test_questions_of_their_own_are_not_asked_back(router: Router) -> None:
    concept, place = await _chat(router, "那大潮是什麼意思？", "what about Kaohsiung?")
    assert concept.mode == "explain" and place.tool == "tide.forecast"
    with_context = await router.answer(Question(query="and the weather?", tz="Asia/Taipei", query_time=QT,
                                                context=Context(tool="tide.forecast", place="基隆"), dry_run=True))
    assert with_context.tool == "weather.forecast"
