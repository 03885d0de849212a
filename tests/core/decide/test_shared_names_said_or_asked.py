"""A town name several known places hold (issue 26), through the real Router (dry run, no LLM): the bot
asks which one, or answers the one the asker's country or the name's weight clearly means and says in one
line which one it took — for every such name alike, not only the ones a set happened to hold.
"""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

QT = "2026-03-05T09:30:00+00:00"   # a Thursday
SAID = {"en": "Several places are called", "zh": "的地方不只一個"}


@pytest.mark.parametrize("query, tz, must", [
    ("will it be windy at Oban on Sunday", "Europe/London", "Scotland"),           # Stewart Island's Oban too
    ("Oban sunset on Friday", "America/New_York", "Scotland"),
    ("hythe weather sunday", "Europe/London", "England"),                          # Kent's, beside Hampshire's
    ("Oban weather on Sunday", "Pacific/Auckland", "Southland"),                   # the asker's own: nearest
    ("Oban 週日天氣", "Europe/London", "英國"),
    ("Kingston high tide on Sunday", "Europe/London", "Jamaica"),   # Ontario's lies on a lake: no tide there
    ("Stanley tides on Sunday", "Asia/Hong_Kong", "nearest you"),   # the asker's own Stanley
])
async def test_the_one_taken_among_known_namesakes_is_said(query: str, tz: str, must: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (query, answer.text)
    lang = "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in query) else "en"
    first = answer.text.splitlines()[0]
    assert SAID[lang] in first and must in first, (query, answer.text)


@pytest.mark.parametrize("query, tz, offered", [
    ("Stanley sea temperature", "America/New_York", ["Hong Kong", "Falkland"]),   # a hand-kept spot abroad ...
    ("stanley tides on monday", "Europe/Berlin", ["Hong Kong", "Falkland"]),        # ... is no proof by itself
    ("Kingston weather on Sunday", "Europe/London", ["Jamaica", "Ontario"]),
    ("Portland rain on Sunday", "Europe/Paris", ["Oregon", "Maine"]),
])
async def test_namesakes_nothing_settles_are_asked_about(query: str, tz: str, offered: list[str]) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", (query, answer.text)
    for word in offered:
        assert word in answer.text, (word, answer.text)


@pytest.mark.parametrize("query, tz", [
    ("Perth weather on Sunday", "Australia/Sydney"),    # a city of millions is meant by its name: nothing said
    ("London rain on Sunday", "America/New_York"),      # a world city: nothing said
])
async def test_a_name_one_place_owns_is_answered_without_a_line(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools", (query, answer.text)
    assert SAID["en"] not in answer.text, (query, answer.text)
