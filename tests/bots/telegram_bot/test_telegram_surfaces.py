"""Telegram: nothing a user sends is met with silence in a private chat, settings stay private in
groups, and code answers arrive whole. The real bot process against the Bot API emulator, with
the scripted router of telegram_harness (the adapter's duties, not the core's answers)."""
from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from botapi_server import BotAPIServer
from telegram_harness import STUB, TOKEN, assert_valid, bot_env, bot_process, has_cjk, wait_reply

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotAPIServer]:
    tmp = tmp_path_factory.mktemp("surfaces")
    script = tmp / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    server = BotAPIServer(TOKEN).start()
    try:
        with bot_process([sys.executable, str(script)], bot_env(tmp, server), tmp / "bot.log", server):
            yield server
    finally:
        server.stop()


def test_mistyped_command_suggests_the_right_one(bot: BotAPIServer) -> None:
    bot.inject_message(3001, "/tied 基隆")
    reply = wait_reply(bot, 3001, 0)
    assert_valid(reply)
    assert "/tide" in reply[0].text and "/help" in reply[0].text and has_cjk(reply[0].text), reply[0].text
    bot.inject_message(3001, "/frobnicate", language_code="en")
    reply = wait_reply(bot, 3001, 1)
    assert "/frobnicate" in reply[0].text and "/help" in reply[0].text


def test_photo_and_file_captions_are_questions(bot: BotAPIServer) -> None:
    bot.inject_media(3002, "photo", caption="這裡潮汐？ 基隆")
    reply = wait_reply(bot, 3002, 0)
    assert "echo<這裡潮汐？ 基隆>" in reply[0].text
    bot.inject_media(3002, "document", caption="tide at Keelung")
    reply = wait_reply(bot, 3002, 1)
    assert "echo<tide at Keelung>" in reply[0].text


@pytest.mark.parametrize("kind", ["photo", "document", "sticker"])
def test_uncaptioned_media_and_stickers_get_a_short_reply(bot: BotAPIServer, kind: str) -> None:
    user = 3010 + ["photo", "document", "sticker"].index(kind)
    bot.inject_media(user, kind)
    reply = wait_reply(bot, user, 0)
    assert_valid(reply)
    assert len(reply) == 1 and has_cjk(reply[0].text) and "基隆" in reply[0].text, reply[0].text
    bot.inject_media(user + 100, kind, language_code="en")
    reply = wait_reply(bot, user + 100, 0)
    assert "text" in reply[0].text and not has_cjk(reply[0].text.replace("基隆", ""))


def test_edited_message_is_answered_as_a_new_question(bot: BotAPIServer) -> None:
    update = bot.inject_message(3003, "tide at Keelang")
    wait_reply(bot, 3003, 0)
    bot.inject_edit(3003, update["message"]["message_id"], "tide at Keelung")
    reply = wait_reply(bot, 3003, 1)
    assert "echo<tide at Keelung>" in reply[0].text


def test_group_speaks_only_when_addressed_and_settings_go_private(bot: BotAPIServer) -> None:
    group, user = -700, 3004
    bot.inject_media(user, "sticker", chat_id=group, chat_type="supergroup")
    bot.inject_message(user, "/tied 基隆", chat_id=group, chat_type="supergroup")  # maybe another bot's
    bot.inject_message(user, "/tide@another_bot 基隆", chat_id=group, chat_type="supergroup")
    bot.inject_message(user, f"/tied@{bot.username}", chat_id=group, chat_type="supergroup")
    reply = wait_reply(bot, group, 0)
    time.sleep(1.0)
    assert len(bot.sent_to(group)) == 1 and "/tide" in reply[0].text  # only the one addressed to the bot

    # No private chat yet: Telegram refuses to write first, so the group is told how to open one.
    bot.inject_message(user, "/home 121.74,25.13", chat_id=group, chat_type="supergroup")
    hint = wait_reply(bot, group, 1)
    assert f"https://t.me/{bot.username}" in hint[0].text and "121.74" not in hint[0].text
    assert not bot.sent_to(user)

    bot.inject_message(user, "/start")  # the user opens the private chat
    wait_reply(bot, user, 0)
    bot.inject_message(user, f"/settings@{bot.username}", chat_id=group, chat_type="supergroup")
    notice = wait_reply(bot, group, 2)
    private = wait_reply(bot, user, 1)
    settings = "\n".join(m.text for m in private)
    assert "121.74" in settings and "Asia/Taipei" in settings, settings
    assert "121.74" not in notice[0].text and "Asia/Taipei" not in notice[0].text
    assert "私訊" in notice[0].text
    for command in ("/tz", "/lang en"):
        before_group, before_user = len(bot.sent_to(group)), len(bot.sent_to(user))
        bot.inject_message(user, command, chat_id=group, chat_type="supergroup")
        wait_reply(bot, user, before_user)
        wait_reply(bot, group, before_group)
    assert "Asia/Taipei" in bot.sent_to(user)[-2].text
    assert all("Asia/Taipei" not in m.text for m in bot.sent_to(group))


def test_code_answer_shows_the_code(bot: BotAPIServer) -> None:
    bot.inject_message(3005, "用 Python 畫淡水下週的潮汐 code")
    reply = wait_reply(bot, 3005, 0)
    assert_valid(reply)
    whole = "\n".join(m.text for m in reply)
    assert "tide.forecast" in whole and "print('tide line 2')  # <x> & y" in whole
    assert '<pre><code class="language-python">' in reply[-1].raw


def test_long_code_answer_goes_as_a_python_file(bot: BotAPIServer) -> None:
    bot.inject_message(3006, "用 Python 畫淡水下週的潮汐 longcode")
    bot.wait_for_messages(3006, 2, 30)
    time.sleep(0.5)
    sent = bot.sent_to(3006)
    assert "tide.forecast" in sent[0].text and sent[0].document is None
    files = [m for m in sent if m.document is not None]
    assert len(files) == 1 and files[0].document_name == "tamsui_tides.py"
    source = files[0].document.decode()
    assert source.count("print(") == 200 and "print('tide line 199')" in source
    assert all("print(" not in m.text for m in sent if m.document is None)  # not split across messages


def test_code_request_with_the_real_router_arrives_whole(tmp_path: Path) -> None:
    server = BotAPIServer(TOKEN).start()
    try:
        with bot_process([sys.executable, "-m", "bots.telegram_bot"], bot_env(tmp_path, server), tmp_path / "bot.log",
                         server):
            server.inject_message(3100, "用 Python 寫程式查淡水下週的潮汐")
            server.wait_for_messages(3100, 2, 120)
            time.sleep(1.0)
            sent = server.sent_to(3100)
    finally:
        server.stop()
    assert "tide.forecast" in sent[0].text
    program = next((m.document.decode() for m in sent if m.document is not None), None) or \
        "\n".join(m.text for m in sent)
    assert "import asyncio" in program and "def tool_json" in program and "asyncio.run(" in program
    compile(program if program.lstrip().startswith(('"""', "import")) else program[program.index('"""'):],
            "odbchat_example.py", "exec")  # the whole program, runnable as sent
