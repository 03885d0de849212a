"""Figures for "Nothing acknowledged is lost" (issue 19), with the real parts on loopback:
PostgreSQL, nginx, the Bot API emulator, webhook workers as processes killed with SIGKILL
(the scenarios are tests/emulators/crash_scenarios.py; tests/bots/telegram_bot/test_crash_safety.py and
tests/bots/telegram_bot/test_telegram_scale.py assert on them).

- burst: `kill -9` of one of two workers 1 s into a burst of 300 updates: lost, answered
  twice, seconds from the kill until every update was answered;
- restart: PostgreSQL restarted (`pg_ctl restart -m fast`) while 40 users ask through two
  workers: error texts sent to users, lost, answered twice;
- subscriptions: 50 daily subscriptions due at once on two workers, the one holding firings
  killed mid-burst: sent twice, lost, seconds late (after due, after the kill);
- slow: one worker with a 1024 open-file limit, a 100 MB body, then 1,100 clients sending
  request heads a byte a second for 30 s: RSS growth, longest wait for an update to be
  acknowledged, log lines (and lines that are not JSON).

Usage: .venv/bin/python benchmarks/crash_safety.py [burst restart subscriptions slow]
(For the figures of another checkout, copy this file and tests/emulators/crash_scenarios.py into it.)
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

import crash_scenarios as cs  # noqa: E402
from postgres_server import PostgresServer  # noqa: E402


def main(argv: list[str]) -> int:
    """Run the chosen scenarios (all by default) and print one line of figures each; return 0."""
    chosen = argv or ["burst", "restart", "subscriptions", "slow"]
    base = Path(tempfile.mkdtemp(prefix="odbchat-crash-"))
    pg = PostgresServer().start() if set(chosen) & {"burst", "restart", "subscriptions"} else None
    try:
        for name in chosen:
            tmp = base / name
            tmp.mkdir()
            t0 = time.monotonic()
            if name == "burst":
                assert pg is not None
                figures = cs.burst_after_kill(tmp, pg.create_database("bench_burst"))
            elif name == "restart":
                figures = cs.pg_restart_under_load(tmp, pg)
            elif name == "subscriptions":
                assert pg is not None
                figures = cs.subscriptions_after_kill(tmp, pg.create_database("bench_subs"), poll_s=5.0,
                                                      send_s=0.3, settle_s=140.0)
            elif name == "slow":
                figures = cs.slow_clients(tmp)
            else:
                print(f"unknown scenario {name}")
                continue
            print(f"{name:13s} " + "  ".join(f"{k} {v}" for k, v in figures.items())
                  + f"  ({time.monotonic() - t0:.0f} s)", flush=True)
    finally:
        if pg is not None:
            pg.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
