"""SettingsStore on one SQLite file (or `:memory:`): the embedded, single-host default.

Durability and concurrency: WAL journal, `synchronous=FULL`, a busy timeout, and every
write is one `BEGIN IMMEDIATE ... COMMIT`, so concurrent writers (threads or processes)
serialize instead of failing, and a killed process loses nothing it committed. The clock
is this host's (`time.time()`): every process sharing a SQLite file is on one host.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bots.common.store.base import (
    NEW_SUB_COLUMNS,
    PRUNE_EVERY_S,
    RATE_IDLE_TTL_S,
    SEEN_UPDATE_TTL_S,
    SETTINGS_COLUMNS,
    SUB_COLUMNS,
    UserSettings,
    check_fields,
    sub_from_row,
)
from bots.common.store.migrations import SQLITE_MIGRATIONS, statements
from bots.common.subscription_models import MAX_SUBSCRIPTIONS, NewSubscription, Subscription, SubscriptionLimit

SCHEMA_VERSION = SQLITE_MIGRATIONS[-1][0]
_SUB_SELECT = f"SELECT {', '.join(SUB_COLUMNS)} FROM subscriptions"


class SQLiteSettingsStore:
    """SettingsStore on one SQLite file (or `:memory:`), safe across threads and processes."""

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
        self._conn.row_factory = sqlite3.Row
        self._conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        if path != ":memory:":
            self._retry(lambda: self._conn.execute("PRAGMA journal_mode=WAL"))
        # FULL: a commit is on disk before update() returns, even across a power cut.
        self._conn.execute("PRAGMA synchronous=FULL")
        self._last_prune = 0.0
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
        """Run fn inside one IMMEDIATE transaction (the write lock taken up front); return its result."""
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

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

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

    @staticmethod
    def _settings(platform: str, user_id: str, row: sqlite3.Row | None) -> UserSettings:
        if row is None:
            return UserSettings(platform=platform, user_id=user_id)
        return UserSettings(**{k: row[k] for k in SETTINGS_COLUMNS})

    # -- settings
    def get(self, platform: str, user_id: str) -> UserSettings:
        """Return the user's settings (all None when nothing is stored)."""
        rows = self._read(f"SELECT {', '.join(SETTINGS_COLUMNS)} FROM user_settings WHERE platform=? AND user_id=?",
                          (platform, str(user_id)))
        return self._settings(platform, str(user_id), rows[0] if rows else None)

    def update(self, platform: str, user_id: str, **fields: Any) -> UserSettings:
        """Set the given fields (None clears one) in one transaction; return the settings after it."""
        clean = check_fields(fields)
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
                f"SELECT {', '.join(SETTINGS_COLUMNS)} FROM user_settings WHERE platform=? AND user_id=?",
                (platform, uid)).fetchone()

        return self._settings(platform, uid, self._write(upsert))

    def forget(self, platform: str, user_id: str) -> bool:
        """Delete the user's settings, subscriptions and contexts (their private chat and the chats
        their subscriptions deliver to); return True when anything was deleted."""
        uid = str(user_id)

        def delete(conn: sqlite3.Connection) -> bool:
            chats = {uid, *(r[0] for r in conn.execute(
                "SELECT chat_id FROM subscriptions WHERE platform=? AND user_id=?", (platform, uid)))}
            n = conn.execute("DELETE FROM user_settings WHERE platform=? AND user_id=?", (platform, uid)).rowcount
            n += conn.execute("DELETE FROM subscriptions WHERE platform=? AND user_id=?", (platform, uid)).rowcount
            for chat in chats:
                n += conn.execute("DELETE FROM chat_contexts WHERE platform=? AND chat_id=?",
                                  (platform, chat)).rowcount
            # The adapters key a user's contexts "CHAT:USER" (bots.common.chat_context.context_key).
            n += conn.execute("DELETE FROM chat_contexts WHERE platform=? AND substr(chat_id, -?) = ?",
                              (platform, len(uid) + 1, ":" + uid)).rowcount
            return n > 0

        return bool(self._write(delete))

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass

    # -- shared clock, limits, de-duplication, contexts, pacing
    def now(self) -> float:
        """Return the clock every user of this file shares (this host's), in epoch seconds."""
        return time.time()

    def allow(self, key: str, limit: int, window_s: float) -> bool:
        """Return True and record a hit when `key` had fewer than `limit` hits in the last `window_s` s."""
        if limit <= 0:
            return True  # 0 or negative = limiting disabled, as SlidingWindowLimiter

        def check(conn: sqlite3.Connection) -> bool:
            now = time.time()
            self._maybe_prune(conn, now)
            row = conn.execute("SELECT hits FROM rate_windows WHERE key=?", (key,)).fetchone()
            hits = [h for h in (json.loads(row[0]) if row else []) if h > now - window_s]
            ok = len(hits) < limit
            if ok:
                hits.append(now)
            conn.execute("INSERT INTO rate_windows (key, hits, updated_at) VALUES (?, ?, ?) "
                         "ON CONFLICT(key) DO UPDATE SET hits=excluded.hits, updated_at=excluded.updated_at",
                         (key, json.dumps(hits), now))
            return ok

        return bool(self._write(check))

    def retry_after(self, key: str, limit: int, window_s: float) -> float:
        """Return the seconds until `allow(key, limit, window_s)` would succeed (0.0 when it would now)."""
        if limit <= 0:
            return 0.0
        rows = self._read("SELECT hits FROM rate_windows WHERE key=?", (key,))
        now = time.time()
        hits = sorted(h for h in (json.loads(rows[0][0]) if rows else []) if h > now - window_s)
        if len(hits) < limit:
            return 0.0
        return max(0.0, hits[len(hits) - limit] + window_s - now)

    def claim_update(self, platform: str, update_id: int) -> bool:
        """Return True the first time this update id is claimed, False afterwards (ids kept a day)."""
        def claim(conn: sqlite3.Connection) -> bool:
            now = time.time()
            self._maybe_prune(conn, now)
            cur = conn.execute("INSERT OR IGNORE INTO seen_updates (platform, update_id, seen_at) VALUES (?, ?, ?)",
                               (platform, int(update_id), now))
            return cur.rowcount > 0

        return bool(self._write(claim))

    def get_context(self, platform: str, chat_id: str) -> dict[str, Any] | None:
        """Return the chat's saved follow-up context, None when absent or expired."""
        rows = self._read("SELECT data FROM chat_contexts WHERE platform=? AND chat_id=? AND expires_at > ?",
                          (platform, str(chat_id), time.time()))
        return json.loads(rows[0][0]) if rows else None

    def set_context(self, platform: str, chat_id: str, data: dict[str, Any], ttl_s: float = 1800) -> None:
        """Save (replace) the chat's follow-up context for `ttl_s` seconds."""
        text = json.dumps(data, ensure_ascii=False)

        def put(conn: sqlite3.Connection) -> None:
            now = time.time()
            self._maybe_prune(conn, now)
            conn.execute("INSERT INTO chat_contexts (platform, chat_id, data, expires_at) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT(platform, chat_id) DO UPDATE SET data=excluded.data, "
                         "expires_at=excluded.expires_at", (platform, str(chat_id), text, now + float(ttl_s)))

        self._write(put)

    def reserve_slot(self, name: str, interval_s: float) -> float:
        """Reserve the next slot of a paced action; return the seconds to wait (0.0 when free now)."""
        def reserve(conn: sqlite3.Connection) -> float:
            now = time.time()
            row = conn.execute("SELECT next_at FROM paced_slots WHERE name=?", (name,)).fetchone()
            slot = max(now, row[0]) if row else now
            conn.execute("INSERT INTO paced_slots (name, next_at) VALUES (?, ?) "
                         "ON CONFLICT(name) DO UPDATE SET next_at=excluded.next_at", (name, slot + float(interval_s)))
            return slot - now

        return float(self._write(reserve))

    # -- subscriptions
    def add_subscription(self, sub: NewSubscription) -> Subscription:
        """Store a subscription and return it; raise SubscriptionLimit at MAX_SUBSCRIPTIONS active ones."""
        values = sub.model_dump()

        def insert(conn: sqlite3.Connection) -> sqlite3.Row:
            active = conn.execute("SELECT COUNT(*) FROM subscriptions WHERE platform=? AND user_id=? AND active=1",
                                  (sub.platform, sub.user_id)).fetchone()[0]
            if active >= MAX_SUBSCRIPTIONS:
                raise SubscriptionLimit(f"{sub.platform}:{sub.user_id} has {active} active subscriptions")
            cur = conn.execute(
                f"INSERT INTO subscriptions ({', '.join(NEW_SUB_COLUMNS)}, active, created_at) "
                f"VALUES ({', '.join('?' for _ in NEW_SUB_COLUMNS)}, 1, ?)",
                (*(values[c] for c in NEW_SUB_COLUMNS), time.time()))
            return conn.execute(f"{_SUB_SELECT} WHERE id=?", (cur.lastrowid,)).fetchone()

        return sub_from_row(self._write(insert))

    def list_subscriptions(self, platform: str, user_id: str) -> list[Subscription]:
        """Return the user's subscriptions (active and paused) ordered by id."""
        rows = self._read(f"{_SUB_SELECT} WHERE platform=? AND user_id=? ORDER BY id", (platform, str(user_id)))
        return [sub_from_row(r) for r in rows]

    def remove_subscription(self, platform: str, user_id: str, sub_id: int) -> bool:
        """Delete one of the user's subscriptions; return True when it existed."""
        return bool(self._write(lambda conn: conn.execute(
            "DELETE FROM subscriptions WHERE id=? AND platform=? AND user_id=?",
            (int(sub_id), platform, str(user_id))).rowcount > 0))

    def claim_due(self, limit: int = 50, lease_s: float = 120) -> list[Subscription]:
        """Lease (for `lease_s`) and return up to `limit` active subscriptions due now whose lease is
        free or expired, earliest first; one IMMEDIATE transaction, so no two workers take a row."""
        def claim(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            now = time.time()
            rows = conn.execute(
                f"{_SUB_SELECT} WHERE active=1 AND next_fire_at <= ? AND (lease_until IS NULL OR lease_until <= ?) "
                "ORDER BY next_fire_at, id LIMIT ?", (now, now, int(limit))).fetchall()
            conn.executemany("UPDATE subscriptions SET lease_until=? WHERE id=?",
                             [(now + float(lease_s), r["id"]) for r in rows])
            return rows

        return [sub_from_row(r) for r in self._write(claim)]

    def complete_firing(self, sub_id: int, claimed_next_fire_at: float, fired_at: float | None,
                        next_fire_at: float) -> bool:
        """Record a firing (`fired_at`) or a skip (None), set the next due time and free the lease,
        only when the row is still due at `claimed_next_fire_at`; return whether it applied."""
        return bool(self._write(lambda conn: conn.execute(
            "UPDATE subscriptions SET next_fire_at=?, last_fired_at=COALESCE(?, last_fired_at), lease_until=NULL "
            "WHERE id=? AND next_fire_at=?",
            (float(next_fire_at), fired_at, int(sub_id), float(claimed_next_fire_at))).rowcount > 0))

    def pause_user(self, platform: str, user_id: str) -> int:
        """Mark the user's active subscriptions inactive (they blocked the bot); return how many."""
        return int(self._write(lambda conn: conn.execute(
            "UPDATE subscriptions SET active=0, lease_until=NULL WHERE platform=? AND user_id=? AND active=1",
            (platform, str(user_id))).rowcount))

    def count_active(self) -> int:
        """Return the number of active subscriptions."""
        return int(self._read("SELECT COUNT(*) FROM subscriptions WHERE active=1")[0][0])
