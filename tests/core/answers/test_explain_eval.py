"""Explanations answer the question asked (issue 10 §6), with no LLM: the labelled user questions
of core/answers/knowledge/eval_questions.yaml (`answers:`) go through `Router.answer`, must be
explained, cite the right topic first and say what they must; no unasked paragraph is appended,
and a question the notes do not cover gets a short "not in my notes" with what the bot can do.
"""
from __future__ import annotations

import sys

import pytest
from paths import BENCHMARKS

sys.path.insert(0, str(BENCHMARKS))

from routing_explain import Explained, evaluate, load, summary  # noqa: E402

from core.answers.explain import nearest_topics, off_topic_reply  # noqa: E402
from core.config import Settings  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402

ITEMS = load()
QT = "2025-11-14T11:00:00+08:00"
_results: list[Explained] = []


async def results() -> list[Explained]:
    if not _results:
        _results.extend(await evaluate(ITEMS))
    return _results


def test_the_eval_is_bilingual_and_covers_the_new_topics() -> None:
    assert len(ITEMS) >= 40
    assert {i["lang"] for i in ITEMS} == {"zh", "en"}
    topics = {t for i in ITEMS for t in (i["topic"] if isinstance(i["topic"], list) else [i["topic"]])}
    assert {"kuroshio", "forecast_accuracy", "tide_datums", "king_tides", "lunar_day", "fishing_tides",
            "tide_forces", "taiwan_tides", "sst_air", "mur", "ghrsst"} <= topics


async def test_explain_questions_are_answered_from_the_right_passage() -> None:
    result = summary(await results())
    misses = [(r.q, r.mode, r.cited[:1], r.said) for r in await results() if not r.ok]
    assert result["routed"] == 100.0, misses
    assert result["all"] >= 90.0, misses


async def ask(query: str) -> object:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    return await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT))


@pytest.mark.parametrize("query", ["what does SST anomaly mean", "What is GHRSST?", "什麼是小潮"])
async def test_a_definition_comes_without_unasked_paragraphs(query: str) -> None:
    answer = await ask(query)
    assert answer.mode == "explain" and len(answer.citations) == 1, [c.title for c in answer.citations]
    assert "eco.odb.ntu.edu.tw" not in answer.text and "mcp" not in answer.text.lower()


@pytest.mark.parametrize("query, lang", [("為什麼貓咪喜歡紙箱", "zh"), ("how do whales sleep", "en")])
async def test_nothing_relevant_says_so_briefly_and_suggests(query: str, lang: str) -> None:
    answer = await ask(query)
    # No neighbouring passage: the nearest topics when some come close, else what the bot can answer.
    assert answer.text in (off_topic_reply(lang), off_topic_reply(lang, nearest_topics(query, lang)))
    assert answer.citations == [] and len(answer.text) < 400
    assert ("資料裡沒有" in answer.text) if lang == "zh" else ("no explanation" in answer.text)
