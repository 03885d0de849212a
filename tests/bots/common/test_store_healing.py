"""A store that heals (contract, "Nothing acknowledged is lost"): a PostgreSQL restart under
load costs callers a pause, never an error; start-up errors say what is wrong at once; a NUL
in a text is stored the same way on both backends."""
from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bots.common.store import Put, StoreUnavailable, open_store
from bots.common.subscriptions.records import NewSubscription


def test_bad_port_is_reported_at_once() -> None:
    # pool_timeout=600: reaching the pool would hang the test; the URL is refused before that.
    for url in ("postgresql://u:pw@127.0.0.1:54x2/db?pool_timeout=600", "postgres://u@127.0.0.1:99999/db",
                "postgresql://u@127.0.0.1:5432/db?pool_max=ten"):
        with pytest.raises(StoreUnavailable, match="bad PostgreSQL URL") as caught:
            open_store(url)
        assert "pw" not in str(caught.value)


@pytest.mark.e2e
def test_refusals_are_named(pg_server: Any) -> None:
    with psycopg.connect(pg_server.url(), autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS odbchat_pw")
        conn.execute("DROP ROLE IF EXISTS odbchat_pw")
        conn.execute("CREATE ROLE odbchat_pw LOGIN PASSWORD 'right-pw'")
        conn.execute("CREATE DATABASE odbchat_pw OWNER odbchat_pw")
        hba = Path(conn.execute("SHOW hba_file").fetchone()[0])  # type: ignore[index]
        # This role (only) must give a password over TCP; the rest of the server stays on trust.
        original = hba.read_text()
        hba.write_text("host all odbchat_pw 127.0.0.1/32 scram-sha-256\n" + original)
        conn.execute("SELECT pg_reload_conf()")
    try:
        base = f"127.0.0.1:{pg_server.port}/odbchat_pw?pool_timeout=600"
        with pytest.raises(StoreUnavailable, match="authentication failed") as caught:
            open_store(f"postgresql://odbchat_pw:wrong-pw@{base}")
        assert "wrong-pw" not in str(caught.value) and "cannot reach" not in str(caught.value)
        with pytest.raises(StoreUnavailable, match="database does not exist"):
            open_store(f"postgresql://postgres@127.0.0.1:{pg_server.port}/no_such_db?pool_timeout=600")
        store = open_store(f"postgresql://odbchat_pw:right-pw@{base}")  # the right password works
        store.close()
        with pytest.raises(StoreUnavailable, match="cannot create or update the schema"):
            open_store(f"postgresql://odbchat_pw:right-pw@127.0.0.1:{pg_server.port}/postgres")  # not its schema
    finally:
        hba.write_text(original)
        with psycopg.connect(pg_server.url(), autocommit=True) as conn:
            conn.execute("SELECT pg_reload_conf()")


async def test_nul_in_texts_is_dropped_on_both_backends(db_url: str) -> None:
    store = open_store(db_url)
    saved = await store.update("telegram", "1", home_name="基隆\x00港", tz="Asia/Taipei")
    assert saved.home_name == "基隆港" and (await store.get("telegram", "1")).home_name == "基隆港"
    assert (await store.update("telegram", "2", home_name="\x00")).home_name is None  # nothing left: not set
    await store.set_context("telegram", "c:1", {"place": "a\x00b", "list": ["\x00x"]})
    assert await store.get_context("telegram", "c:1") == {"place": "ab", "list": ["x"]}
    sub = await store.add_subscription(NewSubscription(
        platform="telegram", user_id="1", chat_id="1", kind="daily", place_name="基\x00隆", lon=121.74, lat=25.13,
        hhmm="06:00", tz="Asia/Taipei", lang="zh", next_fire_at=datetime.now(timezone.utc) + timedelta(minutes=1)))
    assert sub.place_name == "基隆"
    await store.aclose()
    store.close()


async def _user(store: Any, stop: threading.Event, n: int, errors: list[str], done: Counter[str]) -> None:
    """One user's requests: settings, context, rate window and inbox, over and over."""
    i = 0
    while not stop.is_set():
        i += 1
        try:
            await store.update("telegram", f"u{n}", lang="en" if i % 2 else "zh")
            assert (await store.get("telegram", f"u{n}")).lang in ("en", "zh")
            await store.set_context("telegram", f"c:{n}", {"i": i})
            await store.get_context("telegram", f"c:{n}")
            await store.allow(f"rate:{n}", 1_000_000, 60)
            assert await store.put_update("telegram", f"{n}-{i}", "{}", f"w{n}", 15) is Put.NEW
            await store.finish_update("telegram", f"{n}-{i}")
            done[f"t{n}"] += 1
        except Exception as exc:  # counted, and shown in the failure
            errors.append(f"{type(exc).__name__}: {exc}")
        await asyncio.sleep(0.005)


async def _subscriber(store: Any, stop: threading.Event, errors: list[str], done: Counter[str]) -> None:
    """The scheduler's side: subscription work, over and over."""
    i = 0
    while not stop.is_set():
        i += 1
        try:
            await store.list_subscriptions("telegram", f"a{i % 3}")
            await store.clock()
            done["async"] += 1
        except Exception as exc:  # counted, and shown in the failure
            errors.append(f"async {type(exc).__name__}: {exc}")
        await asyncio.sleep(0.005)


def _load(store: Any, stop: threading.Event, errors: list[str], done: Counter[str]) -> None:
    """A bot's event loop (in its own thread, so the test can restart the server meanwhile): six
    users' requests and the scheduler's work on the store's async pool."""
    async def run() -> None:
        await asyncio.gather(*(_user(store, stop, n, errors, done) for n in range(6)),
                             _subscriber(store, stop, errors, done))
        await store.aclose()

    asyncio.run(run())


async def _checked(store: Any) -> None:
    await store.check()
    await store.aclose()


@pytest.mark.e2e
def test_restart_under_load_costs_no_errors() -> None:
    from postgres_server import PostgresServer

    server = PostgresServer().start()  # its own server: the session's keeps running for the rest
    try:
        url = server.create_database("heal") + "?pool_max=4"
        store = open_store(url)
        stop, errors, done = threading.Event(), [], Counter()
        threads = [threading.Thread(target=_load, args=(store, stop, errors, done))]
        for t in threads:
            t.start()
        time.sleep(0.5)
        before = sum(done.values())
        server.restart()  # a fast restart (~0.2 s)
        time.sleep(0.5)
        after_first = sum(done.values())
        server.restart(down_s=3.0)  # down for 3 s: work waits, then resumes
        time.sleep(1.0)
        stop.set()
        for t in threads:
            t.join(30)
        after_second = sum(done.values())
        assert errors == [], errors[:5]
        assert before > 0 and after_first > before and after_second > after_first and done["async"] > 0
        asyncio.run(_checked(store))  # healthy again
        store.close()
    finally:
        server.stop()


@pytest.mark.e2e
def test_restart_under_a_bots_load_sends_no_error_text(tmp_path: Path) -> None:
    """The issue's case: 40 users ask a long-polling bot on PostgreSQL, the server restarts in
    the middle; every user gets the answer, none an error text."""
    import sys

    from botapi_server import BotAPIServer
    from postgres_server import PostgresServer
    from telegram_harness import STUB, TOKEN, bot_env, bot_process

    pg = PostgresServer().start()
    api = BotAPIServer(TOKEN).start()
    try:
        script = tmp_path / "run_stub_bot.py"
        script.write_text(STUB, encoding="utf-8")
        env = bot_env(tmp_path, api, ODBCHAT_DB=pg.create_database("bot") + "?pool_max=6")
        with bot_process([sys.executable, str(script)], env, tmp_path / "bot.log", api):
            for user in range(20):
                api.inject_message(5000 + user, f"question {user}", language_code="en")
            assert all(api.wait_for_messages(5000 + user, 1, 60) for user in range(20))
            restarter = threading.Thread(target=pg.restart)
            restarter.start()
            for user in range(20, 40):
                api.inject_message(5000 + user, f"question {user}", language_code="en")
                time.sleep(0.02)
            restarter.join(60)
            assert all(api.wait_for_messages(5000 + user, 1, 60) for user in range(20, 40))
            time.sleep(1.0)
            replies = {user: [m.text for m in api.sent_to(5000 + user)] for user in range(40)}
        wrong = {user: texts for user, texts in replies.items() if len(texts) != 1 or "echo<" not in texts[0]}
        assert wrong == {}, list(wrong.items())[:3]
    finally:
        api.stop()
        pg.stop()
