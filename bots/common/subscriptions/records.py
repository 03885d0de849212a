"""Subscription records shared by the store, the scheduler and the chat adapters.

A subscription is a daily forecast at a local clock time (`kind="daily"`), a tide alert
before a high or low water (`kind="alert"`), a message the evening before each low (or high)
beyond a height, optionally in daylight only (`kind="threshold"`), or a morning message on the
first day of each spring-tide period (`kind="springtide"`). The store owns ids, timestamps and leases;
callers compute `next_fire_at` from `hhmm`/`tz` or the tide table. Moments are aware datetimes
(epoch seconds only in the database's columns); `zone` is the subscription's zone object.
"""
from __future__ import annotations

from datetime import tzinfo
from typing import Literal

from pydantic import AwareDatetime, BaseModel

from core.subscriptions.daily_times import zone
from core.subscriptions.smart_times import Threshold
from core.words.subscriptions import place_words

#: Active subscriptions one user may hold at once.
MAX_SUBSCRIPTIONS = 10


class NewSubscription(BaseModel):
    """What a caller gives `add_subscription`; the store adds id, active and timestamps."""

    platform: str
    user_id: str
    chat_id: str
    kind: Literal["daily", "alert", "threshold", "springtide"]
    place_name: str | None = None
    lon: float
    lat: float
    hhmm: str | None = None  # daily, springtide: "06:00" in tz; threshold: the evening before, "20:00"
    extreme: Literal["high", "low"] | None = None  # alert, threshold
    lead_minutes: int | None = None  # alert: 0..720
    direction: Literal["below", "above"] | None = None  # threshold: the extreme's height below/above...
    threshold_cm: float | None = None  # ...this many cm above...
    threshold_datum: Literal["msl", "chart"] | None = None  # ...mean sea level or the station's chart datum
    daylight: bool = False  # threshold: only extremes between sunrise and sunset
    tz: str
    lang: Literal["zh", "en"]
    next_fire_at: AwareDatetime

    @property
    def zone(self) -> tzinfo:
        """Return the zone the subscription's clock times are in."""
        return zone(self.tz)

    @property
    def threshold(self) -> Threshold:
        """Return what a threshold subscription watches for."""
        return Threshold(self.extreme or "low", self.direction or "below", self.threshold_cm or 0.0, self.daylight,
                         self.threshold_datum or "msl")

    def place(self, lang: str) -> str:
        """Return the subscription's place as the user sees it (its name, else its point)."""
        return place_words(self.place_name, self.lon, self.lat, lang)


class Subscription(NewSubscription):
    """A stored subscription as the store returns it."""

    id: int
    active: bool = True
    created_at: AwareDatetime
    last_fired_at: AwareDatetime | None = None
    #: The firing due at `next_fire_at`: None (not started), "sending" (a worker was sending it,
    #: maybe cut off by a crash) or "sent" (it went out; only the next due time was not recorded).
    firing_state: Literal["sending", "sent"] | None = None


class SubscriptionLimit(Exception):
    """Raised by `add_subscription` when the user already has MAX_SUBSCRIPTIONS active ones."""
