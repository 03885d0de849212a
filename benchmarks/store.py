"""Figures for the shared store: per-check cost of the rate limit (`allow`) and the
once-only update claim (`claim_update`), and a `claim_due` round, on SQLite (one file,
WAL, synchronous=FULL) and on a real PostgreSQL 15 on loopback (started here, fsync off
as in the tests; a production server with fsync on adds its commit flush to each write).

Prints p50/p95 per call awaited one at a time, and calls/s with 8 concurrent tasks over two
store objects (two "workers") on one event loop, as a bot makes them.

Usage: .venv/bin/python benchmarks/store.py [-n 2000]
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

from bots.common.store import open_store  # noqa: E402
from bots.common.subscriptions.records import NewSubscription  # noqa: E402


def _pcts(us: list[float]) -> str:
    q = statistics.quantiles(us, n=20)
    return f"p50 {statistics.median(us):8.1f} µs   p95 {q[18]:8.1f} µs"


async def _serial(fn: Callable[[int], Awaitable[Any]], n: int) -> list[float]:
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        await fn(i)
        out.append((time.perf_counter() - t0) * 1e6)
    return out


async def _claim_rounds(store: Any) -> list[float]:
    """Return the µs of four `claim_due(50)` rounds over 200 due subscriptions (the async side)."""
    now = await store.clock()
    for i in range(200):
        await store.add_subscription(NewSubscription(
            platform="bench", user_id=str(i), chat_id=str(i), kind="daily", lon=121.7, lat=25.1, hhmm="06:00",
            tz="Asia/Taipei", lang="zh", next_fire_at=now - timedelta(seconds=1)))
    out = []
    for _ in range(4):
        t0 = time.perf_counter()
        await store.claim_due(limit=50, lease_s=600)
        out.append((time.perf_counter() - t0) * 1e6)
    return out


async def _parallel(stores: list[Any], call: Callable[[Any, int], Awaitable[Any]], n: int, tasks: int = 8) -> float:
    per = n // tasks

    async def work(t: int) -> None:
        store = stores[t % len(stores)]
        for i in range(per):
            await call(store, t * per + i)

    t0 = time.perf_counter()
    await asyncio.gather(*(work(t) for t in range(tasks)))
    return per * tasks / (time.perf_counter() - t0)


async def _figures(a: Any, b: Any, n: int) -> None:
    allow = await _serial(lambda i: a.allow(f"user:{i % 50}", 1_000_000, 60.0), n)
    print(f"  allow          {_pcts(allow)}   8 tasks: "
          f"{await _parallel([a, b], lambda s, i: s.allow(f'p:{i % 50}', 1_000_000, 60.0), n):8.0f} calls/s")
    full = await _serial(lambda i: a.allow("full", 20, 60.0), n)  # most calls refused, window of 20 hits
    print(f"  allow (full)   {_pcts(full)}")
    claim = await _serial(lambda i: a.claim_update("telegram", i), n)
    print(f"  claim_update   {_pcts(claim)}   8 tasks: "
          f"{await _parallel([a, b], lambda s, i: s.claim_update('bench', i), n):8.0f} calls/s")
    rounds = await _claim_rounds(a)
    print(f"  claim_due(50)  first round {rounds[0]:8.0f} µs for 50 rows")
    await a.aclose()
    await b.aclose()


def _bench(label: str, url: str, n: int) -> None:
    a, b = open_store(url), open_store(url)
    print(f"== {label}")
    asyncio.run(_figures(a, b, n))
    a.close()
    b.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=2000, help="calls per figure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        _bench("SQLite (file, WAL, synchronous=FULL)", f"sqlite:///{tmp}/bench.db", args.n)
    from postgres_server import PostgresServer

    server = PostgresServer().start()
    try:
        _bench("PostgreSQL 15 on loopback (pool, autocommit)", server.create_database("bench"), args.n)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
