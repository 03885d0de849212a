"""The fault scenarios of "Nothing acknowledged is lost", run with the real parts (webhook
workers as processes, PostgreSQL, nginx, the Bot API emulator, SIGKILL), each returning its
figures. tests/bots/telegram_bot/test_crash_safety.py asserts on them; benchmarks/crash_safety.py prints them."""
from __future__ import annotations

import asyncio
import json
import signal
import socket
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx

from botapi_server import BotAPIServer
from nginx_server import NginxServer
from telegram_harness import STUB, TOKEN, bot_env
from telegram_workers import Worker, deliver, open_slow_client, peak_rss_mb, send_chunked_body

SECRET = "crash-secret_7"


def _workers(tmp: Path, api: BotAPIServer, db_url: str, count: int, **extra: str) -> list[Worker]:
    script = tmp / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    env = bot_env(tmp, api, ODBCHAT_DB=db_url, TELEGRAM_WEBHOOK_SECRET=SECRET,
                  TELEGRAM_WEBHOOK_URL="http://127.0.0.1:1/tg-hook", TELEGRAM_RATE_LIMIT_PER_MINUTE="100000",
                  ODBCHAT_LOG_LEVEL="WARNING", **extra)
    return [Worker(script, env, tmp / f"worker{i}.log") for i in range(count)]


def _kill(worker: Worker) -> float:
    """SIGKILL the worker (no drain, no clean-up: as out of memory); return the time.monotonic() of death."""
    assert worker.proc is not None
    worker.proc.send_signal(signal.SIGKILL)
    worker.proc.wait(10)
    worker.proc = None
    return time.monotonic()


def burst_after_kill(tmp: Path, db_url: str, updates: int = 300) -> dict[str, Any]:
    """Two workers behind nginx, `updates` updates (every fourth answered slowly, 2 s), one worker
    killed 1 s in; return lost, answered twice, and seconds from the kill to the last answer."""
    api = BotAPIServer(TOKEN).start()
    workers = _workers(tmp, api, db_url, 2)
    balancer = NginxServer(tmp / "nginx", [w.address for w in workers])
    try:
        for w in workers:
            w.start()
        balancer.start()
        url = f"{balancer.url}/tg-hook"
        sent = [api.inject_message(90000 + i, f"{'slow ' if i % 4 == 0 else ''}question {i}", language_code="en")
                for i in range(updates)]
        killed_at: list[float] = []
        killer = threading.Timer(1.0, lambda: killed_at.append(_kill(workers[0])))
        killer.start()
        with httpx.Client() as client:
            for update in sent:
                deliver(client, url, SECRET, update, time.monotonic() + 240)
                time.sleep(0.01)
        killer.join(30)
        lost = sum(1 for i in range(updates)
                   if not api.wait_for_messages(90000 + i, 1, max(1.0, killed_at[0] + 90 - time.monotonic())))
        answered_by = time.monotonic() - killed_at[0]
        time.sleep(2.0)
        twice = sum(1 for i in range(updates) if len(api.sent_to(90000 + i)) > 1)
        return {"updates": updates, "lost": lost, "twice": twice, "all_answered_s_after_kill": round(answered_by, 1)}
    finally:
        balancer.stop()
        for w in workers:
            w.stop()
        api.stop()


def subscriptions_after_kill(tmp: Path, db_url: str, count: int = 50, poll_s: float = 1.0,
                             send_s: float = 0.5, settle_s: float = 30.0) -> dict[str, Any]:
    """Two workers on one database, `count` daily subscriptions due at once, each send taking
    `send_s`; one worker killed mid-burst (once 8 messages went out). Return sent twice, lost, and
    how late (seconds after due, and after the kill) the last first message came; duplicates are
    counted `settle_s` after the kill (past the takeover of the dead worker's firings)."""
    from bots.common.store import open_store
    from bots.common.subscriptions.records import NewSubscription

    api = BotAPIServer(TOKEN).start()
    workers = _workers(tmp, api, db_url, 2, SUBSCRIPTIONS_POLL_SECONDS=str(poll_s))
    chats = [62000 + i for i in range(count)]
    for chat in chats:
        api._chat(chat, "private", {"first_name": "Subscriber"})  # a chat the emulator knows
    store = open_store(db_url)
    try:
        for w in workers:
            w.start()
        async def seed() -> float:
            due_at = await store.clock() + timedelta(seconds=3)
            for chat in chats:
                await store.add_subscription(NewSubscription(
                    platform="telegram", user_id=str(chat), chat_id=str(chat), kind="daily", place_name="Keelung",
                    lon=121.741, lat=25.131, hhmm="06:00", tz="Asia/Taipei", lang="en", next_fire_at=due_at))
            await store.aclose()
            return due_at.timestamp()

        due = asyncio.run(seed())
        api.slow_next("sendMessage", send_s, count)
        first: dict[int, float] = {}
        watching = threading.Event()

        def watch() -> None:
            end = time.monotonic() + 180
            while len(first) < count and time.monotonic() < end and not watching.is_set():
                for chat in chats:
                    if chat not in first and api.sent_to(chat):
                        first[chat] = time.time()
                time.sleep(0.02)

        watcher = threading.Thread(target=watch)
        watcher.start()
        victim = None
        deadline = time.monotonic() + 60
        while victim is None and time.monotonic() < deadline:
            if len(first) >= 8:  # mid-burst: kill a worker that holds firings now
                try:
                    holders = _lease_pids(store)
                except Exception:  # a schema without lease owners (before this change): the first one
                    holders = {w.proc.pid for w in workers if w.proc}
                victim = next((w for w in workers if w.proc and w.proc.pid in holders), None)
            time.sleep(0.01)
        assert victim is not None, "no worker held a firing to kill"
        _kill(victim)
        kill_wall = time.time()
        watcher.join(200)
        watching.set()
        # The dead worker's firings are taken over once its leases run out (15 s, the old one 120 s):
        # count what went out twice only after that.
        time.sleep(max(2.0, kill_wall + settle_s - time.time()))
        twice = sum(1 for chat in chats if len(api.sent_to(chat)) > 1)
        lates = sorted(at - due for at in first.values())
        return {"subscriptions": count, "lost": count - len(first), "twice": twice,
                "late_max_s": round(lates[-1], 1) if lates else None,
                "late_after_kill_max_s": round(max(0.0, max(first.values()) - kill_wall), 1) if first else None,
                "sent_after_kill": sum(1 for at in first.values() if at > kill_wall),
                "kill_s_after_due": round(kill_wall - due, 1)}
    finally:
        store.close()
        for w in workers:
            w.stop()
        api.stop()


