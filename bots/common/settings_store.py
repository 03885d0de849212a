"""Per-user settings (time zone, language, home location) keyed by (platform, user id).

The adapters see only the `SettingsStore` protocol and `open_store(url)`; the URL scheme
picks the implementation from a small registry, so a PostgreSQL store can be added later
without touching the bots:

    sqlite:///abs/path/odbchat.db   SQLite file (also: a bare path, or an empty URL for the
                                    default file under the user's data directory)
    sqlite:///:memory:              throw-away in-memory store (tests)

SQLite durability and concurrency: WAL journal, `synchronous=FULL`, a busy timeout, and
every write is one `BEGIN IMMEDIATE ... COMMIT` upsert, so concurrent writers (threads or
processes) serialize instead of failing, and a killed process loses nothing it committed.
The schema is created and migrated by the code: `schema_version` holds the applied version
and `_MIGRATIONS` lists the steps; each step runs inside the write lock, so two processes
opening an old file at once migrate it exactly once.
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable
from urllib.parse import unquote, urlsplit

#: Fields a caller may set with `update()`; anything else is a programming error.
SETTABLE_FIELDS = ("tz", "lang", "home_name", "home_lon", "home_lat")


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
    """The interface the adapters use; implementations are chosen by `open_store(url)`."""

    def get(self, platform: str, user_id: str) -> UserSettings:
        """Return the user's settings (all None when nothing is stored)."""
        ...

    def update(self, platform: str, user_id: str, **fields: Any) -> UserSettings:
        """Set the given fields (None clears one) and return the settings after the write."""
        ...

    def forget(self, platform: str, user_id: str) -> bool:
        """Delete everything stored about the user; return True when something was deleted."""
        ...

    def close(self) -> None:
        """Release the store's connections."""
        ...


# --------------------------------------------------------------------------- SQLite

# Version N's SQL turns a version N-1 database into version N. Append only; never edit a
# released step (files in the field were migrated with it).
_MIGRATIONS: list[tuple[int, str]] = [
    (1, """
        CREATE TABLE IF NOT EXISTS user_settings (
            platform TEXT NOT NULL,
            user_id  TEXT NOT NULL,
            tz       TEXT,
            lang     TEXT,
            PRIMARY KEY (platform, user_id)
        )"""),
    (2, """
        ALTER TABLE user_settings ADD COLUMN home_name TEXT;
        ALTER TABLE user_settings ADD COLUMN home_lon REAL;
        ALTER TABLE user_settings ADD COLUMN home_lat REAL;
        ALTER TABLE user_settings ADD COLUMN updated_at REAL;
        """),
]
SCHEMA_VERSION = _MIGRATIONS[-1][0]

_COLUMNS = ("platform", "user_id", *SETTABLE_FIELDS, "updated_at")


def _check_fields(fields: dict[str, Any]) -> dict[str, Any]:
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


