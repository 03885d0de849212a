"""Figures for the Telegram adapter: messages per second one `odbchat telegram` process handles.

Starts the Bot API emulator (tests/emulators/botapi_server.py) in this process and the real bot as a
subprocess with the local metocean backend (no LLM: OLLAMA_HOST points at a closed port, so
the heuristics answer alone). After a warm-up question it injects N tide questions from N
distinct users at once and times until every reply has arrived; then prints throughput,
per-message latency (injection -> reply received by the emulator) and the bot process's
resident memory (VmRSS / VmHWM from /proc/PID/status) after warm-up and after the run.

Usage: .venv/bin/python benchmarks/telegram_throughput.py [-n 200] [--runs 2] [--stub-router]
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

from botapi_server import BotAPIServer  # noqa: E402

TOKEN = "123456:BENCH-secretTokenValue"
QUESTIONS = ["基隆今天的潮汐", "高雄潮汐", "花蓮明天的滿潮時間", "tide at Keelung today", "淡水現在漲潮還是退潮？",
             "/tide 121.74,25.13", "/tide 澎湖", "tide in Hualien tomorrow"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _status(pid: int, key: str) -> float:
    """Return a /proc/PID/status memory line (e.g. VmRSS) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _pcts(values: list[float]) -> str:
    q = statistics.quantiles(values, n=20) if len(values) >= 2 else values * 19
    return f"p50 {statistics.median(values):7.1f} ms   p95 {q[18]:7.1f} ms   max {max(values):7.1f} ms"


def run(n: int, runs: int, stub: bool = False) -> int:
    """Run the benchmark; return the exit status (0 when every reply arrived)."""
    tmp = Path(tempfile.mkdtemp(prefix="odbchat-bench-"))
    server = BotAPIServer(TOKEN).start()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "ODBCHAT_"))}
    env.update({"PYTHONPATH": str(ROOT), "HOME": str(tmp), "ODBCHAT_BACKEND": "local",
                "OLLAMA_HOST": f"http://127.0.0.1:{_free_port()}", "ODBCHAT_DB": str(tmp / "odbchat.db"),
                "ODBCHAT_LOG_LEVEL": "WARNING", "TELEGRAM_BASE_URL": server.base_url, "TELEGRAM_BOT_TOKEN": TOKEN,
                "TELEGRAM_RATE_LIMIT_PER_MINUTE": "0", "NO_PROXY": "127.0.0.1,localhost"})
    log = open(tmp / "bot.log", "wb")
    t_start = time.monotonic()
    cmd = [sys.executable, "-m", "bots.telegram_bot"]
    if stub:
        # The adapter's own ceiling: the core replaced by an instant echo (tests' stub router).
        from telegram_harness import STUB
        (tmp / "stub.py").write_text(STUB, encoding="utf-8")
        cmd = [sys.executable, str(tmp / "stub.py")]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    status = 0
    try:
        while server.get_updates_calls == 0:
            if proc.poll() is not None or time.monotonic() - t_start > 60:
                print((tmp / "bot.log").read_text(errors="replace"))
                return 1
            time.sleep(0.02)
        print(f"bot polling after {time.monotonic() - t_start:.2f} s; RSS {_status(proc.pid, 'VmRSS'):.1f} MB")
        t0 = time.monotonic()
        server.inject_message(1, "基隆今天的潮汐")
        server.wait_for_messages(1, 1, 60)
        print(f"warm-up question answered in {1000 * (time.monotonic() - t0):.0f} ms; "
              f"RSS {_status(proc.pid, 'VmRSS'):.1f} MB")
        user = 100
        for r in range(runs):
            users = list(range(user, user + n))
            user += n
            before = len(server.sent)
            t0 = time.monotonic()
            for i, uid in enumerate(users):
                server.inject_message(uid, QUESTIONS[i % len(QUESTIONS)],
                                      language_code="en" if QUESTIONS[i % len(QUESTIONS)].isascii() else "zh-hant")
            got = server.wait_for_total(before + n, timeout=300)
            elapsed = time.monotonic() - t0
            first = {}
            for m in server.sent[before:]:
                first.setdefault(m.chat_id, m.sent_at)
            latencies = [1000 * (first[u] - server.injected_at[u]) for u in users if u in first]
            print(f"run {r + 1}: {got - before}/{n} replies in {elapsed:.2f} s -> {(got - before) / elapsed:.1f} msg/s; "
                  f"latency {_pcts(latencies)}")
            if got - before < n:
                status = 1
        print(f"bot RSS after the runs: VmRSS {_status(proc.pid, 'VmRSS'):.1f} MB, "
              f"peak VmHWM {_status(proc.pid, 'VmHWM'):.1f} MB")
        rejected = [r for r in server.rejected if r[0].lower() == "sendmessage"]
        print(f"sendMessage calls rejected by the emulator: {len(rejected)}")
        if rejected:
            status = 1
        leaked = TOKEN in (tmp / "bot.log").read_text(errors="replace")
        print(f"token in the bot's log: {'YES' if leaked else 'no'}")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        server.stop()
    return status


def main() -> int:
    """Parse the options and run; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="questions per run (one user each)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--stub-router", action="store_true",
                        help="replace the core by an instant echo to measure the adapter alone")
    args = parser.parse_args()
    return run(args.n, args.runs, args.stub_router)


if __name__ == "__main__":
    raise SystemExit(main())
