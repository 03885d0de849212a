"""The engine's early worker: `odbchat ask --backend local` forks it first thing, the answer is the
same as computed in-process, the asking process never loads numpy, and a killed worker is replaced
by computing in-process."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys

import pytest

from metocean import early_worker
from metocean.config import EngineConfig
from metocean.engine import LocalEngine
from paths import ROOT

pytestmark = pytest.mark.e2e   # forks processes

ARGS = {"longitude": 121.74, "latitude": 25.13, "date": "2026-11-25", "tz": "Asia/Taipei",
        "query_time": "2026-11-25T10:00:00+08:00"}
PROBE = """
import sys, atexit
atexit.register(lambda: print("numpy in asking process:", "numpy" in sys.modules, file=sys.stderr))
from bots.cli import main
sys.exit(main(["ask", "--backend", "local", "--tz", "Asia/Taipei", "--query-time", "2026-11-25T10:00:00+08:00",
               "--json", "基隆今天潮汐"]))
"""


def test_ask_local_answers_from_the_early_worker_without_numpy_in_the_asking_process() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr
    assert '"tool": "tide.forecast"' in done.stdout and "基隆" in done.stdout
    assert "numpy in asking process: False" in done.stderr


async def _forecast(engine: LocalEngine) -> dict:
    try:
        return await engine.call("tide.forecast", ARGS)
    finally:
        await engine.aclose()


def test_the_early_worker_gives_the_in_process_answer_and_a_killed_one_is_replaced() -> None:
    in_process = asyncio.run(_forecast(LocalEngine(EngineConfig())))
    assert early_worker.start()
    engine = LocalEngine(EngineConfig())
    assert early_worker.adopt() is None                      # the engine took it
    assert asyncio.run(_forecast(engine)) == in_process

    assert early_worker.start()
    engine = LocalEngine(EngineConfig())
    pool = engine._pool
    assert pool is not None
    pool.submit(int).result()
    for pid in list(pool._processes):                        # the worker dies (OOM killer, a signal)
        os.kill(pid, signal.SIGKILL)
    assert asyncio.run(_forecast(engine)) == in_process      # answered in-process instead


@pytest.mark.parametrize("question", ["what is GHRSST?", "現在幾點"])
def test_a_question_that_needs_no_forecast_leaves_no_worker_behind(question: str) -> None:
    # A worker left running would hold the output pipes open and this run would time out.
    done = subprocess.run([sys.executable, "-m", "bots.cli", "ask", "--backend", "local", question], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), OLLAMA_HOST="http://127.0.0.1:9"))
    assert done.returncode == 0 and done.stdout.strip(), done.stderr
