"""Figure for issue 11: a burst of users under Telegram's flood limit.

The Bot API emulator refuses more than 30 sends a second with `429 retry after 1`, as
Telegram does; the real bot process (scripted core router, so the figure is the adapter's)
gets N questions from N users at once. Prints how many were answered with their computed
answer (not an error text), the time to the last reply, and its ratio to the flood floor
(N / 30 s: no bot can do better).

Usage: .venv/bin/python benchmarks/telegram_burst.py [-n 300]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

from botapi_server import BotAPIServer  # noqa: E402
from telegram_harness import STUB, TOKEN, bot_env, bot_process  # noqa: E402

FLOOD = 30


def run(n: int) -> int:
    """Run the burst; return 0 when every user got the computed answer."""
    tmp = Path(tempfile.mkdtemp(prefix="odbchat-burst-"))
    script = tmp / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    server = BotAPIServer(TOKEN, flood_per_second=FLOOD).start()
    env = bot_env(tmp, server, TELEGRAM_RATE_LIMIT_PER_MINUTE="1000", ODBCHAT_LOG_LEVEL="WARNING")
    try:
        with bot_process([sys.executable, str(script)], env, tmp / "bot.log", server):
            users = range(900000, 900000 + n)
            start = time.monotonic()
            for uid in users:
                server.inject_message(uid, f"burst question {uid}", language_code="en")
            server.wait_for_total(n, timeout=max(120.0, n / 5))
            last = max((m.sent_at for m in server.sent), default=start)
            answered = sum(1 for uid in users
                           if any(m.text.startswith("echo<burst question") for m in server.sent_to(uid)))
            errors = sum(1 for m in server.sent if not m.text.startswith("echo<"))
    finally:
        server.stop()
    floor = n / FLOOD
    took = last - start
    print(f"burst of {n} users, flood limit {FLOOD} msg/s (429 retry after 1 above it)")
    print(f"answered with the computed answer: {answered}/{n}   error texts: {errors}   "
          f"429s returned by the emulator: {server.flood_refusals}")
    print(f"time to the last reply: {took:.1f} s   flood floor: {floor:.1f} s   ratio: {took / floor:.2f}")
    return 0 if answered == n else 1


def main() -> int:
    """Parse options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300)
    return run(parser.parse_args().n)


if __name__ == "__main__":
    sys.exit(main())
