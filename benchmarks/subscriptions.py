"""Subscription firing: delay and exactly-once with two schedulers on one database.

N subscriptions (half daily tide messages through the router with the built-in engine, half
alerts before high/low water) are made due at random moments within SPREAD seconds; two
schedulers, each with its own store object on the same database (SQLite file; PostgreSQL on
loopback when its server binaries are installed), fire them through ports whose `show` takes
20 ms like a chat API call (the in-memory platform's ports, `tests/chat_port.py`). Prints the firing delay (delivery time minus due time) median and
maximum, and how many were delivered twice or lost.

    .venv/bin/python benchmarks/subscriptions.py [--count 50] [--spread 20] [--interval 5] [--no-postgres]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "emulators"))
sys.path.insert(0, str(ROOT / "tests"))

from bots.common.subscriptions.scheduler import Scheduler, SchedulerConfig  # noqa: E402
from bots.common.store import open_store  # noqa: E402
from bots.common.subscriptions.records import NewSubscription  # noqa: E402
from chat_port import SubscriberPorts  # noqa: E402
from core.config import Settings  # noqa: E402
from core.router import Router  # noqa: E402

#: Places with a tide station of the built-in engine within its radius (name, lon, lat, zone).
PLACES = [("基隆", 121.741, 25.131, "Asia/Taipei"), ("高雄", 120.299, 22.622, "Asia/Taipei"),
          ("Keelung", 121.741, 25.131, "Asia/Taipei"), ("Boston", -71.0598, 42.3584, "America/New_York")]


def _rows(count: int, spread: float, now: datetime) -> list[NewSubscription]:
    rng = random.Random(13)
    rows = []
    for i in range(count):
        name, lon, lat, tz = PLACES[i % len(PLACES)]
        common: dict[str, Any] = {"platform": "telegram", "user_id": f"u{i}", "chat_id": f"u{i}", "place_name": name,
                                  "lon": lon, "lat": lat, "tz": tz, "lang": "zh" if i % 3 else "en",
                                  "next_fire_at": now + timedelta(seconds=2.0 + rng.uniform(0, spread))}
        if i % 2:
            rows.append(NewSubscription(kind="alert", extreme="high" if i % 4 == 1 else "low",
                                        lead_minutes=rng.choice([15, 30, 60]), **common))
        else:
            rows.append(NewSubscription(kind="daily", hhmm="06:00", **common))
    return rows


async def run(url: str, count: int, spread: float, interval: float) -> dict[str, float]:
    """Fire `count` subscriptions due within `spread` s with two schedulers on `url`; return the figures."""
    stores = [open_store(url), open_store(url)]
    subs = [await stores[0].add_subscription(r) for r in _rows(count, spread, await stores[0].clock())]
    due = {s.id: s.next_fire_at.timestamp() for s in subs}
    ports = SubscriberPorts(delay=0.02)  # a chat API call

    router = Router(Settings(odbchat_backend="local"), llm=None)
    config = SchedulerConfig(interval_s=interval, status_every_s=3600)
    workers = [Scheduler(store, router, ports, config) for store in stores]
    for w in workers:
        w.start()
    await asyncio.sleep(2.0 + spread + 2 * interval + 2.0)
    for w in workers:
        await w.stop()
    for store in stores:
        await store.aclose()
        store.close()
    got = [(f.sub.id, f.at) for f in ports.got]
    await router.aclose()
    counts = Counter(i for i, _ in got)
    first: dict[int, float] = {}
    for i, at in got:
        first.setdefault(i, at)
    delays = [first[i] - due[i] for i in first]
    return {"delivered": len(got), "twice": sum(1 for c in counts.values() if c > 1),
            "lost": sum(1 for i in due if i not in counts), "median_s": statistics.median(delays) if delays else -1,
            "max_s": max(delays) if delays else -1,
            "per_worker": "/".join(str(w.counts["sent"] + w.counts["late"]) for w in workers)}  # type: ignore[dict-item]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--spread", type=float, default=20.0, help="seconds over which they fall due")
    parser.add_argument("--interval", type=float, default=5.0, help="scheduler poll interval (s)")
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    targets: list[tuple[str, Any]] = []
    tmp = tempfile.TemporaryDirectory()
    targets.append(("sqlite", f"sqlite:///{tmp.name}/bench.db"))
    pg = None
    if not args.no_postgres:
        try:
            from postgres_server import PostgresServer

            pg = PostgresServer().start()
            targets.append(("postgres", pg.create_database("bench_subs")))
        except Exception as exc:  # noqa: BLE001 - report and go on with SQLite
            print(f"postgres: not run ({exc})")
    try:
        print(f"{args.count} subscriptions due within {args.spread:g} s, 2 schedulers, poll every {args.interval:g} s")
        for name, url in targets:
            r = asyncio.run(run(url, args.count, args.spread, args.interval))
            print(f"{name:9s} delay median {r['median_s']:.2f} s  max {r['max_s']:.2f} s  "
                  f"delivered {r['delivered']}  twice {r['twice']}  lost {r['lost']}  per worker {r['per_worker']}")
    finally:
        if pg is not None:
            pg.stop()
        tmp.cleanup()


if __name__ == "__main__":
    main()
