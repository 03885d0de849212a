"""Subscription records shared by the store, the scheduler and the chat adapters.

A subscription is a daily forecast at a local clock time (`kind="daily"`) or a tide alert
before a high or low water (`kind="alert"`). The store owns ids, timestamps and leases;
callers compute `next_fire_at` (epoch seconds, UTC) from `hhmm`/`tz` or the tide table.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

#: Active subscriptions one user may hold at once.
MAX_SUBSCRIPTIONS = 10


class NewSubscription(BaseModel):
    """What a caller gives `add_subscription`; the store adds id, active and timestamps."""

    platform: str
    user_id: str
    chat_id: str
    kind: Literal["daily", "alert"]
    place_name: str | None = None
    lon: float
    lat: float
    hhmm: str | None = None  # daily: "06:00" in tz
    extreme: Literal["high", "low"] | None = None  # alert
    lead_minutes: int | None = None  # alert: 0..720
    tz: str
    lang: Literal["zh", "en"]
    next_fire_at: float  # epoch seconds


class Subscription(NewSubscription):
    """A stored subscription as the store returns it."""

    id: int
    active: bool = True
    created_at: float
    last_fired_at: float | None = None
    #: The firing due at `next_fire_at`: None (not started), "sending" (a worker was sending it,
    #: maybe cut off by a crash) or "sent" (it went out; only the next due time was not recorded).
    firing_state: Literal["sending", "sent"] | None = None


class SubscriptionLimit(Exception):
    """Raised by `add_subscription` when the user already has MAX_SUBSCRIPTIONS active ones."""
