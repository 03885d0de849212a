"""Threshold and spring-tide alerts on real parts: the real store (SQLite file, and PostgreSQL on
loopback in the e2e lane through `db_url`), the real router on the built-in engine, and the
scheduler on an injected clock that walks a simulated week hour by hour. `deliver` records what
it is handed: that is the adapter's boundary.

The truth is computed here from the `tide.forecast` results themselves (lows, sunrise, sunset):
Keelung, 2026-11-28 to 2026-12-04, has lows below -30 cm in daylight, lows below -30 cm before
sunrise and after sunset, and daylight lows above -30 cm.
"""
from __future__ import annotations

import asyncio
import re
from collections import Counter
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bots.common.subscriptions.scheduler import Scheduler, SchedulerConfig
from bots.common.store import open_store
from bots.common.subscriptions.records import NewSubscription, Subscription
from chat_port import SubscriberPorts as Recorder
from core.charts.spring_neap import day_range
from core.config import Settings
from core.router import Router
from core.subscriptions.smart_times import Threshold, next_spring, next_threshold
from metocean.contract import TideForecastResult

TZ = "Asia/Taipei"
TAIPEI = ZoneInfo(TZ)
KEELUNG = (121.741, 25.131)
CONFIG = SchedulerConfig(interval_s=0.1, lease_s=30.0, status_every_s=3600.0)


