"""Issue 29 on LINE: the real `odbchat line` process (real router, local engine) against the LINE API
emulator — explanations carry their sources, a pin's title is the home a button saves, the week is
a Flex grid made for a phone with a useful preview, and a group hears that /settings went privately."""
from __future__ import annotations

import pytest

from line_api_server import group_source, location_event, postback_event, text_event, user_source
from test_line_e2e import Bot, ask_and_wait as _ask, line_bot as line_bot  # noqa: F401  (the module's running bot)

pytestmark = pytest.mark.e2e


def test_an_explanation_carries_its_sources(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    calls = _ask(line_bot, "Usrc", text_event(user_source("Usrc"), "黑潮是什麼？", api.issue_reply_token("Usrc")), 1)
    text = "\n".join(t for call in calls for t in call.texts())
    assert "來源：" in text and "https://" in text, text


def test_a_pins_title_is_the_home_its_button_saves(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    event = location_event(user_source("Upier"), 121.7885, 25.1425, api.issue_reply_token("Upier"))
    event["message"]["title"] = "八斗子漁港"
    calls = _ask(line_bot, "Upier", event, 1)
    items = calls[-1].messages[-1]["quickReply"]["items"]
    save = next(i["action"] for i in items if i["action"].get("label") == "設為常用地點")
    assert save["data"].endswith("|八斗子漁港"), save
    calls = _ask(line_bot, "Upier", postback_event("Upier", save["data"], api.issue_reply_token("Upier")),
                 len(calls) + 1)
    said = calls[-1].texts()[0]
    assert "八斗子漁港" in said and "121.78" not in said, said


def test_the_week_is_a_phone_grid_with_a_useful_preview(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    calls = _ask(line_bot, "Uwk", text_event(user_source("Uwk"), "/week 東港", api.issue_reply_token("Uwk")), 1)
    flex = next(m for call in calls for m in call.messages if m["type"] == "flex")
    assert flex["altText"] == "東港一週潮汐", flex["altText"]
    body = flex["contents"]["body"]["contents"]
    texts = [c["text"] for box in body if box["type"] == "box" for c in box["contents"]]
    assert not any("   " in t for t in texts), texts  # no space-padded columns
    grid = [box for box in body if box["type"] == "box" and len(box["contents"]) == 4]
    assert len(grid) == 8 and grid[0]["contents"][0]["text"] == "滿潮", grid[:2]  # header + seven days


def test_a_group_hears_that_settings_went_privately(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    token = api.issue_reply_token("Cgrp")
    _ask(line_bot, "Ugrpuser", text_event(group_source("Cgrp", "Ugrpuser"), "/settings", token), 1)
    word = api.wait_for("Cgrp", 1, 60)
    assert "私訊" in word[0].texts()[0], word[0].texts()
    assert "Asia/Taipei" not in word[0].texts()[0]


def test_rough_edges_zh_commands_unalert_all_and_forget_asks(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    chat, n = "Urough", 0

    def say(text: str) -> str:
        nonlocal n
        n += 1
        calls = _ask(line_bot, chat, text_event(user_source(chat), text, api.issue_reply_token(chat)), n)
        return "\n".join(calls[-1].texts())

    assert "滿潮" in say("/潮汐 基隆")                       # a command typed in Chinese
    assert len(say("👍")) <= 60                              # a nod gets a short line
    assert "06:30" in say("/daily 06:30 基隆") and "07:00" in say("/daily 07:00 基隆")
    assert "已取消全部 2 個訂閱" in say("/unalert all")
    say("/daily 06:30 基隆")
    asked = say("/forget")
    assert "/forget 確定" in asked and "已刪除" not in asked   # asked before deleting a subscription
    assert "已刪除" in say("/forget 確定")
    assert "沒有訂閱" in say("/alerts")


def test_a_quote_of_an_answer_in_a_group_asks_about_its_place_and_day(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    group, n = "Cquote", 0

    def ask(user: str, text: str, **kw: object) -> list:
        nonlocal n
        n += 1
        event = text_event(group_source(group, user), text, api.issue_reply_token(group), **kw)  # type: ignore[arg-type]
        return _ask(line_bot, group, event, n)

    kaohsiung = ask("Uq1", "@ODBchat 高雄12月5日的潮汐", mention_self=True)[-1]
    ask("Uq1", "@ODBchat 基隆今天的潮汐", mention_self=True)   # a later answer about another place
    # Another member quotes the first answer without mentioning the bot: asked about 高雄 on 12/5.
    said = "\n".join(ask("Uq2", "那日出呢？", quoted=kaohsiung.ids[0])[-1].texts())
    assert "高雄" in said and "12月5日" in said and "日出" in said and "基隆" not in said, said
    assert "Asia/Taipei" not in said, said   # the asker's own clock: no bare zone footer


def test_a_quote_of_an_explanation_in_a_group_is_answered_as_a_new_question(line_bot: Bot) -> None:  # noqa: F811
    api, _, _ = line_bot
    group = "Cquote2"
    event = text_event(group_source(group, "Ux1"), "@ODBchat 黑潮是什麼？", api.issue_reply_token(group),
                       mention_self=True)
    explained = _ask(line_bot, group, event, 1)[-1]
    event = text_event(group_source(group, "Ux2"), "那大潮是什麼？", api.issue_reply_token(group), quoted=explained.ids[0])
    said = "\n".join(_ask(line_bot, group, event, 2)[-1].texts())
    assert "大潮" in said and "不太確定" not in said, said   # answered, not left unheard
