"""The one thread charts are drawn in, so the event loop never waits on matplotlib.

A single worker (not `asyncio.to_thread`'s pool of up to 32): drawing is CPU-bound and holds
the GIL most of the time, so more threads draw no faster, while each thread would keep its own
figure template and its own malloc arena (tens of MB of resident memory each).
"""
from __future__ import annotations

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

T = TypeVar("T")


@functools.cache
def _executor() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="chart")


async def off_loop(fn: Callable[[], T]) -> T:
    """Return `fn()` computed in the chart thread (awaited without blocking the event loop)."""
    return await asyncio.get_running_loop().run_in_executor(_executor(), fn)
