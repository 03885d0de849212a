"""The SQLite connection every concern shares: opening (and refusing a file that is not ours),
migrations, transactions, house-keeping and the health check.

Durability and concurrency: WAL journal, `synchronous=FULL`, a busy timeout, and every
write is one `BEGIN IMMEDIATE ... COMMIT`, so concurrent writers (threads or processes)
serialize instead of failing, and a killed process loses nothing it committed. The clock
is this host's (`time.time()`): every process sharing a SQLite file is on one host.

The concerns' coroutines (settings, seen ids, contexts, rate windows, subscriptions, the inbox,
the health check) run their statements on the store's one thread (`on_store_thread`), so the
event loop never waits on the file and the connection stays one.
"""
from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from bots.common.store.migrations import SQLITE_MIGRATIONS, statements
from bots.common.store.records import (
    INBOX_DONE_TTL_S,
    PRUNE_EVERY_S,
    RATE_IDLE_TTL_S,
    SEEN_UPDATE_TTL_S,
    StoreUnavailable,
)

SCHEMA_VERSION = SQLITE_MIGRATIONS[-1][0]
#: Tables of the current schema (the health check reads each one).
TABLES = ("user_settings", "rate_windows", "seen_updates", "chat_contexts", "paced_slots", "subscriptions",
          "inbox", "store_health", "kept_copies", "copy_refresh")
#: A file holding none of these was not made by any version of this bot.
_OURS = {"schema_version", "user_settings"}

T = TypeVar("T")


