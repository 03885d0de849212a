"""Subscription requests: reading times and lead times (zh/en), checks that store nothing, next firing
times (daily across daylight-saving changes, alerts against the tide engine's own extremes).

The store is the real SQLite store on a temporary file; the tide engine is the real one.
"""
from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bots.common.store import UserSettings, open_store
from bots.common.subscriptions.records import MAX_SUBSCRIPTIONS
from core.config import Settings
from core.router import Router
from core.subscriptions.daily_times import local_instant, next_daily
from core.subscriptions.alert_times import TideEvent, next_alert as next_alert_on
from core.understand.clock_times import find_clock as find_time
from core.understand.subscription_words import find_lead, is_subscription_request
from bots.common.subscriptions.subscribing import (
    Subscriber, handle_alert, handle_alerts, handle_daily, handle_free_text, handle_unalert, subscribe_alert,
    subscribe_daily,
)
from metocean.contract import TideForecastArgs
from metocean.forecast import tide_forecast

NY = ZoneInfo("America/New_York")
KEELUNG = (121.741, 25.131)
TAIPEI = ZoneInfo("Asia/Taipei")
#: The handlers' tide lookups: `tide.forecast` on the built-in engine (no internet).
LOCAL = Router(Settings(odbchat_backend="local"), llm=None)


@pytest.fixture(autouse=True)
def _local_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    """The handlers look tides up on the configured backend: the built-in engine here (no internet)."""
    monkeypatch.setenv("ODBCHAT_BACKEND", "local")


async def next_alert(lon: float, lat: float, kind: str, lead: int, after: datetime,
                     tz: str = "Asia/Taipei") -> tuple[datetime, TideEvent] | None:
    """The alert time as the handlers compute it: `tide.forecast` on the local backend."""
    return await next_alert_on(LOCAL, lon, lat, kind, lead, after, tz)  # type: ignore[arg-type]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    s = open_store(f"sqlite:///{tmp_path}/subs.db")
    yield s
    s.close()


def who(lang: str = "zh", user: str = "u1", **home: Any) -> Subscriber:
    return Subscriber("telegram", user, f"chat-{user}", lang, "Asia/Taipei",  # type: ignore[arg-type]
                      UserSettings("telegram", user, **home), LOCAL)


# --------------------------------------------------------------------------- reading

@pytest.mark.parametrize("text,hhmm", [
    ("六點", "06:00"), ("早上6點", "06:00"), ("晚上7點半", "19:30"), ("下午三點四十五", "15:45"),
    ("7點15分", "07:15"), ("凌晨12點", "00:00"), ("中午12點", "12:00"), ("06:30", "06:30"),
    ("6am", "06:00"), ("6:30 pm", "18:30"), ("12am", "00:00"), ("every evening at 7", "19:00"),
    ("send me the tides every morning at 6", "06:00"), ("每天6:30 提醒我高雄的潮汐", "06:30"),
])
def test_clock_times_in_both_languages(text: str, hhmm: str) -> None:
    found = find_time(text, bare=True)
    assert found is not None and found.valid and found.hhmm == hhmm


@pytest.mark.parametrize("text", ["25:00", "6:61", "13pm", "24:00"])
def test_impossible_times_are_found_but_invalid(text: str) -> None:
    found = find_time(text, bare=True)
    assert found is not None and not found.valid


@pytest.mark.parametrize("text,minutes", [
    ("30分鐘", 30), ("三十分鐘", 30), ("半小時", 30), ("半個小時", 30), ("一小時", 60), ("兩個小時", 120),
    ("一個半小時", 90), ("1小時30分", 90), ("30 minutes", 30), ("1 hour", 60), ("half an hour", 30),
    ("an hour and a half", 90), ("1.5 hours", 90), ("90 mins", 90), ("1h30m", 90), ("-30", -30),
])
def test_lead_times_in_both_languages(text: str, minutes: int) -> None:
    found = find_lead(text, bare=True)
    assert found is not None and found.minutes == minutes


