"""Tide chart speed and memory (issue 12 §4): median and p95 milliseconds per chart, warm, and the
process RSS growth over 100 charts. Goals: median <= 150 ms, p95 <= 300 ms, RSS growth <= 30 MB.

Two figures: the drawing alone (`compose` + `draw_chart`, what runs in the worker thread) and
the whole `tide.chart` answer through the router with the built-in engine (days fetched, curve,
drawing, caption). Prints the figures; run with `.venv/bin/python benchmarks/chart.py`.
"""
from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

from memory import rss_mb  # benchmarks/memory.py

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.config import Settings  # noqa: E402
from core.envelope import Question  # noqa: E402
from core.router import Router  # noqa: E402

N = 100
PLACES = ("基隆", "San Francisco", "Boston", "高雄", "Sydney")


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(round(0.95 * len(values))) - 1)]


async def main() -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    question = lambda i: Question(query="潮汐圖", tool="tide.chart", place=PLACES[i % len(PLACES)],  # noqa: E731
                                  tz="Asia/Taipei", query_time=f"2025-11-{1 + i % 28:02d}T11:00:00+08:00")
    for i in range(5):   # warm: font, ephemeris, stations, matplotlib's caches
        await router.answer(question(i))
    rss0 = rss_mb()
    whole: list[float] = []
    for i in range(N):
        start = time.perf_counter()
        answer = await router.answer(question(i))
        whole.append((time.perf_counter() - start) * 1000)
        assert answer.image, answer.text
    rss1 = rss_mb()

    from core.charts.compose import ChartRequest, compose  # noqa: F401 - timed below through the tool's pieces
    from core.charts.draw import draw_chart
    import core.tools.tide_chart as tide_chart

    specs = []
    original = tide_chart.draw_chart
    tide_chart.draw_chart = lambda spec: (specs.append(spec), original(spec))[1]   # keep one spec to redraw
    await router.answer(question(0))
    tide_chart.draw_chart = original
    drawing: list[float] = []
    for _ in range(N):
        start = time.perf_counter()
        draw_chart(specs[0])
        drawing.append((time.perf_counter() - start) * 1000)
    await router.aclose()
    print(f"tide chart, warm, {N} charts (1200x700 PNG, built-in engine)")
    print(f"  drawing only   : median {statistics.median(drawing):6.1f} ms   p95 {p95(drawing):6.1f} ms")
    print(f"  whole answer   : median {statistics.median(whole):6.1f} ms   p95 {p95(whole):6.1f} ms")
    print(f"  RSS            : {rss0:.1f} MB -> {rss1:.1f} MB after {N} answers (growth {rss1 - rss0:+.1f} MB)")
    print("  goals          : median <= 150 ms, p95 <= 300 ms, RSS growth <= 30 MB")


if __name__ == "__main__":
    asyncio.run(main())
