"""A place name several places share (issue 10 §2), through `Router.answer` (dry run, no LLM):
ask "which one?" when nothing decides, answer directly when one place clearly dominates or the
asker's own zone settles it, and the example the reply gives leads to that very place.
"""
from __future__ import annotations

from typing import Any

import pytest

from core.config import Settings
from core.decide.ambiguity import candidates
from core.decide.follow_up import context_of
from core.envelope import Question
from core.router import Router
from core.understand.places import find_place

QT = "2025-11-14T11:00:00+08:00"


async def ask(query: str, tz: str = "Asia/Taipei", lang: str = "auto") -> Any:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    return await router.answer(Question(query=query, tz=tz, query_time=QT, lang=lang, dry_run=True, debug=True))


def _example(text: str, lang: str) -> str:
    """The phrase the reply offers to answer with (inside 「」 or "")."""
    last = text.splitlines()[-1]
    return last.split("「")[1].split("」")[0] if lang == "zh" else last.split('"')[1]


@pytest.mark.parametrize("query, lang, must", [
    ("weather in Portland tomorrow", "en", ["Oregon", "Maine", "United States"]),
    ("Portland 明天天氣", "zh", ["波特蘭", "俄勒岡", "緬因", "美國"]),
    ("San Jose weather this weekend", "en", ["California", "Costa Rica"]),
    ("sunset time in Victoria today", "en", ["Hong Kong", "British Columbia"]),
])
async def test_an_undecided_name_gets_which_one(query: str, lang: str, must: list[str]) -> None:
    answer = await ask(query)
    assert answer.mode == "fallback" and answer.tool is None
    assert answer.debug["reason"] == "ambiguous_place" and answer.debug["llm_calls"] == 0
    lines = answer.text.splitlines()
    assert 2 + 2 <= len(lines) <= 2 + 4          # the question, 2–4 candidates, how to answer
    for word in must:
        assert word in answer.text, (word, answer.text)
    assert ("哪一個" in lines[0]) if lang == "zh" else ("Which one" in lines[0])


@pytest.mark.parametrize("query", ["weather in Portland tomorrow", "Portland 明天天氣", "San Jose weather",
                                   "sunset time in Victoria today"])
async def test_the_offered_example_answers_the_question(query: str) -> None:
    """Asked again as the reply suggests, the question is answered at the second candidate."""
    first = await ask(query)
    lang = first.lang
    example = _example(first.text, lang)
    place = find_place(query)
    assert place is not None and place.ambiguous
    wanted = candidates(place)[1]
    again = await ask(query.replace(place.name_en, example) if place.name_en in query
                      else f"{example} {query}")
    assert again.mode == "mcp_tools", (example, again.text)
    lon = again.arguments.get("longitude")
    if lon is None:
        lon = sum(again.arguments["bbox"][0::2]) / 2
    assert abs(lon - wanted.lon) < 0.5, (example, again.arguments, wanted)


@pytest.mark.parametrize("query", ["Boston tide tomorrow", "Tokyo weather", "Sydney sunset today",
                                   "Portland, Maine tide", "波特蘭明天天氣", "San Jose, Costa Rica weather",
                                   "八里今天潮汐"])
async def test_a_dominant_or_qualified_name_is_answered_directly(query: str) -> None:
    answer = await ask(query)
    assert answer.mode == "mcp_tools", (query, answer.text)
    assert answer.debug["reason"] != "ambiguous_place"


@pytest.mark.parametrize("tz, lon", [("America/Los_Angeles", -122.68)])
async def test_the_askers_own_zone_settles_the_name(tz: str, lon: float) -> None:
    answer = await ask("weather in Portland tomorrow", tz=tz)
    assert answer.tool == "weather.forecast"
    assert abs(answer.arguments["longitude"] - lon) < 0.1


async def test_the_askers_zone_is_no_proof_beside_a_far_bigger_namesake() -> None:
    """Maine's Portland, in a New Yorker's zone, is a tenth of Oregon's: the New Yorker is asked which."""
    answer = await ask("weather in Portland tomorrow", tz="America/New_York")
    assert answer.debug["reason"] == "ambiguous_place", answer.text