def _lease_pids(store: Any) -> set[int]:
    """Return the pids of the workers holding subscription leases now (owner is host:pid:random)."""
    sql = "SELECT lease_owner FROM subscriptions WHERE lease_until IS NOT NULL AND lease_owner IS NOT NULL"
    rows = store._all(sql) if hasattr(store, "_all") else store._read(sql)
    return {int(str(r["lease_owner"]).split(":")[1]) for r in rows}


def pg_restart_under_load(tmp: Path, pg: Any, users: int = 40) -> dict[str, Any]:
    """Two workers behind nginx on PostgreSQL; `users` users ask while the server restarts
    (`pg_ctl restart -m fast`). Return error texts sent, lost, and answered twice."""
    api = BotAPIServer(TOKEN).start()
    workers = _workers(tmp, api, pg.create_database(f"restart{int(time.time() * 1000) % 10**8}"), 2)
    balancer = NginxServer(tmp / "nginx", [w.address for w in workers])
    try:
        for w in workers:
            w.start()
        balancer.start()
        url = f"{balancer.url}/tg-hook"
        restarter = threading.Timer(0.3, pg.restart)
        restarter.start()
        with httpx.Client() as client:
            for user in range(users):
                deliver(client, url, SECRET, api.inject_message(5000 + user, f"question {user}", language_code="en"),
                        time.monotonic() + 120)
                time.sleep(0.03)
        restarter.join(60)
        lost = sum(1 for user in range(users) if not api.wait_for_messages(5000 + user, 1, 60))
        time.sleep(1.0)
        texts = [m.text for user in range(users) for m in api.sent_to(5000 + user)]
        return {"users": users, "error_texts": sum(1 for t in texts if "echo<" not in t), "lost": lost,
                "twice": sum(1 for user in range(users) if len(api.sent_to(5000 + user)) > 1)}
    finally:
        balancer.stop()
        for w in workers:
            w.stop()
        api.stop()


def slow_clients(tmp: Path, connections: int = 1100, seconds: float = 30.0, nofile: int = 1024) -> dict[str, Any]:
    """One worker (SQLite, its open-file limit `nofile` as a unit without LimitNOFILE has), first sent
    a 100 MB body, then `connections` clients sending request heads a byte a second for `seconds`.
    Return the RSS growth from the body, the longest wait for an update to be acknowledged during
    the flood, and the worker's log lines."""
    api = BotAPIServer(TOKEN).start()
    (worker,) = _workers(tmp, api, f"sqlite:///{tmp}/slow.db", 1)
    worker.nofile = nofile
    try:
        worker.start()
        assert worker.proc is not None
        before = peak_rss_mb(worker.proc.pid)
        sock = send_chunked_body(worker.port, "/tg-hook", SECRET)
        try:
            sock.recv(100)
        except OSError:
            pass
        sock.close()
        time.sleep(0.5)
        grown = peak_rss_mb(worker.proc.pid) - before
        stop_at = time.monotonic() + seconds
        socks: list[socket.socket] = []
        opened = 0
        for _ in range(connections):
            if (s := open_slow_client(worker.port, "/tg-hook")) is not None:
                socks.append(s)
                opened += 1
        waits: list[float] = []

        def probe() -> None:
            with httpx.Client() as client:
                i = 0
                while time.monotonic() < stop_at:
                    t0 = time.monotonic()
                    update = api.inject_message(7000 + i, f"probe {i}", language_code="en")
                    try:
                        deliver(client, f"http://{worker.address}/tg-hook", SECRET, update, stop_at + 60)
                    except AssertionError:
                        pass
                    waits.append(time.monotonic() - t0)
                    i += 1
                    time.sleep(0.5)

        prober = threading.Thread(target=probe)
        prober.start()
        while time.monotonic() < stop_at:
            for s in list(socks):
                try:
                    s.send(b"X")
                except OSError:
                    s.close()
                    socks.remove(s)
                    # the client comes back, as a slow-loris client does
                    if (s := open_slow_client(worker.port, "/tg-hook")) is not None:
                        socks.append(s)
                        opened += 1
            time.sleep(1.0)
        for s in socks:
            s.close()
        prober.join(120)
        alive = worker.proc is not None and worker.proc.poll() is None
    finally:
        worker.stop()
        api.stop()
    lines = worker.log_path.read_text(errors="replace").splitlines()
    not_json = 0
    for line in lines:
        try:
            json.loads(line)
        except ValueError:
            not_json += 1
    return {"connections": connections, "opened": opened, "peak_rss_growth_100mb_body_mb": round(grown, 1),
            "longest_ack_wait_s": round(max(waits), 1) if waits else None, "probes": len(waits),
            "log_lines": len(lines), "log_lines_not_json": not_json, "alive": alive}
