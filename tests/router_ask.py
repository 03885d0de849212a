"""One question through the real Router (local engine, no LLM), for the understanding tests: the
answer, with its debug record (the plan's reason), then the Router closed."""
from __future__ import annotations

import math

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router


async def ask_router(query: str, query_time: str, tz: str = "Asia/Taipei", *, dry_run: bool = True) -> Answer:
    """Return the Router's answer to `query` asked at `query_time` by an asker in `tz` (with `dry_run`,
    data tools are planned, not called)."""
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return await router.answer(Question(query=query, tz=tz, query_time=query_time, debug=True, dry_run=dry_run))
    finally:
        await router.aclose()


def km_between(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Return the great-circle distance in km between two points (degrees)."""
    la1, lo1, la2, lo2 = map(math.radians, (lat1, lon1, lat2, lon2))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 12742.0 * math.asin(math.sqrt(h))


def planned_point(args: dict) -> tuple[float, float]:
    """Return (lat, lon) of a planned tool call's arguments: its point, or its box's centre."""
    if "bbox" in args:
        b = args["bbox"]
        return (b[1] + b[3]) / 2, (b[0] + b[2]) / 2
    return float(args["latitude"]), float(args["longitude"])
