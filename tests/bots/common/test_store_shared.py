"""The shared store, one suite run against SQLite and a real PostgreSQL on loopback.

"Two workers" are two store objects on one database (separate connections); the races
are concurrent tasks on the event loop (as in a bot), and real threads where stores are
opened. Times are short real clocks (leases and windows of a fraction of a second).
"""
from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from bots.common.store import Store, UserSettings, open_store
from bots.common.subscriptions.records import MAX_SUBSCRIPTIONS, NewSubscription, SubscriptionLimit
from paths import ROOT

Opener = Callable[[], Any]
SECOND = timedelta(seconds=1)
SECONDS_5 = timedelta(seconds=5)


def _sub(user: str = "1", *, due_in: float = 3600.0, now: datetime | None = None, **extra: Any) -> NewSubscription:
    base = now if now is not None else datetime.now(timezone.utc)
    fields: dict[str, Any] = {"platform": "telegram", "user_id": user, "chat_id": user, "kind": "daily",
                              "place_name": "基隆", "lon": 121.74, "lat": 25.13, "hhmm": "06:00",
                              "tz": "Asia/Taipei", "lang": "zh", "next_fire_at": base + timedelta(seconds=due_in)}
    fields.update(extra)
    return NewSubscription(**fields)


def _run_threads(n: int, work: Callable[[int], None]) -> None:
    errors: list[BaseException] = []

    def guarded(i: int) -> None:
        try:
            work(i)
        except BaseException as exc:  # reported below with the thread's failure
            errors.append(exc)

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]


async def _run_tasks(n: int, work: Callable[[int], Awaitable[None]]) -> None:
    await asyncio.gather(*(work(i) for i in range(n)))


async def test_settings_round_trip(opener: Opener) -> None:
    a, b = opener(), opener()
    assert isinstance(a, Store)
    assert await a.get("telegram", "1") == UserSettings(platform="telegram", user_id="1")
    s = await a.update("telegram", "1", tz="Asia/Tokyo", lang="en", home_name="基隆", home_lon=121.74, home_lat=25.13)
    assert (s.tz, s.lang, s.home_name, s.home_lon, s.home_lat) == ("Asia/Tokyo", "en", "基隆", 121.74, 25.13)
    assert s.updated_at and abs(s.updated_at - time.time()) < 5
    seen = await b.get("telegram", "1")  # the other worker sees it at once
    assert seen.home_name == "基隆" and seen.has_home
    assert (await b.update("telegram", "1", tz=None)).tz is None
    assert (await a.get("telegram", "1")).lang == "en"
    assert (await a.update("telegram", "1")).lang == "en"  # nothing to set: the row as it is
    with pytest.raises(TypeError):
        await a.update("telegram", "1", password="x")
    assert (await a.get("discord", "1")).is_empty
    assert await b.forget("telegram", "1") is True and (await a.get("telegram", "1")).is_empty
    assert await a.forget("telegram", "1") is False


async def test_the_clock_is_one_clock(opener: Opener) -> None:
    a, b = opener(), opener()
    t1 = await a.clock()
    t2 = await b.clock()
    assert t1.tzinfo is not None and abs(t1.timestamp() - time.time()) < 5 and t1 <= t2 < t1 + timedelta(seconds=5)


async def test_forget_deletes_subscriptions_and_contexts(opener: Opener) -> None:
    store = opener()
    await store.update("telegram", "7", lang="zh")
    await store.add_subscription(_sub("7"))
    await store.add_subscription(_sub("7", chat_id="-100", kind="alert", hhmm=None, extreme="low", lead_minutes=30))
    await store.add_subscription(_sub("8"))
    await store.set_context("telegram", "7", {"tool": "tide.forecast"})
    await store.set_context("telegram", "-100", {"tool": "tide.forecast"})
    await store.set_context("telegram", "8", {"tool": "weather"})
    assert await store.forget("telegram", "7") is True
    assert await store.list_subscriptions("telegram", "7") == []
    assert await store.get_context("telegram", "7") is None and await store.get_context("telegram", "-100") is None
    # Another user's data stays.
    assert len(await store.list_subscriptions("telegram", "8")) == 1 and await store.get_context("telegram", "8")
    assert await store.count_active() == 1
    # Subscriptions alone count as something to forget.
    assert await store.forget("telegram", "8") is True and await store.forget("telegram", "8") is False


