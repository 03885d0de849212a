"""A tide question answered end to end through the local backend: latency and memory.

Prints p50/p95 in ms over warm runs (router + slot filling + local engine + rendering)
and the resident memory of this process, which is what a chat process holds.
"""
from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.config import Settings  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def main(n: int = 300) -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    base = datetime(2025, 11, 14, 3, 0, tzinfo=timezone.utc)
    places = ["(121.75,25.15)", "基隆", "高雄", "(120.28,22.61)", "淡水", "澎湖", "花蓮", "(121.5,25.0)"]
    for _ in range(3):
        await router.answer(Question(query="(121.75,25.15) 現在是漲潮還是退潮？", tz="Asia/Taipei"))
    times = []
    for i in range(n):
        qt = (base + timedelta(hours=7 * i)).astimezone(timezone(timedelta(hours=8))).isoformat()
        q = f"{places[i % len(places)]} 現在是漲潮還是退潮？"
        t0 = time.perf_counter()
        answer = await router.answer(Question(query=q, tz="Asia/Taipei", query_time=qt))
        times.append((time.perf_counter() - t0) * 1000)
        assert answer.tool == "tide.forecast" and not answer.error, answer
    times.sort()
    print(json.dumps({"questions": n, "p50_ms": round(statistics.median(times), 2),
                      "p95_ms": round(times[int(0.95 * n) - 1], 2), "rss_mb": round(rss_mb(), 1)}))
    await router.aclose()


if __name__ == "__main__":
    asyncio.run(main())
