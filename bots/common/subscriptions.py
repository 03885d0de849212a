"""Subscription commands: `/daily HH:MM [PLACE]`, `/alert PLACE high|low MINUTES`, `/alerts`,
`/unalert N`, and the same requests in free text, in zh-TW or English ("remind me 30 minutes
before low tide at Kaohsiung"; the words are in `subscription_words.yaml`).

Each handler reads the request, checks it (time, lead, place known to the gazetteer, tide data
there by the tide tool's own no-data fact, at most MAX_SUBSCRIPTIONS), stores it with its first
due time and returns the reply text in the user's language; a request that fails a check
stores nothing and gets a reply saying why. The handlers are synchronous (the store is):
adapters call them with `asyncio.to_thread`.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Literal

from bots.common.chat_commands import parse_point_arg
from bots.common.store import SubscriptionStore, UserSettings
from bots.common.subscription_models import MAX_SUBSCRIPTIONS, NewSubscription, Subscription, SubscriptionLimit
from bots.common.subscription_times import next_alert, next_daily
from bots.common.subscription_words import (
    find_extreme, find_lead, find_time, is_alert_request, is_subscription_request, leftover,
)
from core.understand.places import Place, division_name, find_place
from core.words.station import station_name
from core.words.strings import t, table
from metocean.contract import TideForecastArgs
from metocean.errors import ToolFailure
from metocean.timezones import parse_tz

Lang = Literal["zh", "en"]
MAX_LEAD_MINUTES = 720

__all__ = ["Subscriber", "SubscriptionStore", "handle_daily", "handle_alert", "handle_alerts", "handle_unalert", "handle_free_text", "subscribe_daily", "subscribe_alert",
           "is_subscription_request", "describe", "lead_text", "when_text", "radius_km"]


@dataclass(frozen=True)
class Subscriber:
    """Who asks: platform ids, where messages go, the reply language, the zone to use, saved settings."""

    platform: str
    user_id: str
    chat_id: str
    lang: Lang
    tz: str  # the user's zone now (saved, else the bot's default); stored with each subscription
    settings: UserSettings  # for the saved home place


@dataclass(frozen=True)
class _Place:
    name: str
    lon: float
    lat: float


def _say(lang: str, key: str, **values: object) -> str:
    return t(lang, f"subscriptions.{key}", **values)


@functools.cache
def radius_km() -> float:
    """Return the configured nearest-tide-station radius (km) the tide tool uses."""
    from core.config import get_settings

    return float(get_settings().tide_station_radius_km)


# --------------------------------------------------------------------------- words for replies

def lead_text(minutes: int, lang: str) -> str:
    """Return a lead time in words: "30 分鐘", "1 hour", "1 h 30 min"."""
    h, m = divmod(int(minutes), 60)
    if h and m:
        return _say(lang, "lead_hm", h=h, m=m)
    if h:
        return _say(lang, "lead_h_one") if h == 1 else _say(lang, "lead_h", h=h)
    return _say(lang, "lead_m_one") if m == 1 else _say(lang, "lead_m", m=m)


def when_text(epoch: float, tz: str, lang: str) -> str:
    """Return a moment as "YYYY-MM-DD HH:MM" on the clock of zone `tz`."""
    local = datetime.fromtimestamp(epoch, timezone.utc).astimezone(parse_tz(tz)[0])
    return _say(lang, "when", date=local.date().isoformat(), hhmm=local.strftime("%H:%M"))


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

def _label(found: Place, lang: str) -> str:
    """Return the place's name in `lang`, qualified by its division when several places share it
    ("Portland, Maine"), so the confirmation shows which one was taken."""
    name = found.name_zh if lang == "zh" else found.name_en
    if found.ambiguous and found.admin:
        return t(lang, "which_place.qualified", name=name, qualifier=division_name(found.country, found.admin, lang))
    return name


def _resolve(text: str, who: Subscriber) -> _Place | str:
    """Return the place `text` names (a point or a gazetteer name; empty: the saved home), or the reply
    explaining why there is none."""
    body = text.strip(" \t,:;\uff0c\u3001").strip("\uff1a\uff1b \t")  # ASCII and full-width separators
    if body:
        try:
            point = parse_point_arg(body)
        except ValueError:
            return t(who.lang, "chat.home_bad")
        if point:
            return _Place(f"{point[0]:.4f},{point[1]:.4f}", point[0], point[1])
        found = find_place(body, prefer_coastal=True)
        if found is None:
            return _say(who.lang, "unknown_place", place=body[:60])
        return _Place(_label(found, who.lang), found.lon, found.lat)
    home = who.settings
    if home.home_lon is not None and home.home_lat is not None:
        return _Place(home.home_name or f"{home.home_lon:.4f},{home.home_lat:.4f}", home.home_lon, home.home_lat)
    if home.home_name:
        return _resolve(home.home_name, who)
    return _say(who.lang, "need_place")


def _station_name(name: str, lang: str) -> str:
    """Return a station's name in `lang`, as the tide answers name it (Keelung → 基隆 in zh)."""
    return station_name(name, lang)


