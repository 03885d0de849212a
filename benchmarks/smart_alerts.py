"""How long the smart alerts' look-ups take on the local engine (the scheduler runs one per firing).

    python benchmarks/smart_alerts.py

Prints the first run (days not yet computed) and the best of three (the router's memo of
`tide.forecast` days answering) for: the next threshold firing found on the third day, a threshold never
met (the whole 31-day search), the next spring-tide morning, and one spring-tide period's message.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import date, datetime
from zoneinfo import ZoneInfo

from core.config import Settings
from core.router import Router
from core.subscriptions.smart_times import Threshold, next_spring, next_threshold, spring_period

TZ = "Asia/Taipei"
LON, LAT = 121.741, 25.131


async def _timed(job: Callable[[], Awaitable[object]], runs: int = 3) -> tuple[float, float]:
    took = []
    for _ in range(runs):
        start = time.perf_counter()
        await job()
        took.append(time.perf_counter() - start)
    return took[0], min(took)


async def main() -> None:
    """Print the figures, one line each, in milliseconds."""
    router = Router(Settings(odbchat_backend="local"), llm=None)
    after = datetime(2026, 11, 28, 12, 0, tzinfo=ZoneInfo(TZ))
    try:
        await router.run_tool("tide.forecast", {"longitude": LON, "latitude": LAT, "date": "2026-11-28", "tz": TZ})
        figures = {
            "threshold, found on day 3": lambda: next_threshold(router, LON, LAT, Threshold("low", "below", -30, True),
                                                                "20:00", after, TZ),
            "threshold, never met (31 days)": lambda: next_threshold(router, LON, LAT,
                                                                     Threshold("low", "below", -500, True),
                                                                     "20:00", after, TZ),
            "next spring-tide morning": lambda: next_spring(router, LON, LAT, "06:00", after, TZ),
            "one spring-tide period": lambda: spring_period(router, LON, LAT, date(2026, 12, 8), TZ),
        }
        for name, job in figures.items():
            first, best = await _timed(job)
            print(f"{name:34s} first {1000 * first:7.1f} ms   best {1000 * best:7.1f} ms")
    finally:
        await router.aclose()


if __name__ == "__main__":
    asyncio.run(main())
