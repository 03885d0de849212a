"""The core under upstream faults: time to answer during a hang, and the breaker after a bad question.

Through `Router.answer` with the `auto` backend (local engine in-process, the real MCP client):

1. `hang`: ten tide questions at once against an upstream that never answers, in three
   kinds: a TCP server that accepts and never answers (`silent_tcp`), the MCP double in its
   `hang` mode from the start (`hung_mcp`), and the double going silent while the client
   holds an open session (`hung_session`). Prints the seconds to each answer (median, max),
   which backend answered, and the bound (connect timeout + 1.5 s).
2. `after_invalid`: a healthy upstream refuses one question (a day outside its range:
   INVALID_ARGUMENT) and answers a NOT_FOUND; then says whether the next question still went
   upstream (it must: only outages open the breaker), and the breaker's state.
3. `outage`: after one question against an upstream answering 503, ten more: how many
   reached the upstream while the breaker was open (0) and their median/max seconds.

    .venv/bin/python benchmarks/upstream_faults.py [--connect-timeout SECONDS]   # default 5 (the setting)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import sys
import time
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "emulators"))

from core.config import Settings  # noqa: E402
from core.envelope import Answer, Question  # noqa: E402
from core.router import Router  # noqa: E402
from core.tools.backends import AutoBackend  # noqa: E402
from upstream_server import running_upstream, silent_tcp_server  # noqa: E402

QT = "2025-11-12T10:00:00+08:00"
TIDE = "基隆潮汐"


def make_router(url: str, connect_timeout: float) -> tuple[Router, AutoBackend]:
    settings = Settings(odbchat_backend="auto", metocean_mcp_url=url, metocean_connect_timeout=connect_timeout,
                        metocean_call_timeout=20.0)
    auto = AutoBackend(settings)
    return Router(settings, llm=None, backends={"auto": auto}), auto


async def ask(router: Router, query: str = TIDE, backend: str | None = None) -> tuple[Answer, float]:
    started = time.perf_counter()
    answer = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT, backend=backend))
    return answer, time.perf_counter() - started


def figures(results: list[tuple[Answer, float]]) -> dict[str, Any]:
    times = [s for _, s in results]
    return {"median_s": round(statistics.median(times), 2), "max_s": round(max(times), 2),
            "answered_by": sorted({a.backend or "none" for a, _ in results}),
            "errors": sum(1 for a, _ in results if a.error)}


async def hang_case(kind: str, server: AbstractContextManager[Any], connect_timeout: float) -> dict[str, Any]:
    with server as url:
        router, auto = make_router(url, connect_timeout)
        await ask(router, backend="local")           # warm the engine: not part of any wait
        if kind == "hung_session":
            first, _ = await ask(router)
            assert first.backend == "upstream", first.text
            url.state.behaviour.hang = True
        results = await asyncio.gather(*(ask(router) for _ in range(10)))
        state = auto.breaker.state
        await router.aclose()
    return {"case": "hang", "kind": kind, **figures(results), "bound_s": connect_timeout + 1.5,
            "breaker": state}


async def after_invalid_case(connect_timeout: float) -> dict[str, Any]:
    with running_upstream(tide_range=("2025-01-01", "2026-12-31")) as url:
        router, auto = make_router(url, connect_timeout)
        refused, _ = await ask(router, "基隆 2030-01-01 潮汐")
        missing, _ = await ask(router, "(121.5, 23.0) 2001-01-01 海溫")
        calls = len(url.state.tool_calls)
        nxt, seconds = await ask(router)
        went_upstream = len(url.state.tool_calls) > calls and nxt.backend == "upstream"
        state = auto.breaker.state
        await router.aclose()
    return {"case": "after_invalid", "refused": (refused.error or "")[:40], "missing": (missing.error or "")[:40],
            "next_went_upstream": went_upstream, "next_backend": nxt.backend, "next_s": round(seconds, 2),
            "breaker": state}


async def outage_case(connect_timeout: float) -> dict[str, Any]:
    with running_upstream(http_status=503) as url:
        router, auto = make_router(url, connect_timeout)
        await ask(router, backend="local")
        first, first_s = await ask(router)
        seen = len(url.state.requests)
        results = await asyncio.gather(*(ask(router) for _ in range(10)))
        knocked = len(url.state.requests) - seen
        state = auto.breaker.state
        await router.aclose()
    return {"case": "outage", "first_backend": first.backend, "first_s": round(first_s, 2),
            "requests_while_open": knocked, **figures(results), "breaker": state}


async def main(connect_timeout: float) -> None:
    rows = [
        await hang_case("silent_tcp", silent_tcp_server(), connect_timeout),
        await hang_case("hung_mcp", running_upstream(hang=True), connect_timeout),
        await hang_case("hung_session", running_upstream(), connect_timeout),
        await after_invalid_case(connect_timeout),
        await outage_case(connect_timeout),
    ]
    for row in rows:
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)   # the breaker's and router's warnings are expected here
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connect-timeout", type=float, default=Settings().metocean_connect_timeout)
    asyncio.run(main(parser.parse_args().connect_timeout))
