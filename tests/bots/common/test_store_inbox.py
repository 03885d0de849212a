"""The durable inbox (contract, "Nothing acknowledged is lost"), against SQLite and a real
PostgreSQL: an update is stored once, leased to the worker answering it, taken over by
another worker when the lease runs out, and done once — also across processes and a SIGKILL."""
from __future__ import annotations

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


def test_put_is_new_once_then_pending_or_done(opener: Opener) -> None:
    a, b = opener(), opener()
    assert isinstance(a, Inbox)
    assert a.put_update("telegram", "7", '{"update_id": 7}', "worker-a", 15) is Put.NEW
    # The same worker again (a retry after a lost reply): still its own, still NEW.
    assert a.put_update("telegram", "7", '{"update_id": 7}', "worker-a", 15) is Put.NEW
    assert b.put_update("telegram", "7", '{"update_id": 7}', "worker-b", 15) is Put.PENDING
    assert b.put_update("line", "7", "{}", "worker-b", 0.0) is Put.NEW  # ids are per platform
    time.sleep(0.05)
    assert [i.platform for i in a.claim_expired_updates("line", "worker-a", 15)] == ["line"]
    assert a.finish_update("telegram", "7") is True
    assert a.finish_update("telegram", "7") is False
    assert b.put_update("telegram", "7", '{"update_id": 7}', "worker-b", 15) is Put.DONE
    assert b.claim_expired_updates("telegram", "worker-b", 15) == []  # a done update is never taken over


def test_ids_beyond_64_bits_and_line_ids(opener: Opener) -> None:
    a = opener()
    huge = str(2**63 + 5)
    assert a.put_update("telegram", huge, "{}", "w", 15) is Put.NEW
    assert a.put_update("telegram", str(2**63 + 6), "{}", "w", 15) is Put.NEW  # not rounded onto the first
    assert a.put_update("line", "01HZX9K3Q2-webhook-event", "{}", "w", 15) is Put.NEW
    assert a.finish_update("telegram", huge) and a.put_update("telegram", huge, "{}", "w", 15) is Put.DONE


def test_expired_lease_is_taken_over_once(opener: Opener) -> None:
    dead, alive, third = opener(), opener(), opener()
    for i in range(5):
        assert dead.put_update("telegram", str(i), f'{{"n": {i}}}', "dead", 0.3) is Put.NEW
    assert alive.claim_expired_updates("telegram", "alive", 15) == []  # leases still running
    time.sleep(0.4)
    taken = alive.claim_expired_updates("telegram", "alive", 15)
    assert [i.update_id for i in taken] == ["0", "1", "2", "3", "4"]  # oldest first
    assert taken[0].payload == '{"n": 0}' and all(i.attempts == 2 for i in taken)
    assert third.claim_expired_updates("telegram", "third", 15) == []  # leased to `alive` now
    assert dead.renew_updates("dead", 15) == 0  # the dead worker's leases are gone
    assert alive.put_update("telegram", "0", "{}", "third", 15) is Put.PENDING


def test_renewed_lease_is_not_taken_over(opener: Opener) -> None:
    a, b = opener(), opener()
    a.put_update("telegram", "1", "{}", "a", 0.4)
    a.put_update("telegram", "2", "{}", "a", 0.4)
    a.finish_update("telegram", "2")
    for _ in range(4):
        time.sleep(0.2)
        assert a.renew_updates("a", 0.4) == 1  # only the unfinished one
        assert b.claim_expired_updates("telegram", "b", 15) == []


def test_limit_and_concurrent_claims(opener: Opener) -> None:
    import threading

    seed = opener()
    for i in range(60):
        seed.put_update("telegram", str(i), "{}", "gone", 0.0)
    workers = [opener() for _ in range(4)]
    got: list[str] = []
    lock = threading.Lock()

    def take(n: int) -> None:
        while True:
            batch = workers[n].claim_expired_updates("telegram", f"w{n}", 30, limit=7)
            assert len(batch) <= 7
            if not batch:
                return
            with lock:
                got.extend(i.update_id for i in batch)

    threads = [threading.Thread(target=take, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert Counter(got) == Counter(str(i) for i in range(60))  # each taken by exactly one worker


# A worker process: take over expired updates and finish them, printing each id it finished.
_TAKER = """
import sys, time
from bots.common.store import open_store
store = open_store(sys.argv[1])
owner, idle_until = sys.argv[2], time.monotonic() + 3.0
while time.monotonic() < idle_until:
    batch = store.claim_expired_updates("telegram", owner, 0.5, limit=5)
    for item in batch:
        if store.finish_update(item.platform, item.update_id):
            print(item.update_id, flush=True)
    if batch:
        idle_until = time.monotonic() + 3.0
    else:
        time.sleep(0.05)
store.close()
"""

# A worker process that stores updates and dies (SIGKILL) before answering them.
_DIER = """
import sys, time
from bots.common.store import open_store
store = open_store(sys.argv[1])
for i in range(int(sys.argv[2])):
    store.put_update("telegram", str(i), '{"update_id": %d}' % i, "doomed", 0.5)
    print(i, flush=True)
time.sleep(600)
"""


@pytest.mark.e2e
def test_two_processes_take_over_a_killed_workers_updates(db_url: str) -> None:
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
    assert all(store.put_update("telegram", i, "{}", "late", 15) is Put.DONE for i in stored)
    store.close()
