"""Subscriptions say heights the way their subscriber reads them (/datum, /units): the alert's
height above the station's chart datum in feet, the daily message's table likewise."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bots.common.subscriptions.scheduler import Scheduler, SchedulerConfig
from bots.common.store import open_store
from bots.common.subscriptions.records import NewSubscription, Subscription
from chat_port import SubscriberPorts as Sent
from core.router import Router
from core.subscriptions.alert_times import announced_extreme

FAST = SchedulerConfig(interval_s=0.1, lease_s=5.0, status_every_s=0.0)
JUST = timedelta(seconds=0.05)


async def _sub(store: Any, **extra: Any) -> Subscription:
    fields: dict[str, Any] = {"platform": "telegram", "user_id": "7", "chat_id": "7", "kind": "alert",
                              "place_name": "Keelung", "lon": 121.741, "lat": 25.131, "extreme": "high",
                              "lead_minutes": 30, "tz": "Asia/Taipei", "lang": "en",
                              "next_fire_at": await store.clock() - JUST}
    fields.update(extra)
    return await store.add_subscription(NewSubscription(**fields))


async def test_an_alert_and_a_daily_use_the_subscribers_datum_and_unit(tmp_path: Path, router: Router) -> None:
    store = open_store(str(tmp_path / "subs.db"))
    await store.update("telegram", "7", datum="chart", units="ft")
    sub = await _sub(store)
    event = await announced_extreme(router, sub.lon, sub.lat, "high", 30, sub.next_fire_at, sub.tz)
    assert event is not None and event.chart_datum is not None and event.height_cm is not None
    sent = Sent()
    assert await Scheduler(store, router, sent, FAST).tick() == 1
    name, below = event.chart_datum
    feet = (event.height_cm + below) / 30.48
    assert f"height {feet:.1f} ft above chart datum" in sent.texts[0], sent.texts
    await _sub(store, kind="daily", extreme=None, lead_minutes=None, hhmm="06:00", lang="zh", place_name="基隆",
         next_fire_at=await store.clock() - JUST)
    assert await Scheduler(store, router, sent, FAST).tick() == 1
    assert " ft" in sent.texts[1] and "英尺" in sent.texts[1] and "海圖基準面" in sent.texts[1]
    store.close()