@pytest.mark.parametrize("text,expected", [
    ("每天早上6點告訴我基隆潮汐", True), ("每天6:30 提醒我高雄的潮汐", True), ("滿潮前30分鐘提醒我", True),
    ("remind me 30 minutes before low tide at Kaohsiung", True), ("alert me 1 hour before high tide in Keelung", True),
    ("send me the tides every morning at 6", True),
    ("每天有幾次滿潮？", False), ("基隆今天潮汐", False), ("remind me to drink water every day at 6", False),
    ("is high tide before noon today?", False), ("告訴我每天滿潮的時間", False),
    ("send me the tides every morning", False), ("", False),
])
def test_free_text_detection(text: str, expected: bool) -> None:
    assert is_subscription_request(text) is expected


# --------------------------------------------------------------------------- subscribing

async def test_daily_command_stores_the_subscription_with_its_next_time(store: Any) -> None:
    reply = await handle_daily(store, who(), "06:30 基隆")
    [sub] = await store.list_subscriptions("telegram", "u1")
    assert (sub.kind, sub.hhmm, sub.place_name, sub.tz, sub.lang, sub.chat_id) == \
        ("daily", "06:30", "基隆", "Asia/Taipei", "zh", "chat-u1")
    assert sub.next_fire_at == next_daily("06:30", TAIPEI, sub.created_at - timedelta(seconds=1))
    local = sub.next_fire_at.astimezone(TAIPEI)
    assert local.strftime("%H:%M") == "06:30" and sub.next_fire_at - await store.clock() <= timedelta(days=1)
    assert "06:30" in reply and "基隆" in reply and "/unalert 1" in reply


async def test_alert_command_fires_lead_minutes_before_the_next_extreme(store: Any) -> None:
    reply = await handle_alert(store, who("en", home_name="Keelung"), "Keelung low 45")
    [sub] = await store.list_subscriptions("telegram", "u1")
    fire, ex = await next_alert(sub.lon, sub.lat, "low", 45, await store.clock() - timedelta(seconds=5)) or (None, None)
    assert (sub.kind, sub.extreme, sub.lead_minutes) == ("alert", "low", 45)
    assert ex is not None and ex.kind == "low" and sub.next_fire_at == ex.at - timedelta(minutes=45)
    assert "45 minutes" in reply and "low tide" in reply and "Keelung" in reply


@pytest.mark.parametrize("lang,handler,arg,words", [
    ("zh", handle_daily, "25:00 基隆", "不是有效的時間"),
    ("en", handle_daily, "6:61 Keelung", "not a valid time"),
    ("zh", handle_daily, "基隆", "幾點"),
    ("en", handle_daily, "06:00", "Which place"),
    ("zh", handle_daily, "06:00 火星城", "找不到「火星城」"),
    ("en", handle_daily, "06:00 Xyzzyville", 'could not find the place "Xyzzyville"'),
    ("zh", handle_daily, "06:00 南投", "沒有潮位資料"),
    ("en", handle_daily, "06:00 Taipei", "no tide data near Taipei"),
    ("zh", handle_alert, "基隆 high 800", "0 到 12 小時"),
    ("en", handle_alert, "Keelung low -30", "between 0 and 12 hours"),
    ("en", handle_alert, "Keelung high 13 hours", "between 0 and 12 hours"),
    ("zh", handle_alert, "基隆 30", "滿潮（high）還是乾潮（low）"),
    ("en", handle_alert, "Keelung high", "How long before"),
    ("zh", handle_alert, "南投 high 30", "沒有潮位資料"),
])
async def test_bad_requests_get_a_reply_in_the_users_language_and_store_nothing(
        store: Any, lang: str, handler: Any, arg: str, words: str) -> None:
    reply = await handler(store, who(lang), arg)
    assert words in reply
    assert await store.list_subscriptions("telegram", "u1") == []


async def test_no_tide_reply_names_the_nearest_station(store: Any) -> None:
    reply = await handle_daily(store, who("zh"), "06:00 台北")
    assert "基隆" in reply and "Keelung" not in reply and "公里" in reply


