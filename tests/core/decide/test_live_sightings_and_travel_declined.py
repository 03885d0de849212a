"""Issue 26 (tune43's decline class, new wordings): what the bot has no data for is declined in one line naming
it and where to look, not asked back about a word it did not read nor answered with a neighbouring passage — a
tsunami warning in force, sea creatures seen at a beach, a named current's speed —; a drive between two places is
outside what it answers; rainfall is the weather; "what is a tsunami warning" stays an idea."""
from __future__ import annotations

import pytest
from router_ask import ask_router

QT = "2026-11-28T07:30:00+11:00"


@pytest.mark.parametrize(("query", "says"), [
    ("is there a tsunami alert for fiji tonight", "tsunami"),
    ("海嘯警報解除了嗎 花蓮", "海嘯"),
    ("any box jellyfish at cairns this week?", "stinger"),
    ("shark alert at manly beach right now?", "shark"),
    ("how strong is the leeuwin current off perth today", "current"),
    ("kuroshio speed off green island tomorrow", "current"),
])
async def test_live_data_the_bot_lacks_is_declined_by_name(query: str, says: str) -> None:
    answer = await ask_router(query, QT, "Australia/Sydney", dry_run=False)
    assert (answer.debug or {}).get("reason") == "no_such_data", (query, answer.debug, answer.text[:120])
    assert says in answer.text.lower(), answer.text


@pytest.mark.parametrize("query", [
    "how long is the drive from melbourne to apollo bay",
    "driving distance hobart to launceston?",
    "高雄開車去墾丁要多久",
])
async def test_a_drive_between_places_is_outside_what_the_bot_answers(query: str) -> None:
    answer = await ask_router(query, QT, "Australia/Sydney", dry_run=False)
    assert (answer.debug or {}).get("reason") == "off_topic", (query, answer.debug, answer.text[:120])


async def test_a_warning_asked_as_an_idea_is_no_decline() -> None:
    answer = await ask_router("how do tsunami warnings work", QT, "Australia/Sydney", dry_run=False)
    assert answer.mode == "explain", (answer.mode, answer.text[:120])


@pytest.mark.parametrize("query", ["rainfall at byron bay tomorrow?", "precipitation in hobart this weekend"])
async def test_rainfall_is_the_weather(query: str) -> None:
    answer = await ask_router(query, QT, "Australia/Sydney")
    assert answer.tool == "weather.forecast", (query, answer.mode, answer.text[:120])
