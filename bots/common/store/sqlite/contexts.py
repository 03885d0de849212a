"""Follow-up contexts on SQLite (JSON text, expiring)."""
from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from typing import Any

from bots.common.chat_context import user_key_suffix
from bots.common.store.records import strip_nul
from bots.common.store.sqlite.db import SQLiteDB


class SQLiteContexts(SQLiteDB):
    """ContextStore on SQLite."""

    async def get_context(self, platform: str, chat_id: str) -> dict[str, Any] | None:
        """Return the saved follow-up context, None when absent or expired."""
        rows = await self.on_store_thread(self._read, "SELECT data FROM chat_contexts WHERE platform=? AND chat_id=? "
                                          "AND expires_at > ?", (platform, str(chat_id), time.time()))
        return json.loads(rows[0][0]) if rows else None

    async def set_context(self, platform: str, chat_id: str, data: dict[str, Any], ttl_s: float = 1800) -> None:
        """Save (replace) the follow-up context for `ttl_s` seconds."""
        text = json.dumps(strip_nul(data), ensure_ascii=False)

        def put(conn: sqlite3.Connection) -> None:
            now = time.time()
            self._maybe_prune(conn, now)
            conn.execute("INSERT INTO chat_contexts (platform, chat_id, data, expires_at) VALUES (?, ?, ?, ?) "
                         "ON CONFLICT(platform, chat_id) DO UPDATE SET data=excluded.data, "
                         "expires_at=excluded.expires_at", (platform, str(chat_id), text, now + float(ttl_s)))

        await self.on_store_thread(self._write, put)

    @staticmethod
    def _forget_contexts(conn: sqlite3.Connection, platform: str, user_id: str, chats: Iterable[str]) -> int:
        """Delete, inside the caller's transaction, the contexts of the given chats and every
        context keyed to the user (bots.common.chat_context); return the rows deleted."""
        n = 0
        for chat in chats:
            n += conn.execute("DELETE FROM chat_contexts WHERE platform=? AND chat_id=?", (platform, chat)).rowcount
        suffix = user_key_suffix(user_id)
        n += conn.execute("DELETE FROM chat_contexts WHERE platform=? AND substr(chat_id, -?) = ?",
                          (platform, len(suffix), suffix)).rowcount
        return n
