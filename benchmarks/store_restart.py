"""Figures for a PostgreSQL restart under load: how many calls failed, and how long callers
waited, across a fast restart (`pg_ctl restart -m fast`, ~0.2 s) and a 3 s outage.

8 tasks (a bot's requests) on one store and one event loop each run a message's store work
(settings read, rate-limit hit, context read and write, on the store's async pool) in a loop
against a real PostgreSQL on loopback started here. Prints, per restart: errors raised to callers
(by type), the longest single call, and the time from the server accepting connections again to
every task's next success.

Usage: .venv/bin/python benchmarks/store_restart.py
(For the figures of another checkout, copy this file out and run it with that checkout and
its tests/emulators/ on PYTHONPATH.)
"""
from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

from postgres_server import PostgresServer  # noqa: E402

from bots.common.store import open_store  # noqa: E402

TASKS = 8


class Load:
    """The tasks, their errors and their call times."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.stop = threading.Event()
        self.errors: Counter[str] = Counter()
        self.longest = 0.0
        self.last_ok = [0.0] * TASKS
        self.lock = threading.Lock()

    def run(self) -> None:
        """The bot's event loop (in its own thread) with its tasks, until stopped."""
        async def tasks() -> None:
            await asyncio.gather(*(self.task(n) for n in range(TASKS)))
            await self.store.aclose()

        asyncio.run(tasks())

    async def task(self, n: int) -> None:
        """One task's loop until stopped."""
        i = 0
        while not self.stop.is_set():
            i += 1
            t0 = time.monotonic()
            try:
                await self.store.get("telegram", f"u{n}")
                await self.store.allow(f"rate:{n}", 1_000_000, 60)
                await self.store.get_context("telegram", f"c:{n}")
                await self.store.set_context("telegram", f"c:{n}", {"i": i})
                self.last_ok[n] = time.monotonic()
            except Exception as exc:  # counted: this is what a user would have been told about
                with self.lock:
                    self.errors[type(exc).__name__] += 1
            with self.lock:
                self.longest = max(self.longest, time.monotonic() - t0)
            await asyncio.sleep(0.01)


def _restart(server: PostgresServer, load: Load, down_s: float) -> str:
    errors_before = sum(load.errors.values())
    load.longest = 0.0
    server.restart(down_s=down_s)
    back = time.monotonic()
    deadline = back + 60
    while time.monotonic() < deadline and min(load.last_ok) < back:
        time.sleep(0.01)
    resumed = min(load.last_ok) - back if min(load.last_ok) >= back else float("nan")
    time.sleep(1.0)
    errors = sum(load.errors.values()) - errors_before
    return (f"down {down_s:3.1f} s: {errors:4d} errors to callers, longest call {load.longest:5.2f} s, "
            f"all tasks served again {resumed:5.2f} s after the server was back")


def main() -> None:
    """Run the load through two restarts and print the figures."""
    server = PostgresServer().start()
    try:
        store = open_store(server.create_database("bench") + "?pool_max=4&pool_timeout=30")
        load = Load(store)
        threads = [threading.Thread(target=load.run, daemon=True)]
        for t in threads:
            t.start()
        time.sleep(1.0)
        print(_restart(server, load, 0.0))
        print(_restart(server, load, 3.0))
        load.stop.set()
        for t in threads:
            t.join(60)
        print(f"errors by type: {dict(load.errors) or 'none'}")
        store.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