def _no_tide_reply(place: _Place, who: Subscriber) -> str | None:
    """Return why there are no tides at the place (the tide tool's own no-data note), or None when there are."""
    from metocean.config import EngineConfig
    from metocean.forecast import tide_forecast

    args = TideForecastArgs(longitude=place.lon, latitude=place.lat, tz=who.tz, date=date.today().isoformat())
    try:
        result = tide_forecast(args, EngineConfig(tide_station_radius_km=radius_km()))
    except ToolFailure:  # the engine could not answer today: the alert search below will tell
        return None
    tide = result.get("tide") or {}
    if tide.get("highs") or tide.get("lows"):
        return None
    lines = [_say(who.lang, "no_tide", place=place.name)]
    for note in result.get("notes") or []:
        if note.get("code") in ("no_station", "inland"):
            values = {k: v for k, v in note.items() if k in ("radius_km",)}
            lines.append(t(who.lang, f"tide_notes.{note['code']}", **values))
            nearest = note.get("nearest")
            if nearest:
                lines.append(t(who.lang, "no_tide_nearest", name=_station_name(str(nearest["name"]), who.lang),
                               km=f"{nearest['distance_km']:.0f}"))
    return "\n".join(lines)


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


def _new(who: Subscriber, place: _Place, **fields: object) -> NewSubscription:
    return NewSubscription(platform=who.platform, user_id=str(who.user_id), chat_id=str(who.chat_id),
                           place_name=place.name[:100], lon=place.lon, lat=place.lat, tz=who.tz, lang=who.lang,
                           **fields)  # type: ignore[arg-type]


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        chars[a:b] = [" "] * (b - a)
    return "".join(chars)


# --------------------------------------------------------------------------- subscribing

def _subscribe_daily(store: SubscriptionStore, who: Subscriber, hhmm: str, place: _Place | str) -> str:
    if isinstance(place, str):
        return place
    no_tide = _no_tide_reply(place, who)
    if no_tide:
        return no_tide
    first = next_daily(hhmm, who.tz, store.now())
    stored = _store(store, who, _new(who, place, kind="daily", hhmm=hhmm, next_fire_at=first))
    if isinstance(stored, str):
        return stored
    sub, n = stored
    return _say(who.lang, "daily_ok", hhmm=hhmm, tz=who.tz, place=place.name, next=when_text(first, who.tz, who.lang), n=n)


def _subscribe_alert(store: SubscriptionStore, who: Subscriber, extreme: str, lead: int, lead_said: str,
                     place: _Place | str) -> str:
    if not 0 <= lead <= MAX_LEAD_MINUTES:
        return _say(who.lang, "bad_lead", text=lead_said.strip())
    if isinstance(place, str):
        return place
    no_tide = _no_tide_reply(place, who)
    if no_tide:
        return no_tide
    words = table(who.lang, "subscriptions.extreme")
    found = next_alert(place.lon, place.lat, extreme, lead, store.now(), radius_km())  # type: ignore[arg-type]
    if found is None:
        return _say(who.lang, "alert_none", place=place.name, extreme=words[extreme])
    fire, ex = found
    stored = _store(store, who, _new(who, place, kind="alert", extreme=extreme, lead_minutes=lead, next_fire_at=fire))
    if isinstance(stored, str):
        return stored
    _, n = stored
    return _say(who.lang, "alert_ok", place=place.name, extreme=words[extreme], lead=lead_text(lead, who.lang),
                next=when_text(fire, who.tz, who.lang), at=when_text(ex.time.timestamp(), who.tz, who.lang), n=n)


