"""Issue 29 on Telegram: the real bot process with the real router (local engine) against the Bot API
emulator — explanations carry their sources as links, buttons keep the place and the day they
mean (labelled by date), commands without a place and replies in groups use the chat's place."""
from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from botapi_server import BotAPIServer, SentMessage
from telegram_harness import TOKEN, assert_valid, bot_env, bot_process, wait_reply

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def real_bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BotAPIServer, Path]]:
    tmp = tmp_path_factory.mktemp("second_look_tg")
    server = BotAPIServer(TOKEN).start()
    try:
        with bot_process([sys.executable, "-m", "bots.telegram_bot"], bot_env(tmp, server), tmp / "bot.log", server):
            yield server, tmp
    finally:
        server.stop()


def _buttons(message: SentMessage) -> dict[str, str]:
    rows = (message.reply_markup or {}).get("inline_keyboard") or [[]]
    return {b["text"]: b["callback_data"] for b in rows[0]}


def _last_with_buttons(messages: list[SentMessage]) -> SentMessage:
    return next(m for m in reversed(messages) if m.reply_markup)


def test_an_explanation_shows_its_sources_as_links(real_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = real_bot
    server.inject_message(61001, "黑潮是什麼？")
    reply = wait_reply(server, 61001, 0, 120)
    assert_valid(reply)
    raw = "\n".join(m.raw for m in reply)
    assert "<b>來源</b>" in raw and '<a href="https://' in raw, raw


def test_a_zh_explanation_reads_as_whole_sentences(real_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = real_bot
    server.inject_message(61006, "大潮小潮是什麼")
    text = "\n".join(m.text for m in wait_reply(server, 61006, 0, 120))
    body = text.split("來源")[0].strip()
    assert "與季節無關" not in body and body.endswith("。"), body  # no translated pun, no cut-off clause


def test_buttons_keep_the_day_and_the_place(real_bot: tuple[BotAPIServer, Path]) -> None:
    server, tmp = real_bot
    uid = 61002
    day = datetime.now(ZoneInfo("Asia/Taipei")).date() + timedelta(days=2)
    server.inject_message(uid, "基隆後天的潮汐")
    answer = _last_with_buttons(wait_reply(server, uid, 0, 120))
    buttons = _buttons(answer)
    after = day + timedelta(days=1)
    label = f"{after.month}/{after.day} 潮汐 ▸"
    assert label in buttons and "明天" not in buttons, buttons  # labelled by the date it means
    server.inject_callback(uid, buttons[label], answer.message_id)
    pressed = wait_reply(server, uid, len(server.sent_to(uid)), 120)
    text = "\n".join(m.text for m in pressed)
    assert "地點：基隆" in text, text
    then = _last_with_buttons(pressed)
    nxt = after + timedelta(days=1)
    assert f"{nxt.month}/{nxt.day} 潮汐 ▸" in _buttons(then), _buttons(then)  # the pressed answer was `after`'s
    server.inject_callback(uid, _buttons(then)["設為常用地點"], then.message_id)
    saved = wait_reply(server, uid, len(server.sent_to(uid)), 60)
    assert "121.7" not in saved[0].text, saved[0].text
    with sqlite3.connect(tmp / "odbchat.db") as db:
        name = db.execute("SELECT home_name FROM user_settings WHERE user_id=?", (str(uid),)).fetchone()[0]
    assert name and "121" not in name, name


def test_chart_without_a_place_uses_the_chats_place(real_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = real_bot
    uid = 61003
    server.inject_message(uid, "基隆今天的潮汐")
    answer = wait_reply(server, uid, 0, 120)
    footer = answer[-1].raw.rsplit("<i>", 1)[-1] if "<i>" in answer[-1].raw else ""
    assert "km" not in footer and "公里" not in footer, footer  # the station is not repeated in the footer
    server.inject_message(uid, "/chart")
    chart = wait_reply(server, uid, len(server.sent_to(uid)), 120)
    assert chart[0].photo is not None, [m.text for m in chart]
    server.inject_message(uid, "/week")
    week = wait_reply(server, uid, len(server.sent_to(uid)), 120)
    assert "基隆" in "\n".join(m.text for m in week), [m.text for m in week]


def test_a_reply_in_a_group_inherits_the_answers_place(real_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = real_bot
    group, asker, other = -61100, 61004, 61005
    server.inject_message(asker, f"@{server.username} 高雄今天的潮汐", chat_id=group, chat_type="supergroup")
    answer = wait_reply(server, group, 0, 120)
    server.inject_message(other, "那明天呢？", chat_id=group, chat_type="supergroup", reply_to=answer[0].message_id)
    follow = wait_reply(server, group, len(server.sent_to(group)), 120)
    assert "高雄" in "\n".join(m.text for m in follow), [m.text for m in follow]


def test_a_reply_to_an_earlier_answer_in_a_group_uses_that_answers_place_and_day(
        real_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = real_bot
    group, asker, other = -61101, 61006, 61007
    server.inject_message(asker, f"@{server.username} 高雄12月5日的潮汐", chat_id=group, chat_type="supergroup")
    kaohsiung = wait_reply(server, group, 0, 120)
    server.inject_message(asker, f"@{server.username} 基隆今天的潮汐", chat_id=group, chat_type="supergroup")
    wait_reply(server, group, len(server.sent_to(group)), 120)   # the group's last answer is now 基隆's
    server.inject_message(other, "那日出呢？", chat_id=group, chat_type="supergroup",
                          reply_to=kaohsiung[0].message_id)
    said = "\n".join(m.text for m in wait_reply(server, group, len(server.sent_to(group)), 120))
    assert "高雄" in said and "12月5日" in said and "日出" in said and "基隆" not in said, said


SAYS_WHAT_WAS_ASKED = [
    ("東港今天日落幾點", ["日落"], ["潮位站"]),   # a sunset question: no word about tide stations
    ("東港的潮汐", ["最近的潮位站是高雄", "高雄潮位站現在是"], ["東港現在是", "潮位站：高雄"]),  # said once, consistently
    ("/week 東港", ["最近的潮位站是高雄", "東港一週潮汐"], ["潮位站：高雄"]),  # the week says its station once too
    ("基隆明天的潮汐、浪高和日出", ["滿潮", "日出", "浪高與海況："], []),  # every part answered or declined
    ("good time to surf at Uluwatu tomorrow morning", ["High tide", "Waves and sea state:"], ["Only sea-surface"]),
    # several parts without data: the tides answered, the others declined in one line
    ("tides, wave height and current at Keelung tomorrow", ["High tide", "Waves and sea state, currents: not"], []),
    ("基隆明天潮汐、湧浪、海嘯和水質", ["滿潮", "湧浪、海嘯與海嘯警報、水質：目前沒有這些資料"], []),
    ("what's the current tide at Keelung", ["Keelung"], ["currents:", "Currents:"]),
    ("基隆明天的潮汐和天氣", ["滿潮", "天氣預報："], []),   # no Open-Meteo here: the weather declined in one line
]


@pytest.mark.parametrize(("question", "said", "unsaid"), SAYS_WHAT_WAS_ASKED)
def test_an_answer_says_what_was_asked(real_bot: tuple[BotAPIServer, Path], question: str, said: list[str],
                                       unsaid: list[str]) -> None:
    server, _ = real_bot
    # one asker per question: a shared chat would read another question's reply
    uid = 61200 + [case[0] for case in SAYS_WHAT_WAS_ASKED].index(question)
    server.inject_message(uid, question, language_code="en" if question.isascii() else "zh-hant")
    text = "\n".join(m.text for m in wait_reply(server, uid, 0, 120))
    assert all(word in text for word in said) and not any(word in text for word in unsaid), text
    assert text.count("潮位站是") <= 1, text
    assert not any(line.strip().startswith("Asia/") for line in text.splitlines()), text   # no bare zone footer