class SQLiteSettingsStore:
    """SettingsStore on one SQLite file (or `:memory:`), safe across threads and processes."""

    def __init__(self, path: str, *, busy_timeout_ms: int = 10_000) -> None:
        self.path = path
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        # One connection guarded by a lock: the bots' sqlite work is tiny, and a single
        # connection keeps `:memory:` stores coherent across threads.
        self._conn = sqlite3.connect(path, timeout=busy_timeout_ms / 1000, isolation_level=None,
                                     check_same_thread=False)
        self._lock = threading.RLock()
        self._conn.row_factory = sqlite3.Row
        self._conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        if path != ":memory:":
            self._retry(lambda: self._conn.execute("PRAGMA journal_mode=WAL"))
        # FULL: a commit is on disk before update() returns, even across a power cut.
        self._conn.execute("PRAGMA synchronous=FULL")
        self._migrate()

    # -- internals
    def _retry(self, fn: Callable[[], Any], attempts: int = 50) -> Any:
        # busy_timeout covers most contention; a few operations (journal mode switch,
        # lock upgrades) can still report SQLITE_BUSY at once, so retry those briefly.
        for i in range(attempts):
            try:
                return fn()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc) or i == attempts - 1:
                    raise
                time.sleep(0.02 * (i + 1))
        return None  # pragma: no cover

    def _write(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run fn inside one IMMEDIATE transaction (the write lock taken up front)."""
        def attempt() -> Any:
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = fn(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result

        with self._lock:
            return self._retry(attempt)

    def schema_version(self) -> int:
        """Return the schema version recorded in the database (0 for a new file)."""
        with self._lock:
            row = self._conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name='schema_version'").fetchone()
            if row is None:
                return 0
            row = self._conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
            return int(row[0] or 0)

    def _migrate(self) -> None:
        def step(conn: sqlite3.Connection) -> None:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at REAL)")
            current = int(conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0])
            for version, sql in _MIGRATIONS:
                if version <= current:
                    continue
                for statement in (s.strip() for s in sql.split(";")):
                    if statement:
                        conn.execute(statement)
                conn.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                             (version, time.time()))

        if self.schema_version() >= SCHEMA_VERSION:
            return  # common case: no write lock needed on start-up
        self._write(step)

    @staticmethod
    def _row(platform: str, user_id: str, row: sqlite3.Row | None) -> UserSettings:
        if row is None:
            return UserSettings(platform=platform, user_id=user_id)
        return UserSettings(**{k: row[k] for k in _COLUMNS})

    # -- SettingsStore
    def get(self, platform: str, user_id: str) -> UserSettings:
        """Return the user's settings (all None when nothing is stored)."""
        with self._lock:
            row = self._conn.execute(
                f"SELECT {', '.join(_COLUMNS)} FROM user_settings WHERE platform=? AND user_id=?",
                (platform, str(user_id))).fetchone()
        return self._row(platform, str(user_id), row)

    def update(self, platform: str, user_id: str, **fields: Any) -> UserSettings:
        """Set the given fields (None clears one) in one transaction; return the settings after it."""
        clean = _check_fields(fields)
        uid = str(user_id)
        clean["updated_at"] = time.time()
        names = list(clean)

        def upsert(conn: sqlite3.Connection) -> sqlite3.Row | None:
            # Upsert touches only the named columns, so concurrent updates of different
            # fields of one user both survive.
            conn.execute(
                f"INSERT INTO user_settings (platform, user_id, {', '.join(names)}) "
                f"VALUES (?, ?, {', '.join('?' for _ in names)}) "
                f"ON CONFLICT(platform, user_id) DO UPDATE SET "
                f"{', '.join(f'{n}=excluded.{n}' for n in names)}",
                (platform, uid, *clean.values()))
            return conn.execute(
                f"SELECT {', '.join(_COLUMNS)} FROM user_settings WHERE platform=? AND user_id=?",
                (platform, uid)).fetchone()

        return self._row(platform, uid, self._write(upsert))

    def forget(self, platform: str, user_id: str) -> bool:
        """Delete the user's row; return True when there was one."""
        def delete(conn: sqlite3.Connection) -> bool:
            cur = conn.execute("DELETE FROM user_settings WHERE platform=? AND user_id=?",
                               (platform, str(user_id)))
            return cur.rowcount > 0

        return bool(self._write(delete))

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass


# --------------------------------------------------------------------------- registry

def default_db_path() -> Path:
    """Return the default SQLite file: `$XDG_DATA_HOME/odbchat/odbchat.db` (~/.local/share/...)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "odbchat" / "odbchat.db"


def _sqlite_from_url(url: str) -> SettingsStore:
    parts = urlsplit(url)
    # sqlite:///abs/path -> path "/abs/path"; sqlite:///rel.db (netloc empty) -> "/rel.db" is
    # absolute by SQLAlchemy's convention too; sqlite:///:memory: -> ":memory:".
    path = unquote(parts.path)
    if parts.netloc and parts.netloc not in ("", "localhost"):
        path = parts.netloc + path  # sqlite://relative/path
    if path in ("/:memory:", ":memory:", ""):
        return SQLiteSettingsStore(":memory:" if path else str(default_db_path()))
    return SQLiteSettingsStore(path)


def _unsupported(scheme: str) -> Callable[[str], SettingsStore]:
    def factory(url: str) -> SettingsStore:
        raise ValueError(f"settings store scheme '{scheme}' is not implemented yet; use sqlite:///path")
    return factory


#: URL scheme -> factory. PostgreSQL goes here when it is written.
STORE_FACTORIES: dict[str, Callable[[str], SettingsStore]] = {
    "sqlite": _sqlite_from_url,
    "postgresql": _unsupported("postgresql"),
    "postgres": _unsupported("postgres"),
}


def open_store(url: str | None = None) -> SettingsStore:
    """Return the settings store for `url` (see the module docstring for the forms).

    An empty URL means the default SQLite file; a URL without `scheme://` is a SQLite path.
    Raises ValueError for an unknown scheme.
    """
    text = (url or "").strip()
    if not text:
        return SQLiteSettingsStore(str(default_db_path()))
    if "://" not in text:
        return SQLiteSettingsStore(str(Path(text).expanduser()) if text != ":memory:" else text)
    scheme = text.split("://", 1)[0].lower().split("+", 1)[0]
    factory = STORE_FACTORIES.get(scheme)
    if factory is None:
        raise ValueError(f"unknown settings store scheme '{scheme}' (known: {', '.join(sorted(STORE_FACTORIES))})")
    return factory(text)
