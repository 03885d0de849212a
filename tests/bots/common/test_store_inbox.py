"""The durable inbox (contract, "Nothing acknowledged is lost"), against SQLite and a real
PostgreSQL: an update is stored once, leased to the worker answering it, taken over by
another worker when the lease runs out, and done once — also across processes and a SIGKILL."""
from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from bots.common.store import Inbox, Put, open_store
from paths import ROOT

Opener = Callable[[], Any]


async def test_put_is_new_once_then_pending_or_done(opener: Opener) -> None:
    a, b = opener(), opener()
    assert isinstance(a, Inbox)
    assert await a.put_update("telegram", "7", '{"update_id": 7}', "worker-a", 15) is Put.NEW
    # The same worker again (a retry after a lost reply): still its own, still NEW.
    assert await a.put_update("telegram", "7", '{"update_id": 7}', "worker-a", 15) is Put.NEW
    assert await b.put_update("telegram", "7", '{"update_id": 7}', "worker-b", 15) is Put.PENDING
    assert await b.put_update("line", "7", "{}", "worker-b", 0.0) is Put.NEW  # ids are per platform
    await asyncio.sleep(0.05)
    assert [i.platform for i in await a.claim_expired_updates("line", "worker-a", 15)] == ["line"]
    assert await a.finish_update("telegram", "7") is True
    assert await a.finish_update("telegram", "7") is False
    assert await b.put_update("telegram", "7", '{"update_id": 7}', "worker-b", 15) is Put.DONE
    assert await b.claim_expired_updates("telegram", "worker-b", 15) == []  # a done update is never taken over


async def test_ids_beyond_64_bits_and_line_ids(opener: Opener) -> None:
    a = opener()
    huge = str(2**63 + 5)
    assert await a.put_update("telegram", huge, "{}", "w", 15) is Put.NEW
    assert await a.put_update("telegram", str(2**63 + 6), "{}", "w", 15) is Put.NEW  # not rounded onto the first
    assert await a.put_update("line", "01HZX9K3Q2-webhook-event", "{}", "w", 15) is Put.NEW
    assert await a.finish_update("telegram", huge) and await a.put_update("telegram", huge, "{}", "w", 15) is Put.DONE


async def test_expired_lease_is_taken_over_once(opener: Opener) -> None:
    dead, alive, third = opener(), opener(), opener()
    for i in range(5):
        assert await dead.put_update("telegram", str(i), f'{{"n": {i}}}', "dead", 0.3) is Put.NEW
    assert await alive.claim_expired_updates("telegram", "alive", 15) == []  # leases still running
    await asyncio.sleep(0.4)
    taken = await alive.claim_expired_updates("telegram", "alive", 15)
    assert [i.update_id for i in taken] == ["0", "1", "2", "3", "4"]  # oldest first
    assert taken[0].payload == '{"n": 0}' and all(i.attempts == 2 for i in taken)
    assert await third.claim_expired_updates("telegram", "third", 15) == []  # leased to `alive` now
    assert await dead.renew_updates("dead", 15) == 0  # the dead worker's leases are gone
    assert await alive.put_update("telegram", "0", "{}", "third", 15) is Put.PENDING


async def test_renewed_lease_is_not_taken_over(opener: Opener) -> None:
    a, b = opener(), opener()
    await a.put_update("telegram", "1", "{}", "a", 0.4)
    await a.put_update("telegram", "2", "{}", "a", 0.4)
    await a.finish_update("telegram", "2")
    for _ in range(4):
        await asyncio.sleep(0.2)
        assert await a.renew_updates("a", 0.4) == 1  # only the unfinished one
        assert await b.claim_expired_updates("telegram", "b", 15) == []


async def test_limit_and_concurrent_claims(opener: Opener) -> None:
    seed = opener()
    for i in range(60):
        await seed.put_update("telegram", str(i), "{}", "gone", 0.0)
    workers = [opener() for _ in range(4)]
    got: list[str] = []

    async def take(n: int) -> None:
        while True:
            batch = await workers[n].claim_expired_updates("telegram", f"w{n}", 30, limit=7)
            assert len(batch) <= 7
            if not batch:
                return
            got.extend(i.update_id for i in batch)

    await asyncio.gather(*(take(n) for n in range(4)))
    assert Counter(got) == Counter(str(i) for i in range(60))  # each taken by exactly one worker


# A worker process: take over expired updates and finish them, printing each id it finished.
_TAKER = """
import asyncio, sys, time
from bots.common.store import open_store
store = open_store(sys.argv[1])
owner = sys.argv[2]

async def take():
    idle_until = time.monotonic() + 3.0
    while time.monotonic() < idle_until:
        batch = await store.claim_expired_updates("telegram", owner, 0.5, limit=5)
        for item in batch:
            if await store.finish_update(item.platform, item.update_id):
                print(item.update_id, flush=True)
        if batch:
            idle_until = time.monotonic() + 3.0
        else:
            await asyncio.sleep(0.05)
    await store.aclose()

asyncio.run(take())
store.close()
"""

# A worker process that stores updates and dies (SIGKILL) before answering them.
_DIER = """
import asyncio, sys
from bots.common.store import open_store
store = open_store(sys.argv[1])

async def store_and_hang():
    for i in range(int(sys.argv[2])):
        await store.put_update("telegram", str(i), '{"update_id": %d}' % i, "doomed", 0.5)
        print(i, flush=True)
    await asyncio.sleep(600)

asyncio.run(store_and_hang())
"""


@pytest.mark.e2e
async def test_two_processes_take_over_a_killed_workers_updates(db_url: str) -> None:
    dier = subprocess.Popen([sys.executable, "-c", _DIER, db_url, "40"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert dier.stdout is not None
    stored = [dier.stdout.readline().strip() for _ in range(40)]
    assert stored == [str(i) for i in range(40)]
    dier.send_signal(signal.SIGKILL)  # stored, acknowledged, never answered
    dier.wait(10)
    takers = [subprocess.Popen([sys.executable, "-c", _TAKER, db_url, f"taker{n}"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for n in range(2)]
    finished: list[str] = []
    for p in takers:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        finished += out.split()
    # Every stored update answered, none twice, by whichever worker was free.
    assert Counter(finished) == Counter(stored)
    store = open_store(db_url)
    assert all([await store.put_update("telegram", i, "{}", "late", 15) is Put.DONE for i in stored])
    await store.aclose()
    store.close()
