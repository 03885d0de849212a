"""The store on PostgreSQL, shared by every worker behind a load balancer.

Each concern is its own class on the shared pool (`db.PostgresDB`); `PostgresStore` is
all of them, plus `forget`, which spans three concerns in one transaction. Races are
settled by the database itself (see each concern's module).
"""
from __future__ import annotations

from bots.common.store.postgres.copies import PostgresKeptCopies
from bots.common.store.postgres.contexts import PostgresContexts
from bots.common.store.postgres.async_pool import AConn
from bots.common.store.postgres.db import SCHEMA_VERSION, PostgresDB
from bots.common.store.postgres.inbox import PostgresInbox
from bots.common.store.postgres.rates import PostgresRateWindows
from bots.common.store.postgres.seen import PostgresSeenUpdates
from bots.common.store.postgres.settings import PostgresSettings
from bots.common.store.postgres.subscriptions import PostgresSubscriptions


class PostgresStore(PostgresSubscriptions, PostgresSettings, PostgresSeenUpdates, PostgresContexts,
                    PostgresRateWindows, PostgresInbox, PostgresKeptCopies):
    """Store on PostgreSQL: every concern on one pool."""

    async def forget(self, platform: str, user_id: str) -> bool:
        """Delete the user's settings, subscriptions and contexts (every chat's, and the chats their
        subscriptions deliver to) in one transaction; return True when anything was deleted."""
        uid = str(user_id)

        async def delete(conn: AConn) -> bool:
            async with conn.transaction():
                n, chats = await self._forget_subscriptions(conn, platform, uid)
                n += await self._forget_settings(conn, platform, uid)
                n += await self._forget_contexts(conn, platform, uid, {uid, *chats})
            return n > 0

        return await self._arun(delete)


__all__ = ["PostgresDB", "PostgresStore", "SCHEMA_VERSION"]
