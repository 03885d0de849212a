"""Threshold and spring-tide alerts on Telegram end to end: the real bot process against the Bot API
emulator, in zh-TW and English: asked in words and as commands, listed by /alerts, removed by
/unalert, and one threshold message delivered by the bot's own scheduler (its row made due now)."""
from __future__ import annotations

import sqlite3
import sys
import time
from pathlib import Path

import pytest

from botapi_server import BotAPIServer
from telegram_harness import TOKEN, bot_env, bot_process, wait_reply

pytestmark = pytest.mark.e2e


def test_smart_alerts_in_both_languages_and_one_delivered(tmp_path: Path) -> None:
    server = BotAPIServer(TOKEN).start()
    env = bot_env(tmp_path, server, SUBSCRIPTIONS_POLL_SECONDS="0.5", TELEGRAM_RATE_LIMIT_PER_MINUTE="100")
    zh, en = 62001, 62002
    try:
        with bot_process([sys.executable, "-m", "bots.telegram_bot"], env, tmp_path / "bot.log", server):
            server.inject_message(zh, "白天乾潮低於 -60 公分時提醒我（基隆）")
            [ok] = wait_reply(server, zh, 0, 60)
            assert "基隆白天乾潮低於 -60 公分" in ok.text and "前一天 20:00" in ok.text and "平均海平面" in ok.text, ok.text
            server.inject_message(zh, "大潮提醒 富基漁港")
            [spring] = wait_reply(server, zh, 1, 60)
            assert "富基漁港每次大潮的第一天 06:00" in spring.text and "/unalert 2" in spring.text, spring.text
            server.inject_message(zh, "/alert 基隆 low below 9999")
            [bad] = wait_reply(server, zh, 2, 60)
            assert "9999" in bad.text and "20 公尺" in bad.text, bad.text
            server.inject_message(zh, "/alerts")
            [listing] = wait_reply(server, zh, 3, 60)
            assert "1. 基隆白天乾潮低於 -60 公分（平均海平面起算）：前一天 20:00" in listing.text and "2. 富基漁港大潮提醒" in listing.text
            assert "3." not in listing.text  # the bad height stored nothing

            server.inject_message(en, "alert me when low tide is below -60 cm in daylight at Keelung", language_code="en")
            [said] = wait_reply(server, en, 0, 60)
            assert "daylight low tides below -60 cm at Keelung" in said.text and "20:00" in said.text, said.text
            server.inject_message(en, "/alert Keelung low below 500 21:00", language_code="en")
            [every] = wait_reply(server, en, 1, 60)
            assert "low tides below 500 cm at Keelung" in every.text and "21:00" in every.text, every.text
            server.inject_message(en, "/springtide Keelung", language_code="en")
            [tides] = wait_reply(server, en, 2, 60)
            assert "spring-tide period at Keelung" in tides.text, tides.text
            server.inject_message(en, "/unalert 1", language_code="en")
            [gone] = wait_reply(server, en, 3, 60)
            assert gone.text.startswith("Cancelled: 1. daylight low tides below -60 cm at Keelung"), gone.text
            server.inject_message(en, "/alerts", language_code="en")
            [left] = wait_reply(server, en, 4, 60)
            assert "1. low tides below 500 cm at Keelung (above mean sea level): the evening before at 21:00" in left.text, left.text
            assert "2. spring tides at Keelung" in left.text and "3." not in left.text

            # Every low is below 500 cm: the threshold row made due now announces tomorrow's lows.
            with sqlite3.connect(tmp_path / "odbchat.db", timeout=10) as db:
                db.execute("UPDATE subscriptions SET next_fire_at=? WHERE user_id=? AND threshold_cm=500",
                           (time.time() + 1, str(en)))
            [message] = wait_reply(server, en, 5, 60)
            assert message.text.startswith("🌊 Tomorrow") and "low tides below 500 cm at Keelung:" in message.text
            assert message.text.count("• ") >= 1 and "above mean sea level" in message.text, message.text
    finally:
        server.stop()