class SimClock:
    """The scheduler's injected clock: a simulated moment moved by the test."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def router() -> Any:
    r = Router(Settings(odbchat_backend="local"), llm=None)
    yield r
    await r.aclose()


async def _days(router: Router, first: date, n: int) -> dict[date, TideForecastResult]:
    out = {}
    for i in range(n):
        day = first + timedelta(days=i)
        out[day] = await router.run_tool("tide.forecast", {"longitude": KEELUNG[0], "latitude": KEELUNG[1],
                                                            "date": day.isoformat(), "tz": TZ})
    return out


def _lows(result: TideForecastResult) -> list[tuple[datetime, float, bool]]:
    """Every low of a day: its moment, height (cm above MSL), and whether the sun is up then."""
    assert result.sun is not None and result.sun.rise and result.sun.set
    rise = datetime.fromisoformat(result.sun.rise)
    sunset = datetime.fromisoformat(result.sun.set)
    return [(at, low.height_cm, rise <= at <= sunset)
            for low in result.tide.lows for at in [datetime.fromisoformat(low.time)]]


async def _row(store: Any, user: str, **fields: Any) -> Subscription:
    base: dict[str, Any] = {"platform": "telegram", "user_id": user, "chat_id": user, "place_name": "基隆",
                            "lon": KEELUNG[0], "lat": KEELUNG[1], "tz": TZ, "lang": "zh"}
    return await store.add_subscription(NewSubscription(**(base | fields)))


async def _walk(schedulers: list[Scheduler], clock: SimClock, until: datetime, step_s: float = 3600.0) -> None:
    """Move the simulated clock hour by hour to `until`, letting every scheduler claim at each step."""
    while clock.now < until:
        clock.now += timedelta(seconds=step_s)
        await asyncio.gather(*(s.tick() for s in schedulers))


async def test_a_threshold_alert_fires_once_per_qualifying_daylight_tide_and_never_otherwise(
        db_url: str, router: Router) -> None:
    first, last = date(2026, 11, 29), date(2026, 12, 4)
    days = await _days(router, first, (last - first).days + 1)
    truth = {day: [(at, h) for at, h, sunny in _lows(result) if h < -30 and sunny] for day, result in days.items()}
    never = [(at, h) for result in days.values() for at, h, sunny in _lows(result) if h < -30 and not sunny]
    too_high = [(at, h) for result in days.values() for at, h, sunny in _lows(result) if h >= -30 and sunny]
    # The span holds every case: qualifying lows, lows low enough in the dark (before sunrise,
    # after sunset) and daylight lows not low enough.
    assert sum(map(len, truth.values())) >= 3 and never and too_high
    assert any(at.hour >= 18 for at, _ in never) and any(at.hour < 7 for at, _ in never)

    clock = SimClock(datetime(2026, 11, 28, 12, 0, tzinfo=TAIPEI))
    threshold = Threshold("low", "below", -30.0, daylight=True)
    store = open_store(db_url)
    firing = await next_threshold(router, *KEELUNG, threshold, "20:00", clock.now, TZ)
    assert firing is not None
    sub = await _row(store, "7", kind="threshold", extreme="low", direction="below", threshold_cm=-30.0, daylight=True,
               hhmm="20:00", next_fire_at=firing.fire_at)
    assert (sub.kind, sub.direction, sub.threshold_cm, sub.daylight) == ("threshold", "below", -30.0, True)
    sent = Recorder(clock=clock)
    # Two workers on one database (exactly once between them); the second is restarted half way.
    workers = [Scheduler(store, router, sent, CONFIG, clock=clock), Scheduler(open_store(db_url), router, sent, CONFIG,
                                                                             clock=clock)]
    await _walk(workers, clock, datetime(2026, 12, 1, 12, 0, tzinfo=TAIPEI))
    workers[1] = Scheduler(open_store(db_url), router, sent, CONFIG, clock=clock)
    await _walk(workers, clock, datetime(2026, 12, 4, 0, 0, tzinfo=TAIPEI))

    expected_days = [day for day, tides in truth.items() if tides and day <= date(2026, 12, 4)]
    assert len(sent.got) == len(expected_days)
    announced: Counter[str] = Counter()
    for (got, text, at), day in zip([(f.sub, f.text, f.at) for f in sent.got], expected_days):
        local = at.astimezone(TAIPEI)
        assert (local.date(), local.strftime("%H:%M")) == (day - timedelta(days=1), "20:00")  # the evening before
        assert day.isoformat() in text and "平均海平面" in text and "低於 -30 公分" in text, text
        for at_tide, height in truth[day]:
            assert f"{at_tide:%H:%M} 乾潮 {height:.0f} 公分" in text, text
        announced.update(re.findall(r"(\d\d:\d\d) 乾潮", text))
    assert sum(announced.values()) == sum(map(len, truth.values()))
    texts = "\n".join(sent.texts)
    for at_tide, _ in never + too_high:  # never announced: in the dark, or not low enough
        assert f"{at_tide:%H:%M} 乾潮" not in texts
    [after] = await store.list_subscriptions("telegram", "7")
    assert after.next_fire_at > clock.now and after.last_fired_at is not None
    for worker in workers:
        if worker.store is not store:
            await worker.store.aclose()
            worker.store.close()
    await store.aclose()
    store.close()


async def test_without_daylight_the_dark_lows_are_announced_too(tmp_path: Any, router: Router) -> None:
    days = await _days(router, date(2026, 12, 2), 1)
    dark = [(at, h) for at, h, sunny in _lows(days[date(2026, 12, 2)]) if h < -30 and not sunny]
    assert dark  # 2026-12-02 has a low below -30 cm after sunset
    clock = SimClock(datetime(2026, 12, 1, 12, 0, tzinfo=TAIPEI))
    store = open_store(f"sqlite:///{tmp_path}/dark.db")
    firing = await next_threshold(router, *KEELUNG, Threshold("low", "below", -30.0), "21:00", clock.now, TZ)
    assert firing is not None and firing.day == date(2026, 12, 2)
    await _row(store, "8", kind="threshold", extreme="low", direction="below", threshold_cm=-30.0, daylight=False,
         hhmm="21:00", next_fire_at=firing.fire_at, lang="en", place_name="Keelung")
    sent = Recorder(clock=clock)
    await _walk([Scheduler(store, router, sent, CONFIG, clock=clock)], clock,
                datetime(2026, 12, 2, 0, 0, tzinfo=TAIPEI))
    [(text, at)] = [(f.text, f.at) for f in sent.got]
    assert at.astimezone(TAIPEI).strftime("%H:%M") == "21:00"
    assert text.startswith("🌊 Tomorrow") and "low tides below -30 cm at Keelung" in text and "daylight" not in text
    assert all(f"{at_tide:%H:%M} low tide {h:.0f} cm" in text for at_tide, h in dark), text
    store.close()


async def test_a_spring_tide_message_comes_on_the_first_morning_of_each_period(db_url: str, router: Router) -> None:
    first = date(2026, 12, 3)
    days = await _days(router, first - timedelta(days=1), 30)
    ranges = {day: day_range(result, day, TAIPEI) for day, result in days.items()}
    starts = [day for day in sorted(ranges)[1:] if ranges[day] == "spring" and ranges[day - timedelta(days=1)] != "spring"]
    starts = [day for day in starts if day < date(2026, 12, 31)]
    assert len(starts) == 2  # new moon 2026-12-09 and full moon 2026-12-24

    clock = SimClock(datetime(2026, 12, 3, 0, 0, tzinfo=TAIPEI))
    store = open_store(db_url)
    due = await next_spring(router, *KEELUNG, "06:00", clock.now, TZ)
    assert due is not None
    await _row(store, "9", kind="springtide", hhmm="06:00", next_fire_at=due)
    sent = Recorder(clock=clock)
    await _walk([Scheduler(store, router, sent, CONFIG, clock=clock)], clock,
                datetime(2026, 12, 31, 0, 0, tzinfo=TAIPEI), step_s=3 * 3600.0)
    assert [f.at.astimezone(TAIPEI) for f in sent.got] == \
        [datetime(d.year, d.month, d.day, 6, 0, tzinfo=TAIPEI) for d in starts]
    for text, start in zip(sent.texts, starts):
        period = [start]
        while ranges.get(period[-1] + timedelta(days=1)) == "spring":
            period.append(period[-1] + timedelta(days=1))
        assert text.startswith("🌕 基隆大潮") and f"共 {len(period)} 天" in text, text
        for day in period:  # each day of the period with its daylight lows (or none)
            lows = [(at, h) for at, h, sunny in _lows(days[day]) if sunny]
            line = next(line for line in text.splitlines() if day.isoformat() in line and line.startswith("•"))
            assert all(f"{at:%H:%M} {h:.0f} 公分" in line for at, h in lows) and (lows or "白天沒有乾潮" in line), line
    await store.aclose()
    store.close()


async def test_the_spring_tide_days_are_the_week_tables(router: Router) -> None:
    from core.envelope import Question
    from core.subscriptions.smart_times import spring_period

    answer = await router.answer(Question(query="/week", tz=TZ, query_time="2026-12-07T09:00:00+08:00", lang="zh",
                                          tool="tide.week", place="基隆"))
    table_spring = [date.fromisoformat(r["date"]) for r in answer.result["rows"] if r["tide_range"] == "spring"]
    period = await spring_period(router, *KEELUNG, date(2026, 12, 8), TZ)
    # The week 12-07..12-13 holds the whole period: its first day, and the day before it not spring.
    assert answer.result["rows"][0]["tide_range"] != "spring" and [d.day for d in period] == table_spring


async def test_a_threshold_on_chart_datum_in_metres_reads_the_users_reference(tmp_path: Any, router: Router) -> None:
    days = await _days(router, date(2026, 11, 30), 3)
    station = days[date(2026, 11, 30)].station
    assert station is not None and station.chart_datum is not None
    offset = station.chart_datum.msl_above_cm  # MSL above the chart datum
    truth = {day: [(at, h + offset) for at, h, sunny in _lows(result) if h + offset < offset - 30 and sunny]
             for day, result in days.items()}
    assert all(truth.values())
    store = open_store(f"sqlite:///{tmp_path}/chart.db")
    await store.update("telegram", "10", units="m", datum="chart")
    clock = SimClock(datetime(2026, 11, 29, 12, 0, tzinfo=TAIPEI))
    threshold = Threshold("low", "below", offset - 30, daylight=True, datum="chart")
    firing = await next_threshold(router, *KEELUNG, threshold, "20:00", clock.now, TZ)
    assert firing is not None and firing.day == date(2026, 11, 30)
    await _row(store, "10", kind="threshold", extreme="low", direction="below", threshold_cm=offset - 30, daylight=True,
         threshold_datum="chart", hhmm="20:00", next_fire_at=firing.fire_at)
    sent = Recorder(clock=clock)
    await _walk([Scheduler(store, router, sent, CONFIG, clock=clock)], clock, datetime(2026, 12, 2, 0, 0, tzinfo=TAIPEI))
    assert len(sent.got) == 3
    for text, (day, tides) in zip(sent.texts, sorted(truth.items())):
        assert f"低於 {(offset - 30) / 100:.2f} 公尺" in text and "海圖基準面" in text and "（公尺）" in text, text
        assert all(f"{at:%H:%M} 乾潮 {height / 100:.2f} 公尺" in text for at, height in tides), text
    store.close()