async def test_forget_deletes_the_users_contexts_in_every_chat(opener: Opener) -> None:
    from bots.common.chat_context import context_key
    store = opener()
    mine = [context_key(-500, 7), context_key(7, 7), context_key(-500, 7, "home-prompt")]
    theirs = [context_key(-500, 17), context_key(-500, 77)]   # ids that merely end in 7 stay
    for key in mine + theirs:
        await store.set_context("telegram", key, {"tool": "tide.forecast"})
    await store.set_context("discord", context_key(-500, 7), {"tool": "tide.forecast"})
    assert await store.forget("telegram", "7") is True
    assert all([await store.get_context("telegram", key) is None for key in mine])
    assert all([await store.get_context("telegram", key) for key in theirs])
    assert await store.get_context("discord", context_key(-500, 7))   # another platform's user 7 is someone else


async def test_context_round_trip_and_expiry(opener: Opener) -> None:
    a, b = opener(), opener()
    data = {"tool": "tide.forecast", "arguments": {"longitude": 121.74, "place": "基隆"}, "n": [1, 2.5, None]}
    assert await a.get_context("telegram", "1") is None
    await a.set_context("telegram", "1", data, ttl_s=0.4)
    assert await b.get_context("telegram", "1") == data
    assert await b.get_context("discord", "1") is None and await b.get_context("telegram", "2") is None
    await asyncio.sleep(0.45)  # past the 0.4 s ttl
    assert await a.get_context("telegram", "1") is None  # expired
    await b.set_context("telegram", "1", {"tool": "weather"})  # replaced, default ttl
    assert await a.get_context("telegram", "1") == {"tool": "weather"}


async def test_allow_shared_by_two_workers(opener: Opener) -> None:
    a, b = opener(), opener()
    results = [await (a if i % 2 else b).allow("user:1", 5, 60) for i in range(9)]
    assert results == [True] * 5 + [False] * 4  # one limit across both, refusals not recorded
    assert await a.allow("user:2", 5, 60)  # keys are separate
    assert 59 < await b.retry_after("user:1", 5, 60) <= 60 and await a.retry_after("user:2", 5, 60) == 0.0
    assert all([await a.allow("user:3", 0, 60) for _ in range(20)])  # 0 disables limiting


async def test_allow_concurrent_tasks(opener: Opener) -> None:
    stores = [opener(), opener()]
    got: list[bool] = []

    async def work(i: int) -> None:
        for _ in range(15):
            got.append(await stores[i % 2].allow("burst", 12, 60))

    await _run_tasks(8, work)
    assert Counter(got) == {True: 12, False: 8 * 15 - 12}


async def test_allow_window_slides(opener: Opener) -> None:
    a, b = opener(), opener()
    assert await a.allow("k", 2, 0.5) and await b.allow("k", 2, 0.5) and not await a.allow("k", 2, 0.5)
    wait = await b.retry_after("k", 2, 0.5)
    assert 0 < wait <= 0.5
    await asyncio.sleep(wait + 0.05)
    assert await b.allow("k", 2, 0.5)


async def test_claim_update_once_across_workers_and_tasks(opener: Opener) -> None:
    stores = [opener(), opener()]
    won: Counter[int] = Counter()

    async def work(i: int) -> None:
        store = stores[i % 2]
        # Each task walks the ids from a different starting point, so claims collide.
        ids = list(range(500))
        for uid in ids[i * 60:] + ids[:i * 60]:
            if await store.claim_update("telegram", uid):
                won[uid] += 1

    await _run_tasks(8, work)
    assert sorted(won) == list(range(500)) and set(won.values()) == {1}
    assert await stores[0].claim_update("discord", 1) is True  # platforms are separate
    assert await stores[1].claim_update("telegram", 10**12) is True  # 64-bit ids


