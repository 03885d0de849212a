"""The store's interfaces, one small protocol per concern, and `Store`, all of them at once.

A caller types its parameter with the concern it uses (the scheduler a `SubscriptionStore`,
the rate limiter `RateWindows`, the webhook an `Inbox`); `open_store(url)` returns one
object that is a `Store`. The methods a request or a firing calls are coroutines, so no request
hops between the event loop and threads (PostgreSQL: psycopg's async pool; SQLite: the store's
one thread); times are the database's clock where several workers must agree.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from bots.common.store.records import InboxItem, Put, UserSettings
from bots.common.subscriptions.records import NewSubscription, Subscription
from core.tools.cwa_copy import KeptCopies


@runtime_checkable
class SettingsStore(Protocol):
    """What the bot remembers about a user: zone, language, home."""

    async def get(self, platform: str, user_id: str) -> UserSettings:
        """Return the user's settings (all None when nothing is stored)."""
        ...

    async def update(self, platform: str, user_id: str, **fields: Any) -> UserSettings:
        """Set the given fields (None clears one) and return the settings after the write."""
        ...


@runtime_checkable
class SeenUpdates(Protocol):
    """Delivery de-duplication: an update id is handled by one worker once."""

    async def claim_update(self, platform: str, update_id: int) -> bool:
        """Return True the first time any worker claims this update id, False afterwards."""
        ...


@runtime_checkable
class ContextStore(Protocol):
    """Follow-up contexts, keyed by `bots.common.chat_context.context_key`."""

    async def get_context(self, platform: str, chat_id: str) -> dict[str, Any] | None:
        """Return the saved follow-up context, None when absent or expired."""
        ...

    async def set_context(self, platform: str, chat_id: str, data: dict[str, Any], ttl_s: float = 1800) -> None:
        """Save the follow-up context for `ttl_s` seconds."""
        ...


@runtime_checkable
class RateWindows(Protocol):
    """Sliding-window rate limits and paced slots shared by every worker."""

    async def allow(self, key: str, limit: int, window_s: float) -> bool:
        """Return True (and record a hit) when `key` had fewer than `limit` hits in `window_s`."""
        ...

    async def retry_after(self, key: str, limit: int, window_s: float) -> float:
        """Return the seconds until `allow(key, limit, window_s)` would succeed (0.0 now)."""
        ...

    async def reserve_slot(self, name: str, interval_s: float) -> float:
        """Reserve the next slot of a paced action; return the seconds to wait before acting."""
        ...


@runtime_checkable
class SubscriptionStore(Protocol):
    """Daily messages and tide alerts: storage and the leases the scheduler takes.

    Asynchronous, so a request and a firing stay on the event loop (PostgreSQL: psycopg's async
    pool; SQLite: the store's one thread). Moments are aware datetimes from the database's clock."""

    async def clock(self) -> datetime:
        """Return the database's clock (aware, UTC)."""
        ...

    async def add_subscription(self, sub: NewSubscription) -> Subscription:
        """Store a subscription and return it; raise SubscriptionLimit at MAX_SUBSCRIPTIONS active."""
        ...

    async def list_subscriptions(self, platform: str, user_id: str) -> list[Subscription]:
        """Return the user's subscriptions ordered by id (shown numbered 1..n)."""
        ...

    async def remove_subscription(self, platform: str, user_id: str, sub_id: int) -> bool:
        """Delete one of the user's subscriptions; return True when it existed."""
        ...

    async def claim_due(self, limit: int = 50, lease_s: float = 15, owner: str = "",
                        due_by: datetime | None = None) -> list[Subscription]:
        """Lease to `owner` and return active subscriptions due now (or by `due_by`, a scheduler's own
        clock) whose lease is free or expired."""
        ...

    async def renew_firings(self, owner: str, sub_ids: Sequence[int], lease_s: float) -> int:
        """Extend `owner`'s leases on `sub_ids` to `lease_s` from now; return how many it still held."""
        ...

    async def mark_firing(self, sub_id: int, due_at: datetime, state: str | None, owner: str, lease_s: float) -> bool:
        """Record the firing due at `due_at` as 'sending', 'sent' or None (renewing the lease) while `owner`
        holds it; return whether it applied."""
        ...

    async def complete_firing(self, sub_id: int, claimed_next_fire_at: datetime, fired_at: datetime | None,
                              next_fire_at: datetime) -> bool:
        """Record a firing (or skip) and the next due time, free the lease; return whether it applied."""
        ...

    async def pause_user(self, platform: str, user_id: str) -> int:
        """Mark the user's active subscriptions inactive; return how many."""
        ...

    async def count_active(self) -> int:
        """Return the number of active subscriptions."""
        ...

    async def subscriber(self, platform: str, user_id: str) -> UserSettings:
        """Return a subscriber's settings (how they read heights) for a firing."""
        ...


@runtime_checkable
class Inbox(Protocol):
    """The durable inbox: an update is stored before it is acknowledged, leased to the worker
    answering it, and marked done once answered; a dead worker's leases run out and another
    worker takes its updates over."""

    async def put_update(self, platform: str, update_id: str, payload: str, owner: str, lease_s: float) -> Put:
        """Store the update leased to `owner` unless it is known; return NEW, PENDING or DONE."""
        ...

    async def claim_expired_updates(self, platform: str, owner: str, lease_s: float, limit: int = 20) -> list[InboxItem]:
        """Lease to `owner` and return the platform's unfinished updates whose lease ran out, oldest first."""
        ...

    async def renew_updates(self, owner: str, lease_s: float) -> int:
        """Extend the lease of `owner`'s unfinished updates to `lease_s` from now; return how many."""
        ...

    async def finish_update(self, platform: str, update_id: str) -> bool:
        """Mark the update answered; return False when it was already done."""
        ...


@runtime_checkable
class Store(SettingsStore, SeenUpdates, ContextStore, RateWindows, SubscriptionStore, Inbox, KeptCopies, Protocol):
    """Every concern on one database, as `open_store(url)` returns it."""

    #: True when several processes share the store (PostgreSQL), so limits must live in it.
    is_shared: bool

    async def forget(self, platform: str, user_id: str) -> bool:
        """Delete the user's settings, subscriptions and chat contexts; return True when any existed."""
        ...

    async def check(self) -> None:
        """Return None when every table can be read and written now; raise StoreUnavailable otherwise."""
        ...

    def close(self) -> None:
        """Release the store's connections."""
        ...

    async def aclose(self) -> None:
        """Release the connections of the asynchronous side (call it on the loop that used them)."""
        ...


__all__ = ["ContextStore", "Inbox", "KeptCopies", "RateWindows", "SeenUpdates", "SettingsStore", "Store", "SubscriptionStore"]
