"""Routing speed and LLM-call counts with `--dry-run` (no tool is called).

Prints questions per second on one core for the heuristics alone (a batch of 7,200, or the
count given as the first argument), and the LLM calls made:
0 for every question the heuristics resolve, exactly 1 for an undecided one.
"""
from __future__ import annotations

import asyncio
import json
import socket
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from questions import HEURISTIC  # noqa: E402

from core.config import Settings  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.decide.llm import LLMClient  # noqa: E402
from core.router import Router  # noqa: E402

UNDECIDED = ["(121.5,25.0) 海水現在幾度？", "花蓮外海好玩嗎", "hello there"]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def main(batch: int = 7200) -> None:
    # An LLM endpoint where nothing listens: a call, if made, is counted and fails fast.
    llm = LLMClient(f"http://127.0.0.1:{_closed_port()}", "none", timeout=2)
    router = Router(Settings(odbchat_backend="local"), llm=llm)
    qt = "2025-11-14T11:00:00+08:00"
    for q in HEURISTIC:  # warm caches (gazetteer, keyword patterns)
        await router.answer(Question(query=q, tz="Asia/Taipei", query_time=qt, dry_run=True))
    assert llm.calls == 0, f"heuristic questions made {llm.calls} LLM calls"
    start = time.process_time()
    for i in range(batch):  # the heuristic questions, cycled
        await router.answer(Question(query=HEURISTIC[i % len(HEURISTIC)], tz="Asia/Taipei", query_time=qt, dry_run=True))
    cpu = time.process_time() - start
    n = batch
    per_undecided = []
    for q in UNDECIDED:
        before = llm.calls
        await router.answer(Question(query=q, tz="Asia/Taipei", query_time=qt, dry_run=True))
        per_undecided.append(llm.calls - before)
    print(json.dumps({"questions": n, "cpu_seconds": round(cpu, 3), "questions_per_second": round(n / cpu),
                      "llm_calls_heuristic": llm.calls - sum(per_undecided),
                      "llm_calls_per_undecided": per_undecided}))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 7200))
