"""Telegram delivery under load and faults, buttons, the /home pin and per-chat order, with the
real bot process against the Bot API emulator (which enforces a 30 messages/s flood limit here)."""
from __future__ import annotations

import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from botapi_server import BotAPIServer
from telegram_harness import STUB, TOKEN, assert_valid, bot_env, bot_process

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses

FLOOD = 30


@pytest.fixture(scope="module")
def flood_bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BotAPIServer, Path]]:
    tmp = tmp_path_factory.mktemp("floodbot")
    script = tmp / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    server = BotAPIServer(TOKEN, flood_per_second=FLOOD).start()
    env = bot_env(tmp, server, TELEGRAM_RATE_LIMIT_PER_MINUTE="1000")
    try:
        with bot_process([sys.executable, str(script)], env, tmp / "bot.log", server):
            yield server, tmp
    finally:
        server.stop()


def test_burst_of_users_all_answered(flood_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = flood_bot
    users = range(50001, 50101)
    for uid in users:
        server.inject_message(uid, f"question from {uid}", language_code="en")
    for uid in users:
        assert server.wait_for_messages(uid, 1, 90), f"user {uid} got no answer"
    answers = [server.sent_to(uid)[0].text for uid in users]
    assert all(a.startswith("echo<question from") for a in answers), [a for a in answers if "echo" not in a][:3]
    assert all(len(server.sent_to(uid)) == 1 for uid in users)  # no error text besides the answer


def test_long_answer_arrives_whole_under_flood(flood_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = flood_bot
    for uid in range(51001, 51004):
        server.inject_message(uid, "a long one please")
    for uid in range(51001, 51004):
        server.wait_for_messages(uid, 2, 60)
    time.sleep(2.0)
    for uid in range(51001, 51004):
        full = "".join(m.text for m in server.sent_to(uid))
        assert full.count("<潮汐>") == 300 and "第 299 行" in full


def test_failed_send_is_retried_not_replaced(flood_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = flood_bot
    server.fail_next("sendMessage", 502, count=2)
    server.inject_message(52001, "survive a bad gateway", language_code="en")
    got = server.wait_for_messages(52001, 1, 60)
    time.sleep(1.0)
    texts = [m.text for m in server.sent_to(52001)]
    assert got and texts == [texts[0]] and texts[0].startswith("echo<survive a bad gateway>")


def test_tide_buttons_and_callbacks(flood_bot: tuple[BotAPIServer, Path]) -> None:
    server, tmp = flood_bot
    uid = 53001
    server.inject_message(uid, "tidebutton 基隆潮汐")
    answer = server.wait_for_messages(uid, 1, 30)[0]
    rows = (answer.reply_markup or {}).get("inline_keyboard")
    assert rows, answer
    buttons = {b["text"]: b["callback_data"] for b in rows[0]}
    assert "明天" in buttons and "設為常用地點" in buttons
    assert all(len(data.encode()) <= 64 for data in buttons.values())
    server.inject_callback(uid, buttons["明天"], answer.message_id)
    tomorrow = server.wait_for_messages(uid, 2, 30)[1]
    assert "tide 2025-11-15" in tomorrow.text and "tool=tide.forecast" in tomorrow.text
    assert any(m.lower() == "answercallbackquery" for m, _ in server.calls)
    server.inject_callback(uid, buttons["設為常用地點"], answer.message_id)
    saved = server.wait_for_messages(uid, 3, 30)[2]
    assert "Keelung" in saved.text
    with sqlite3.connect(tmp / "odbchat.db") as db:
        row = db.execute("SELECT home_name, home_lon, home_lat FROM user_settings WHERE user_id=?",
                         (str(uid),)).fetchone()
    assert row == ("Keelung", 121.74, 25.13)
    server.inject_callback(uid, "t:999,999,garbage", answer.message_id)  # forged data: a polite word only
    expired = server.wait_for_messages(uid, 4, 30)[3]
    assert "過期" in expired.text
    assert_valid(server.sent_to(uid))


def test_home_location_button_sets_home_and_zone(flood_bot: tuple[BotAPIServer, Path]) -> None:
    server, tmp = flood_bot
    uid = 54001
    server.inject_message(uid, "/home")
    prompt = server.wait_for_messages(uid, 1, 30)[0]
    keyboard = (prompt.reply_markup or {}).get("keyboard")
    assert keyboard and keyboard[0][0].get("request_location") is True
    server.inject_location(uid, 139.77, 35.62)  # sent with the button: not a reply to the prompt
    saved = server.wait_for_messages(uid, 2, 30)[1]
    assert "139.7700,35.6200" in saved.text and "Asia/Tokyo" in saved.text
    assert (saved.reply_markup or {}).get("remove_keyboard") is True
    with sqlite3.connect(tmp / "odbchat.db") as db:
        row = db.execute("SELECT tz, home_lon FROM user_settings WHERE user_id=?", (str(uid),)).fetchone()
    assert row == ("Asia/Tokyo", 139.77)


def test_one_chat_in_order(flood_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = flood_bot
    uid = 55001
    for i, zone in enumerate(("Asia/Tokyo", "Europe/London", "America/New_York")):
        server.inject_message(uid, f"/tz {zone}", language_code="en")
        server.inject_message(uid, f"check {i}", language_code="en")
        msgs = server.wait_for_messages(uid, 2 * (i + 1), 30)
        assert f"tz={zone}" in msgs[2 * i + 1].text, [m.text for m in msgs]


def test_follow_up_inherits_the_chat_context(flood_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = flood_bot
    uid = 56001
    server.inject_message(uid, "tidebutton please")
    server.wait_for_messages(uid, 1, 30)
    server.inject_message(uid, "那明天呢？")
    follow = server.wait_for_messages(uid, 2, 30)[1]
    assert "context=Keelung" in follow.text
    server.inject_message(uid + 1, "那明天呢？")  # another user: nothing inherited
    other = server.wait_for_messages(uid + 1, 1, 30)[0]
    assert "context=" not in other.text
    server.inject_message(uid, "/forget")  # forgetting the user forgets their follow-up context too
    server.wait_for_messages(uid, 3, 30)
    server.inject_message(uid, "那明天呢？")
    assert "context=" not in server.wait_for_messages(uid, 4, 30)[3].text


def test_slow_first_send_arrives_once(flood_bot: tuple[BotAPIServer, Path]) -> None:
    server, _ = flood_bot
    server.slow_next("sendMessage", 7.0)  # longer than PTB's default 5 s read timeout
    server.inject_message(57001, "patience please", language_code="en")
    got = server.wait_for_messages(57001, 1, 60)
    time.sleep(2.0)
    texts = [m.text for m in server.sent_to(57001)]
    assert got and len(texts) == 1 and texts[0].startswith("echo<patience please>")
