"""Telegram end to end: the real bot process against the Bot API emulator on loopback.

Two kinds of run:
* with the real core router and the local metocean backend (a whole dialogue: /start,
  a tide question, a location pin, an English question, junk, /tz, /forget);
* with a stub router injected before the bot starts, to play the adapter's own duties
  (splitting long answers, escaping, core failures, rate limit, groups) deterministically.

Every reply goes through the emulator, which refuses what Telegram refuses, so a reply
that real Telegram would reject fails here. The bot's stderr is captured and must never
contain the token.
"""
from __future__ import annotations

import logging
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from botapi_server import BotAPIServer

from telegram_harness import (ROOT, STUB, TOKEN, assert_valid as _assert_valid, bot_env as _env, bot_process,
                              free_port as _free_port, has_cjk as _has_cjk, wait_reply as _wait_reply)



# --------------------------------------------------------------------------- real router

@pytest.mark.e2e
def test_dialogue_with_real_router(tmp_path: Path) -> None:
    server = BotAPIServer(TOKEN).start()
    log_path = tmp_path / "bot.log"
    env = _env(tmp_path, server)
    try:
        with bot_process([sys.executable, "-m", "bots.telegram_bot"], env, log_path, server):
            zh_user, en_user, pin_user, junk_user = 1001, 1002, 1003, 1004

            server.inject_message(zh_user, "/start")
            help_msgs = _wait_reply(server, zh_user, 0)
            assert help_msgs and "/tide" in help_msgs[0].text and _has_cjk(help_msgs[0].text)

            n = len(server.sent_to(zh_user))
            server.inject_message(zh_user, "基隆今天的潮汐")
            tide = _wait_reply(server, zh_user, n, 120)
            tide_text = "\n".join(m.text for m in tide)
            assert _has_cjk(tide_text), tide_text
            assert any(ch.isdigit() for ch in tide_text)

            server.inject_location(pin_user, 121.74, 25.13, language_code="zh-hant")
            pin = _wait_reply(server, pin_user, 0, 120)
            pin_text = "\n".join(m.text for m in pin)
            assert _has_cjk(pin_text), pin_text
            assert any(c.isdigit() for c in pin_text) and ":" in pin_text, pin_text  # times hh:mm

            server.inject_message(en_user, "What is the tide at Keelung today?", language_code="en")
            en = _wait_reply(server, en_user, 0, 120)
            en_text = "\n".join(m.text for m in en)
            assert not _has_cjk(en_text.replace("基隆", "")), en_text
            assert "tide" in en_text.lower() or "Tide" in en_text

            junk = ("asdf qwer zxcv <script>&&& " * 200)[:5000]
            server.inject_message(junk_user, junk, language_code="en")
            junk_reply = _wait_reply(server, junk_user, 0, 60)
            assert junk_reply and "Traceback" not in junk_reply[0].text

            n = len(server.sent_to(zh_user))
            server.inject_message(zh_user, "/tz Asia/Tokyo")
            tz_reply = _wait_reply(server, zh_user, n)
            assert "Asia/Tokyo" in tz_reply[0].text
            with sqlite3.connect(tmp_path / "odbchat.db") as db:
                row = db.execute("SELECT tz FROM user_settings WHERE platform='telegram' AND user_id=?",
                                 (str(zh_user),)).fetchone()
            assert row == ("Asia/Tokyo",)

            n = len(server.sent_to(zh_user))
            server.inject_message(zh_user, "/forget")
            _wait_reply(server, zh_user, n)
            with sqlite3.connect(tmp_path / "odbchat.db") as db:
                row = db.execute("SELECT tz FROM user_settings WHERE platform='telegram' AND user_id=?",
                                 (str(zh_user),)).fetchone()
            assert row is None

            _assert_valid(server.sent)
            assert not [r for r in server.rejected if r[0].lower() == "sendmessage"], server.rejected
        log_text = log_path.read_text(errors="replace")
        assert TOKEN not in log_text and TOKEN.split(":", 1)[1] not in log_text
    finally:
        server.stop()


