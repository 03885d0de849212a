"""Subscriptions through the Bot API emulator with the real bot process (issue 13): subscribe,
restart the bot, receive the daily message on time; an alert MINUTES before the engine's next
extreme; /alerts and /unalert; bad input stores nothing. Real clocks, short leads."""
from __future__ import annotations

import asyncio
import math
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from botapi_server import BotAPIServer
from telegram_harness import STUB, TOKEN, bot_env, bot_process

from core.config import Settings
from core.router import Router
from core.subscriptions.alert_times import first_extreme
from core.understand.places import find_place

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses


def _alert_for_soon() -> tuple[str, int, float]:
    """Return (high|low, lead minutes, fire time) so that the alert fires 45–105 s from now."""
    keelung = find_place("基隆")
    now = datetime.now(timezone.utc)

    async def extremes() -> list[tuple[str, datetime]]:
        router = Router(Settings(odbchat_backend="local"), llm=None)  # the bot's backend (bot_env)
        try:
            found = [(kind, await first_extreme(router, keelung.lon, keelung.lat, kind, now + timedelta(seconds=150),
                                                "Asia/Taipei")) for kind in ("high", "low")]
        finally:
            await router.aclose()
        out = []
        for kind, event in found:
            assert event is not None
            out.append((kind, event.at))
        return out

    best = None
    for kind, extreme in asyncio.run(extremes()):
        lead = math.floor(((extreme - now).total_seconds() - 45) / 60)
        if 0 <= lead <= 720 and (best is None or lead < best[1]):
            best = (kind, lead, extreme.timestamp() - 60 * lead)
    assert best is not None
    return best


def test_subscribe_restart_and_receive(tmp_path: Path) -> None:
    script = tmp_path / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    server = BotAPIServer(TOKEN).start()
    env = bot_env(tmp_path, server, SUBSCRIPTIONS_POLL_SECONDS="0.5", TELEGRAM_RATE_LIMIT_PER_MINUTE="100")
    daily_user, alert_user, bad_user = 61001, 61002, 61003
    # The next whole minute at least 20 s away, in the user's zone (the bot's default, Asia/Taipei).
    due = (datetime.now(ZoneInfo("Asia/Taipei")) + timedelta(seconds=105)).replace(second=0, microsecond=0)
    kind, lead, alert_at = _alert_for_soon()
    try:
        with bot_process([sys.executable, str(script)], env, tmp_path / "bot1.log", server):
            server.inject_message(daily_user, f"/daily {due:%H:%M} 基隆")
            confirm = server.wait_for_messages(daily_user, 1, 30)[0]
            assert f"{due:%H:%M}" in confirm.text and "基隆" in confirm.text, confirm.text
            server.inject_message(alert_user, f"/alert 基隆 {kind} {lead}", language_code="en")
            assert server.wait_for_messages(alert_user, 1, 30)
            # Bad input: a clear reply each, nothing stored.
            for bad in ("/daily 25:00 基隆", "/alert 基隆 high 9999", "/alert 南投 low 30", "/daily 06:00 Qwzxv",
                        "/unalert 7"):
                server.inject_message(bad_user, bad)
            replies = server.wait_for_messages(bad_user, 5, 60)
            assert len(replies) == 5 and all(r.text.strip() for r in replies)
            server.inject_message(bad_user, "/alerts")
            assert "1." not in server.wait_for_messages(bad_user, 6, 30)[5].text
        # The bot is restarted between subscribing and the firing: nothing is lost.
        with bot_process([sys.executable, str(script)], env, tmp_path / "bot2.log", server):
            wait = max(due.timestamp(), alert_at) - time.time() + 40
            got = server.wait_for_messages(daily_user, 2, wait)
            assert len(got) == 2, "the daily message did not come"
            late = got[1].sent_at - (time.monotonic() - (time.time() - due.timestamp()))
            assert -1.0 <= late <= 10.0 and "tool=tide.forecast" in got[1].text
            alert = server.wait_for_messages(alert_user, 2, max(5.0, alert_at - time.time() + 40))
            assert len(alert) == 2 and ("high" in alert[1].text.lower() or "low" in alert[1].text.lower())
            server.inject_message(daily_user, "/alerts")
            listing = server.wait_for_messages(daily_user, 3, 30)[2]
            assert "1." in listing.text and "基隆" in listing.text
            server.inject_message(daily_user, "/unalert 1")
            server.wait_for_messages(daily_user, 4, 30)
            server.inject_message(daily_user, "/alerts")
            assert "1." not in server.wait_for_messages(daily_user, 5, 30)[4].text
            time.sleep(1.0)
            assert len(server.sent_to(daily_user)) == 5  # the daily message came once
    finally:
        server.stop()


def test_subscription_in_words(tmp_path: Path) -> None:
    script = tmp_path / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    server = BotAPIServer(TOKEN).start()
    try:
        with bot_process([sys.executable, str(script)], bot_env(tmp_path, server), tmp_path / "bot.log", server):
            server.inject_message(62001, "每天早上6點告訴我基隆潮汐")
            reply = server.wait_for_messages(62001, 1, 30)[0]
            assert "06:00" in reply.text and "echo<" not in reply.text
            server.inject_message(62002, "remind me 30 minutes before low tide at Kaohsiung", language_code="en")
            reply = server.wait_for_messages(62002, 1, 30)[0]
            assert "30" in reply.text and "echo<" not in reply.text
            server.inject_message(62001, "/forget")
            assert "/forget 確定" in server.wait_for_messages(62001, 2, 30)[1].text  # asked first
            server.inject_message(62001, "/forget 確定")
            server.wait_for_messages(62001, 3, 30)
            server.inject_message(62001, "/alerts")
            assert "1." not in server.wait_for_messages(62001, 4, 30)[3].text  # /forget removed it
    finally:
        server.stop()
