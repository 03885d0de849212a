"""Subscription commands: `/daily HH:MM [PLACE]`, `/alert PLACE high|low MINUTES`, `/alerts`,
`/unalert N`, and the same requests in free text, in zh-TW or English ("remind me 30 minutes
before low tide at Kaohsiung").

What a request asks is understood in the core (`core.subscribe`); here each handler checks it
(place, tide data there by the tide tool's own no-data fact, at most MAX_SUBSCRIPTIONS), stores
it with its first due time (alerts: the next high/low from `tide.forecast` on the configured
backend, as `/tide` shows it) and returns the reply text in the user's language; a request that
fails a check stores nothing and gets a reply saying why. The handlers are synchronous (the
store is): adapters call them with `asyncio.to_thread`.
"""
from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from bots.common.chat_words import means_every
from bots.common.store import SubscriptionStore, UserSettings
from bots.common.subscription_models import MAX_SUBSCRIPTIONS, NewSubscription, Subscription, SubscriptionLimit
from core.subscribe import (
    SubscriptionPlace, SubscriptionRequest, decide_typed_alert, decide_typed_daily, place_named, understand_command,
    understand_subscription,
)
from core.subscriptions.blocking import BlockingTides
from core.subscriptions.daily import local_day, next_daily
from core.subscriptions.tides import TideEvent, ToolFailure, ToolRunner, day_tides, has_tide, next_alert
from core.understand.subscription_words import is_subscription_request
from core.words.strings import t, table
from core.words.subscriptions import lead_text, no_tide_reply, when_text

Lang = Literal["zh", "en"]

__all__ = ["Subscriber", "SubscriptionStore", "handle_daily", "handle_alert", "handle_alerts", "handle_unalert", "handle_free_text", "subscribe_daily", "subscribe_alert",
           "is_subscription_request", "tides_on", "carry_out", "describe", "lead_text", "when_text"]


@dataclass(frozen=True)
class Subscriber:
    """Who asks: platform ids, where messages go, the reply language, the zone to use, saved settings,
    and how the tide lookups reach the router (default: a router of their own on the configured backend)."""

    platform: str
    user_id: str
    chat_id: str
    lang: Lang
    tz: str  # the user's zone now (saved, else the bot's default); stored with each subscription
    settings: UserSettings  # for the saved home place
    tides: BlockingTides = field(default_factory=BlockingTides)


def tides_on(router: ToolRunner) -> BlockingTides:
    """Return the tide lookups of a Subscriber built on the event loop: `router`'s own backend,
    reached from the worker thread the handlers run in. Call it on the loop."""
    return BlockingTides(router, asyncio.get_running_loop())


def _say(lang: str, key: str, **values: object) -> str:
    return t(lang, f"subscriptions.{key}", **values)


# --------------------------------------------------------------------------- words for replies

def place_label(sub: NewSubscription, lang: str) -> str:
    """Return the subscription's place as the user sees it (its name, else its point)."""
    return sub.place_name or _say(lang, "point", lon=f"{sub.lon:.4f}", lat=f"{sub.lat:.4f}")


def describe(sub: NewSubscription, n: int, lang: str) -> str:
    """Return one line naming subscription number `n`: daily time and place, or lead, extreme and place."""
    extreme = table(lang, "subscriptions.extreme")
    if sub.kind == "daily":
        return _say(lang, "list_daily", n=n, hhmm=sub.hhmm, tz=sub.tz, place=place_label(sub, lang))
    return _say(lang, "list_alert", n=n, lead=lead_text(sub.lead_minutes or 0, lang),
                extreme=extreme[sub.extreme or "high"], place=place_label(sub, lang))


# --------------------------------------------------------------------------- checks

def _problem_reply(request: SubscriptionRequest, lang: str) -> str:
    """Return the reply saying why `request` cannot be stored as asked."""
    said = request.said
    if request.problem == "bad_point":
        return t(lang, "chat.home_bad")
    if request.problem == "unknown_place":
        return _say(lang, "unknown_place", place=said)
    if request.problem in ("bad_time", "bad_lead"):
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

    no_tide: dict[str, Any] | None = None
    alert: tuple[float, TideEvent] | None = None
    failed: bool = False


def _look_up(who: Subscriber, request: SubscriptionRequest, place: SubscriptionPlace, now: float) -> _Looked:
    """Return whether the place has tides today (in the subscriber's zone) and, for an alert, its
    first firing, from `tide.forecast` on the configured backend."""
    async def job(runner: ToolRunner) -> _Looked:
        try:
            today = await day_tides(runner, place.lon, place.lat, local_day(now, who.tz), who.tz)
        except ToolFailure:  # the backend could not answer today: the alert search below will tell
            today = None
        if today is not None and not has_tide(today):
            return _Looked(no_tide=today)
        if request.kind != "alert":
            return _Looked()
        try:
            found = await next_alert(runner, place.lon, place.lat, request.extreme or "high",
                                     request.lead_minutes or 0, now, who.tz)
        except ToolFailure:
            return _Looked(failed=True)
        return _Looked(alert=found)

    return who.tides.run(job)


def _store(store: SubscriptionStore, who: Subscriber, sub: NewSubscription) -> tuple[Subscription, int] | str:
    """Store `sub`; return (stored, its number in /alerts), or the reply when the user is at the limit."""
    if sum(1 for s in store.list_subscriptions(who.platform, who.user_id) if s.active) >= MAX_SUBSCRIPTIONS:
        return _say(who.lang, "limit", max=MAX_SUBSCRIPTIONS)
    try:
        saved: Subscription = store.add_subscription(sub)
    except SubscriptionLimit:
        return _say(who.lang, "limit", max=MAX_SUBSCRIPTIONS)
    ids = [s.id for s in store.list_subscriptions(who.platform, who.user_id)]
    return saved, ids.index(saved.id) + 1 if saved.id in ids else len(ids)


