"""The PostgreSQL store's opening, with clear errors, and its migrations, on a synchronous pool
(every concern's statements run on the asynchronous pool, `async_pool`, which heals the same way
and runs the house-keeping and the health check).

psycopg 3 with a `psycopg_pool.ConnectionPool`: each call borrows an autocommit connection,
so a one-statement call is one round trip. Time comes from the database
(`clock_timestamp()`), so workers with skewed clocks agree. Healing: the pool checks a
connection before lending it (a restart leaves every pooled connection dead), reconnects
with a short back-off, and idempotent work is retried for a few seconds on a connection
error, so a restart costs callers a pause, not an error.

URL: `postgresql://user:pass@host:port/db?pool_min=1&pool_max=10&pool_timeout=30` (the `pool_*`
keys are ours and are removed before the URL reaches libpq).
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool
from psycopg_pool.base import AttemptWithBackoff

from bots.common.store.migrations import POSTGRES_MIGRATIONS, statements
from bots.common.store.records import (
    INBOX_DONE_TTL_S,
    PRUNE_EVERY_S,
    RATE_IDLE_TTL_S,
    SEEN_UPDATE_TTL_S,
    StoreUnavailable,
)

SCHEMA_VERSION = POSTGRES_MIGRATIONS[-1][0]
#: Advisory-lock key for migrations (any constant; "odbchat" in ASCII).
MIGRATION_LOCK = 0x6F6462636861
NOW = "extract(epoch from clock_timestamp())::float8"
TABLES = ("user_settings", "rate_windows", "seen_updates", "chat_contexts", "paced_slots", "subscriptions",
          "inbox", "store_health", "kept_copies", "copy_refresh")
#: What goes now and then: old seen ids, idle rate windows, expired contexts, day-old finished inbox rows.
PRUNE: tuple[tuple[str, tuple[float, ...]], ...] = (
    (f"DELETE FROM seen_updates WHERE seen_at < {NOW} - %s", (SEEN_UPDATE_TTL_S,)),
    (f"DELETE FROM rate_windows WHERE updated_at < {NOW} - %s", (RATE_IDLE_TTL_S,)),
    (f"DELETE FROM chat_contexts WHERE expires_at <= {NOW}", ()),
    (f"DELETE FROM inbox WHERE state = 'done' AND done_at < {NOW} - %s", (INBOX_DONE_TTL_S,)),
)
#: How long idempotent work is retried across a connection error (a fast restart takes < 1 s).
RETRY_S = 8.0
_POOL_KEYS = ("pool_min", "pool_max", "pool_timeout")

log = logging.getLogger("odbchat.store")
T = TypeVar("T")
Conn = psycopg.Connection[dict[str, Any]]


def split_url(url: str) -> tuple[str, dict[str, float]]:
    """Return the libpq URL without our `pool_*` query keys, and those keys as numbers.

    Raises StoreUnavailable at once for a URL libpq would refuse (a port that is not a
    number, a pool key that is not one) rather than after the pool's timeout."""
    parts = urlsplit(url)
    try:
        port = parts.port  # urlsplit checks it lazily
    except ValueError as exc:
        raise StoreUnavailable(f"bad PostgreSQL URL in ODBCHAT_DB: {exc}") from exc
    if port == 0:
        raise StoreUnavailable("bad PostgreSQL URL in ODBCHAT_DB: port 0")
    query = parse_qsl(parts.query, keep_blank_values=True)
    try:
        ours = {k: float(v) for k, v in query if k in _POOL_KEYS}
    except ValueError as exc:
        raise StoreUnavailable(f"bad PostgreSQL URL in ODBCHAT_DB: {', '.join(_POOL_KEYS)} must be numbers") from exc
    rest = [(k, v) for k, v in query if k not in ours]
    scheme = "postgresql" if parts.scheme.split("+", 1)[0] in ("postgres", "postgresql") else parts.scheme
    conninfo = urlunsplit((scheme, parts.netloc, parts.path, urlencode(rest), parts.fragment))
    try:
        psycopg.conninfo.conninfo_to_dict(conninfo)
    except psycopg.ProgrammingError as exc:
        raise StoreUnavailable(f"bad PostgreSQL URL in ODBCHAT_DB: {exc}") from exc
    return conninfo, ours


def describe(conninfo: str) -> str:
    """Return host:port/database of a URL, without user or password (for messages and logs)."""
    parts = urlsplit(conninfo)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path or '/'}"


def refusal(exc: BaseException, where: str) -> StoreUnavailable | None:
    """Return the start-up error to raise at once when the server answered and said no (wrong
    password, unknown database or role); None when it may just not be up yet."""
    text = str(exc)
    if "authentication failed" in text or "no password supplied" in text or "pg_hba.conf" in text:
        return StoreUnavailable(f"PostgreSQL at {where}: authentication failed (check the user and password "
                                "in ODBCHAT_DB)")
    if "does not exist" in text:
        what = "database" if "database" in text else "role"
        return StoreUnavailable(f"PostgreSQL at {where}: the {what} does not exist ({text.strip().splitlines()[-1]})")
    return None