async def test_a_taipei_asker_is_asked_about_bali_not_sent_to_bali_taiwan() -> None:
    answer = await ask("Bali weather")
    assert answer.debug["reason"] == "ambiguous_place"
    assert "Indonesia" in answer.text and "八里" in answer.text


async def test_clock_questions_ask_only_when_the_candidates_keep_different_times() -> None:
    answer = await ask("what time is it in Portland")
    assert answer.debug["reason"] == "ambiguous_place"   # Pacific and Eastern time


@pytest.mark.parametrize("query, want", [("tide in Portland, Maine tomorrow", "Portland, Maine"),
                                         ("Boston tide", "Boston, Massachusetts"), ("基隆潮汐", "基隆"),
                                         ("San Jose, Costa Rica sunset", "San José, Costa Rica")])
async def test_a_follow_up_keeps_the_place_that_was_settled(query: str, want: str) -> None:
    """The chat context names the place so that resolving it again finds the same one."""
    router = Router(Settings(odbchat_backend="local"), llm=None)
    asked = router._understand(Question(query=query, tz="Asia/Taipei", query_time=QT))
    await router._decide(asked)
    assert asked.plan is not None and asked.plan.tool
    context = context_of(asked, asked.plan.tool, "2025-11-15")
    assert context is not None and context.place == want
    again = find_place(context.place)
    assert again is not None and asked.slots is not None and asked.slots.place is not None
    assert again.key == asked.slots.place.key and not again.ambiguous


@pytest.mark.parametrize("query, tz, expected", [
    ("long beach tides tomorrow", "America/New_York", None),            # New York's and California's: which?
    # (s21: Washington's Long Beach lies on the Pacific in the asker's zone too, so the zone settles nothing: asked)
    ("long beach tides tomorrow", "America/Los_Angeles", None),
    ("sunset santa cruz tonight", "America/Los_Angeles", "California"),  # Bolivia's Santa Cruz de la Sierra no rival
])
async def test_a_home_namesake_of_a_small_town_is_asked_about_or_chosen_by_the_askers_zone(query, tz, expected):
    router = Router(Settings(odbchat_backend="local"), llm=None)
    answer = await router.answer(Question(query=query, tz=tz, query_time="2026-11-27T12:10:00", dry_run=True))
    await router.aclose()
    if expected is None:
        assert answer.mode == "fallback" and "California" in answer.text and "New York" in answer.text
    else:
        assert answer.mode == "mcp_tools" and expected in answer.text


@pytest.mark.parametrize("tz, expected", [
    ("Europe/London", "Brighton, England"),            # the town's beach, said in one line
    ("America/New_York", "Brighton Beach, New York"),    # Brooklyn's, said in one line
    ("Australia/Sydney", None),                               # neither is the asker's: which one?
])
async def test_a_famous_towns_beach_is_not_a_little_place_of_that_whole_name_by_default(tz, expected):
    router = Router(Settings(odbchat_backend="local"), llm=None)
    answer = await router.answer(Question(query="Brighton beach sunset today", tz=tz,
                                          query_time="2026-11-28T05:30:00", dry_run=True))
    await router.aclose()
    if expected is None:
        assert answer.mode == "fallback" and "England" in answer.text and "New York" in answer.text
    else:
        assert answer.mode == "mcp_tools" and expected in answer.text and "Several places" in answer.text


async def test_two_choices_alike_in_the_users_words_are_told_apart_by_their_division():
    router = Router(Settings(odbchat_backend="local"), llm=None)
    answer = await router.answer(Question(query="白浜 明天潮汐", tz="Asia/Tokyo", query_time="2026-11-28T06:00:00",
                                          dry_run=True))
    await router.aclose()
    assert answer.mode == "fallback" and "Wakayama" in answer.text and "Okinawa" in answer.text, answer.text
