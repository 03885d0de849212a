"""SettingsStore on PostgreSQL, shared by every worker behind a load balancer.

psycopg 3 with a `psycopg_pool.ConnectionPool` fits the store's synchronous interface:
each call borrows an autocommit connection, so a one-statement call is one round trip.
Time comes from the database (`clock_timestamp()`), so workers with skewed clocks agree.
Races are settled by the database itself: an upsert locks the row it updates (rate
windows, paced slots), `ON CONFLICT DO NOTHING` claims an update id once, a per-user
advisory lock guards the subscription count, and `FOR UPDATE SKIP LOCKED` hands each due
subscription to one worker. Migrations run under `pg_advisory_lock`, so N workers
starting together on an empty database create the schema once.

URL: `postgresql://user:pass@host:port/db?pool_min=1&pool_max=10&pool_timeout=30` (the `pool_*` keys are
ours and are removed before the URL reaches libpq).
"""
from __future__ import annotations

import threading
import time
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from bots.common.store.base import (
    NEW_SUB_COLUMNS,
    PRUNE_EVERY_S,
    RATE_IDLE_TTL_S,
    SEEN_UPDATE_TTL_S,
    SETTINGS_COLUMNS,
    SUB_COLUMNS,
    StoreUnavailable,
    UserSettings,
    check_fields,
    sub_from_row,
)
from bots.common.store.migrations import POSTGRES_MIGRATIONS, statements
from bots.common.subscription_models import MAX_SUBSCRIPTIONS, NewSubscription, Subscription, SubscriptionLimit

SCHEMA_VERSION = POSTGRES_MIGRATIONS[-1][0]
#: Advisory-lock key for migrations (any constant; "odbchat" in ASCII).
MIGRATION_LOCK = 0x6F6462636861
_NOW = "extract(epoch from clock_timestamp())::float8"
_SUB_SELECT = f"SELECT {', '.join(SUB_COLUMNS)} FROM subscriptions"
_SETTINGS_SELECT = f"SELECT {', '.join(SETTINGS_COLUMNS)} FROM user_settings WHERE platform=%s AND user_id=%s"

# One statement: drop the key's hits older than the window and append one when fewer than
# `limit` remain. In `SET`, column names refer to the row before the update, so `ok` says
# whether this call got in; the upsert's row lock serializes workers on one key.
_ALLOW = f"""
WITH c AS (SELECT {_NOW} AS t)
INSERT INTO rate_windows AS w (key, hits, ok, updated_at)
SELECT %(key)s, ARRAY[c.t], TRUE, c.t FROM c
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN cardinality(ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > excluded.updated_at - %(window)s))
                   < %(limit)s
              THEN ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > excluded.updated_at - %(window)s)
                   || excluded.updated_at
              ELSE ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > excluded.updated_at - %(window)s) END,
  ok = cardinality(ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > excluded.updated_at - %(window)s)) < %(limit)s,
  updated_at = excluded.updated_at
RETURNING ok"""

_RESERVE = f"""
WITH c AS (SELECT {_NOW} AS t)
INSERT INTO paced_slots AS p (name, next_at, reserved_at)
SELECT %(name)s, c.t + %(iv)s, c.t FROM c
ON CONFLICT (name) DO UPDATE SET
  next_at = GREATEST(p.next_at, excluded.reserved_at) + %(iv)s,
  reserved_at = excluded.reserved_at
RETURNING next_at - %(iv)s - reserved_at AS wait"""

_CLAIM_DUE = f"""
WITH c AS (SELECT {_NOW} AS t),
due AS (
  SELECT s.id FROM subscriptions s, c
  WHERE s.active AND s.next_fire_at <= c.t AND (s.lease_until IS NULL OR s.lease_until <= c.t)
  ORDER BY s.next_fire_at, s.id LIMIT %(limit)s
  FOR UPDATE OF s SKIP LOCKED)
UPDATE subscriptions s SET lease_until = c.t + %(lease)s FROM due, c WHERE s.id = due.id
RETURNING {', '.join('s.' + col for col in SUB_COLUMNS)}"""


_POOL_KEYS = ("pool_min", "pool_max", "pool_timeout")


