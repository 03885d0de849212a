"""Rate windows and paced slots on SQLite."""
from __future__ import annotations

import json
import sqlite3
import time

from bots.common.store.sqlite.db import SQLiteDB


class SQLiteRateWindows(SQLiteDB):
    """RateWindows on SQLite (a key's recent hits as a JSON list)."""

    async def allow(self, key: str, limit: int, window_s: float) -> bool:
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

        return bool(await self.on_store_thread(self._write, check))

    async def retry_after(self, key: str, limit: int, window_s: float) -> float:
        """Return the seconds until `allow(key, limit, window_s)` would succeed (0.0 when it would now)."""
        if limit <= 0:
            return 0.0
        rows = await self.on_store_thread(self._read, "SELECT hits FROM rate_windows WHERE key=?", (key,))
        now = time.time()
        hits = sorted(h for h in (json.loads(rows[0][0]) if rows else []) if h > now - window_s)
        if len(hits) < limit:
            return 0.0
        return max(0.0, float(hits[len(hits) - limit] + window_s - now))

    async def reserve_slot(self, name: str, interval_s: float) -> float:
        """Reserve the next slot of a paced action; return the seconds to wait (0.0 when free now)."""
        def reserve(conn: sqlite3.Connection) -> float:
            now = time.time()
            row = conn.execute("SELECT next_at FROM paced_slots WHERE name=?", (name,)).fetchone()
            slot = max(now, row[0]) if row else now
            conn.execute("INSERT INTO paced_slots (name, next_at) VALUES (?, ?) "
                         "ON CONFLICT(name) DO UPDATE SET next_at=excluded.next_at", (name, slot + float(interval_s)))
            return slot - now

        return float(await self.on_store_thread(self._write, reserve))
