"""Time from question to answer when the LLM hangs, and when it is healthy.

Ten questions that reach the LLM (undecided plans, explanations, a code request) are asked
through `Router.answer` (tools on the loopback metocean upstream double), against a loopback server speaking
Ollama's API that either never answers (`hang`) or answers at once (`healthy`). Each is
asked one after another (per-question figures) and all ten at once (no queueing behind a
hung model). Prints median and max seconds per case and the budget they must stay within.

    .venv/bin/python benchmarks/llm_budget.py [--budget SECONDS]   # default: the setting (8 s)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

from core.config import Settings  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402
from ollama_server import OllamaServer  # noqa: E402
from upstream_server import running_upstream  # noqa: E402

QT = "2025-11-14T11:00:00+08:00"
QUESTIONS = [
    "(121.5,25.0) 海水現在幾度？", "花蓮外海好玩嗎", "MUR 資料的解析度",
    "(121.5,25.0) 寫一個 Python 程式畫潮汐",
    "GHRSST 是什麼資料？", "what is the kuroshio current?", "為什麼會有大潮", "tell me about king tides",
    "how accurate are your forecasts?", "黑潮對台灣的影響",
]


def healthy_reply(body: dict[str, Any]) -> Any:
    """A prompt model: a plan for plan calls, a short grounded sentence otherwise."""
    return {"mode": "explain"} if body.get("format") else "A short grounded answer [1]."


async def one(router: Router, query: str) -> tuple[float, int]:
    started = time.perf_counter()
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT, debug=True))
    assert answer.text and not answer.error, answer.text
    return time.perf_counter() - started, int((answer.debug or {}).get("llm_calls", 0))


async def run_case(server: OllamaServer, upstream: str, budget: float) -> dict[str, Any]:
    router = Router(Settings(metocean_mcp_url=upstream, odbchat_backend="upstream", ollama_host=server.url,
                             odbchat_llm_timeout=budget))
    # The first question warms the engine's and the parsers' caches; with a hung LLM it also
    # spends the whole budget once, after which the LLM rests and the rest do not wait for it.
    first_s, _ = await one(router, QUESTIONS[0])
    server.reset()
    sequential = [await one(router, q) for q in QUESTIONS]
    started = time.perf_counter()
    together = await asyncio.gather(*(one(router, q) for q in QUESTIONS))
    wall = time.perf_counter() - started
    await router.aclose()
    seconds = [s for s, _ in sequential]
    at_once = [s for s, _ in together]
    return {"first_s": round(first_s, 3), "median_s": round(statistics.median(seconds), 3), "max_s": round(max(seconds), 3),
            "llm_requests": server.calls,
            "llm_calls_counted": sum(c for _, c in sequential) + sum(c for _, c in together),
            "all_at_once_median_s": round(statistics.median(at_once), 3), "all_at_once_max_s": round(max(at_once), 3),
            "all_at_once_wall_s": round(wall, 3)}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=Settings().odbchat_llm_timeout)
    budget = parser.parse_args().budget
    figures: dict[str, Any] = {"budget_s": budget, "questions": len(QUESTIONS)}
    with running_upstream(latest="2025-11-10") as upstream:
        with OllamaServer(mode="hang") as server:
            figures["hanging_llm"] = await run_case(server, str(upstream), budget)
        with OllamaServer(reply=healthy_reply) as server:
            figures["healthy_llm"] = await run_case(server, str(upstream), budget)
    print(json.dumps(figures, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
