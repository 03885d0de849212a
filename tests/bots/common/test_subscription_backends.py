"""An alert announces the high or low water `/tide` shows, on whichever backend the bot uses: the
metocean MCP server on loopback as the upstream (tests/emulators/upstream_server.py), or the built-in engine.
The upstream server's tides differ from the engine's, so an alert time taken from the wrong one
shows up here."""
from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bots.common.subscriptions.scheduler import Scheduler, SchedulerConfig
from bots.common.store import UserSettings, open_store
from bots.common.subscriptions.records import NewSubscription, Subscription
from bots.common.subscriptions.subscribing import Subscriber, handle_alert
from chat_port import SubscriberPorts
from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from upstream_server import running_upstream

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses
TAIPEI = ZoneInfo("Asia/Taipei")
LEAD = timedelta(minutes=30)
SECOND = timedelta(seconds=1)


@pytest.fixture
def upstream_url() -> Iterator[str]:
    with running_upstream() as url:
        yield url


def _router(backend: str, url: str) -> Router:
    return Router(Settings(odbchat_backend=backend, metocean_mcp_url=url), llm=None)  # type: ignore[arg-type]


async def _tide(router: Router, day: str) -> Answer:
    """Return the `/tide 基隆` answer for `day`, as the adapters ask it."""
    return await router.answer(Question(query="Keelung", tool="tide.forecast", place="Keelung", date=day,
                                        tz="Asia/Taipei", lang="en"))


def _extremes(answer: Answer, kind: str) -> list[datetime]:
    assert answer.result is not None
    return [datetime.fromisoformat(e["time"]) for e in answer.result["tide"][f"{kind}s"]]


@pytest.mark.parametrize("backend,kind", [("upstream", "high"), ("upstream", "low"), ("local", "high"),
                                          ("local", "low"), ("auto", "high")])
async def test_an_alerts_time_is_the_tide_answers_next_extreme(tmp_path: Path, upstream_url: Any,
                                                               backend: str, kind: str) -> None:
    router = _router(backend, upstream_url)
    store = open_store(f"sqlite:///{tmp_path}/subs.db")
    who = Subscriber("telegram", "u1", "c1", "en", "Asia/Taipei", UserSettings("telegram", "u1"),
                     tides=router)
    try:
        reply = await handle_alert(store, who, f"Keelung {kind} 30")
        [sub] = await store.list_subscriptions("telegram", "u1")
        extreme_at = sub.next_fire_at + LEAD
        day = extreme_at.astimezone(TAIPEI).date().isoformat()
        answer = await _tide(router, day)
        assert answer.backend == ("local" if backend == "local" else "upstream")
        times = _extremes(answer, kind)
        assert extreme_at in times  # the same instant /tide shows that day
        assert extreme_at.astimezone(TAIPEI).strftime("%H:%M") in answer.text
        # ... and the first one still ahead of its lead when the user subscribed.
        assert all(t - LEAD <= sub.created_at + SECOND for t in times if t < extreme_at)
        assert sub.next_fire_at > sub.created_at - SECOND and "Done" in reply
        other = _router("local" if backend != "local" else "upstream", upstream_url)
        try:
            assert extreme_at not in _extremes(await _tide(other, day), kind)  # the backends disagree
        finally:
            await other.aclose()
        if backend != "local":
            assert any(tool == "tide.forecast" for tool, _ in upstream_url.state.tool_calls)
    finally:
        store.close()
        await router.aclose()


async def test_the_scheduler_announces_the_upstreams_extreme(tmp_path: Path, upstream_url: Any) -> None:
    router = _router("upstream", upstream_url)
    store = open_store(f"sqlite:///{tmp_path}/subs.db")
    ports = SubscriberPorts()

    sub = await store.add_subscription(NewSubscription(
        platform="telegram", user_id="u1", chat_id="c1", kind="alert", place_name="Keelung", lon=121.741,
        lat=25.131, extreme="low", lead_minutes=45, tz="Asia/Taipei", lang="en",
        next_fire_at=await store.clock() + timedelta(seconds=0.5)))
    scheduler = Scheduler(store, router, ports, SchedulerConfig(interval_s=0.2, lease_s=5.0, status_every_s=0.0))
    scheduler.start()
    try:
        end = time.monotonic() + 20
        while not ports.got:
            assert time.monotonic() < end, "the alert was not sent"
            await asyncio.sleep(0.05)
    finally:
        await scheduler.stop()
    text = ports.texts[0]
    # The low it names is the first upstream low at or after the firing plus its lead.
    due = sub.next_fire_at + timedelta(minutes=45)
    day = due.astimezone(TAIPEI).date()
    lows: list[datetime] = []
    for offset in range(2):
        answer = await _tide(router, (day.fromordinal(day.toordinal() + offset)).isoformat())
        lows += _extremes(answer, "low")
    first = min(t for t in lows if t >= due - SECOND)
    assert first.astimezone(TAIPEI).strftime("%H:%M") in text and "low tide at Keelung" in text
    [after] = await store.list_subscriptions("telegram", "u1")
    # Due at an arbitrary moment, it is rescheduled to 45 minutes before that same upstream low.
    assert after.next_fire_at == first - timedelta(minutes=45)
    store.close()
    await router.aclose()