def handle_daily(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/daily HH:MM [PLACE]` (also "6:30 pm", "早上6點"); stores the subscription when valid."""
    text = (arg or "").strip()
    said = find_time(text, bare=True)
    if said is None:
        return _say(who.lang, "need_time")
    if not said.valid:
        return _say(who.lang, "bad_time", text=said.text)
    return _subscribe_daily(store, who, said.hhmm, _resolve(_blank(text, [said.span]), who))


def handle_alert(store: SubscriptionStore, who: Subscriber, arg: str | None) -> str:
    """Return the reply to `/alert PLACE high|low MINUTES` (MINUTES may be "1h", "半小時"); stores it when valid."""
    text = (arg or "").strip()
    extreme = find_extreme(text)
    if extreme is None:
        return _say(who.lang, "need_extreme")
    rest = _blank(text, [extreme[1]])
    lead = find_lead(rest, bare=True)
    if lead is None:
        return _say(who.lang, "need_lead")
    said = " ".join(text[a:b] for a, b in lead.spans)
    return _subscribe_alert(store, who, extreme[0], lead.minutes, said, _resolve(_blank(rest, list(lead.spans)), who))


def subscribe_daily(store: SubscriptionStore, who: Subscriber, time_text: str, place: str | None) -> str:
    """Return the reply to a daily subscription given as typed options (a Discord slash command's
    `time` and optional `place`); the same checks as `/daily`."""
    said = find_time((time_text or "").strip(), bare=True)
    if said is None or said.span[1] - said.span[0] < len((time_text or "").strip()):
        return _say(who.lang, "bad_time", text=(time_text or "").strip()[:20]) if (time_text or "").strip() \
            else _say(who.lang, "need_time")
    if not said.valid:
        return _say(who.lang, "bad_time", text=said.text)
    return _subscribe_daily(store, who, said.hhmm, _resolve(place or "", who))


def subscribe_alert(store: SubscriptionStore, who: Subscriber, place: str | None, extreme: str,
                    minutes: int) -> str:
    """Return the reply to an alert given as typed options (place, "high" | "low", minutes); the same
    checks as `/alert`."""
    kind = find_extreme(extreme or "")
    if kind is None:
        return _say(who.lang, "need_extreme")
    return _subscribe_alert(store, who, kind[0], int(minutes), str(minutes), _resolve(place or "", who))


def _free_place(text: str, spans: list[tuple[int, int]], who: Subscriber) -> _Place | str:
    """Return the place a free-text request names, the saved home when it names none, or a reply."""
    found = find_place(text, prefer_coastal=True)
    if found is not None:
        return _Place(_label(found, who.lang), found.lon, found.lat)
    unknown = leftover(text, spans)
    if unknown:
        return _say(who.lang, "unknown_place", place=unknown)
    return _resolve("", who)


def handle_free_text(store: SubscriptionStore, who: Subscriber, text: str | None) -> str | None:
    """Return the reply to a subscription request written as a sentence, or None when `text` is not one
    (see `is_subscription_request`); stores the subscription when valid."""
    body = (text or "").strip()
    if not is_subscription_request(body):
        return None
    if is_alert_request(body):
        extreme = find_extreme(body)
        assert extreme is not None  # is_alert_request found it
        lead = find_lead(body)
        if lead is None:
            return _say(who.lang, "need_lead")
        said = " ".join(body[a:b] for a, b in lead.spans)
        place = _free_place(body, [extreme[1], *lead.spans], who)
        return _subscribe_alert(store, who, extreme[0], lead.minutes, said, place)
    said_time = find_time(body)
    if said_time is None:
        return _say(who.lang, "need_time")
    if not said_time.valid:
        return _say(who.lang, "bad_time", text=said_time.text)
    return _subscribe_daily(store, who, said_time.hhmm, _free_place(body, [said_time.span], who))


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
    """Return the reply to `/unalert N`: removes subscription number N of `/alerts`."""
    text = (arg or "").strip().lstrip("#＃")
    if not text:
        return _say(who.lang, "unalert_usage")
    subs: list[Subscription] = store.list_subscriptions(who.platform, who.user_id)
    m = re.fullmatch(r"\d{1,3}", text)
    n = int(text) if m else 0
    if not 1 <= n <= len(subs):
        return _say(who.lang, "unalert_bad", text=text[:20], count=len(subs))
    sub = subs[n - 1]
    if not store.remove_subscription(who.platform, who.user_id, sub.id):
        return _say(who.lang, "unalert_bad", text=text[:20], count=len(subs) - 1)
    return _say(who.lang, "unalert_ok", what=describe(sub, n, who.lang))