async def test_free_text_requests_in_both_languages(store: Any) -> None:
    zh, en = who("zh", "a"), who("en", "b", home_name="Keelung")
    assert "06:00" in (await handle_free_text(store, zh, "每天早上6點告訴我基隆潮汐") or "")
    assert "不是有效的時間" in (await handle_free_text(store, zh, "每天25點告訴我基隆潮汐") or "")
    assert "19:30" in (await handle_free_text(store, zh, "每天晚上7點半告訴我高雄的潮汐") or "")
    assert await handle_free_text(store, en, "remind me 30 minutes before low tide at Kaohsiung")
    assert await handle_free_text(store, en, "alert me 1 hour before high tide in Keelung")
    assert await handle_free_text(store, en, "send me the tides every morning at 6")  # home place: Keelung
    assert await handle_free_text(store, en, "what is the tide at Keelung?") is None
    a = [(s.kind, s.hhmm, s.place_name) for s in await store.list_subscriptions("telegram", "a")]
    b = [(s.kind, s.extreme, s.lead_minutes, s.hhmm, s.place_name) for s in await store.list_subscriptions("telegram", "b")]
    assert a == [("daily", "06:00", "基隆"), ("daily", "19:30", "高雄")]
    assert b == [("alert", "low", 30, None, "Kaohsiung"), ("alert", "high", 60, None, "Keelung"),
                 ("daily", None, None, "06:00", "Keelung")]


async def test_free_text_with_an_unknown_place_stores_nothing(store: Any) -> None:
    reply = await handle_free_text(store, who("en", home_name="Keelung"), "remind me 30 minutes before low tide at Xyzzyville")
    assert reply and "Xyzzyville" in reply
    assert await store.list_subscriptions("telegram", "u1") == []


async def test_at_most_ten_subscriptions(store: Any) -> None:
    me = who("en")
    for i in range(MAX_SUBSCRIPTIONS):
        assert "Done" in await handle_daily(store, me, f"{i + 6:02d}:00 Keelung")
    reply = await handle_daily(store, me, "20:00 Keelung")
    assert "already have 10" in reply
    assert len(await store.list_subscriptions("telegram", "u1")) == MAX_SUBSCRIPTIONS


async def test_alerts_lists_numbered_and_unalert_removes_by_number(store: Any) -> None:
    me = who("zh")
    assert "您目前沒有訂閱" in await handle_alerts(store, me)
    await handle_daily(store, me, "06:00 基隆")
    await handle_alert(store, me, "高雄 low 30")
    listing = await handle_alerts(store, me)
    assert "1. 每天 06:00" in listing and "2. 高雄乾潮前 30 分鐘" in listing and listing.count("下一次") == 2
    assert "找不到第 3 個" in await handle_unalert(store, me, "3")
    assert "請告訴我要取消哪一個" in await handle_unalert(store, me, "")
    assert "高雄" in await handle_unalert(store, me, "2")
    assert [s.kind for s in await store.list_subscriptions("telegram", "u1")] == ["daily"]
    assert (await handle_alerts(store, who("zh", "someone-else"))).startswith("您目前沒有訂閱")


# --------------------------------------------------------------------------- next firing

def test_daily_keeps_local_time_across_the_spring_change() -> None:
    before = datetime(2026, 3, 7, 12, 0, tzinfo=NY)
    first = next_daily("06:00", NY, before)
    second = next_daily("06:00", NY, first)
    assert first.astimezone(NY).isoformat() == "2026-03-08T06:00:00-04:00"
    assert second.astimezone(NY).isoformat() == "2026-03-09T06:00:00-04:00"
    assert second - first == timedelta(days=1)  # both in EDT
    saturday = next_daily("06:00", NY, datetime(2026, 3, 6, 12, tzinfo=NY))
    assert first - saturday == timedelta(hours=23)  # Saturday 06:00 EST to Sunday 06:00 EDT: an hour short


def test_a_time_that_does_not_exist_fires_at_the_first_valid_time_after_it() -> None:
    fire = local_instant(date(2026, 3, 8), "02:30", NY)
    assert fire.tzinfo is not None and fire.astimezone(NY).isoformat() == "2026-03-08T03:00:00-04:00"
    after = next_daily("02:30", NY, fire)
    assert after.astimezone(NY).isoformat() == "2026-03-09T02:30:00-04:00"


