"""User-style routing (issue 10, "Intent"): the questions of tests/data/routing_user.yaml go
through `Router.answer` (dry run, no LLM) and must be decided as a person would decide them.

The per-class floors leave room for places the gazetteer does not know yet; the rules that
must never break (no code for "I can't code", no tide report for an off-topic question, no
LLM call for a question the heuristics decide) are checked question by question.
"""
from __future__ import annotations

import sys
from typing import Any

import pytest
from paths import BENCHMARKS

sys.path.insert(0, str(BENCHMARKS))

from routing_accuracy import Outcome, evaluate, load_cases, summary  # noqa: E402

from core.config import Settings  # noqa: E402
from core.decide.llm import LLMClient  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402
from core.words.strings import t  # noqa: E402

CASES = load_cases()
CLASSES = sorted({c.cls for c in CASES})
QT = "2025-11-14T11:00:00+08:00"
_outcomes: list[Outcome] = []


async def outcomes() -> list[Outcome]:
    """Every case's decision, routed once per test session."""
    if not _outcomes:
        _outcomes.extend(await evaluate(CASES))
    return _outcomes


def test_the_set_is_user_sized_and_bilingual():
    assert len(CASES) >= 250
    zh = sum(1 for c in CASES if any("\u4e00" <= ch <= "\u9fff" for ch in c.q))
    assert 0.35 < zh / len(CASES) < 0.65


async def test_overall_accuracy():
    result = summary(await outcomes())
    assert result["overall"]["percent"] >= 95.0, result


@pytest.mark.parametrize("cls", CLASSES)
async def test_class_accuracy(cls):
    mine = [o for o in await outcomes() if o.case.cls == cls]
    misses = [(o.case.q, o.got, o.reason) for o in mine if not o.ok]
    assert len(misses) <= 0.1 * len(mine), misses


async def test_i_cannot_code_never_gets_code():
    for o in await outcomes():
        if o.case.cls == "no_code":
            assert o.got != "code", o.case.q


async def test_off_topic_is_declined_never_looked_up():
    for o in await outcomes():
        if o.case.cls == "off_topic":
            assert o.got == "static:chat_intents.off_topic", (o.case.q, o.got)


async def test_conceptual_questions_are_explained():
    for o in await outcomes():
        if o.case.cls == "explain":
            assert o.got == "explain", (o.case.q, o.got, o.reason)


class _CountingLLM(LLMClient):
    """An LLM that is never reachable: counts every request and answers nothing."""

    def __init__(self) -> None:
        super().__init__("http://127.0.0.1:9", "none", timeout=1)

    async def _chat(self, messages: list[dict[str, str]], fmt: dict[str, Any] | None) -> str | None:
        self.calls += 1
        return None


async def test_no_question_the_heuristics_decide_calls_the_llm():
    llm = _CountingLLM()
    router = Router(Settings(odbchat_backend="local"), llm=llm)
    for case in CASES:
        before = llm.calls
        answer = await router.answer(Question(query=case.q, tz=case.tz, query_time=case.query_time,
                                              dry_run=True, debug=True))
        if answer.debug["decided_by"] == "heuristics":
            assert llm.calls == before, case.q


async def ask(query: str, tz: str = "Asia/Taipei") -> Any:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    return await router.answer(Question(query=query, tz=tz, query_time=QT, dry_run=True))


@pytest.mark.parametrize("query, key, mode", [
    ("你好", "greeting", "explain"),
    ("hello there", "greeting", "explain"),
    ("謝謝", "thanks", "explain"),
    ("who are you", "about_bot", "explain"),
    ("/help", "help", "explain"),
    ("高雄有什麼好吃的", "off_topic", "fallback"),
])
async def test_small_talk_gets_its_fixed_reply(query, key, mode):
    answer = await ask(query)
    assert answer.mode == mode and answer.text == t(answer.lang, f"chat_intents.{key}")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_greeting_lists_example_questions_and_off_topic_says_what_the_bot_does(lang):
    examples = [line for line in t(lang, "chat_intents.greeting").splitlines()[1:] if line.strip()]
    assert 3 <= len(examples) <= 4
    decline = t(lang, "chat_intents.off_topic")
    assert ("潮汐" in decline and "海表溫度" in decline) if lang == "zh" else ("tides" in decline and "sea surface" in decline)


async def test_moon_phase_without_a_place_is_answered_at_home():
    answer = await ask("下次滿月是什麼時候？")
    assert answer.tool == "tide.forecast"
    assert (answer.arguments["longitude"], answer.arguments["latitude"]) == (121.56, 25.04)


async def test_moon_phase_with_a_place_uses_the_place():
    answer = await ask("花蓮今天月相")
    assert answer.tool == "tide.forecast" and abs(answer.arguments["longitude"] - 121.6) < 0.1


async def test_time_difference_goes_to_time_convert():
    answer = await ask("台北和倫敦差幾小時")
    assert answer.tool == "time.convert"
    assert {answer.arguments["from_tz"], answer.arguments["to_tz"]} == {"Asia/Taipei", "Europe/London"}


def test_moon_phase_default_point_follows_the_askers_zone():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from core.decide.plan import heuristic_plan
    from core.understand.signals import detect_signals
    from core.understand.slots import extract_slots

    query = "is it a full moon tonight"
    slots = extract_slots(query, datetime(2025, 11, 14, 22, tzinfo=ZoneInfo("America/New_York")))
    plan = heuristic_plan(detect_signals(query), slots, code_request=False, tz="America/New_York")
    assert plan is not None and plan.reason == "moon_phase_default_place" and plan.variant == "sun_moon_only"
    assert (plan.arguments.longitude, plan.arguments.latitude) == (-74.01, 40.71)
    unknown = heuristic_plan(detect_signals(query), slots, code_request=False, tz="+05:45")
    assert unknown is not None and unknown.arguments.longitude == 121.56   # the fallback zone's home


async def test_moon_phase_in_a_zone_without_a_home_city_is_answered_at_the_zones_own_city():
    # default_points.yaml does not list Europe/Guernsey: tzdata's zone.tab gives St Peter Port, not Taipei
    answer = await ask("when's the next full moon?", tz="Europe/Guernsey")
    assert answer.tool == "tide.forecast"
    assert (round(answer.arguments["longitude"]), round(answer.arguments["latitude"])) == (-3, 49)
