"""The shared store, one small protocol per concern (`protocols`: settings, seen update ids,
follow-up contexts, rate windows and paced slots, subscriptions, the durable inbox), each on
SQLite (embedded default) or PostgreSQL (several workers), on one connection per store.

`open_store(url)` picks the implementation by the URL's scheme:

    sqlite:///abs/path/odbchat.db   SQLite file (also: a bare path, or an empty URL for the
                                    default file under the user's data directory)
    sqlite:///:memory:              throw-away in-memory store (tests)
    postgresql://user@host/db       PostgreSQL (also postgres://); optional ?pool_min=&pool_max=
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any
from pathlib import Path
from urllib.parse import unquote, urlsplit

from bots.common.store.protocols import (
    ContextStore,
    Inbox,
    RateWindows,
    SeenUpdates,
    SettingsStore,
    Store,
    SubscriptionStore,
)
from bots.common.store.records import (
    SETTABLE_FIELDS,
    InboxItem,
    Put,
    StoreUnavailable,
    UserSettings,
    default_db_path,
)
from bots.common.store.sqlite import SCHEMA_VERSION, SQLiteStore


def _sqlite_from_url(url: str) -> Store:
    parts = urlsplit(url)
    # sqlite:///abs/path -> path "/abs/path"; sqlite:///rel.db (netloc empty) -> "/rel.db" is
    # absolute by SQLAlchemy's convention too; sqlite:///:memory: -> ":memory:".
    path = unquote(parts.path)
    if parts.netloc and parts.netloc not in ("", "localhost"):
        path = parts.netloc + path  # sqlite://relative/path
    if path in ("/:memory:", ":memory:", ""):
        return SQLiteStore(":memory:" if path else str(default_db_path()))
    return SQLiteStore(path)


def _postgres_from_url(url: str) -> Store:
    # Imported here so a SQLite-only bot never loads libpq.
    from bots.common.store.postgres import PostgresStore

    return PostgresStore(url)


#: URL scheme -> factory.
STORE_FACTORIES: dict[str, Callable[[str], Store]] = {
    "sqlite": _sqlite_from_url,
    "postgresql": _postgres_from_url,
    "postgres": _postgres_from_url,
}


def open_store(url: str | None = None) -> Store:
    """Return the store for `url` (see the module docstring for the forms).

    An empty URL means the default SQLite file; a URL without `scheme://` is a SQLite path.
    Raises ValueError for an unknown scheme, and StoreUnavailable, naming the cause, for a
    malformed PostgreSQL URL, a refused password, an unknown database (all at once), a
    server that cannot be reached (after the pool's timeout, `?pool_timeout=`, default
    30 s), and a SQLite file that is damaged or another program's.
    """
    text = (url or "").strip()
    if not text:
        return SQLiteStore(str(default_db_path()))
    if "://" not in text:
        return SQLiteStore(str(Path(text).expanduser()) if text != ":memory:" else text)
    scheme = text.split("://", 1)[0].lower().split("+", 1)[0]
    factory = STORE_FACTORIES.get(scheme)
    if factory is None:
        raise ValueError(f"unknown settings store scheme '{scheme}' (known: {', '.join(sorted(STORE_FACTORIES))})")
    return factory(text)


def open_kept(settings: Any) -> Store | None:
    """Return the store that keeps CWA's tide forecast for a one-shot command (`ask`, `chart`, the
    MCP server): opened only when a CWA key is set, None otherwise or when it cannot be opened
    (the answers then come as without a key; the reason goes to the log)."""
    key = getattr(settings, "cwa_api_key", None)
    if key is None or not key.get_secret_value():
        return None
    try:
        return open_store(getattr(settings, "odbchat_db", ""))
    except (StoreUnavailable, ValueError) as exc:
        logging.getLogger("odbchat.store").warning("no store for the CWA forecast",
                                                   extra={"event": "cwa_store", "error": str(exc)[:200]})
        return None


__all__ = ["SCHEMA_VERSION", "SETTABLE_FIELDS", "STORE_FACTORIES", "ContextStore", "Inbox", "InboxItem", "Put",
           "RateWindows", "SQLiteStore", "SeenUpdates", "SettingsStore", "Store", "StoreUnavailable",
           "SubscriptionStore", "UserSettings", "default_db_path", "open_kept", "open_store"]
