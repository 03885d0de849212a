"""`/calendar PLACE [days]` on Telegram end to end: the real bot sends the summary, then the
.ics file (sendDocument through the Bot API emulator), readable by the icalendar library."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from icalendar import Calendar

from botapi_server import BotAPIServer
from telegram_harness import TOKEN, bot_env, bot_process, wait_reply

pytestmark = pytest.mark.e2e


def test_calendar_command_sends_the_file(tmp_path: Path) -> None:
    server = BotAPIServer(TOKEN).start()
    try:
        with bot_process([sys.executable, "-m", "bots.telegram_bot"], bot_env(tmp_path, server), tmp_path / "bot.log",
                         server):
            server.inject_message(3001, "/calendar 基隆 5")
            server.wait_for_messages(3001, 2, 120)
            sent = wait_reply(server, 3001, 0)
            assert "基隆" in sent[0].text and "5 天" in sent[0].text, sent[0].text
            document = next(m for m in sent if m.document)
            assert document.document_name.endswith(".ics")
            events = Calendar.from_ical(document.document).walk("VEVENT")
            assert 16 <= len(events) <= 22   # five days of Keelung's two highs and two lows
            server.inject_message(3002, "/calendar Boston 2", language_code="en")
            english = wait_reply(server, 3002, 0, 120)
            assert any(m.document for m in english) and "Boston" in english[0].text
    finally:
        server.stop()