def _new(who: Subscriber, place: SubscriptionPlace, **fields: object) -> NewSubscription:
    return NewSubscription(platform=who.platform, user_id=str(who.user_id), chat_id=str(who.chat_id),
                           place_name=place.name[:100], lon=place.lon, lat=place.lat, tz=who.tz, lang=who.lang,
                           **fields)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- subscribing

def carry_out(store: SubscriptionStore, who: Subscriber, request: SubscriptionRequest) -> str:
    """Return the reply to an understood request; stores the subscription when every check passes."""
    if request.problem:
        return _problem_reply(request, who.lang)
    place = request.place or _home(who)
    if isinstance(place, str):
        return place
    now = store.now()
    looked = _look_up(who, request, place, now)
    if looked.no_tide is not None:
        return no_tide_reply(looked.no_tide, place.name, who.lang)
    if request.kind == "daily":
        hhmm = request.hhmm or "06:00"
        first = next_daily(hhmm, who.tz, now)
        stored = _store(store, who, _new(who, place, kind="daily", hhmm=hhmm, next_fire_at=first))
        if isinstance(stored, str):
            return stored
        return _say(who.lang, "daily_ok", hhmm=hhmm, tz=who.tz, place=place.name,
                    next=when_text(first, who.tz, who.lang), n=stored[1])
    extreme = request.extreme or "high"
    words = table(who.lang, "subscriptions.extreme")
    if looked.alert is None:
        return _say(who.lang, "alert_none", place=place.name, extreme=words[extreme])
    fire, event = looked.alert
    lead = request.lead_minutes or 0
    stored = _store(store, who, _new(who, place, kind="alert", extreme=extreme, lead_minutes=lead, next_fire_at=fire))
    if isinstance(stored, str):
        return stored
    return _say(who.lang, "alert_ok", place=place.name, extreme=words[extreme], lead=lead_text(lead, who.lang),
                next=when_text(fire, who.tz, who.lang), at=when_text(event.at, who.tz, who.lang), n=stored[1])


def handle_daily(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/daily HH:MM [PLACE]` (also "6:30 pm", "早上6點"); stores the subscription when valid."""
    return carry_out(store, who, understand_command("daily", arg, who.lang, who.tz))


def handle_alert(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/alert PLACE high|low MINUTES` (MINUTES may be "1h", "半小時"); stores it when valid."""
    return carry_out(store, who, understand_command("alert", arg, who.lang, who.tz))


def subscribe_daily(store: SubscriptionStore, who: Subscriber, time_text: str, place: str | None) -> str:
    """Return the reply to a daily subscription given as typed options (a Discord slash command's
    `time` and optional `place`); the same checks as `/daily`."""
    return carry_out(store, who, decide_typed_daily(time_text, place, who.lang, who.tz))


def subscribe_alert(store: SubscriptionStore, who: Subscriber, place: str | None, extreme: str,
                    minutes: int) -> str:
    """Return the reply to an alert given as typed options (place, "high" | "low", minutes); the same
    checks as `/alert`."""
    return carry_out(store, who, decide_typed_alert(place, extreme, minutes, who.lang, who.tz))


def handle_free_text(store: SubscriptionStore, who: Subscriber, text: str | None) -> str | None:
    """Return the reply to a subscription request written as a sentence (or a /daily, /alert
    command), or None when `text` is not one; stores the subscription when valid."""
    request = understand_subscription(text, who.lang, who.tz)
    return None if request is None else carry_out(store, who, request)


# --------------------------------------------------------------------------- listing, cancelling

def handle_alerts(store: SubscriptionStore, who: Subscriber) -> str:
    """Return the reply to `/alerts`: the user's subscriptions numbered 1..n with their next time."""
    subs: list[Subscription] = store.list_subscriptions(who.platform, who.user_id)
    if not subs:
        return _say(who.lang, "list_empty")
    lines = [_say(who.lang, "list_title")]
    for n, sub in enumerate(subs, 1):
        lines.append(describe(sub, n, who.lang))
        if sub.active:
            lines.append(_say(who.lang, "list_next", next=when_text(sub.next_fire_at, sub.tz, who.lang)))
        else:
            lines.append(_say(who.lang, "list_paused"))
    lines.append(_say(who.lang, "list_footer"))
    return "\n".join(lines)


def handle_unalert(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/unalert N`: removes subscription number N of `/alerts` (`all`: every one)."""
    text = (arg or "").strip().lstrip("#＃")
    if not text:
        return _say(who.lang, "unalert_usage")
    subs: list[Subscription] = store.list_subscriptions(who.platform, who.user_id)
    if means_every(text):  # `/unalert all`: the user named them all
        gone = sum(1 for sub in subs if store.remove_subscription(who.platform, who.user_id, sub.id))
        return _say(who.lang, "unalert_all", count=gone) if gone else _say(who.lang, "list_empty")
    m = re.fullmatch(r"\d{1,3}", text)
    n = int(text) if m else 0
    if not 1 <= n <= len(subs):
        return _say(who.lang, "unalert_bad", text=text[:20], count=len(subs))
    sub = subs[n - 1]
    if not store.remove_subscription(who.platform, who.user_id, sub.id):
        return _say(who.lang, "unalert_bad", text=text[:20], count=len(subs) - 1)
    return _say(who.lang, "unalert_ok", what=describe(sub, n, who.lang))
