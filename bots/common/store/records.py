"""What both store backends share: the records, limits, field checks and row mapping.

The interfaces are in `bots.common.store.protocols`; the SQLite and PostgreSQL classes
implement them the same way, and one test suite runs against both.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from enum import Enum
from typing import TYPE_CHECKING, Any

from bots.common.subscriptions.records import MAX_SUBSCRIPTIONS, NewSubscription, Subscription

if TYPE_CHECKING:
    import sqlite3

#: Fields a caller may set with `update()`; anything else is a programming error.
SETTABLE_FIELDS = ("tz", "lang", "home_name", "home_lon", "home_lat", "datum", "units")
SETTINGS_COLUMNS = ("platform", "user_id", *SETTABLE_FIELDS, "updated_at")

#: Columns of a subscription row as callers see it (the lease is the store's own business).
NEW_SUB_COLUMNS = tuple(NewSubscription.model_fields)
SUB_COLUMNS = ("id", *NEW_SUB_COLUMNS, "active", "created_at", "last_fired_at", "firing_state", "firing_due")

#: Telegram keeps an undelivered update for 24 h, so a seen id older than that cannot recur.
SEEN_UPDATE_TTL_S = 86_400.0
#: Rate-limit windows idle this long are dropped (no window in use is longer).
RATE_IDLE_TTL_S = 86_400.0
#: House-keeping (pruning old rows) runs at most this often per store object.
PRUNE_EVERY_S = 300.0

#: A finished inbox row is kept this long (a redelivery within it is recognized as done).
INBOX_DONE_TTL_S = 86_400.0

__all__ = ["INBOX_DONE_TTL_S", "MAX_SUBSCRIPTIONS", "NEW_SUB_COLUMNS", "SETTABLE_FIELDS", "SETTINGS_COLUMNS",
           "SUB_COLUMNS", "InboxItem", "Put", "StoreUnavailable", "UserSettings", "check_fields",
           "default_db_path", "epoch", "moment", "strip_nul", "sub_columns", "sub_from_row"]


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
    datum: str | None = None      # "msl" | "chart": the reference of tide heights
    units: str | None = None      # "cm" | "m" | "ft"

    @property
    def has_home(self) -> bool:
        """Return True when a home place name or point is saved."""
        return bool(self.home_name) or (self.home_lon is not None and self.home_lat is not None)

    @property
    def is_empty(self) -> bool:
        """Return True when nothing is stored for the user."""
        return self.tz is None and self.lang is None and not self.has_home and self.datum is None \
            and self.units is None

    def height_fields(self) -> dict[str, str]:
        """Return the Question fields for how the user reads tide heights (only what they chose)."""
        return {k: v for k, v in (("datum", self.datum), ("units", self.units))
                if v is not None and v in (("msl", "chart") if k == "datum" else ("cm", "m", "ft"))}

    def as_dict(self) -> dict[str, Any]:
        """Return the settings as a plain dict."""
        return asdict(self)


class Put(str, Enum):
    """What `put_update` found: the update is new (stored, leased to the caller), still pending
    with another owner (stored, it will be answered), or already answered."""

    NEW = "new"
    PENDING = "pending"
    DONE = "done"


@dataclass(frozen=True)
class InboxItem:
    """One stored incoming update: its platform id (text: LINE ids are strings, Telegram ids
    may exceed 2^63), the raw payload, and how many times a worker has taken it."""

    platform: str
    update_id: str
    payload: str
    attempts: int


class StoreUnavailable(RuntimeError):
    """The store cannot be used: unreachable, refused, or not ours (the message says which and
    names the database without its password)."""


def strip_nul(value: Any) -> Any:
    """Return `value` with NUL characters removed from every string in it (PostgreSQL text
    cannot hold them; SQLite could, so both backends store the same thing)."""
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, dict):
        return {strip_nul(k): strip_nul(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [strip_nul(v) for v in value]
    return value


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
            text = None if value is None else strip_nul(str(value))
            clean[key] = text or None
    return clean


def epoch(moment: datetime) -> float:
    """Return an aware moment as the epoch seconds a column holds."""
    return moment.timestamp()


def moment(seconds: float) -> datetime:
    """Return a column's epoch seconds as an aware moment (UTC)."""
    return datetime.fromtimestamp(float(seconds), timezone.utc)


def sub_columns(sub: NewSubscription) -> dict[str, Any]:
    """Return a new subscription's values for the columns NEW_SUB_COLUMNS (its due time in epoch seconds)."""
    values: dict[str, Any] = strip_nul(sub.model_dump())
    values["next_fire_at"] = epoch(sub.next_fire_at)
    return values


def sub_from_row(row: Mapping[str, Any] | sqlite3.Row) -> Subscription:
    """Return the Subscription a database row (mapping of SUB_COLUMNS) describes."""
    data = {name: row[name] for name in SUB_COLUMNS}
    data["active"] = bool(data["active"])
    if data.pop("firing_due") != data["next_fire_at"]:  # the state of an earlier firing
        data["firing_state"] = None
    for name in ("next_fire_at", "created_at", "last_fired_at"):
        if data[name] is not None:
            data[name] = moment(data[name])
    return Subscription(**data)


def default_db_path() -> Path:
    """Return the default SQLite file: `$XDG_DATA_HOME/odbchat/odbchat.db` (~/.local/share/...)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "odbchat" / "odbchat.db"
