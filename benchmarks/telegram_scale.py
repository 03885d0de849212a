"""Figures for issue 11: webhook workers on PostgreSQL behind nginx, through a rolling restart.

Starts a PostgreSQL server and nginx on loopback (tests/emulators/postgres_server.py, tests/emulators/nginx_server.py),
the Bot API emulator, and 1 or 2 `odbchat telegram --webhook` workers (scripted core router,
so the figure is the adapter's). Delivers N updates through nginx as Telegram does (again
until acknowledged; every tenth one twice), restarts each worker once in turn while they
arrive, and prints: lost, answered twice, and updates/s from the first delivery to the last
answer.

Usage: .venv/bin/python benchmarks/telegram_scale.py [-n 1000] [--workers 1 2]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

import httpx  # noqa: E402

from botapi_server import BotAPIServer  # noqa: E402
from nginx_server import NginxServer  # noqa: E402
from postgres_server import PostgresServer  # noqa: E402
from telegram_harness import STUB, TOKEN, bot_env  # noqa: E402
from telegram_workers import Worker, deliver  # noqa: E402

SECRET = "bench-secret_1"


def run(n: int, count: int, pg: "PostgresServer", base: Path) -> tuple[int, int, float]:
    """Return (lost, answered twice, updates/s) for `count` workers."""
    tmp = Path(tempfile.mkdtemp(prefix=f"odbchat-scale{count}-", dir=base))
    script = tmp / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    server = BotAPIServer(TOKEN).start()
    env = bot_env(tmp, server, ODBCHAT_DB=pg.create_database(f"bench{count}_{int(time.time())}"), TELEGRAM_WEBHOOK_SECRET=SECRET,
                  TELEGRAM_WEBHOOK_URL="http://127.0.0.1:1/tg-hook", TELEGRAM_RATE_LIMIT_PER_MINUTE="100000",
                  ODBCHAT_LOG_LEVEL="WARNING")
    workers = [Worker(script, env, tmp / f"worker{i}.log") for i in range(count)]
    balancer = NginxServer(tmp / "nginx", [w.address for w in workers])
    try:
        for w in workers:
            w.start()
        balancer.start()
        updates = [server.inject_message(800000 + i, f"q{i}", language_code="en") for i in range(n)]

        def roll() -> None:
            time.sleep(1.0)
            for w in workers:
                w.stop()
                w.start()

        roller = threading.Thread(target=roll)
        start = time.monotonic()
        roller.start()
        deadline = start + 600
        with httpx.Client() as client:
            for i, update in enumerate(updates):
                deliver(client, f"{balancer.url}/tg-hook", SECRET, update, deadline)
                if i % 10 == 0:
                    deliver(client, f"{balancer.url}/tg-hook", SECRET, update, deadline)
        roller.join()
        server.wait_for_total(n, timeout=120)
        time.sleep(1.0)
        end = max((m.sent_at for m in server.sent), default=time.monotonic())
        counts = [len(server.sent_to(800000 + i)) for i in range(n)]
    finally:
        balancer.stop()
        for w in workers:
            w.stop()
        server.stop()
    return sum(1 for c in counts if c == 0), sum(1 for c in counts if c > 1), n / (end - start)


def main() -> int:
    """Run the benchmark for each worker count; return 0 when nothing was lost or doubled."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="odbchat-scale-"))
    pg = PostgresServer().start()
    bad = 0
    try:
        print(f"{args.n} updates through nginx, each worker restarted once while they arrive (every 10th sent twice)")
        for count in args.workers:
            lost, twice, rate = run(args.n, count, pg, base)
            bad += lost + twice
            print(f"workers {count}: lost {lost}   answered twice {twice}   {rate:6.1f} updates/s")
    finally:
        pg.stop()
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