def test_a_time_that_happens_twice_fires_once() -> None:
    start = datetime(2026, 10, 31, 12, tzinfo=NY)
    first = next_daily("01:30", NY, start)
    second = next_daily("01:30", NY, first)
    assert first.astimezone(NY).isoformat() == "2026-11-01T01:30:00-04:00"
    assert second.astimezone(NY).isoformat() == "2026-11-02T01:30:00-05:00"
    assert second - first == timedelta(hours=25)


def test_daily_is_strictly_after_now() -> None:
    exact = datetime(2026, 5, 1, 6, 0, tzinfo=TAIPEI)
    second = timedelta(seconds=1)
    assert next_daily("06:00", TAIPEI, exact) == exact + timedelta(days=1)
    assert next_daily("06:00", TAIPEI, exact - second) == exact
    assert next_daily("06:00", timezone(timedelta(hours=8)), exact - second) == exact


def _engine_highs(day: date) -> list[datetime]:
    result = tide_forecast(TideForecastArgs(longitude=KEELUNG[0], latitude=KEELUNG[1], tz="Asia/Taipei",
                                            date=day.isoformat()))
    return [datetime.fromisoformat(h.time) for h in result.tide.highs]


async def test_alert_times_match_the_tide_tables_extremes_and_advance_after_firing() -> None:
    day = date(2026, 6, 10)
    highs = _engine_highs(day) + _engine_highs(day + timedelta(days=1))
    start = datetime(2026, 6, 10, 0, 0, tzinfo=TAIPEI)
    second, lead = timedelta(seconds=1), timedelta(minutes=30)
    fire, ex = await next_alert(*KEELUNG, "high", 30, start) or (start, None)
    assert ex is not None and abs(ex.at - highs[0]) <= second and fire == ex.at - lead
    fire2, ex2 = await next_alert(*KEELUNG, "high", 30, fire) or (start, None)  # recomputed after it fired
    assert ex2 is not None and abs(ex2.at - highs[1]) <= second and fire2 == ex2.at - lead
    # a lead that puts the first high's firing in the past moves on to the next high
    late, ex3 = await next_alert(*KEELUNG, "high", 30, highs[0] - timedelta(minutes=10)) or (start, None)
    assert ex3 is not None and abs(ex3.at - highs[1]) <= second and late > highs[0] - timedelta(minutes=10)


async def test_alert_far_from_any_station_has_no_firing() -> None:
    assert await next_alert(120.684, 23.91, "high", 30, datetime.now(timezone.utc)) is None


async def test_typed_options_as_discord_sends_them(store: Any) -> None:
    me = who("en")
    assert "not a valid time" in await subscribe_daily(store, me, "6:61", "Keelung")
    assert "not a valid time" in await subscribe_daily(store, me, "6 tomorrow", "Keelung")
    assert "between 0 and 12 hours" in await subscribe_alert(store, me, "Keelung", "high", 721)
    assert "Before high or low" in await subscribe_alert(store, me, "Keelung", "middle", 30)
    assert await store.list_subscriptions("telegram", "u1") == []
    assert "Done" in await subscribe_daily(store, me, "6:30 pm", "Keelung")
    assert "Done" in await subscribe_alert(store, me, "Kaohsiung", "low", 0)
    subs = await store.list_subscriptions("telegram", "u1")
    assert [(s.hhmm, s.extreme, s.lead_minutes) for s in subs] == [("18:30", None, None), (None, "low", 0)]


async def test_a_shared_place_name_is_stored_qualified(store: Any) -> None:
    reply = await handle_alert(store, Subscriber("telegram", "u1", "c", "en", "America/New_York",
                                           UserSettings("telegram", "u1"), LOCAL), "Portland high 30")
    [sub] = await store.list_subscriptions("telegram", "u1")
    assert sub.place_name == "Portland, Maine" and "Portland, Maine" in reply and sub.tz == "America/New_York"
