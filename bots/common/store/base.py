"""What every settings store shares: the records, the interface, field checks, row mapping.

The adapters, the scheduler and the webhook see only `SettingsStore` (chosen by
`open_store(url)`); the SQLite and PostgreSQL classes implement it the same way, and one
test suite runs against both.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from bots.common.subscription_models import MAX_SUBSCRIPTIONS, NewSubscription, Subscription

#: Fields a caller may set with `update()`; anything else is a programming error.
SETTABLE_FIELDS = ("tz", "lang", "home_name", "home_lon", "home_lat")
SETTINGS_COLUMNS = ("platform", "user_id", *SETTABLE_FIELDS, "updated_at")

#: Columns of a subscription row as callers see it (the lease is the store's own business).
NEW_SUB_COLUMNS = tuple(NewSubscription.model_fields)
SUB_COLUMNS = ("id", *NEW_SUB_COLUMNS, "active", "created_at", "last_fired_at")

#: Telegram keeps an undelivered update for 24 h, so a seen id older than that cannot recur.
SEEN_UPDATE_TTL_S = 86_400.0
#: Rate-limit windows idle this long are dropped (no window in use is longer).
RATE_IDLE_TTL_S = 86_400.0
#: House-keeping (pruning old rows) runs at most this often per store object.
PRUNE_EVERY_S = 300.0

__all__ = ["MAX_SUBSCRIPTIONS", "NEW_SUB_COLUMNS", "SETTABLE_FIELDS", "SETTINGS_COLUMNS", "SUB_COLUMNS",
           "SettingsStore", "StoreUnavailable", "UserSettings", "check_fields", "default_db_path", "sub_from_row"]


@dataclass(frozen=True)
class UserSettings:
    """What the bot remembers about one user; None means "not set, use the default"."""

    platform: str
    user_id: str
    tz: str | None = None
    lang: str | None = None
    home_name: str | None = None
    home_lon: float | None = None
    home_lat: float | None = None
    updated_at: float | None = None

    @property
    def has_home(self) -> bool:
        """Return True when a home place name or point is saved."""
        return bool(self.home_name) or (self.home_lon is not None and self.home_lat is not None)

    @property
    def is_empty(self) -> bool:
        """Return True when nothing is stored for the user."""
        return self.tz is None and self.lang is None and not self.has_home

    def as_dict(self) -> dict[str, Any]:
        """Return the settings as a plain dict."""
        return asdict(self)


@runtime_checkable
class SettingsStore(Protocol):
    """The interface the adapters use; implementations are chosen by `open_store(url)`.

    All methods are synchronous (adapters call them with `asyncio.to_thread`); times are
    epoch seconds from the database's clock where several workers must agree.
    """

    #: True when several processes share the store (PostgreSQL), so limits must live in it.
    is_shared: bool

    def get(self, platform: str, user_id: str) -> UserSettings:
        """Return the user's settings (all None when nothing is stored)."""
        ...

    def update(self, platform: str, user_id: str, **fields: Any) -> UserSettings:
        """Set the given fields (None clears one) and return the settings after the write."""
        ...

    def forget(self, platform: str, user_id: str) -> bool:
        """Delete the user's settings, subscriptions and chat contexts; return True when any existed."""
        ...

    def close(self) -> None:
        """Release the store's connections."""
        ...

    def now(self) -> float:
        """Return the database's clock in epoch seconds."""
        ...

    def allow(self, key: str, limit: int, window_s: float) -> bool:
        """Return True (and record a hit) when `key` had fewer than `limit` hits in `window_s`."""
        ...

    def retry_after(self, key: str, limit: int, window_s: float) -> float:
        """Return the seconds until `allow(key, limit, window_s)` would succeed (0.0 now)."""
        ...

    def claim_update(self, platform: str, update_id: int) -> bool:
        """Return True the first time any worker claims this update id, False afterwards."""
        ...

    def get_context(self, platform: str, chat_id: str) -> dict[str, Any] | None:
        """Return the chat's saved follow-up context, None when absent or expired."""
        ...

    def set_context(self, platform: str, chat_id: str, data: dict[str, Any], ttl_s: float = 1800) -> None:
        """Save the chat's follow-up context for `ttl_s` seconds."""
        ...

    def reserve_slot(self, name: str, interval_s: float) -> float:
        """Reserve the next slot of a paced action; return the seconds to wait before acting."""
        ...

    def add_subscription(self, sub: NewSubscription) -> Subscription:
        """Store a subscription and return it; raise SubscriptionLimit at MAX_SUBSCRIPTIONS active."""
        ...

    def list_subscriptions(self, platform: str, user_id: str) -> list[Subscription]:
        """Return the user's subscriptions ordered by id (shown numbered 1..n)."""
        ...

    def remove_subscription(self, platform: str, user_id: str, sub_id: int) -> bool:
        """Delete one of the user's subscriptions; return True when it existed."""
        ...

    def claim_due(self, limit: int = 50, lease_s: float = 120) -> list[Subscription]:
        """Lease and return active subscriptions due now whose lease is free or expired."""
        ...

    def complete_firing(self, sub_id: int, claimed_next_fire_at: float, fired_at: float | None,
                        next_fire_at: float) -> bool:
        """Record a firing (or skip) and the next due time; return whether it applied."""
        ...

    def pause_user(self, platform: str, user_id: str) -> int:
        """Mark the user's active subscriptions inactive; return how many."""
        ...

    def count_active(self) -> int:
        """Return the number of active subscriptions."""
        ...


class StoreUnavailable(RuntimeError):
    """The store's database cannot be reached or opened (the message names it, without password)."""


def check_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Return `fields` normalized for storage (floats for coordinates, None for empty text).

    Raises TypeError for a field `update()` does not know.
    """
    unknown = set(fields) - set(SETTABLE_FIELDS)
    if unknown:
        raise TypeError(f"unknown settings field(s): {', '.join(sorted(unknown))}")
    clean: dict[str, Any] = {}
    for key, value in fields.items():
        if key in ("home_lon", "home_lat"):
            clean[key] = None if value is None else float(value)
        else:
            clean[key] = None if value in (None, "") else str(value)
    return clean


def sub_from_row(row: Mapping[str, Any]) -> Subscription:
    """Return the Subscription a database row (mapping of SUB_COLUMNS) describes."""
    data = {name: row[name] for name in SUB_COLUMNS}
    data["active"] = bool(data["active"])
    return Subscription(**data)


def default_db_path() -> Path:
    """Return the default SQLite file: `$XDG_DATA_HOME/odbchat/odbchat.db` (~/.local/share/...)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "odbchat" / "odbchat.db"
