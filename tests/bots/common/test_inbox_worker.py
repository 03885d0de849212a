"""A webhook worker's side of the durable inbox (bots.common.inbox_worker), on SQLite and a real
PostgreSQL: a worker that drains for longer than its lease keeps its updates, so no other worker
answers them a second time; one that cannot finish in time lets them go to the others."""
from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

from bots.common.inbox_worker import InboxWorker
from bots.common.store import Put

Opener = Callable[[], Any]


async def test_a_drain_longer_than_the_lease_keeps_the_update(opener: Opener) -> None:
    answered: Counter[str] = Counter()

    async def slow(payload: str) -> None:
        await asyncio.sleep(1.2)   # four leases long
        answered[payload] += 1

    stopping = InboxWorker(opener(), "telegram", slow, lease_s=0.3, renew_s=0.05)
    other = InboxWorker(opener(), "telegram", slow, lease_s=0.3, renew_s=0.05)
    stopping.start()
    assert await stopping.accept("80", "question 80") is Put.NEW
    await asyncio.sleep(0.1)
    drained = asyncio.create_task(stopping.drain(10.0))
    taken = 0
    while not drained.done():
        taken += await other.tick()
        await asyncio.sleep(0.05)
    assert drained.result() is True
    assert taken == 0 and other.in_flight == 0
    assert answered == Counter({"question 80": 1})
    assert await other.store.put_update("telegram", "80", "", other.owner, 0.3) is Put.DONE


async def test_a_drain_that_runs_out_leaves_the_update_to_another_worker(opener: Opener) -> None:
    answered: Counter[str] = Counter()

    async def hangs_once(payload: str) -> None:
        if not answered:
            answered["hung"] += 1
            await asyncio.sleep(60)
        answered[payload] += 1

    stopping = InboxWorker(opener(), "telegram", hangs_once, lease_s=0.3, renew_s=0.05)
    other = InboxWorker(opener(), "telegram", hangs_once, lease_s=0.3, renew_s=0.05)
    await stopping.accept("81", "question 81")
    assert await stopping.drain(0.2) is False     # cancelled, not left running beside the take-over
    assert stopping.in_flight == 0
    await asyncio.sleep(0.4)
    assert await other.tick() == 1
    assert await other.drain(5.0) is True
    assert answered == Counter({"hung": 1, "question 81": 1})
