"""The subscription scheduler on real parts: the real store (SQLite file; PostgreSQL on loopback in
the e2e lane), the real router with the built-in engine, real clocks with rows due a few seconds
ahead (the tests that wait seconds run in the e2e lane; the fast lane's call `tick()` or wait under
a second). The in-memory platform's ports (`tests/chat_port.py`) record what each subscriber is shown:
that is the adapter's boundary, not our code path.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bots.common.subscriptions.scheduler import Scheduler, SchedulerConfig
from bots.common.store import open_store
from bots.common.subscriptions.records import NewSubscription, Subscription
from chat_port import SubscriberPorts as Recorder
from core.subscriptions.alert_times import announced_extreme, next_alert
from core.config import Settings
from core.router import Router

FAST = SchedulerConfig(interval_s=0.1, lease_s=5.0, status_every_s=0.0)
TAIPEI = ZoneInfo("Asia/Taipei")


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/subs.db"


@pytest.fixture
def router() -> Iterator[Router]:
    yield Router(Settings(odbchat_backend="local"), llm=None)


async def _row(store: Any, user: str, due_in: float, **extra: Any) -> Subscription:
    fields: dict[str, Any] = {"platform": "telegram", "user_id": user, "chat_id": user, "kind": "daily",
                              "place_name": "基隆", "lon": 121.741, "lat": 25.131, "hhmm": "06:00",
                              "tz": "Asia/Taipei", "lang": "zh",
                              "next_fire_at": await store.clock() + timedelta(seconds=due_in)}
    fields.update(extra)
    return await store.add_subscription(NewSubscription(**fields))


async def _until(check: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.05)


async def test_a_due_daily_is_sent_with_the_days_tides_and_rescheduled_to_its_hour(sqlite_url: str,
                                                                                   router: Router) -> None:
    store = open_store(sqlite_url)
    sub = await _row(store, "1", -0.05)
    sent = Recorder()
    scheduler = Scheduler(store, router, sent, FAST)
    assert await scheduler.tick() == 1
    [(got, text, at)] = [(f.sub, f.text, f.at) for f in sent.got]
    assert got.id == sub.id and got.chat_id == "1" and at >= sub.next_fire_at.timestamp()
    assert text.startswith("☀️ 每日潮汐・基隆") and "滿潮" in text and "延遲" not in text
    [after] = await store.list_subscriptions("telegram", "1")
    assert after.last_fired_at is not None and after.next_fire_at > datetime.now(timezone.utc)
    assert after.next_fire_at.astimezone(TAIPEI).strftime("%H:%M") == "06:00"
    assert scheduler.last_delay_s is not None and scheduler.last_delay_s >= 0
    await store.aclose()
    store.close()


# Punctuality on the real clock: the loop must pick a row up within a poll of its due time. It
# waits seconds and a loaded machine can hold it up, so it runs in the e2e lane; the router is
# warmed first so the first tide answer's cold start is not counted as lateness.
@pytest.mark.e2e
async def test_a_daily_due_in_two_seconds_arrives_on_time_with_the_days_tides(sqlite_url: str, router: Router) -> None:
    store = open_store(sqlite_url)
    await _row(store, "0", -0.05)
    assert await Scheduler(store, router, Recorder(), FAST).tick() == 1  # warm: the engine's first answer
    sub = await _row(store, "1", 2.0)
    sent = Recorder()
    scheduler = Scheduler(store, router, sent, FAST)
    scheduler.start()
    try:
        await _until(lambda: sent.got)
    finally:
        await scheduler.stop()
    [(got, text, at)] = [(f.sub, f.text, f.at) for f in sent.got]
    assert got.id == sub.id and got.chat_id == "1"
    assert 0 <= at - sub.next_fire_at.timestamp() < 1.5
    assert text.startswith("☀️ 每日潮汐・基隆") and "滿潮" in text and "延遲" not in text
    [after] = await store.list_subscriptions("telegram", "1")
    assert after.last_fired_at is not None and after.next_fire_at > datetime.now(timezone.utc)
    assert after.next_fire_at.astimezone(TAIPEI).strftime("%H:%M") == "06:00"
    assert scheduler.last_delay_s is not None and scheduler.last_delay_s < 1.5
    await store.aclose()
    store.close()


async def test_an_alert_names_the_engines_extreme_and_is_rescheduled_before_the_next_one(sqlite_url: str, router: Router) -> None:
    store = open_store(sqlite_url)
    sub = await _row(store, "1", 0.3, kind="alert", hhmm=None, extreme="high", lead_minutes=30, lang="en",
               place_name="Keelung")
    ex = await announced_extreme(router, sub.lon, sub.lat, "high", 30, sub.next_fire_at, sub.tz)
    assert ex is not None and ex.height_cm is not None
    sent = Recorder()
    scheduler = Scheduler(store, router, sent, FAST)
    scheduler.start()
    try:
        await _until(lambda: sent.got)
    finally:
        await scheduler.stop()
    text = sent.got[0].text
    assert text.startswith("⏰ high tide at Keelung:") and f"{ex.height_cm:.0f} cm" in text
    assert ex.at.astimezone(TAIPEI).strftime("%H:%M") in text
    # The row was due at an arbitrary moment; its next due time is a real one: 30 minutes
    # before the first high whose firing is still ahead (test_subscriptions checks the chain).
    [after] = await store.list_subscriptions("telegram", "1")
    assert after.last_fired_at is not None
    fire, following = await next_alert(router, sub.lon, sub.lat, "high", 30, after.last_fired_at, sub.tz) \
        or (after.last_fired_at, None)
    assert following is not None and after.next_fire_at == fire == following.at - timedelta(minutes=30)
    await store.aclose()
    store.close()


# Seconds of real clock (rows coming due while workers start, stop and race; a send outlasting
# its lease): the e2e lane. The fast lane drives the same paths through tick() above and below.
@pytest.mark.e2e
async def test_restart_loses_nothing_and_sends_nothing_twice(sqlite_url: str, router: Router) -> None:
    first_store = open_store(sqlite_url)
    subs = [await _row(first_store, str(i), 0.2 + 0.1 * i) for i in range(12)]  # due over 1.3 s
    sent = Recorder(delay=0.05)
    first = Scheduler(first_store, router, sent, FAST)
    first.start()
    await _until(lambda: len(sent.got) >= 3)
    await first.stop()  # the bot goes down part-way through
    await first_store.aclose()
    first_store.close()
    before_restart = len(sent.got)
    await asyncio.sleep(0.3)
    second_store = open_store(sqlite_url)  # the bot comes back: a new store object on the same file
    second = Scheduler(second_store, router, sent, FAST)
    second.start()
    try:
        await _until(lambda: len(sent.got) >= len(subs))
        await asyncio.sleep(0.4)  # a few more ticks: nothing may come twice
    finally:
        await second.stop()
    counts = Counter(f.sub.id for f in sent.got)
    assert sorted(counts) == sorted(s.id for s in subs) and set(counts.values()) == {1}
    assert 3 <= before_restart < len(subs)  # the restart came part-way: both schedulers sent some
    await second_store.aclose()
    second_store.close()


@pytest.mark.e2e
async def test_two_schedulers_on_one_database_fire_each_subscription_once(db_url: str, router: Router) -> None:
    stores = [open_store(db_url), open_store(db_url)]
    subs = [await _row(stores[0], str(i), 0.1 + 0.04 * i, kind="alert", hhmm=None, extreme="low", lead_minutes=20)
            for i in range(20)]
    sent = Recorder()
    workers = [Scheduler(s, router, sent, FAST) for s in stores]
    for w in workers:
        w.start()
    try:
        await _until(lambda: len(sent.got) >= len(subs), timeout=20)
        await asyncio.sleep(0.4)  # a few more ticks: nothing may come twice
    finally:
        for w in workers:
            await w.stop()
    counts = Counter(f.sub.id for f in sent.got)
    assert len(counts) == len(subs) and set(counts.values()) == {1}
    for store in stores:
        await store.aclose()
    store.close()


@pytest.mark.parametrize("kind,late_s,lead,delivered,note", [
    ("daily", 10 * 60, None, True, True),      # down for 10 minutes: sent late with a note
    ("daily", 2 * 3600, None, False, False),   # down for 2 hours: skipped, rescheduled
    ("alert", 10 * 60, 30, True, True),        # 10 min late, the high is still 20 min ahead
    ("alert", 40 * 60, 30, False, False),      # the high has passed
    ("daily", 30, None, True, False),          # within a few polls is on time
])
async def test_lateness_after_downtime(sqlite_url: str, router: Router, kind: str, late_s: float, lead: int | None,
                                       delivered: bool, note: bool) -> None:
    store = open_store(sqlite_url)
    extra: dict[str, Any] = {"kind": "alert", "hhmm": None, "extreme": "high", "lead_minutes": lead} if kind == "alert" else {}
    sub = await _row(store, "1", -late_s, **extra)
    sent = Recorder()
    scheduler = Scheduler(store, router, sent, FAST)
    assert await scheduler.tick() == 1
    assert bool(sent.got) is delivered
    if delivered:
        assert ("延遲送達" in sent.got[0].text) is note
    [after] = await store.list_subscriptions("telegram", "1")
    assert after.next_fire_at > datetime.now(timezone.utc) and after.next_fire_at != sub.next_fire_at
    assert (after.last_fired_at is not None) is delivered
    await store.aclose()
    store.close()


async def test_a_user_who_blocked_the_bot_is_paused_not_retried(sqlite_url: str, router: Router) -> None:
    store = open_store(sqlite_url)
    await _row(store, "1", -1.0)
    await _row(store, "1", 3600.0)
    blocked = Recorder("blocked")
    scheduler = Scheduler(store, router, blocked, FAST)
    assert await scheduler.tick() == 1
    assert [s.active for s in await store.list_subscriptions("telegram", "1")] == [False, False]
    assert await store.count_active() == 0 and await scheduler.tick() == 0
    await store.aclose()
    store.close()


async def test_retry_sends_again_once_the_lease_runs_out(sqlite_url: str, router: Router) -> None:
    store = open_store(sqlite_url)
    await _row(store, "1", -1.0)
    flaky = Recorder("failed")
    scheduler = Scheduler(store, router, flaky, SchedulerConfig(interval_s=0.1, lease_s=0.6, status_every_s=0))
    assert await scheduler.tick() == 1 and await scheduler.tick() == 0  # leased: not taken again at once
    flaky.outcome = "sent"
    await asyncio.sleep(0.7)
    assert await scheduler.tick() == 1
    assert len(flaky.got) == 2 and (await store.list_subscriptions("telegram", "1"))[0].last_fired_at is not None
    await store.aclose()
    store.close()


async def test_cancel_finishes_the_send_in_flight(sqlite_url: str, router: Router) -> None:
    store = open_store(sqlite_url)
    sub = await _row(store, "1", -1.0)
    slow = Recorder(delay=0.6)
    scheduler = Scheduler(store, router, slow, FAST)
    task = scheduler.start()
    await asyncio.sleep(0.3)  # in deliver now
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert len(slow.got) == 1
    [after] = await store.list_subscriptions("telegram", "1")
    assert after.next_fire_at != sub.next_fire_at and after.last_fired_at is not None
    await store.aclose()
    store.close()


async def test_status_log_names_active_count_and_last_delay(sqlite_url: str, router: Router,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    store = open_store(sqlite_url)
    await _row(store, "1", -0.5)
    await _row(store, "2", 3600.0)
    scheduler = Scheduler(store, router, Recorder(), FAST)
    caplog.set_level(logging.INFO, logger="bots.common.subscriptions.scheduler")
    scheduler.start()
    try:
        await _until(lambda: scheduler.last_delay_s is not None)
        await asyncio.sleep(0.3)
    finally:
        await scheduler.stop()
    status = [r for r in caplog.records if getattr(r, "event", "") == "subscriptions_status"]
    assert status and status[-1].active == 2 and status[-1].last_delay_s is not None  # type: ignore[attr-defined]
    fired = [r for r in caplog.records if getattr(r, "event", "") == "subscription_fired"]
    assert fired and fired[0].outcome == "sent" and fired[0].delay_s >= 0  # type: ignore[attr-defined]
    await store.aclose()
    store.close()


async def test_a_dead_workers_sent_firing_is_recorded_not_sent_again(sqlite_url: str, router: Router) -> None:
    store = open_store(sqlite_url)
    sub = await _row(store, "1", -1.0)
    (dead,) = await store.claim_due(lease_s=0.3, owner="dead")
    assert await store.mark_firing(sub.id, dead.next_fire_at, "sent", "dead", 0.3)  # then killed
    await asyncio.sleep(0.4)
    sent = Recorder()
    scheduler = Scheduler(store, router, sent, FAST)
    assert await scheduler.tick() == 1
    assert sent.got == [] and scheduler.counts["recorded"] == 1
    [after] = await store.list_subscriptions("telegram", "1")
    assert after.next_fire_at > sub.next_fire_at and after.last_fired_at is not None
    await store.aclose()
    store.close()


async def test_a_dead_workers_send_in_flight_is_sent_again_once(sqlite_url: str, router: Router) -> None:
    store = open_store(sqlite_url)
    sub = await _row(store, "1", -1.0)
    (dead,) = await store.claim_due(lease_s=0.3, owner="dead")
    assert await store.mark_firing(sub.id, dead.next_fire_at, "sending", "dead", 0.3)  # killed inside the send
    await asyncio.sleep(0.4)
    sent = Recorder()
    scheduler = Scheduler(store, router, sent, FAST)
    assert await scheduler.tick() == 1 and await scheduler.tick() == 0
    assert len(sent.got) == 1 and scheduler.counts["taken_over"] == 1
    await store.aclose()
    store.close()


@pytest.mark.e2e  # seconds of real clock, like the restart test above
async def test_a_live_workers_slow_send_keeps_its_lease(db_url: str, router: Router) -> None:
    a_store, b_store = open_store(db_url), open_store(db_url)
    await _row(a_store, "1", -1.0)
    short = SchedulerConfig(interval_s=0.1, lease_s=0.6, renew_s=0.2, status_every_s=0)
    slow, other = Recorder(delay=1.4), Recorder()
    a = Scheduler(a_store, router, slow, short)
    b = Scheduler(b_store, router, other, short)
    a.start()
    await _until(lambda: a._firing)  # a holds it and is sending (1.4 s, over two lease lengths)
    b.start()
    try:
        await _until(lambda: slow.got, timeout=15)
        await asyncio.sleep(0.3)
    finally:
        await a.stop()
        await b.stop()
    assert len(slow.got) == 1 and other.got == []  # renewed while it lived: never taken over
    await a_store.aclose()
    a_store.close()
    await b_store.aclose()
    b_store.close()
