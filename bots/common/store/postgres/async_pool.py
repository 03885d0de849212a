"""The store's asynchronous side on PostgreSQL: psycopg's `AsyncConnectionPool`, for the concerns
whose callers live on the event loop (settings, seen ids, contexts, rate windows, subscriptions,
the inbox, the health check).

The pool is opened on the loop that first needs it (a pool belongs to one loop) and heals like
the synchronous one: a connection is checked before it is lent, reconnects come quickly after a
restart, and idempotent work is retried for a few seconds on a connection error.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool
from psycopg_pool.base import AttemptWithBackoff

from bots.common.store.postgres.db import NOW, PRUNE, RETRY_S, TABLES, PostgresDB, QuickBackoff
from bots.common.store.records import StoreUnavailable

log = logging.getLogger("odbchat.store")
T = TypeVar("T")
AConn = psycopg.AsyncConnection[dict[str, Any]]


class _AsyncPool(AsyncConnectionPool[AConn]):
    # The same quick reconnect back-off as the synchronous pool (db.QuickBackoff says why).
    async def _add_connection(self, attempt: AttemptWithBackoff | None, growing: bool = False) -> None:
        await super()._add_connection(attempt or QuickBackoff(timeout=self.reconnect_timeout), growing)


class AsyncPostgres(PostgresDB):
    """Runs statements on an async pool of connections to the database of the synchronous pool."""

    _apool: AsyncConnectionPool[AConn] | None = None
    _apool_loop: asyncio.AbstractEventLoop | None = None

    async def _async_pool(self) -> AsyncConnectionPool[AConn]:
        """Return the pool of the running loop, opening it on first use."""
        loop = asyncio.get_running_loop()
        if self._apool is None or self._apool_loop is not loop:
            min_size, max_size, timeout_s = self._pool_sizes
            pool = _AsyncPool(self._conninfo, min_size=min_size, max_size=max_size, timeout=timeout_s,
                              kwargs={"autocommit": True, "row_factory": dict_row}, open=False,
                              check=AsyncConnectionPool.check_connection, name="odbchat-store-async")
            try:
                await pool.open(wait=True, timeout=timeout_s)
            except psycopg.OperationalError as exc:
                await pool.close()
                raise StoreUnavailable(f"cannot reach PostgreSQL at {self.where} within {timeout_s:g} s") from exc
            self._apool, self._apool_loop = pool, loop
        return self._apool

    async def _arun(self, fn: Callable[[AConn], Awaitable[T]], *, idempotent: bool = True,
                    retry_s: float = RETRY_S) -> T:
        """Return await fn(connection) on a pooled connection. A connection error while borrowing is
        retried for up to `retry_s`; one inside fn only when the work is idempotent (it may have
        committed). Raises StoreUnavailable when the time is up."""
        pool = await self._async_pool()
        deadline = time.monotonic() + retry_s
        delay = 0.05
        while True:
            started = False
            try:
                async with pool.connection(timeout=max(0.1, deadline - time.monotonic())) as conn:
                    started = True
                    return await fn(conn)
            except psycopg.OperationalError as exc:
                if (started and not idempotent) or time.monotonic() + delay >= deadline:
                    raise StoreUnavailable(f"PostgreSQL at {self.where}: {exc}".strip()) from exc
                log.warning("store connection lost, retrying", extra={"error": type(exc).__name__})
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)

    async def _aall(self, sql: str, args: Any = None) -> list[dict[str, Any]]:
        async def rows(conn: AConn) -> list[dict[str, Any]]:
            return await (await conn.execute(sql, args)).fetchall()

        return await self._arun(rows)

    async def _aone(self, sql: str, args: Any = None, *, idempotent: bool = True) -> dict[str, Any] | None:
        async def row(conn: AConn) -> dict[str, Any] | None:
            return await (await conn.execute(sql, args)).fetchone()

        return await self._arun(row, idempotent=idempotent)

    async def _acount(self, sql: str, args: Any = None, *, idempotent: bool = True) -> int:
        async def count(conn: AConn) -> int:
            return (await conn.execute(sql, args)).rowcount

        return await self._arun(count, idempotent=idempotent)

    async def _amaybe_prune(self) -> None:
        """Now and then (not on every call) delete old seen ids, idle rate windows, expired contexts and
        day-old finished inbox rows; one worker doing it twice is harmless."""
        if not self._prune_due():
            return

        async def prune(conn: AConn) -> None:
            for sql, args in PRUNE:
                await conn.execute(sql, args)

        await self._arun(prune)

    async def check(self) -> None:
        """Return None when every table can be read and a row written now; raise StoreUnavailable
        (saying why) otherwise: the server unreachable, a table missing, the disk full."""
        async def probe(conn: AConn) -> None:
            async with conn.transaction():
                for table in TABLES:
                    await (await conn.execute(f"SELECT 1 FROM {table} LIMIT 1")).fetchall()  # constant names
                await conn.execute(f"INSERT INTO store_health (probe, checked_at) VALUES ('write', {NOW}) "
                                   "ON CONFLICT (probe) DO UPDATE SET checked_at = excluded.checked_at")

        try:
            await self._arun(probe, retry_s=1.0)  # a load balancer waits for this: answer fast
        except psycopg.Error as exc:
            raise StoreUnavailable(f"PostgreSQL at {self.where}: {exc}".strip()) from exc

    async def aclose(self) -> None:
        """Close the async pool (on the loop that opened it; idempotent)."""
        pool, self._apool, self._apool_loop = self._apool, None, None
        if pool is not None:
            await pool.close()


__all__ = ["AConn", "AsyncPostgres"]