def _split_url(url: str) -> tuple[str, dict[str, float]]:
    """Return the libpq URL without our `pool_*` query keys, and those keys as ints."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    ours = {k: float(v) for k, v in query if k in _POOL_KEYS}
    rest = [(k, v) for k, v in query if k not in ours]
    scheme = "postgresql" if parts.scheme.split("+", 1)[0] in ("postgres", "postgresql") else parts.scheme
    return urlunsplit((scheme, parts.netloc, parts.path, urlencode(rest), parts.fragment)), ours


def _describe(conninfo: str) -> str:
    """Return host:port/database of a URL, without user or password (for messages and logs)."""
    parts = urlsplit(conninfo)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path or '/'}"


class PostgresSettingsStore:
    """SettingsStore on one PostgreSQL database, safe across threads, processes and hosts."""

    #: Several workers share it: rate limits must live in the database (see ratelimit.limiter_for).
    is_shared = True

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10, timeout_s: float = 30.0) -> None:
        conninfo, pool = _split_url(url)
        timeout_s = pool.get("pool_timeout", timeout_s)
        self._pool = ConnectionPool(conninfo, min_size=int(pool.get("pool_min", min_size)),
                                    max_size=int(pool.get("pool_max", max_size)), timeout=timeout_s,
                                    kwargs={"autocommit": True, "row_factory": dict_row}, open=False,
                                    name="odbchat-store")
        try:
            self._pool.open(wait=True, timeout=timeout_s)
        except PoolTimeout as exc:
            self._pool.close()
            raise StoreUnavailable(f"cannot reach PostgreSQL at {_describe(conninfo)} within {timeout_s:g} s") from exc
        self._prune_lock = threading.Lock()
        self._last_prune = 0.0
        try:
            self._migrate()
        except BaseException:
            self._pool.close()
            raise

    # -- internals
    def _one(self, sql: str, args: Any = None) -> dict[str, Any] | None:
        with self._pool.connection() as conn:
            return conn.execute(sql, args).fetchone()

    def _all(self, sql: str, args: Any = None) -> list[dict[str, Any]]:
        with self._pool.connection() as conn:
            return conn.execute(sql, args).fetchall()

    def _count(self, sql: str, args: Any = None) -> int:
        with self._pool.connection() as conn:
            return conn.execute(sql, args).rowcount

    def schema_version(self) -> int:
        """Return the schema version recorded in the database (0 for an empty one)."""
        row = self._one("SELECT to_regclass('schema_version') IS NOT NULL AS present")
        if not row or not row["present"]:
            return 0
        row = self._one("SELECT COALESCE(MAX(version), 0) AS v FROM schema_version")
        return int(row["v"]) if row else 0

    def applied_versions(self) -> list[int]:
        """Return the versions recorded in `schema_version`, one entry per applied step, in order."""
        if self.schema_version() == 0:
            return []
        return [int(r["version"]) for r in self._all("SELECT version FROM schema_version ORDER BY version")]

    def _migrate(self) -> None:
        if self.schema_version() >= SCHEMA_VERSION:
            return  # common case: no lock needed on start-up
        with self._pool.connection() as conn:
            # Session lock on this connection: other workers wait here, then find the work done.
            conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
            try:
                with conn.transaction():
                    conn.execute("CREATE TABLE IF NOT EXISTS schema_version "
                                 "(version INTEGER NOT NULL, applied_at DOUBLE PRECISION)")
                    row = conn.execute("SELECT COALESCE(MAX(version), 0) AS v FROM schema_version").fetchone()
                    current = int(row["v"]) if row else 0
                    for version, sql in POSTGRES_MIGRATIONS:
                        if version <= current:
                            continue
                        for statement in statements(sql):
                            conn.execute(statement)  # type: ignore[arg-type]  # our own constant SQL
                        conn.execute(f"INSERT INTO schema_version (version, applied_at) VALUES (%s, {_NOW})",
                                     (version,))
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))

    def _maybe_prune(self) -> None:
        # Old seen ids, idle rate windows and expired contexts go now and then, not on every call;
        # one worker doing it twice is harmless.
        now = time.monotonic()
        with self._prune_lock:
            if now - self._last_prune < PRUNE_EVERY_S and self._last_prune:
                return
            self._last_prune = now
        with self._pool.connection() as conn:
            conn.execute(f"DELETE FROM seen_updates WHERE seen_at < {_NOW} - %s", (SEEN_UPDATE_TTL_S,))
            conn.execute(f"DELETE FROM rate_windows WHERE updated_at < {_NOW} - %s", (RATE_IDLE_TTL_S,))
            conn.execute(f"DELETE FROM chat_contexts WHERE expires_at <= {_NOW}")

    @staticmethod
    def _settings(platform: str, user_id: str, row: dict[str, Any] | None) -> UserSettings:
        if row is None:
            return UserSettings(platform=platform, user_id=user_id)
        return UserSettings(**{k: row[k] for k in SETTINGS_COLUMNS})

    # -- settings
    def get(self, platform: str, user_id: str) -> UserSettings:
        """Return the user's settings (all None when nothing is stored)."""
        return self._settings(platform, str(user_id), self._one(_SETTINGS_SELECT, (platform, str(user_id))))

    def update(self, platform: str, user_id: str, **fields: Any) -> UserSettings:
        """Set the given fields (None clears one) in one statement; return the settings after it."""
        clean = check_fields(fields)
        uid = str(user_id)
        names = list(clean)
        sets = ", ".join([*(f"{n}=excluded.{n}" for n in names), "updated_at=excluded.updated_at"])
        sql = (f"INSERT INTO user_settings (platform, user_id, {', '.join([*names, 'updated_at'])}) "
               f"VALUES (%s, %s, {', '.join(['%s'] * len(names))}{', ' if names else ''}{_NOW}) "
               f"ON CONFLICT (platform, user_id) DO UPDATE SET {sets} "
               f"RETURNING {', '.join(SETTINGS_COLUMNS)}")
        return self._settings(platform, uid, self._one(sql, (platform, uid, *clean.values())))

    def forget(self, platform: str, user_id: str) -> bool:
        """Delete the user's settings, subscriptions and contexts (their private chat and the chats
        their subscriptions deliver to) in one transaction; return True when anything was deleted."""
        uid = str(user_id)
        with self._pool.connection() as conn, conn.transaction():
            subs = conn.execute("DELETE FROM subscriptions WHERE platform=%s AND user_id=%s RETURNING chat_id",
                                (platform, uid)).fetchall()
            chats = sorted({uid, *(r["chat_id"] for r in subs)})
            n = len(subs)
            n += conn.execute("DELETE FROM user_settings WHERE platform=%s AND user_id=%s", (platform, uid)).rowcount
            # The adapters key a user's contexts "CHAT:USER" (bots.common.chat_context.context_key).
            n += conn.execute("DELETE FROM chat_contexts WHERE platform=%s AND (chat_id = ANY(%s) OR "
                              "right(chat_id, %s) = %s)", (platform, chats, len(uid) + 1, ":" + uid)).rowcount
        return n > 0

    def close(self) -> None:
        """Close the pool (idempotent)."""
        self._pool.close()

    # -- shared clock, limits, de-duplication, contexts, pacing
    def now(self) -> float:
        """Return the database's clock in epoch seconds."""
        row = self._one(f"SELECT {_NOW} AS t")
        return float(row["t"]) if row else time.time()

    def allow(self, key: str, limit: int, window_s: float) -> bool:
        """Return True and record a hit when `key` had fewer than `limit` hits in the last `window_s` s."""
        if limit <= 0:
            return True  # 0 or negative = limiting disabled, as SlidingWindowLimiter
        self._maybe_prune()
        row = self._one(_ALLOW, {"key": key, "limit": int(limit), "window": float(window_s)})
        return bool(row and row["ok"])

    def retry_after(self, key: str, limit: int, window_s: float) -> float:
        """Return the seconds until `allow(key, limit, window_s)` would succeed (0.0 when it would now)."""
        if limit <= 0:
            return 0.0
        row = self._one(f"SELECT hits, {_NOW} AS t FROM rate_windows WHERE key=%s", (key,))
        if not row:
            return 0.0
        hits = sorted(h for h in row["hits"] if h > row["t"] - window_s)
        if len(hits) < limit:
            return 0.0
        return max(0.0, hits[len(hits) - limit] + window_s - row["t"])

    def claim_update(self, platform: str, update_id: int) -> bool:
        """Return True the first time any worker claims this update id, False afterwards (ids kept a day)."""
        self._maybe_prune()
        return self._count(f"INSERT INTO seen_updates (platform, update_id, seen_at) VALUES (%s, %s, {_NOW}) "
                           "ON CONFLICT DO NOTHING", (platform, int(update_id))) > 0

    def get_context(self, platform: str, chat_id: str) -> dict[str, Any] | None:
        """Return the chat's saved follow-up context, None when absent or expired."""
        row = self._one(f"SELECT data FROM chat_contexts WHERE platform=%s AND chat_id=%s AND expires_at > {_NOW}",
                        (platform, str(chat_id)))
        return dict(row["data"]) if row else None

    def set_context(self, platform: str, chat_id: str, data: dict[str, Any], ttl_s: float = 1800) -> None:
        """Save (replace) the chat's follow-up context for `ttl_s` seconds."""
        self._count(f"INSERT INTO chat_contexts (platform, chat_id, data, expires_at) VALUES (%s, %s, %s, {_NOW} + %s) "
                    "ON CONFLICT (platform, chat_id) DO UPDATE SET data=excluded.data, expires_at=excluded.expires_at",
                    (platform, str(chat_id), Jsonb(data), float(ttl_s)))

    def reserve_slot(self, name: str, interval_s: float) -> float:
        """Reserve the next slot of a paced action; return the seconds to wait (0.0 when free now)."""
        row = self._one(_RESERVE, {"name": name, "iv": float(interval_s)})
        return max(0.0, float(row["wait"])) if row else 0.0

    # -- subscriptions
    def add_subscription(self, sub: NewSubscription) -> Subscription:
        """Store a subscription and return it; raise SubscriptionLimit at MAX_SUBSCRIPTIONS active ones."""
        values = sub.model_dump()
        with self._pool.connection() as conn, conn.transaction():
            # The per-user lock makes count-then-insert atomic against the user's other workers.
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                         (f"subs:{sub.platform}:{sub.user_id}",))
            row = conn.execute("SELECT COUNT(*) AS n FROM subscriptions WHERE platform=%s AND user_id=%s AND active",
                               (sub.platform, sub.user_id)).fetchone()
            active = int(row["n"]) if row else 0
            if active >= MAX_SUBSCRIPTIONS:
                raise SubscriptionLimit(f"{sub.platform}:{sub.user_id} has {active} active subscriptions")
            new = conn.execute(
                f"INSERT INTO subscriptions ({', '.join(NEW_SUB_COLUMNS)}, active, created_at) "
                f"VALUES ({', '.join(['%s'] * len(NEW_SUB_COLUMNS))}, TRUE, {_NOW}) RETURNING {', '.join(SUB_COLUMNS)}",
                tuple(values[c] for c in NEW_SUB_COLUMNS)).fetchone()
        assert new is not None
        return sub_from_row(new)

    def list_subscriptions(self, platform: str, user_id: str) -> list[Subscription]:
        """Return the user's subscriptions (active and paused) ordered by id."""
        rows = self._all(f"{_SUB_SELECT} WHERE platform=%s AND user_id=%s ORDER BY id", (platform, str(user_id)))
        return [sub_from_row(r) for r in rows]

    def remove_subscription(self, platform: str, user_id: str, sub_id: int) -> bool:
        """Delete one of the user's subscriptions; return True when it existed."""
        return self._count("DELETE FROM subscriptions WHERE id=%s AND platform=%s AND user_id=%s",
                           (int(sub_id), platform, str(user_id))) > 0

    def claim_due(self, limit: int = 50, lease_s: float = 120) -> list[Subscription]:
        """Lease (for `lease_s`) and return up to `limit` active subscriptions due now whose lease is
        free or expired, earliest first; `FOR UPDATE SKIP LOCKED` keeps workers off each other's rows."""
        rows = self._all(_CLAIM_DUE, {"limit": int(limit), "lease": float(lease_s)})
        return sorted((sub_from_row(r) for r in rows), key=lambda s: (s.next_fire_at, s.id))

    def complete_firing(self, sub_id: int, claimed_next_fire_at: float, fired_at: float | None,
                        next_fire_at: float) -> bool:
        """Record a firing (`fired_at`) or a skip (None), set the next due time and free the lease,
        only when the row is still due at `claimed_next_fire_at`; return whether it applied."""
        return self._count(
            "UPDATE subscriptions SET next_fire_at=%s, last_fired_at=COALESCE(%s::float8, last_fired_at), lease_until=NULL "
            "WHERE id=%s AND next_fire_at=%s",
            (float(next_fire_at), fired_at, int(sub_id), float(claimed_next_fire_at))) > 0

    def pause_user(self, platform: str, user_id: str) -> int:
        """Mark the user's active subscriptions inactive (they blocked the bot); return how many."""
        return self._count("UPDATE subscriptions SET active=FALSE, lease_until=NULL "
                           "WHERE platform=%s AND user_id=%s AND active", (platform, str(user_id)))

    def count_active(self) -> int:
        """Return the number of active subscriptions."""
        row = self._one("SELECT COUNT(*) AS n FROM subscriptions WHERE active")
        return int(row["n"]) if row else 0


__all__ = ["PostgresSettingsStore", "SCHEMA_VERSION"]
