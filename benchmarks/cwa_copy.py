"""Figures for CWA's tide forecast: streaming parse of a full-size F-A0021-001 answer (266 points,
31 days, made by the tests' CWA emulator's generator with the points repeated along the coast),
the Python heap it peaks at, keeping it in a SQLite store, and a fresh process's cost of reading
the kept copy (index, one point) and answering one tide question from it.

Usage: .venv/bin/python benchmarks/cwa_copy.py
"""
from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
import tracemalloc
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "emulators")]

from bots.common.store import open_store  # noqa: E402
from core.config import Settings  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402
from core.tools.cwa_copy import COPY, copy_parts  # noqa: E402
from core.tools.cwa_parse import CappedBody, parse_stream  # noqa: E402
from cwa_server import KEY, POINTS, location  # noqa: E402

START = date(2026, 7, 20)
N_POINTS = 266


def full_body() -> bytes:
    """Return a full-size answer: 266 points, the eight made ones repeated with new ids and shifted."""
    items = []
    for i in range(N_POINTS):
        base = POINTS[i % len(POINTS)]
        point = (f"{base[0]}{i:03d}", base[1], base[2] + 0.02 * (i // 8), base[3], *base[4:])
        items.append(location(point, START, 31))
    doc = {"success": "true", "result": {"resource_id": "F-A0021-001", "fields": []},
           "records": {"dataid": "F-A0021-001", "TideForecasts": items}}
    return json.dumps(doc, ensure_ascii=False, indent=1).encode()


async def chunks(body: bytes, size: int = 65536):  # type: ignore[no-untyped-def]
    for i in range(0, len(body), size):
        yield body[i:i + size]


async def main() -> None:
    body = full_body()
    print(f"answer: {len(body) / 1e6:.1f} MB, {N_POINTS} points x 31 days")
    t = time.perf_counter()
    locations = await parse_stream(CappedBody(chunks(body)))
    print(f"stream parse: {(time.perf_counter() - t) * 1000:.0f} ms")
    tracemalloc.start()
    await parse_stream(CappedBody(chunks(body)))
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    print(f"Python heap peak while parsing: {peak:.1f} MB (the parsed points included; the body not counted)")
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(str(Path(tmp) / "odbchat.db"))
        t = time.perf_counter()
        parts = copy_parts(locations)
        await store.keep_copy(COPY, parts)
        await store.refresh_after(COPY, 6 * 3600)
        print(f"keep in SQLite: {(time.perf_counter() - t) * 1000:.0f} ms, "
              f"{sum(len(p) for p in parts.values()) / 1e6:.1f} MB in {len(parts)} parts")
        for label in ("first question (reads index and point)", "next question (in memory)"):
            router = Router(Settings(odbchat_backend="local", cwa_api_key=KEY), llm=None, kept=store) \
                if label.startswith("first") else router
            t = time.perf_counter()
            answer = await router.answer(Question(query="東港漁港今天潮汐", tz="Asia/Taipei",
                                                  query_time="2026-07-21T09:00:00+08:00"))
            print(f"{label}: {(time.perf_counter() - t) * 1000:.0f} ms, backend {answer.backend}")
        await router.aclose()
        store.close()


if __name__ == "__main__":
    asyncio.run(main())
