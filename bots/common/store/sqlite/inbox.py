"""The durable inbox on SQLite (see protocols.Inbox); every step is one IMMEDIATE transaction."""
from __future__ import annotations

import sqlite3
import time

from bots.common.store.records import InboxItem, Put
from bots.common.store.sqlite.db import SQLiteDB


class SQLiteInbox(SQLiteDB):
    """Inbox on SQLite."""

    async def put_update(self, platform: str, update_id: str, payload: str, owner: str, lease_s: float) -> Put:
        """Store the update leased to `owner` for `lease_s` unless it is known; return NEW (stored now,
        or earlier by this owner and not yet done), PENDING (another owner's) or DONE."""
        def put(conn: sqlite3.Connection) -> Put:
            now = time.time()
            self._maybe_prune(conn, now)
            cur = conn.execute(
                "INSERT OR IGNORE INTO inbox (platform, update_id, payload, state, owner, attempts, lease_until, "
                "created_at) VALUES (?, ?, ?, 'working', ?, 1, ?, ?)",
                (platform, str(update_id), payload, owner, now + float(lease_s), now))
            if cur.rowcount > 0:
                return Put.NEW
            row = conn.execute("SELECT state, owner FROM inbox WHERE platform=? AND update_id=?",
                               (platform, str(update_id))).fetchone()
            if row["state"] == "done":
                return Put.DONE
            return Put.NEW if row["owner"] == owner else Put.PENDING

        return await self.on_store_thread(self._write, put)

    async def claim_expired_updates(self, platform: str, owner: str, lease_s: float, limit: int = 20) -> list[InboxItem]:
        """Lease to `owner` and return up to `limit` of the platform's unfinished updates whose lease
        ran out, oldest first."""
        def claim(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            now = time.time()
            rows = conn.execute(
                "SELECT platform, update_id, payload, attempts FROM inbox "
                "WHERE platform=? AND state <> 'done' AND lease_until <= ? ORDER BY created_at LIMIT ?",
                (platform, now, int(limit))).fetchall()
            conn.executemany(
                "UPDATE inbox SET state='working', owner=?, attempts=attempts+1, lease_until=? "
                "WHERE platform=? AND update_id=?",
                [(owner, now + float(lease_s), r["platform"], r["update_id"]) for r in rows])
            return rows

        return [InboxItem(platform=r["platform"], update_id=r["update_id"], payload=r["payload"],
                          attempts=int(r["attempts"]) + 1) for r in await self.on_store_thread(self._write, claim)]

    async def renew_updates(self, owner: str, lease_s: float) -> int:
        """Extend the lease of `owner`'s unfinished updates to `lease_s` from now; return how many."""
        return await self._changed("UPDATE inbox SET lease_until=? WHERE owner=? AND state <> 'done'",
                                   (time.time() + float(lease_s), owner))

    async def finish_update(self, platform: str, update_id: str) -> bool:
        """Mark the update answered (its payload dropped); return False when it was already done."""
        return await self._changed("UPDATE inbox SET state='done', done_at=?, payload='' WHERE platform=? AND "
                                   "update_id=? AND state <> 'done'", (time.time(), platform, str(update_id))) > 0
