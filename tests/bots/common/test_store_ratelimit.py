"""Rate limiters: the in-process one for SQLite, the shared one for PostgreSQL workers."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bots.common.ratelimit import SharedLimiter, SlidingWindowLimiter, limiter_for
from bots.common.store import open_store


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.e2e)])
def two_workers(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """Two store objects on one empty database of each kind."""
    url = (str(request.getfixturevalue("pg_fresh_url")) if request.param == "postgres"
           else f"sqlite:///{tmp_path}/rl.db")
    stores = (open_store(url), open_store(url))
    yield stores
    for store in stores:
        store.close()


async def test_shared_limiter_one_limit_for_two_workers(two_workers: Any) -> None:
    a, b = (SharedLimiter(store, 3, 60.0) for store in two_workers)
    assert [await lim.allow("telegram:1") for lim in (a, b, a, b, a)] == [True, True, True, False, False]
    assert await b.allow("telegram:2")  # keys are separate
    assert 59 < await a.retry_after("telegram:1") <= 60 and await a.retry_after("telegram:2") == 0.0
    other = SharedLimiter(two_workers[0], 1, 60.0, name="chart")
    assert await other.allow("telegram:1") and not await other.allow("telegram:1")  # names keep limits apart
    off = SharedLimiter(two_workers[1], 0, 60.0)
    assert all([await off.allow("telegram:1") for _ in range(10)]) and await off.retry_after("telegram:1") == 0.0
    assert (a.limit, a.window) == (3, 60.0)


async def test_limiter_for_picks_by_store(two_workers: Any) -> None:
    store = two_workers[0]
    limiter = limiter_for(store, 5, 30.0)
    if store.is_shared:
        assert isinstance(limiter, SharedLimiter) and limiter.store is store
    else:
        assert isinstance(limiter, SlidingWindowLimiter)
    assert (limiter.limit, limiter.window) == (5, 30.0)
    assert all([await limiter.allow("k") for _ in range(5)]) and not await limiter.allow("k")


def test_shared_limiter_rejects_bad_window(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "w.db"))
    with pytest.raises(ValueError):
        SharedLimiter(store, 3, 0)
    store.close()