async def test_subscription_limit_and_numbering(opener: Opener) -> None:
    a, b = opener(), opener()
    made = [await (a if i % 2 else b).add_subscription(_sub("1", due_in=100 + i, place_name=f"p{i}"))
            for i in range(MAX_SUBSCRIPTIONS)]
    with pytest.raises(SubscriptionLimit):
        await a.add_subscription(_sub("1"))
    assert (await a.add_subscription(_sub("2"))).user_id == "2"  # the limit is per user
    listed = await b.list_subscriptions("telegram", "1")
    assert [s.id for s in listed] == sorted(s.id for s in made) and [s.place_name for s in listed][:2] == ["p0", "p1"]
    first = listed[0]
    assert first.active and first.last_fired_at is None and abs(first.created_at - await a.clock()) < SECONDS_5
    assert first.next_fire_at == made[0].next_fire_at and first.next_fire_at.tzinfo is not None
    assert (first.lon, first.lat, first.tz, first.lang, first.kind) == (121.74, 25.13, "Asia/Taipei", "zh", "daily")
    assert await a.remove_subscription("telegram", "2", listed[3].id) is False  # not that user's
    assert await a.remove_subscription("telegram", "1", listed[3].id) is True
    assert await a.remove_subscription("telegram", "1", listed[3].id) is False
    assert [s.id for s in await b.list_subscriptions("telegram", "1")] == [s.id for s in listed if s.id != listed[3].id]
    await b.add_subscription(_sub("1", kind="alert", hhmm=None, extreme="high", lead_minutes=45))  # room again
    last = (await a.list_subscriptions("telegram", "1"))[-1]
    assert (last.kind, last.extreme, last.lead_minutes, last.hhmm) == ("alert", "high", 45, None)


async def test_subscription_limit_under_concurrency(opener: Opener) -> None:
    stores = [opener(), opener()]
    refused: list[int] = []

    async def work(i: int) -> None:
        for _ in range(4):
            try:
                await stores[i % 2].add_subscription(_sub("race"))
            except SubscriptionLimit:
                refused.append(i)

    await asyncio.gather(*(work(i) for i in range(6)))
    assert len(await stores[0].list_subscriptions("telegram", "race")) == MAX_SUBSCRIPTIONS
    assert len(refused) == 6 * 4 - MAX_SUBSCRIPTIONS


async def test_claim_due_each_row_once(opener: Opener) -> None:
    stores = [opener(), opener()]
    now = await stores[0].clock()
    due = {(await stores[0].add_subscription(_sub(str(i % 9), due_in=-1 - i % 5, now=now))).id for i in range(60)
           if i % 9 != 8 or i < 45}
    later = {(await stores[1].add_subscription(_sub("late", due_in=3600, now=now))).id for _ in range(3)}
    claimed: list[int] = []

    async def work(i: int) -> None:
        while True:
            batch = await stores[i % 2].claim_due(limit=7, lease_s=60)
            if not batch:
                return
            claimed.extend(s.id for s in batch)

    await asyncio.gather(*(work(i) for i in range(4)))
    assert Counter(claimed) == Counter(due) and not later & set(claimed)
    assert await stores[0].claim_due() == []  # all leased


async def test_claim_due_earliest_first_and_limit(opener: Opener) -> None:
    store = opener()
    now = await store.clock()
    ids = [(await store.add_subscription(_sub("1", due_in=-d, now=now))).id for d in (5, 50, 20)]
    first = await store.claim_due(limit=2)
    assert [s.id for s in first] == [ids[1], ids[2]]  # most overdue first
    assert [s.id for s in await store.claim_due(limit=2)] == [ids[0]]


