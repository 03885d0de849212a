"""The fresh, held-out-style routing set (tests/data/routing_fresh.yaml) through `Router.answer`
(dry run, no LLM): written from issue 10 without looking at the first user-style set, so it
measures classes of questions rather than the sentences the rules were tuned on.
"""
from __future__ import annotations

import sys

import pytest
from paths import BENCHMARKS

sys.path.insert(0, str(BENCHMARKS))

from routing_accuracy import SETS, Outcome, evaluate, load_cases, summary  # noqa: E402


CASES = load_cases(SETS["fresh"])
_outcomes: list[Outcome] = []

async def outcomes() -> list[Outcome]:
    """Every active case's decision, routed once per test session."""
    if not _outcomes:
        _outcomes.extend(await evaluate(CASES))
    return _outcomes


def test_the_set_is_mixed_and_big_enough():
    assert len(CASES) >= 80
    zh = sum(1 for c in CASES if any("\u4e00" <= ch <= "\u9fff" for ch in c.q))
    assert 0.35 < zh / len(CASES) < 0.65
    assert len({c.tz for c in CASES}) >= 4   # askers abroad, not only Taipei


async def test_fresh_set_overall_accuracy():
    result = summary(await outcomes())
    assert result["overall"]["percent"] >= 95.0, [(o.case.q, o.got) for o in await outcomes() if not o.ok]


@pytest.mark.parametrize("cls", sorted({c.cls for c in CASES}))
async def test_fresh_class_accuracy(cls):
    mine = [o for o in await outcomes() if o.case.cls == cls]
    misses = [(o.case.q, o.got, o.reason) for o in mine if not o.ok]
    assert len(misses) <= 0.15 * len(mine), misses


@pytest.mark.parametrize("query, tool", [("基隆潮汐圖", "tide.chart"), ("show me the tide curve for Boston", "tide.chart"),
                                         ("淡水這週潮汐", "tide.week"), ("tides this week in Hualien", "tide.week")])
async def test_chart_and_week_words_pick_their_tool(query: str, tool: str) -> None:
    from core.config import Settings
    from core.envelope import Question
    from core.router import Router

    router = Router(Settings(odbchat_backend="local"), llm=None)
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=CASES[0].query_time,
                                          dry_run=True, debug=True))
    assert answer.tool == tool
    assert answer.debug["llm_calls"] == 0


@pytest.mark.parametrize("query", ["Kuroshio current near Taiwan", "how strong is the Kuroshio current off Hualien",
                                   "ocean current off Keelung", "黑潮現在在哪", "台灣哪裡的潮差最大",
                                   "where is the biggest tide in the world"])
async def test_currents_and_comparisons_are_explained_not_looked_up(query: str) -> None:
    from core.config import Settings
    from core.envelope import Question
    from core.router import Router

    router = Router(Settings(odbchat_backend="local"), llm=None)
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=CASES[0].query_time,
                                          dry_run=True, debug=True))
    assert answer.mode == "explain" and answer.tool is None, (query, answer.debug["reason"])
