"""On LINE (the real `odbchat line` process against the LINE API emulator): a group's tide answer
keeps its buttons but offers no "share my location" quick reply (LINE's docs allow quick replies,
the location action among them, in groups, but the bot answers no pin sent in a group and a pin
there shows the sender's location to every member); a one-to-one answer still offers it. And a
question with two parts gets both, each in its own words."""
from __future__ import annotations

import pytest

from line_api_server import group_source, text_event, user_source
from test_line_e2e import Bot, ask_and_wait as _ask, line_bot as line_bot  # noqa: F401  (the module's running bot)

pytestmark = pytest.mark.e2e


def _actions(calls: list) -> list[str]:
    return [item["action"]["type"] for item in calls[-1].messages[-1].get("quickReply", {}).get("items", [])]


def test_a_group_answer_offers_no_location_sharing(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    event = text_event(group_source("Cpin", "Upin1"), "@ODBchat 基隆今天的潮汐", api.issue_reply_token("Cpin"),
                       mention_self=True)
    actions = _actions(_ask(line_bot, "Cpin", event, 1))
    assert "location" not in actions and "postback" in actions, actions   # the buttons stay
    actions = _actions(_ask(line_bot, "Upin2", text_event(user_source("Upin2"), "基隆今天的潮汐",
                                                         api.issue_reply_token("Upin2")), 1))
    assert actions[0] == "location", actions                            # one to one: offered first


def test_both_parts_of_a_question_are_answered_in_a_group(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    event = text_event(group_source("Cparts", "Up1"), "@ODBchat 基隆現在幾點？明天潮汐呢",
                       api.issue_reply_token("Cparts"), mention_self=True)
    text = "\n".join(_ask(line_bot, "Cparts", event, 1)[-1].texts())
    assert "滿潮" in text and "基隆現在是" in text and "時區 Asia/Taipei" in text, text