async def test_lease_expiry_makes_row_claimable_again(opener: Opener) -> None:
    a, b = opener(), opener()
    sub = await a.add_subscription(_sub("1", due_in=-1))
    assert [s.id for s in await a.claim_due(lease_s=0.4)] == [sub.id]
    assert await b.claim_due() == []  # leased: invisible to the other worker
    await asyncio.sleep(0.45)  # the worker holding it died; its 0.4 s lease ran out
    again = await b.claim_due(lease_s=60)
    assert [s.id for s in again] == [sub.id] and again[0].next_fire_at == sub.next_fire_at


async def test_renewed_lease_and_firing_intent(opener: Opener) -> None:
    a, b = opener(), opener()
    sub = await a.add_subscription(_sub("1", due_in=-1))
    (claimed,) = await a.claim_due(lease_s=0.4, owner="wa")
    assert claimed.firing_state is None
    for _ in range(3):  # renewed while the worker lives: never claimable by another
        await asyncio.sleep(0.2)
        assert await a.renew_firings("wa", [sub.id], 0.4) == 1
        assert await b.claim_due(owner="wb") == []
    assert await b.renew_firings("wb", [sub.id], 60) == 0  # not its lease
    assert await b.mark_firing(sub.id, claimed.next_fire_at, "sending", "wb", 60) is False  # nor its firing
    assert await a.mark_firing(sub.id, claimed.next_fire_at + SECOND, "sending", "wa", 0.4) is False  # not due then
    assert await a.mark_firing(sub.id, claimed.next_fire_at, "sending", "wa", 0.4) is True
    await asyncio.sleep(0.45)  # the worker died inside the send (lease 0.4 s): the next one sees the intent
    (taken,) = await b.claim_due(lease_s=60, owner="wb")
    assert taken.firing_state == "sending"
    assert await a.mark_firing(sub.id, claimed.next_fire_at, "sent", "wa", 0.4) is False  # the dead one's lease is gone
    assert await b.mark_firing(sub.id, taken.next_fire_at, "sent", "wb", 0.0) is True
    await asyncio.sleep(0.05)
    (again,) = await a.claim_due(lease_s=60, owner="wa")
    assert again.firing_state == "sent"  # sent, only the next due time missing
    now = await a.clock()
    assert await a.complete_firing(sub.id, again.next_fire_at, now, now - SECOND) is True
    (fresh,) = await b.claim_due(owner="wb")  # the next firing starts clean
    assert fresh.firing_state is None and fresh.next_fire_at != again.next_fire_at


async def test_complete_firing_idempotent(opener: Opener) -> None:
    a, b = opener(), opener()
    sub = await a.add_subscription(_sub("1", due_in=-2))
    other = await a.add_subscription(_sub("2", due_in=-2))
    (claimed,) = [s for s in await a.claim_due() if s.id == sub.id]
    fired = await a.clock()
    nxt = claimed.next_fire_at + timedelta(days=1)
    assert await a.complete_firing(sub.id, claimed.next_fire_at, fired, nxt) is True
    assert await b.complete_firing(sub.id, claimed.next_fire_at, fired, nxt) is False  # second report: no-op
    (row,) = await b.list_subscriptions("telegram", "1")
    assert row.next_fire_at == nxt and row.last_fired_at == fired
    # A skip moves the due time and keeps the last firing.
    long_ago = datetime(1999, 12, 31, tzinfo=timezone.utc)
    assert await b.complete_firing(sub.id, nxt, None, long_ago) is True
    (row,) = await a.list_subscriptions("telegram", "1")
    assert row.last_fired_at == fired and row.next_fire_at == long_ago
    # Completing frees the lease: the row is due again at once (its next time is past).
    assert sub.id in {s.id for s in await b.claim_due()}
    assert other.id not in {s.id for s in await b.claim_due()}  # still leased by the first claim
    assert await a.complete_firing(10**9, long_ago, None, fired) is False  # unknown id


