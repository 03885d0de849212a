"""A name the asker's country alone chose (issue 26): asked which when that place lies far from the asker and a
namesake abroad is as big, or both are hand-kept spots; a zh name whose far holder has a big namesake city near an
asker writing no Chinese is asked which too. Through the real Router (dry run, no LLM)."""
from __future__ import annotations

import pytest

from tests.router_ask import ask_router

QT_NY = "2026-12-05T09:00:00-05:00"


@pytest.mark.parametrize("query, tz, offered", [
    ("palm beach sunrise sunday", "America/Chicago", ["Florida", "Queensland"]),      # Florida's, 1,600 km+ away
    ("Palm Beach wind tomorrow?", "America/New_York", ["Florida", "Queensland"]),
    ("mission beach tides on saturday", "America/Denver", ["California", "Queensland"]),   # two hand-kept beaches
    ("奧克蘭週六會下雨嗎", "America/Vancouver", ["紐西蘭", "加利福尼亞"]),                # Auckland, or Oakland?
    ("奧克蘭明天日落幾點", "America/Toronto", ["紐西蘭", "加利福尼亞"]),
    ("奧克蘭週六會下雨嗎", "Asia/Taipei", ["紐西蘭", "加利福尼亞"]),   # (s24) from Taipei too: twin ports
])
async def test_a_far_home_place_or_a_near_namesake_city_is_asked_about(query: str, tz: str, offered: list[str]) -> None:
    answer = await ask_router(query, QT_NY, tz)
    assert answer.mode == "fallback" and answer.debug["reason"] == "ambiguous_place", (query, answer.text)
    for word in offered:
        assert word in answer.text, (word, answer.text)


@pytest.mark.parametrize("query, tz, timezone", [
    ("half moon bay rain tomorrow", "America/Los_Angeles", "America/Los_Angeles"),   # near the asker's city
    ("waikiki tides today", "America/Los_Angeles", "Pacific/Honolulu"),             # Perth's Waikiki is smaller
    ("紐西蘭奧克蘭週六會下雨嗎", "Asia/Taipei", "Pacific/Auckland"),                  # the country said: Auckland
    ("奧克蘭週六會下雨嗎", "America/Los_Angeles", "America/Los_Angeles"),             # Oakland in the asker's zone
    ("奧克蘭明天幾點滿潮", "Pacific/Auckland", "Pacific/Auckland"),
])
async def test_a_near_home_place_or_the_known_holder_is_answered(query: str, tz: str, timezone: str) -> None:
    answer = await ask_router(query, QT_NY, tz)
    assert answer.mode == "mcp_tools", (query, answer.text)
    args = answer.arguments or {}
    assert timezone in (args.get("tz"), args.get("timezone")), (query, args)