class QuickBackoff(AttemptWithBackoff):
    """Reconnect attempts 0.1 s apart, growing to at most 1 s (the library's start at 1 s and
    double, which stalls service 10-15 s after an outage of a few seconds)."""

    INITIAL_DELAY = 0.1
    DELAY_BACKOFF = 1.5
    MAX_DELAY = 1.0

    def update_delay(self, now: float) -> None:
        """Set the delay before the next attempt, capped at MAX_DELAY."""
        super().update_delay(now)
        self.delay = min(self.delay, self.MAX_DELAY)


class _Pool(ConnectionPool[Conn]):
    # psycopg_pool has no setting for its reconnect back-off; this is the one place it is chosen.
    def _add_connection(self, attempt: AttemptWithBackoff | None, growing: bool = False) -> None:
        super()._add_connection(attempt or QuickBackoff(timeout=self.reconnect_timeout), growing)


class PostgresDB:
    """A pool of connections to one PostgreSQL database, safe across threads, processes and hosts."""

    #: Several workers share it: rate limits must live in the database (see ratelimit.limiter_for).
    is_shared = True

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10, timeout_s: float = 30.0) -> None:
        conninfo, pool = split_url(url)
        self.where = describe(conninfo)
        timeout_s = pool.get("pool_timeout", timeout_s)
        self._first_contact(conninfo)
        # Kept for the asynchronous side's pool (`async_pool.AsyncPostgres`), opened on its loop.
        self._conninfo = conninfo
        self._pool_sizes = (int(pool.get("pool_min", min_size)), int(pool.get("pool_max", max_size)), timeout_s)
        self._pool = _Pool(conninfo, min_size=int(pool.get("pool_min", min_size)),
                           max_size=int(pool.get("pool_max", max_size)), timeout=timeout_s,
                           kwargs={"autocommit": True, "row_factory": dict_row}, open=False,
                           check=ConnectionPool.check_connection, name="odbchat-store")
        try:
            self._pool.open(wait=True, timeout=timeout_s)
        except psycopg.OperationalError as exc:
            self._pool.close()
            raise StoreUnavailable(f"cannot reach PostgreSQL at {self.where} within {timeout_s:g} s") from exc
        self._prune_lock = threading.Lock()
        self._last_prune = 0.0
        try:
            self._migrate()
        except psycopg.Error as exc:
            self._pool.close()
            raise StoreUnavailable(f"PostgreSQL at {self.where}: cannot create or update the schema: {exc}") from exc
        except BaseException:
            self._pool.close()
            raise

    def _first_contact(self, conninfo: str) -> None:
        # One direct attempt so that a refusal (password, database) is reported at once and
        # by name; a server that is not up yet is left to the pool's wait.
        try:
            psycopg.connect(conninfo, connect_timeout=5).close()
        except psycopg.OperationalError as exc:
            refused = refusal(exc, self.where)
            if refused is not None:
                raise refused from None

    # -- running statements
    def _run(self, fn: Callable[[Conn], T], *, idempotent: bool = True, retry_s: float = RETRY_S) -> T:
        """Return fn(connection) on a pooled connection. A connection error while borrowing is
        retried for up to `retry_s`; one inside fn only when the work is idempotent (it may
        have committed). Raises StoreUnavailable when the time is up."""
        deadline = time.monotonic() + retry_s
        delay = 0.05
        while True:
            started = False
            try:
                with self._pool.connection(timeout=max(0.1, deadline - time.monotonic())) as conn:
                    started = True
                    return fn(conn)
            except psycopg.OperationalError as exc:
                if (started and not idempotent) or time.monotonic() + delay >= deadline:
                    raise StoreUnavailable(f"PostgreSQL at {self.where}: {exc}".strip()) from exc
                log.warning("store connection lost, retrying", extra={"error": type(exc).__name__})
                time.sleep(delay)
                delay = min(delay * 2, 0.5)

    def _one(self, sql: str, args: Any = None, *, idempotent: bool = True) -> dict[str, Any] | None:
        return self._run(lambda conn: conn.execute(sql, args).fetchone(), idempotent=idempotent)

    def _all(self, sql: str, args: Any = None) -> list[dict[str, Any]]:
        return self._run(lambda conn: conn.execute(sql, args).fetchall())

    # -- schema
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
                            conn.execute(statement)  # our own constant SQL
                        conn.execute(f"INSERT INTO schema_version (version, applied_at) VALUES (%s, {NOW})",
                                     (version,))
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))

    def _prune_due(self) -> bool:
        """Return True (and note the time) when old rows are to be pruned now: now and then, not on every call."""
        now = time.monotonic()
        with self._prune_lock:
            if now - self._last_prune < PRUNE_EVERY_S and self._last_prune:
                return False
            self._last_prune = now
            return True

    # -- closing
    def close(self) -> None:
        """Close the pool (idempotent)."""
        self._pool.close()


__all__ = ["NOW", "PRUNE", "SCHEMA_VERSION", "PostgresDB", "QuickBackoff", "RETRY_S", "TABLES", "describe", "refusal",
           "split_url"]
