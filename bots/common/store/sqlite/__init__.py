"""The store on one SQLite file (or `:memory:`): the embedded, single-host default.

Each concern is its own class on the shared connection (`db.SQLiteDB`); `SQLiteStore`
is all of them, plus `forget`, which spans three concerns in one transaction.
"""
from __future__ import annotations

import sqlite3

from bots.common.store.sqlite.copies import SQLiteKeptCopies
from bots.common.store.sqlite.contexts import SQLiteContexts
from bots.common.store.sqlite.db import SCHEMA_VERSION, SQLiteDB
from bots.common.store.sqlite.inbox import SQLiteInbox
from bots.common.store.sqlite.rates import SQLiteRateWindows
from bots.common.store.sqlite.seen import SQLiteSeenUpdates
from bots.common.store.sqlite.settings import SQLiteSettings
from bots.common.store.sqlite.subscriptions import SQLiteSubscriptions


class SQLiteStore(SQLiteSubscriptions, SQLiteSettings, SQLiteSeenUpdates, SQLiteContexts, SQLiteRateWindows,
                  SQLiteInbox, SQLiteKeptCopies):
    """Store on SQLite: every concern on one connection."""

    async def forget(self, platform: str, user_id: str) -> bool:
        """Delete the user's settings, subscriptions and contexts (every chat's, and the chats their
        subscriptions deliver to) in one transaction; return True when anything was deleted."""
        uid = str(user_id)

        def delete(conn: sqlite3.Connection) -> bool:
            n, chats = self._forget_subscriptions(conn, platform, uid)
            n += self._forget_settings(conn, platform, uid)
            n += self._forget_contexts(conn, platform, uid, {uid, *chats})
            return n > 0

        return bool(await self.on_store_thread(self._write, delete))


__all__ = ["SCHEMA_VERSION", "SQLiteDB", "SQLiteStore"]
