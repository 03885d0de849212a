"""Subscription commands: `/daily HH:MM [PLACE]`, `/alert PLACE high|low MINUTES`, `/alert PLACE
low|high below|above HEIGHT [daylight] [HH:MM]`, `/springtide [PLACE] [HH:MM]`, `/alerts`, `/unalert N`,
and the same requests in free text, in zh-TW or English ("remind me 30 minutes before low tide at
Kaohsiung", 「白天乾潮低於 -60 公分時提醒我（基隆）」, 「大潮提醒 富基漁港」).

What a request asks is understood in the core (`core.subscriptions.requests`); here each handler checks it
(place, tide data there by the tide tool's own no-data fact, at most MAX_SUBSCRIPTIONS), stores
it with its first due time (alerts: the next high/low from `tide.forecast` on the configured
backend, as `/tide` shows it; threshold and spring-tide alerts: `core.subscriptions.smart_times`) and returns the reply text in the user's language; a request that
fails a check stores nothing and gets a reply saying why. The handlers are coroutines on the
event loop, like the store's subscriptions and the router they ask: nothing hops to a thread.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from bots.common.chat_words import means_every
from bots.common.store import SubscriptionStore, UserSettings
from bots.common.subscriptions.records import MAX_SUBSCRIPTIONS, NewSubscription, Subscription, SubscriptionLimit
from core.subscriptions.requests import (
    SubscriptionPlace, SubscriptionRequest, decide_typed_alert, decide_typed_daily, decide_typed_spring,
    decide_typed_threshold, place_named, understand_command, understand_subscription,
)
from core.subscriptions.daily_times import local_day, next_daily, zone
from core.subscriptions.smart_times import (
    THRESHOLD_SEARCH_DAYS, Datum, Threshold, ThresholdFiring, announced_day, next_spring, next_threshold,
)
from core.subscriptions.alert_times import TideEvent, TideForecastResult, ToolFailure, ToolRunner, day_tides, next_alert
from core.understand.subscription_words import is_subscription_request
from core.words.strings import t, table
from core.words.heights import heights_for
from core.words.smart_alerts import reference, threshold_events, threshold_what
from core.words.subscriptions import lead_text, no_tide_reply, when_text

Lang = Literal["zh", "en"]

__all__ = ["Subscriber", "SubscriptionStore", "handle_daily", "handle_alert", "handle_alerts", "handle_unalert",
           "handle_free_text", "subscribe_daily", "subscribe_alert", "subscribe_threshold", "subscribe_spring",
           "handle_springtide", "threshold_of", "is_subscription_request", "carry_out", "describe", "lead_text",
           "when_text"]


@dataclass(frozen=True)
class Subscriber:
    """Who asks: platform ids, where messages go, the reply language, the zone to use, saved settings,
    and the router the tide lookups run on (its configured backend, as `/tide`)."""

    platform: str
    user_id: str
    chat_id: str
    lang: Lang
    tz: str  # the user's zone now (saved, else the bot's default); stored with each subscription
    settings: UserSettings  # for the saved home place
    tides: ToolRunner


def _say(lang: str, key: str, **values: object) -> str:
    return t(lang, f"subscriptions.{key}", **values)


# --------------------------------------------------------------------------- words for replies

def threshold_of(request: SubscriptionRequest) -> Threshold:
    """Return what a threshold request watches for (on mean sea level until its place is known)."""
    return Threshold(request.extreme or "low", request.direction or "below", request.threshold_cm or 0.0,
                     request.daylight, "msl")


def _units(who: "Subscriber") -> str:
    return who.settings.units or "cm"


def describe(sub: NewSubscription, n: int, lang: str, units: str = "cm") -> str:
    """Return one line naming subscription number `n`: daily time and place; lead, extreme and place;
    a threshold alert's extreme, height (in `units`, on its reference) and evening time; or spring
    tides, place and time."""
    extreme = table(lang, "subscriptions.extreme")
    if sub.kind == "daily":
        return _say(lang, "list_daily", n=n, hhmm=sub.hhmm, tz=sub.tz, place=sub.place(lang))
    if sub.kind == "threshold":
        threshold = sub.threshold
        return _say(lang, "list_threshold", n=n, what=threshold_what(threshold, sub.place(lang), lang, units),
                    hhmm=sub.hhmm, tz=sub.tz, ref=reference(threshold.datum, lang))
    if sub.kind == "springtide":
        return _say(lang, "list_spring", n=n, place=sub.place(lang), hhmm=sub.hhmm, tz=sub.tz)
    return _say(lang, "list_alert", n=n, lead=lead_text(sub.lead_minutes or 0, lang),
                extreme=extreme[sub.extreme or "high"], place=sub.place(lang))


# --------------------------------------------------------------------------- checks

def _problem_reply(request: SubscriptionRequest, lang: str) -> str:
    """Return the reply saying why `request` cannot be stored as asked."""
    said = request.said
    if request.problem == "bad_point":
        return t(lang, "chat.home_bad")
    if request.problem == "unknown_place":
        return _say(lang, "unknown_place", place=said)
    if request.problem in ("bad_time", "bad_lead", "bad_height"):
        return _say(lang, request.problem, text=said)
    return _say(lang, str(request.problem))


def _home(who: Subscriber) -> SubscriptionPlace | str:
    """Return the saved home place, or the reply saying there is none."""
    home = who.settings
    if home.home_lon is not None and home.home_lat is not None:
        return SubscriptionPlace(name=(home.home_name or f"{home.home_lon:.4f},{home.home_lat:.4f}")[:100],
                                 lon=home.home_lon, lat=home.home_lat)
    if home.home_name:
        found = place_named(home.home_name, who.lang)
        if isinstance(found, SubscriptionPlace):
            return found
        if isinstance(found, tuple):
            return _problem_reply(SubscriptionRequest(kind="daily", tz=who.tz, problem=found[0], said=found[1]), who.lang)
    return _say(who.lang, "need_place")


@dataclass(frozen=True)
class _Looked:
    """What the tide lookups found for a request: no tide there (the day's result), or the first alert."""

    no_tide: TideForecastResult | None = None
    alert: tuple[datetime, TideEvent] | None = None
    threshold: ThresholdFiring | None = None
    spring: datetime | None = None
    datum: Datum = "msl"  # a threshold's reference: the user's, when the place's chart datum is known...
    chart_name: str | None = None  # ...and that datum's name (LAT, MLLW, CWA)
    failed: bool = False


async def _look_up(who: Subscriber, request: SubscriptionRequest, place: SubscriptionPlace, now: datetime) -> _Looked:
    """Return whether the place has tides today (in the subscriber's zone) and, for an alert, its
    first firing, from `tide.forecast` on the configured backend."""
    runner = who.tides
    try:
        today = await day_tides(runner, place.lon, place.lat, local_day(now, zone(who.tz)), who.tz)
    except ToolFailure:  # the backend could not answer today: the alert search below will tell
        today = None
    if today is not None and not today.has_tide:
        return _Looked(no_tide=today)
    try:
        if request.kind == "threshold":
            heights = heights_for(today.station if today else None, who.settings.datum, None)
            datum: Datum = "chart" if heights.on_chart else "msl"
            threshold = replace(threshold_of(request), datum=datum)
            return _Looked(threshold=await next_threshold(runner, place.lon, place.lat, threshold,
                                                          request.hhmm or "20:00", now, who.tz),
                           datum=datum, chart_name=heights.chart_name)
        if request.kind == "springtide":
            return _Looked(spring=await next_spring(runner, place.lon, place.lat, request.hhmm or "06:00", now,
                                                    who.tz))
    except ToolFailure:
        return _Looked(failed=True)
    if request.kind != "alert":
        return _Looked()
    try:
        found = await next_alert(runner, place.lon, place.lat, request.extreme or "high",
                                 request.lead_minutes or 0, now, who.tz)
    except ToolFailure:
        return _Looked(failed=True)
    return _Looked(alert=found)


async def _store(store: SubscriptionStore, who: Subscriber, sub: NewSubscription) -> tuple[Subscription, int] | str:
    """Store `sub`; return (stored, its number in /alerts), or the reply when the user is at the limit."""
    if sum(1 for s in await store.list_subscriptions(who.platform, who.user_id) if s.active) >= MAX_SUBSCRIPTIONS:
        return _say(who.lang, "limit", max=MAX_SUBSCRIPTIONS)
    try:
        saved: Subscription = await store.add_subscription(sub)
    except SubscriptionLimit:
        return _say(who.lang, "limit", max=MAX_SUBSCRIPTIONS)
    ids = [s.id for s in await store.list_subscriptions(who.platform, who.user_id)]
    return saved, ids.index(saved.id) + 1 if saved.id in ids else len(ids)


def _new(who: Subscriber, place: SubscriptionPlace, **fields: object) -> NewSubscription:
    return NewSubscription(platform=who.platform, user_id=str(who.user_id), chat_id=str(who.chat_id),
                           place_name=place.name[:100], lon=place.lon, lat=place.lat, tz=who.tz, lang=who.lang,
                           **fields)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- subscribing

async def carry_out(store: SubscriptionStore, who: Subscriber, request: SubscriptionRequest) -> str:
    """Return the reply to an understood request; stores the subscription when every check passes."""
    if request.problem:
        return _problem_reply(request, who.lang)
    place = request.place or _home(who)
    if isinstance(place, str):
        return place
    now = await store.clock()
    looked = await _look_up(who, request, place, now)
    if looked.no_tide is not None:
        return no_tide_reply(looked.no_tide, place.name, who.lang)
    if request.kind == "daily":
        hhmm = request.hhmm or "06:00"
        first = next_daily(hhmm, zone(who.tz), now)
        stored = await _store(store, who, _new(who, place, kind="daily", hhmm=hhmm, next_fire_at=first))
        if isinstance(stored, str):
            return stored
        return _say(who.lang, "daily_ok", hhmm=hhmm, tz=who.tz, place=place.name,
                    next=when_text(first, who.tz, who.lang), n=stored[1])
    if request.kind in ("threshold", "springtide"):
        return await _carry_out_smart(store, who, request, place, looked)
    extreme = request.extreme or "high"
    words = table(who.lang, "subscriptions.extreme")
    if looked.alert is None:
        return _say(who.lang, "alert_none", place=place.name, extreme=words[extreme])
    fire, event = looked.alert
    lead = request.lead_minutes or 0
    stored = await _store(store, who, _new(who, place, kind="alert", extreme=extreme, lead_minutes=lead, next_fire_at=fire))
    if isinstance(stored, str):
        return stored
    return _say(who.lang, "alert_ok", place=place.name, extreme=words[extreme], lead=lead_text(lead, who.lang),
                next=when_text(fire, who.tz, who.lang), at=when_text(event.at, who.tz, who.lang), n=stored[1])


async def _carry_out_smart(store: SubscriptionStore, who: Subscriber, request: SubscriptionRequest,
                     place: SubscriptionPlace, looked: _Looked) -> str:
    """Return the reply to a threshold or spring-tide request whose place has tides; stores it."""
    fire = looked.threshold.fire_at if looked.threshold else looked.spring
    if looked.failed:
        return _say(who.lang, "lookup_failed", place=place.name)
    if fire is None:  # no tides on the days looked at
        return _say(who.lang, "no_tide", place=place.name)
    fields: dict[str, object] = {"kind": request.kind, "hhmm": request.hhmm, "next_fire_at": fire}
    if request.kind == "threshold":
        fields |= {"extreme": request.extreme, "direction": request.direction, "threshold_cm": request.threshold_cm,
                   "threshold_datum": looked.datum, "daylight": request.daylight}
    stored = await _store(store, who, _new(who, place, **fields))
    if isinstance(stored, str):
        return stored
    saved, n = stored
    if request.kind == "springtide":
        return _say(who.lang, "spring_ok", place=place.name, hhmm=saved.hhmm, tz=who.tz,
                    next=when_text(fire, who.tz, who.lang), n=n)
    first, threshold, units = looked.threshold, saved.threshold, _units(who)
    events = first.events if first else ()
    if events:
        said = _say(who.lang, "threshold_first", next=when_text(fire, who.tz, who.lang),
                    day=announced_day(fire, who.tz).isoformat(),
                    tides=threshold_events(events, who.tz, who.lang, units, threshold.datum))
    else:
        said = _say(who.lang, "threshold_none_yet", days=THRESHOLD_SEARCH_DAYS)
    note = t(who.lang, "heights.chart_unknown") if who.settings.datum == "chart" and looked.datum == "msl" else ""
    return _say(who.lang, "threshold_ok", what=threshold_what(threshold, place.name, who.lang, units), hhmm=saved.hhmm,
                tz=who.tz, ref=reference(threshold.datum, who.lang, events, looked.chart_name), note=note, first=said, n=n)


async def handle_daily(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/daily HH:MM [PLACE]` (also "6:30 pm", "早上6點"); stores the subscription when valid."""
    return await carry_out(store, who, understand_command("daily", arg, who.lang, who.tz))


async def handle_alert(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/alert PLACE high|low MINUTES` (MINUTES may be "1h", "半小時"); stores it when valid."""
    return await carry_out(store, who, understand_command("alert", arg, who.lang, who.tz, _units(who)))


async def subscribe_daily(store: SubscriptionStore, who: Subscriber, time_text: str, place: str | None) -> str:
    """Return the reply to a daily subscription given as typed options (a Discord slash command's
    `time` and optional `place`); the same checks as `/daily`."""
    return await carry_out(store, who, decide_typed_daily(time_text, place, who.lang, who.tz))


async def subscribe_alert(store: SubscriptionStore, who: Subscriber, place: str | None, extreme: str,
                    minutes: int | None) -> str:
    """Return the reply to an alert given as typed options (place, "high" | "low", minutes); the same
    checks as `/alert` (no minutes: the reply asks for them)."""
    return await carry_out(store, who, decide_typed_alert(place, extreme, minutes, who.lang, who.tz))


async def subscribe_threshold(store: SubscriptionStore, who: Subscriber, place: str | None, extreme: str, direction: str,
                        height: float, daylight: bool, time_text: str | None) -> str:
    """Return the reply to a threshold alert given as typed options; the same checks as `/alert PLACE low below H`."""
    return await carry_out(store, who, decide_typed_threshold(place, extreme, direction, height, daylight, time_text,
                                                        who.lang, who.tz, _units(who)))


async def subscribe_spring(store: SubscriptionStore, who: Subscriber, place: str | None, time_text: str | None) -> str:
    """Return the reply to spring-tide messages given as typed options; the same checks as `/springtide`."""
    return await carry_out(store, who, decide_typed_spring(place, time_text, who.lang, who.tz))


async def handle_springtide(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/springtide [PLACE] [HH:MM]`; stores the subscription when valid."""
    return await carry_out(store, who, understand_command("springtide", arg, who.lang, who.tz))


async def handle_free_text(store: SubscriptionStore, who: Subscriber, text: str | None) -> str | None:
    """Return the reply to a subscription request written as a sentence (or a /daily, /alert
    command), or None when `text` is not one; stores the subscription when valid."""
    request = understand_subscription(text, who.lang, who.tz, units=_units(who))
    return None if request is None else await carry_out(store, who, request)


# --------------------------------------------------------------------------- listing, cancelling

async def handle_alerts(store: SubscriptionStore, who: Subscriber) -> str:
    """Return the reply to `/alerts`: the user's subscriptions numbered 1..n with their next time."""
    subs: list[Subscription] = await store.list_subscriptions(who.platform, who.user_id)
    if not subs:
        return _say(who.lang, "list_empty")
    lines = [_say(who.lang, "list_title")]
    for n, sub in enumerate(subs, 1):
        lines.append(describe(sub, n, who.lang, _units(who)))
        if sub.active:
            lines.append(_say(who.lang, "list_next", next=when_text(sub.next_fire_at, sub.tz, who.lang)))
        else:
            lines.append(_say(who.lang, "list_paused"))
    lines.append(_say(who.lang, "list_footer"))
    return "\n".join(lines)


async def handle_unalert(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/unalert N`: removes subscription number N of `/alerts` (`all`: every one)."""
    text = (arg or "").strip().lstrip("#＃")
    if not text:
        return _say(who.lang, "unalert_usage")
    subs: list[Subscription] = await store.list_subscriptions(who.platform, who.user_id)
    if means_every(text):  # `/unalert all`: the user named them all
        gone = sum([await store.remove_subscription(who.platform, who.user_id, sub.id) for sub in subs])
        return _say(who.lang, "unalert_all", count=gone) if gone else _say(who.lang, "list_empty")
    m = re.fullmatch(r"\d{1,3}", text)
    n = int(text) if m else 0
    if not 1 <= n <= len(subs):
        return _say(who.lang, "unalert_bad", text=text[:20], count=len(subs))
    sub = subs[n - 1]
    if not await store.remove_subscription(who.platform, who.user_id, sub.id):
        return _say(who.lang, "unalert_bad", text=text[:20], count=len(subs) - 1)
    return _say(who.lang, "unalert_ok", what=describe(sub, n, who.lang, _units(who)))
