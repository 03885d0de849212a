"""Tide lookups for synchronous callers: the subscription handlers run in a worker thread next to
a synchronous store, while the router and its backend sessions live on the event loop."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from core.subscriptions.alert_times import ToolRunner

if TYPE_CHECKING:
    from core.config import Settings

T = TypeVar("T")
#: How long a synchronous caller waits for one lookup (an upstream day call or a few).
WAIT_S = 120.0


class BlockingTides:
    """Runs `job(runner)` to the end for a caller outside the event loop.

    With a runner and its loop (the adapter's router on the bot's loop), the job runs there,
    on the router's own backend sessions. Without them, each job gets a router of its own
    with the configured backend (`settings`, else the environment's), closed afterwards.
    """

    def __init__(self, runner: ToolRunner | None = None, loop: asyncio.AbstractEventLoop | None = None,
                 settings: "Settings | None" = None) -> None:
        self._runner, self._loop, self._settings = runner, loop, settings

    def run(self, job: Callable[[ToolRunner], Awaitable[T]]) -> T:
        """Return what `job` returns (its exceptions are raised here). Must not be called on the loop's thread."""
        if self._runner is not None and self._loop is not None and self._loop.is_running():
            if _running_loop() is self._loop:
                raise RuntimeError("BlockingTides.run called on the event loop; use a worker thread")
            return asyncio.run_coroutine_threadsafe(_awaited(job, self._runner), self._loop).result(WAIT_S)
        return asyncio.run(self._with_own_router(job))

    async def _with_own_router(self, job: Callable[[ToolRunner], Awaitable[T]]) -> T:
        from core.config import get_settings
        from core.router import Router

        router = Router(self._settings or get_settings(), llm=None)
        try:
            return await job(router)
        finally:
            await router.aclose()


async def _awaited(job: Callable[[ToolRunner], Awaitable[T]], runner: ToolRunner) -> T:
    return await job(runner)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