# --------------------------------------------------------------------------- stub router

@pytest.fixture(scope="module")
def stub_bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[BotAPIServer, Path, Path]]:
    tmp = tmp_path_factory.mktemp("stubbot")
    script = tmp / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    server = BotAPIServer(TOKEN).start()
    log_path = tmp / "bot.log"
    env = _env(tmp, server, TELEGRAM_RATE_LIMIT_PER_MINUTE="5")
    try:
        with bot_process([sys.executable, str(script)], env, log_path, server):
            yield server, tmp, log_path
    finally:
        server.stop()


@pytest.mark.e2e
def test_long_answer_split_and_escaped(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, _, _ = stub_bot
    server.inject_message(2001, "please give a long answer")
    server.wait_for_messages(2001, 2, 30)
    time.sleep(0.5)
    msgs = server.sent_to(2001)
    assert len(msgs) >= 2  # ~22,000 characters cannot fit in one message
    _assert_valid(msgs)
    full = "".join(m.text for m in msgs)
    assert full.count("<潮汐>") == 300 and "第 299 行" in full
    assert all(len(m.text) <= 4096 for m in msgs)


@pytest.mark.e2e
def test_query_time_and_tz_from_message(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, _, _ = stub_bot
    moment = 1763089200  # 2025-11-14T03:00:00Z
    server.inject_message(2002, "hello there", date=moment)
    reply = server.wait_for_messages(2002, 1, 30)[0]
    assert "qt=2025-11-14T11:00:00+08:00" in reply.text and "tz=Asia/Taipei" in reply.text
    assert "echo<hello there>" in reply.text  # the user's text was escaped, arrived intact
    server.inject_message(2002, "/tz +09:00")
    server.wait_for_messages(2002, 2, 30)
    server.inject_message(2002, "again", date=moment)
    reply = server.wait_for_messages(2002, 3, 30)[2]
    assert "qt=2025-11-14T12:00:00+09:00" in reply.text


@pytest.mark.e2e
def test_location_pin_uses_tz_at_point(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, _, _ = stub_bot
    server.inject_location(2003, 139.77, 35.62, language_code="en", date=1763089200)
    reply = server.wait_for_messages(2003, 1, 30)[0]
    assert "tool=tide.forecast" in reply.text and "point=(139.77, 35.62)" in reply.text
    assert "tz=Asia/Tokyo" in reply.text
    assert "lang=en" in reply.text
    server.inject_location(2004, 121.74, 25.13, venue={"title": "基隆港", "address": "Keelung"})
    reply = server.wait_for_messages(2004, 1, 30)[0]
    assert "point=(121.74, 25.13)" in reply.text and "lang=zh" in reply.text


@pytest.mark.e2e
def test_home_and_tide_without_argument(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, tmp, _ = stub_bot
    server.inject_message(2005, "/tide")
    first = server.wait_for_messages(2005, 1, 30)[0]
    assert "/home" in first.text  # asks for a place
    server.inject_message(2005, "/home 121.74,25.13")
    server.wait_for_messages(2005, 2, 30)
    server.inject_message(2005, "/tide")
    reply = server.wait_for_messages(2005, 3, 30)[2]
    assert "tool=tide.forecast" in reply.text and "point=(121.74, 25.13)" in reply.text
    # /home with no argument, then a location pin replying to that prompt saves the pin.
    server.inject_message(2005, "/home")
    prompt = server.wait_for_messages(2005, 4, 30)[3]
    server.inject_location(2005, 120.27, 22.62, reply_to=prompt.message_id)
    saved = server.wait_for_messages(2005, 5, 30)[4]
    assert "120.2700,22.6200" in saved.text
    with sqlite3.connect(tmp / "odbchat.db") as db:
        row = db.execute("SELECT home_lon, home_lat FROM user_settings WHERE user_id='2005'").fetchone()
    assert row == (120.27, 22.62)
    # ... and so does a place name typed as a reply to it.
    server.inject_message(2005, "/home")
    prompt = server.wait_for_messages(2005, 6, 30)[5]
    server.inject_message(2005, "花蓮", reply_to=prompt.message_id)
    saved = server.wait_for_messages(2005, 7, 30)[6]
    assert "花蓮" in saved.text
    server.inject_message(2005, "/tide")
    assert "place=花蓮" in server.wait_for_messages(2005, 8, 30)[7].text


@pytest.mark.e2e
def test_home_with_an_unknown_place_saves_nothing(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, tmp, _ = stub_bot
    server.inject_message(2031, "/home Qwxzplorbia Heights", language_code="en")
    reply = server.wait_for_messages(2031, 1, 30)[0]
    assert 'I could not find the place "Qwxzplorbia Heights", so nothing was saved' in reply.text
    server.inject_message(2032, "/home 不存在的地方喔喔", language_code="zh-hant")
    reply = server.wait_for_messages(2032, 1, 30)[0]
    assert "找不到「不存在的地方喔喔」這個地點，沒有儲存" in reply.text
    with sqlite3.connect(tmp / "odbchat.db") as db:
        rows = db.execute("SELECT home_name FROM user_settings WHERE user_id IN ('2031', '2032')").fetchall()
    assert all(name is None for (name,) in rows)


@pytest.mark.e2e
def test_core_failure_is_polite_and_token_free(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, _, log_path = stub_bot
    server.inject_message(2006, "boom please", language_code="en")
    reply = server.wait_for_messages(2006, 1, 30)[0]
    assert reply.text.startswith("Sorry") and "Traceback" not in reply.text and TOKEN not in reply.text
    server.inject_message(2007, "爆炸 boom")
    reply = server.wait_for_messages(2007, 1, 30)[0]
    assert reply.text.startswith("抱歉")
    time.sleep(0.3)
    log_text = log_path.read_text(errors="replace")
    assert "core exploded" in log_text  # the failure was logged ...
    assert TOKEN not in log_text and TOKEN.split(":", 1)[1] not in log_text  # ... without the token
    assert "getUpdates" not in log_text or "<redacted>" in log_text or TOKEN not in log_text


@pytest.mark.e2e
def test_rate_limit(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, _, _ = stub_bot
    for i in range(7):
        server.inject_message(2008, f"question {i}", language_code="en")
    msgs = server.wait_for_messages(2008, 7, 30)
    polite = [m for m in msgs if "asking a little fast" in m.text]
    assert len(polite) == 2 and len(msgs) == 7


@pytest.mark.e2e
def test_group_only_commands_and_mentions(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, _, _ = stub_bot
    group = -500
    server.inject_message(2009, "just chatting among friends", chat_id=group, chat_type="supergroup")
    server.inject_location(2009, 121.5, 25.0, chat_id=group, chat_type="supergroup")
    server.inject_message(2009, f"@{server.username} tide please", chat_id=group, chat_type="supergroup")
    server.inject_message(2009, f"/settings@{server.username}", chat_id=group, chat_type="supergroup")
    msgs = server.wait_for_messages(group, 2, 30)
    time.sleep(1.0)
    msgs = server.sent_to(group)
    assert len(msgs) == 2
    assert any("echo<tide please>" in m.text for m in msgs)
    assert all(m.reply_to is not None for m in msgs)  # quoted in groups


@pytest.mark.e2e
def test_junk_message_polite(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, _, _ = stub_bot
    server.inject_message(2010, "x<&>" * 1250, language_code="en")
    reply = server.wait_for_messages(2010, 1, 30)[0]
    assert "too long" in reply.text


@pytest.mark.e2e
def test_typing_action_and_commands_menu(stub_bot: tuple[BotAPIServer, Path, Path]) -> None:
    server, _, _ = stub_bot
    server.inject_message(2011, "a slow question", language_code="en")  # answered after 2 s: "typing…" first
    server.wait_for_messages(2011, 1, 30)
    methods = {m.lower() for m, _ in server.calls}
    assert "sendchataction" in methods and "setmycommands" in methods
    # (A 403 is the group's /settings tried in a private chat the user never opened: expected.)
    assert not [r for r in server.rejected if r[0].lower() in ("sendmessage", "sendchataction")
                and r[1] != 403], server.rejected


@pytest.mark.e2e
def test_emulator_rejects_what_telegram_rejects() -> None:
    import httpx
    with BotAPIServer(TOKEN) as server:
        server.inject_message(1, "hi")
        base = server.base_url
        r = httpx.post(f"{base}999:WRONG/getMe")
        assert r.status_code == 401 and r.json() == {"ok": False, "error_code": 401, "description": "Unauthorized"}
        cases = [({"chat_id": 1, "text": ""}, "message text is empty"),
                 ({"chat_id": 1, "text": "x" * 4097}, "message is too long"),
                 ({"chat_id": 1, "text": "a < b", "parse_mode": "HTML"}, "can't parse entities"),
                 ({"chat_id": 1, "text": "<b>open", "parse_mode": "HTML"}, "can't parse entities"),
                 ({"chat_id": 1, "text": "<script>x</script>", "parse_mode": "HTML"}, "can't parse entities")]
        for data, reason in cases:
            r = httpx.post(f"{base}{TOKEN}/sendMessage", data=data)
            assert r.status_code == 400 and reason in r.json()["description"], (data, r.text)
        r = httpx.post(f"{base}{TOKEN}/sendMessage", data={"chat_id": 1, "text": "<b>ok</b> &amp;", "parse_mode": "HTML"})
        assert r.status_code == 200 and r.json()["result"]["text"] == "ok &"
        # getUpdates long-polls: it waits for the timeout when nothing is pending.
        r = httpx.post(f"{base}{TOKEN}/getUpdates", data={"offset": 2, "timeout": 1}, timeout=5)
        t0 = time.monotonic()
        r = httpx.post(f"{base}{TOKEN}/getUpdates", data={"offset": 2, "timeout": 1}, timeout=5)
        assert r.json()["result"] == [] and time.monotonic() - t0 >= 0.9


def test_redaction_filter_unit(tmp_path: Path) -> None:
    import io
    from bots.common.logs import setup_logging as configure_logging
    stream = io.StringIO()
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    try:
        configure_logging("DEBUG", [TOKEN], stream=stream)
        assert logging.getLogger("httpx").getEffectiveLevel() >= logging.WARNING
        logging.getLogger("httpx").warning("HTTP Request: POST http://x/bot%s/getMe", TOKEN)
        logging.getLogger("telegram.ext.Updater").error("url %s", f"http://x/bot{TOKEN}/getUpdates")
        try:
            raise RuntimeError(f"failed for http://x/bot{TOKEN}/sendMessage")
        except RuntimeError:
            logging.getLogger("odbchat").exception("boom")
        out = stream.getvalue()
        assert "getMe" in out and "getUpdates" in out and "sendMessage" in out
        assert TOKEN not in out and TOKEN.split(":")[1] not in out and "<redacted>" in out
    finally:
        for h in list(root.handlers):
            root.removeHandler(h)
        for h in saved[0]:
            root.addHandler(h)
        root.setLevel(saved[1])


@pytest.mark.e2e
def test_webhook_mode(tmp_path: Path) -> None:
    import httpx
    script = tmp_path / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    url = f"{base}/tg-hook"
    secret = "hook-secret_123"
    server = BotAPIServer(TOKEN).start()
    env = _env(tmp_path, server, TELEGRAM_WEBHOOK_URL=url, TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
               TELEGRAM_WEBHOOK_PORT=str(port))
    log_path = tmp_path / "bot.log"
    try:
        # No secret: refuses to start, says why.
        refused = subprocess.run([sys.executable, str(script)], cwd=str(ROOT), env=env, capture_output=True,
                                 text=True, timeout=60)
        assert refused.returncode == 2 and "TELEGRAM_WEBHOOK_SECRET" in refused.stdout + refused.stderr
        env["TELEGRAM_WEBHOOK_SECRET"] = secret
        # The one deploy step registers the webhook; the workers only serve.
        setter = subprocess.run([sys.executable, "-m", "bots.telegram_bot", "--set-webhook"], cwd=str(ROOT), env=env,
                                capture_output=True, text=True, timeout=60)
        assert setter.returncode == 0, setter.stderr
        assert server.webhook == {"url": url, "secret_token": secret}
        setwebhook = [p for m, p in server.calls if m.lower() == "setwebhook"][-1]
        assert setwebhook["max_connections"] == 40 and {"callback_query", "inline_query"} <= set(setwebhook["allowed_updates"])
        with bot_process([sys.executable, str(script)], env, log_path, server, webhook=base) as proc:
            assert httpx.get(f"{base}/healthz").json() == {"ok": True}
            update = server.inject_message(3001, "hello hook", language_code="en")
            for header in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
                r = httpx.post(url, json=update, headers=header)
                assert r.status_code == 401
            time.sleep(0.5)
            assert not server.sent_to(3001)  # nothing in a refused request was acted on
            for _ in range(3):  # delivered three times: answered once
                r = httpx.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": secret})
                assert r.status_code == 200
            reply = server.wait_for_messages(3001, 1, 30)
            assert reply and "echo<hello hook>" in reply[0].text
            time.sleep(1.0)
            assert len(server.sent_to(3001)) == 1
            assert server.get_updates_calls == 0
            # SIGTERM right after acknowledging: the acknowledged update is still answered, exit 0.
            update = server.inject_message(3002, "slow please", language_code="en")
            assert httpx.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": secret}).status_code == 200
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(60) == 0
            assert server.wait_for_messages(3002, 1, 5)
        text = log_path.read_text(errors="replace")
        assert TOKEN not in text and secret not in text
    finally:
        server.stop()


@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "odbchat").exists(),
                    reason="odbchat entry point not installed")
@pytest.mark.e2e
def test_cli_entry_point(tmp_path: Path) -> None:
    server = BotAPIServer(TOKEN).start()
    try:
        with bot_process([str(ROOT / ".venv" / "bin" / "odbchat"), "telegram"], _env(tmp_path, server),
                         tmp_path / "bot.log", server):
            server.inject_message(4001, "/help", language_code="en")
            reply = server.wait_for_messages(4001, 1, 30)
            assert reply and "/tide" in reply[0].text and "Commands" in reply[0].text
    finally:
        server.stop()


@pytest.mark.e2e
def test_rejected_token_is_not_logged(tmp_path: Path) -> None:
    server = BotAPIServer("999:SomeOtherToken").start()  # does not know the bot's token
    try:
        env = _env(tmp_path, server)
        proc = subprocess.run([sys.executable, "-m", "bots.telegram_bot"], cwd=str(ROOT), env=env,
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 1
        out = proc.stdout + proc.stderr
        assert "rejected" in out and TOKEN not in out and TOKEN.split(":", 1)[1] not in out
        assert server.rejected and server.rejected[0][1] == 401
    finally:
        server.stop()


@pytest.mark.e2e
def test_unreachable_store_is_a_clear_exit(tmp_path: Path) -> None:
    server = BotAPIServer(TOKEN).start()
    try:
        env = _env(tmp_path, server,
                   ODBCHAT_DB=f"postgresql://odbchat:secretpw@127.0.0.1:{_free_port()}/odbchat?pool_timeout=2")
        proc = subprocess.run([sys.executable, "-m", "bots.telegram_bot"], cwd=str(ROOT), env=env,
                              capture_output=True, text=True, timeout=120)
        out = proc.stdout + proc.stderr
        assert proc.returncode == 1 and "store cannot be used" in out and "cannot reach PostgreSQL" in out
        assert "secretpw" not in out and TOKEN not in out
    finally:
        server.stop()
