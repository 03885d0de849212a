"""Explanations of tsunamis (what they are, and why the bot gives no warnings) and of the East Australian
Current (issue 26 §5), through the real Router with no LLM: the passage on the topic asked answers, not a
neighbouring current's or the king tides'."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

QT = "2026-11-28T09:30:00+11:00"


@pytest.mark.parametrize("query, tz, must, never", [
    ("what actually makes a tsunami happen?", "Pacific/Auckland", "undersea earthquake", "Kuroshio"),
    ("tsunami or king tide, what's the difference", "Australia/Sydney", "nothing to do with the tide", "perigee"),
    ("will your tide times warn me if a tsunami is coming", "Pacific/Auckland", "no tsunami warnings", "storm surge"),
    ("海嘯跟潮汐有什麼不同", "Asia/Taipei", "海嘯", "黑潮"),
    ("explain the east australian current please", "Australia/Brisbane", "Coral Sea", "Kuroshio current (\"black"),
    ("is it the EAC that brings tropical fish down to Sydney?", "Australia/Sydney", "tropical fish", "Norway"),
    ("東澳洋流是怎麼流的", "Asia/Taipei", "珊瑚海", "印尼穿越流"),
])
async def test_the_passage_on_the_topic_asked_answers(query: str, tz: str, must: str, never: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain", (query, answer.text)
    assert must in answer.text and never not in answer.text, (query, answer.text)


@pytest.mark.parametrize("query, tz", [
    ("big shake just now, will there be a tsunami at napier?", "Pacific/Auckland"),
    ("剛才搖很大 花蓮會不會有海嘯", "Asia/Taipei"),
])
async def test_a_tsunami_asked_as_happening_is_the_warning_services(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "fallback" and not answer.citations, (query, answer.text)
