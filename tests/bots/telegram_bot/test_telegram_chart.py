"""Telegram `/chart` and `/week` through the Bot API emulator with the real router (built-in engine):
`/chart 基隆` sends a photo (PNG) with a one-line caption; `/week 基隆` a <pre> table."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from botapi_server import BotAPIServer
from telegram_harness import TOKEN, bot_env, bot_process

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses


def _wait(server: BotAPIServer, chat_id: int, count: int, timeout: float = 120.0) -> list:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        sent = server.sent_to(chat_id)
        if len(sent) >= count:
            return sent
        time.sleep(0.1)
    return server.sent_to(chat_id)


def test_chart_is_a_photo_and_week_is_a_pre_block(tmp_path: Path) -> None:
    server = BotAPIServer(TOKEN).start()
    try:
        with bot_process([sys.executable, "-m", "bots.telegram_bot"], bot_env(tmp_path, server),
                         tmp_path / "bot.log", server):
            server.inject_message(2001, "/chart 基隆")
            sent = _wait(server, 2001, 1)
            photos = [m for m in sent if m.photo]
            assert photos, [(m.text, m.raw) for m in sent] + [(tmp_path / "bot.log").read_text(errors="replace")[-2000:]]
            photo = photos[0]
            assert photo.photo[:8] == b"\x89PNG\r\n\x1a\n" and len(photo.photo) > 20_000
            assert "\n" not in photo.text.strip() and "基隆潮汐圖" in photo.text

            server.inject_message(2002, "/week 基隆")
            week = _wait(server, 2002, 1)
            assert week and "<pre>" in week[0].raw, [m.raw for m in week]
            assert "一週潮汐" in week[0].text and week[0].text.count("日出") == 7
    finally:
        server.stop()
