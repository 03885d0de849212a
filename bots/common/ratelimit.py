"""Per-key sliding-window rate limiting (one key per chat user).

A user may ask `limit` questions in any `window` seconds. Two limiters with one surface
(`allow(key)`, `retry_after(key)`, coroutines so the conversation awaits them on its loop;
`limit`, `window`):

- `SlidingWindowLimiter` keeps, per key, the monotonic times of the accepted events inside
  the window only, in this process's memory: right for the embedded SQLite bot, which is
  one process.
- `SharedLimiter` keeps the window in the shared store (`store.allow`), so N workers on
  PostgreSQL enforce one limit together, timed by the database's clock.

`limiter_for(store, limit, window)` picks the one that fits the store.
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bots.common.store.protocols import RateWindows, Store


class SlidingWindowLimiter:
    """Allows at most `limit` events per key in any window of `window` seconds."""

    def __init__(self, limit: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        if window <= 0:
            raise ValueError("window must be positive")
        self.limit = int(limit)
        self.window = float(window)
        self._clock = clock
        self._events: dict[Hashable, deque[float]] = {}
        self._last_sweep = clock()

    def _trim(self, q: deque[float], now: float) -> None:
        edge = now - self.window
        while q and q[0] <= edge:
            q.popleft()

    def _sweep(self, now: float) -> None:
        # Drop keys idle for a whole window so a long-running bot does not grow forever.
        if now - self._last_sweep < self.window:
            return
        self._last_sweep = now
        for key in [k for k, q in self._events.items() if not q or q[-1] <= now - self.window]:
            del self._events[key]

    async def allow(self, key: Hashable) -> bool:
        """Record one event for `key`; return True when it is within the limit, False otherwise.

        A refused event is not recorded, so a user who keeps trying is let in again as soon
        as the oldest accepted event leaves the window.
        """
        if self.limit <= 0:
            return True  # 0 or negative = limiting disabled
        now = self._clock()
        # No lock: every caller is a task on one event loop, and this body does not await.
        self._sweep(now)
        q = self._events.setdefault(key, deque())
        self._trim(q, now)
        if len(q) >= self.limit:
            return False
        q.append(now)
        return True

    async def retry_after(self, key: Hashable) -> float:
        """Return the seconds until `key` may send again (0.0 when it may now)."""
        if self.limit <= 0:
            return 0.0
        now = self._clock()
        q = self._events.get(key)
        if not q:
            return 0.0
        self._trim(q, now)
        if len(q) < self.limit:
            return 0.0
        return max(0.0, q[0] + self.window - now)

    def __len__(self) -> int:
        """Return the number of keys currently tracked."""
        return len(self._events)


class Limiter(Protocol):
    """What the adapters call; both limiters here implement it."""

    limit: int
    window: float

    async def allow(self, key: Hashable) -> bool:
        """Record one event for `key`; return True when it is within the limit."""
        ...

    async def retry_after(self, key: Hashable) -> float:
        """Return the seconds until `key` may send again (0.0 when it may now)."""
        ...


class SharedLimiter:
    """Allows at most `limit` events per key in any `window` seconds across every worker of a store.

    Each check is one statement on the store (see `benchmarks/store.py` for its cost); the
    window lives in the database, so a restart or another worker sees the same hits.
    """

    def __init__(self, store: RateWindows, limit: int, window: float = 60.0, *, name: str = "ask") -> None:
        if window <= 0:
            raise ValueError("window must be positive")
        self.store = store
        self.limit = int(limit)
        self.window = float(window)
        # The name keeps two limits on one key (questions, commands) apart in the shared table.
        self.name = name

    def _key(self, key: Hashable) -> str:
        return f"rl:{self.name}:{key}"

    async def allow(self, key: Hashable) -> bool:
        """Record one event for `key`; return True when it is within the limit, False otherwise
        (a refused event is not recorded)."""
        if self.limit <= 0:
            return True  # 0 or negative = limiting disabled
        return await self.store.allow(self._key(key), self.limit, self.window)

    async def retry_after(self, key: Hashable) -> float:
        """Return the seconds until `key` may send again (0.0 when it may now)."""
        if self.limit <= 0:
            return 0.0
        return await self.store.retry_after(self._key(key), self.limit, self.window)


def limiter_for(store: Store, limit: int, window: float = 60.0, *, name: str = "ask") -> Limiter:
    """Return the limiter that fits `store`: a `SharedLimiter` when the store is shared by
    several processes (`store.is_shared`, PostgreSQL), else an in-process `SlidingWindowLimiter`."""
    if store.is_shared:
        return SharedLimiter(store, limit, window, name=name)
    return SlidingWindowLimiter(limit, window)