class SQLiteDB:
    """One SQLite file (or `:memory:`) behind a lock, safe across threads and processes."""

    #: One process is the bot (one host's file): an in-process rate limiter suffices.
    is_shared = False

    def __init__(self, path: str, *, busy_timeout_ms: int = 10_000) -> None:
        self.path = path
        if path != ":memory:":
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        # One connection guarded by a lock: the bots' sqlite work is tiny, and a single
        # connection keeps `:memory:` stores coherent across threads.
        self._conn = sqlite3.connect(path, timeout=busy_timeout_ms / 1000, isolation_level=None,
                                     check_same_thread=False)
        self._lock = threading.RLock()
        # The one thread the asynchronous methods run on (started at the first such call).
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="odbchat-sqlite")
        self._conn.row_factory = sqlite3.Row
        self._last_prune = 0.0
        # Kept open for the health check's look at the file. Never opened and closed again:
        # closing any descriptor of the file drops this process's POSIX locks on it, and
        # another process would then delete the WAL under our connection.
        self._fd = os.open(path, os.O_RDONLY) if path != ":memory:" else -1
        try:
            self._refuse_foreign()
            self._conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
            if path != ":memory:":
                self._retry(lambda: self._conn.execute("PRAGMA journal_mode=WAL"))
            # FULL: a commit is on disk before update() returns, even across a power cut.
            self._conn.execute("PRAGMA synchronous=FULL")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self.close()
            raise StoreUnavailable(f"cannot use the SQLite file {path}: {exc}") from exc
        except StoreUnavailable:
            self.close()
            raise

    # -- opening
    def _refuse_foreign(self) -> None:
        """Raise StoreUnavailable for a file that is not a database, is damaged, or is another program's."""
        try:
            names = {r[0] for r in self._conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            verdict = self._conn.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise StoreUnavailable(f"{self.path} is not a usable SQLite database ({exc}); "
                                   "move it away or point ODBCHAT_DB at another file") from exc
        if verdict != "ok":
            raise StoreUnavailable(f"the SQLite file {self.path} is damaged ({verdict}); restore it from a backup")
        if names and not names & _OURS:
            raise StoreUnavailable(f"{self.path} is another program's SQLite database (tables: "
                                   f"{', '.join(sorted(names)[:5])}); point ODBCHAT_DB at another file")

    # -- transactions
    def _retry(self, fn: Callable[[], T], attempts: int = 50) -> T:
        # busy_timeout covers most contention; a few operations (journal mode switch,
        # lock upgrades) can still report SQLITE_BUSY at once, so retry those briefly.
        for i in range(attempts):
            try:
                return fn()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc) or i == attempts - 1:
                    raise
                time.sleep(0.02 * (i + 1))
        raise AssertionError("unreachable")  # pragma: no cover

    def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run fn inside one IMMEDIATE transaction (the write lock taken up front); return its result."""
        def attempt() -> T:
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

    async def on_store_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Return fn(*args), run on the store's one thread while the event loop goes on."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    async def _changed(self, sql: str, args: tuple[object, ...]) -> int:
        """Run one writing statement in its own transaction on the store thread; return the rows it changed."""
        return int(await self.on_store_thread(self._write, lambda conn: conn.execute(sql, args).rowcount))

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    # -- schema
    def schema_version(self) -> int:
        """Return the schema version recorded in the database (0 for a new file)."""
        with self._lock:
            row = self._conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name='schema_version'").fetchone()
            if row is None:
                return 0
            row = self._conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
            return int(row[0] or 0)

    def applied_versions(self) -> list[int]:
        """Return the versions recorded in `schema_version`, one entry per applied step, in order."""
        if self.schema_version() == 0:
            return []
        return [int(r[0]) for r in self._read("SELECT version FROM schema_version ORDER BY version")]

    def _migrate(self) -> None:
        def step(conn: sqlite3.Connection) -> None:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_at REAL)")
            current = int(conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0])
            for version, sql in SQLITE_MIGRATIONS:
                if version <= current:
                    continue
                for statement in statements(sql):
                    conn.execute(statement)
                conn.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                             (version, time.time()))

        if self.schema_version() >= SCHEMA_VERSION:
            return  # common case: no write lock needed on start-up
        self._write(step)

    def _maybe_prune(self, conn: sqlite3.Connection, now: float) -> None:
        # Called inside a write transaction; old rows go now and then, not on every call.
        if now - self._last_prune < PRUNE_EVERY_S:
            return
        self._last_prune = now
        conn.execute("DELETE FROM seen_updates WHERE seen_at < ?", (now - SEEN_UPDATE_TTL_S,))
        conn.execute("DELETE FROM rate_windows WHERE updated_at < ?", (now - RATE_IDLE_TTL_S,))
        conn.execute("DELETE FROM chat_contexts WHERE expires_at <= ?", (now,))
        conn.execute("DELETE FROM inbox WHERE state='done' AND done_at < ?", (now - INBOX_DONE_TTL_S,))

    # -- health, closing
    async def check(self) -> None:
        """Return None when every table can be read and a row written and committed now; raise
        StoreUnavailable (saying why) otherwise: a table missing, the file damaged, replaced,
        removed or read-only, or the disk full."""
        await self.on_store_thread(self._check)

    def _check(self) -> None:
        def probe(conn: sqlite3.Connection) -> None:
            for table in TABLES:
                conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchall()  # noqa: S608 - our constant names
            conn.execute("INSERT INTO store_health (probe, checked_at) VALUES ('write', ?) "
                         "ON CONFLICT(probe) DO UPDATE SET checked_at=excluded.checked_at", (time.time(),))

        try:
            if self.path != ":memory:":
                self._check_file()
            self._write(probe)
        except (sqlite3.Error, OSError) as exc:
            raise StoreUnavailable(f"the SQLite file {self.path} cannot be used: {exc}") from exc

    def _check_file(self) -> None:
        # A commit in WAL mode may touch only the -wal file, so a main file that became
        # read-only, was removed, or swapped for something else, shows here first.
        path = Path(self.path).expanduser()
        if not os.access(path, os.R_OK | os.W_OK) or not os.access(path.parent, os.W_OK):
            raise StoreUnavailable(f"the SQLite file {self.path} is missing or not writable")
        if os.stat(path).st_ino != os.fstat(self._fd).st_ino:
            raise StoreUnavailable(f"the SQLite file {self.path} was replaced by another file")
        if os.pread(self._fd, 16, 0) != b"SQLite format 3\x00":
            raise StoreUnavailable(f"the SQLite file {self.path} is no longer a SQLite database")

    async def aclose(self) -> None:
        """Nothing to do: the store thread ends with `close`."""

    def close(self) -> None:
        """Close the connection and end the store thread (idempotent)."""
        self._thread.shutdown(wait=True)
        with self._lock:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1


__all__ = ["SCHEMA_VERSION", "SQLiteDB", "TABLES"]