async def test_pause_user(opener: Opener) -> None:
    store = opener()
    for _ in range(3):
        await store.add_subscription(_sub("blocked", due_in=-1))
    await store.add_subscription(_sub("fine", due_in=-1))
    assert await store.count_active() == 4
    assert await store.pause_user("telegram", "blocked") == 3
    assert await store.pause_user("telegram", "blocked") == 0
    assert await store.count_active() == 1
    assert [s.user_id for s in await store.claim_due()] == ["fine"]
    paused = await store.list_subscriptions("telegram", "blocked")
    assert len(paused) == 3 and not any(s.active for s in paused)
    for _ in range(MAX_SUBSCRIPTIONS):  # paused ones do not count toward the limit
        await store.add_subscription(_sub("blocked"))


async def test_reserve_slot_paces_workers(opener: Opener) -> None:
    a, b = opener(), opener()
    waits = [await (a if i % 2 else b).reserve_slot("discord-identify", 5.0) for i in range(4)]
    assert waits[0] == 0.0
    for i, w in enumerate(waits):
        assert 5.0 * i - 1.0 <= w <= 5.0 * i + 0.01, waits
    assert await a.reserve_slot("other", 5.0) == 0.0


async def test_concurrent_open_migrates_once(db_url: str) -> None:
    stores: list[Any] = []
    lock = threading.Lock()

    def work(i: int) -> None:
        store = open_store(db_url)
        with lock:
            stores.append(store)

    _run_threads(8, work)
    for i, store in enumerate(stores):
        await store.update("telegram", str(i), lang="en")
    applied = [store.applied_versions() for store in stores]
    # One schema: each step recorded once, every worker sees the same list.
    assert applied[0] == list(range(1, stores[0].schema_version() + 1)) and all(v == applied[0] for v in applied)
    assert all([(await stores[0].get("telegram", str(i))).lang == "en" for i in range(8)])
    for store in stores:
        await store.aclose()
        store.close()


_OPEN_AND_WRITE = """
import asyncio
import sys
from bots.common.store import open_store
store = open_store(sys.argv[1])

async def write():
    await store.update("telegram", sys.argv[2], lang="zh")
    await store.aclose()

asyncio.run(write())
print(store.applied_versions())
store.close()
"""


@pytest.mark.e2e
async def test_concurrent_processes_migrate_once(db_url: str) -> None:
    import subprocess
    import sys

    root = ROOT
    procs = [subprocess.Popen([sys.executable, "-c", _OPEN_AND_WRITE, db_url, f"p{i}"], cwd=root,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(5)]
    outputs = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        outputs.append(out.strip())
    assert len(set(outputs)) == 1 and outputs[0].startswith("[1")
    store = open_store(db_url)
    assert all([(await store.get("telegram", f"p{i}")).lang == "zh" for i in range(5)])
    await store.aclose()
    store.close()


def _age_rows(db_url: str, seconds: float) -> None:
    """Move every seen id and rate window `seconds` into the past, straight in the database."""
    sql = ["UPDATE seen_updates SET seen_at = seen_at - {s}", "UPDATE rate_windows SET updated_at = updated_at - {s}"]
    if db_url.startswith("sqlite:"):
        import sqlite3

        conn = sqlite3.connect(db_url.removeprefix("sqlite:///"))
        for statement in sql:
            conn.execute(statement.format(s=float(seconds)))
        conn.commit()
        conn.close()
    else:
        import psycopg

        with psycopg.connect(db_url, autocommit=True) as pg:
            for statement in sql:
                pg.execute(statement.format(s=float(seconds)))  # type: ignore[arg-type]  # test constant


async def test_old_update_ids_and_idle_windows_are_pruned(db_url: str, opener: Opener) -> None:
    a = opener()
    assert await a.claim_update("telegram", 1) and not await a.claim_update("telegram", 1)
    assert await a.allow("idle", 1, 60) and not await a.allow("idle", 1, 60)
    _age_rows(db_url, 2 * 86_400)  # two days later
    b = opener()  # a fresh worker prunes on its first write
    assert await b.claim_update("telegram", 2)
    assert await b.claim_update("telegram", 1) is True  # a day-old id is forgotten
    assert await b.retry_after("idle", 1, 60) == 0.0 and await b.allow("idle", 1, 60)
