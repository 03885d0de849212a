"""Delivery de-duplication on SQLite: an update id is claimed once (ids kept a day)."""
from __future__ import annotations

import sqlite3
import time

from bots.common.store.sqlite.db import SQLiteDB


class SQLiteSeenUpdates(SQLiteDB):
    """SeenUpdates on SQLite."""

    async def claim_update(self, platform: str, update_id: int) -> bool:
        """Return True the first time this update id is claimed, False afterwards (ids kept a day)."""
        def claim(conn: sqlite3.Connection) -> bool:
            now = time.time()
            self._maybe_prune(conn, now)
            cur = conn.execute("INSERT OR IGNORE INTO seen_updates (platform, update_id, seen_at) VALUES (?, ?, ?)",
                               (platform, int(update_id), now))
            return cur.rowcount > 0

        return bool(await self.on_store_thread(self._write, claim))
