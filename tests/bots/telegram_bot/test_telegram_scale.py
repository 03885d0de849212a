"""Two webhook workers behind nginx, both on PostgreSQL: nothing lost, nothing answered twice
through a rolling restart, settings and the rate limit shared (contract, "Chat platforms");
nothing acknowledged lost when one worker is killed with SIGKILL mid-burst (contract,
"Nothing acknowledged is lost")."""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from botapi_server import BotAPIServer
from nginx_server import NginxServer
from telegram_harness import STUB, TOKEN, bot_env
from telegram_workers import Worker, deliver, kill_after

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses

SECRET = "scale-secret_42"
UPDATES = 300


@pytest.fixture()
def cluster(tmp_path: Path, pg_fresh_url: str):
    script = tmp_path / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    server = BotAPIServer(TOKEN).start()
    env = bot_env(tmp_path, server, ODBCHAT_DB=pg_fresh_url, TELEGRAM_WEBHOOK_SECRET=SECRET,
                  TELEGRAM_WEBHOOK_URL="http://127.0.0.1:1/tg-hook", TELEGRAM_RATE_LIMIT_PER_MINUTE="5")
    workers = [Worker(script, env, tmp_path / f"worker{i}.log") for i in range(2)]
    balancer = NginxServer(tmp_path / "nginx", [w.address for w in workers])
    try:
        for w in workers:
            w.start()
        balancer.start()
        yield server, workers, balancer
    finally:
        balancer.stop()
        for w in workers:
            w.stop()
        server.stop()


def test_rolling_restart_loses_nothing_and_answers_once(cluster) -> None:
    server, workers, balancer = cluster
    url = f"{balancer.url}/tg-hook"
    updates = [server.inject_message(70000 + i, f"question {i}", language_code="en") for i in range(UPDATES)]
    statuses: list[int] = []

    def roll() -> None:
        time.sleep(0.5)
        for w in workers:
            statuses.append(w.stop())
            w.start()

    roller = threading.Thread(target=roll)
    roller.start()
    deadline = time.monotonic() + 240
    with httpx.Client() as client:
        for i, update in enumerate(updates):
            deliver(client, url, SECRET, update, deadline)
            if i % 10 == 0:  # Telegram sometimes delivers an update twice
                deliver(client, url, SECRET, update, deadline)
            time.sleep(0.005)
    roller.join(120)
    assert statuses == [0, 0]  # SIGTERM drains and exits 0
    for i in range(UPDATES):
        assert server.wait_for_messages(70000 + i, 1, 60), f"update {i} lost"
    time.sleep(1.0)
    twice = [i for i in range(UPDATES) if len(server.sent_to(70000 + i)) != 1]
    assert not twice, f"answered more than once: {twice[:5]}"


def test_settings_and_rate_limit_shared(cluster) -> None:
    server, workers, _ = cluster
    a, b = (f"http://{w.address}/tg-hook" for w in workers)
    deadline = time.monotonic() + 60
    with httpx.Client() as client:
        deliver(client, a, SECRET, server.inject_message(71001, "/tz Asia/Tokyo", language_code="en"), deadline)
        server.wait_for_messages(71001, 1, 30)
        deliver(client, b, SECRET, server.inject_message(71001, "which zone", language_code="en"), deadline)
        reply = server.wait_for_messages(71001, 2, 30)[1]
        assert "tz=Asia/Tokyo" in reply.text  # saved through one worker, used by the other
        for i in range(8):  # limit 5 a minute, across both workers
            deliver(client, a if i % 2 else b, SECRET,
                    server.inject_message(71002, f"q{i}", language_code="en"), deadline)
    msgs = server.wait_for_messages(71002, 8, 60)
    refused = [m for m in msgs if "asking a little fast" in m.text]
    assert len(msgs) == 8 and len(refused) == 3


def test_sigkill_mid_burst_loses_nothing(cluster) -> None:
    server, workers, balancer = cluster
    url = f"{balancer.url}/tg-hook"
    # Every fourth question takes 2 s to answer, so the killed worker dies with some in hand.
    updates = [server.inject_message(90000 + i, f"{'slow ' if i % 4 == 0 else ''}question {i}", language_code="en")
               for i in range(UPDATES)]
    killer, killed_at = kill_after(1.0, workers[0])
    deadline = time.monotonic() + 240
    with httpx.Client() as client:
        for update in updates:
            deliver(client, url, SECRET, update, deadline)
            time.sleep(0.01)
    killer.join(30)
    assert killed_at, "the worker was not killed"
    lost = [i for i in range(UPDATES)
            if not server.wait_for_messages(90000 + i, 1, max(1.0, killed_at[0] + 60 - time.monotonic()))]
    assert lost == [], f"{len(lost)} of {UPDATES} acknowledged updates never answered: {lost[:5]}"
    print(f"all answered {time.monotonic() - killed_at[0]:.1f} s after the kill")  # the figure, not a limit
    time.sleep(1.0)
    twice = [i for i in range(UPDATES) if len(server.sent_to(90000 + i)) > 1]
    # Only an answer being sent at the instant of the kill may go out again (a handful at most).
    print(f"answered twice: {len(twice)}")
    assert len(twice) <= 3, f"answered more than once: {twice}"
    # An update id beyond 64 bits (the inbox keeps ids as text) is answered, once.
    huge = server.inject_message(99999, "question beyond", language_code="en")
    huge["update_id"] = 2**63 + 7
    with httpx.Client() as client:
        for _ in range(2):
            deliver(client, url, SECRET, huge, time.monotonic() + 30)
    assert server.wait_for_messages(99999, 1, 30)
    time.sleep(1.0)
    assert len(server.sent_to(99999)) == 1
