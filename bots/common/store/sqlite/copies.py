"""Kept copies of outside data (CWA's tide forecast) on SQLite, and the claim on their refresh."""
from __future__ import annotations

import sqlite3
import time
from collections.abc import Mapping

from bots.common.store.sqlite.db import SQLiteDB


class SQLiteKeptCopies(SQLiteDB):
    """core.tools.cwa_copy.KeptCopies on SQLite: a copy's parts replaced in one transaction."""

    async def copy_stamp(self, name: str) -> float | None:
        """Return when the kept copy `name` was stored (epoch s), None when there is none."""
        rows = await self.on_store_thread(self._read, "SELECT stamp FROM copy_refresh WHERE name=?", (name,))
        return float(rows[0][0]) if rows and rows[0][0] is not None else None

    async def copy_part(self, name: str, part: str) -> bytes | None:
        """Return one part of the kept copy, None when absent."""
        rows = await self.on_store_thread(self._read, "SELECT payload FROM kept_copies WHERE name=? AND part=?",
                                          (name, part))
        return bytes(rows[0][0]) if rows else None

    async def keep_copy(self, name: str, parts: Mapping[str, bytes]) -> float:
        """Replace the copy `name` by `parts` in one transaction; return its stamp."""
        def replace(conn: sqlite3.Connection) -> float:
            now = time.time()
            conn.execute("DELETE FROM kept_copies WHERE name=?", (name,))
            conn.executemany("INSERT INTO kept_copies (name, part, payload) VALUES (?, ?, ?)",
                             [(name, part, sqlite3.Binary(payload)) for part, payload in parts.items()])
            conn.execute("INSERT INTO copy_refresh (name, stamp, next_at) VALUES (?, ?, ?) "
                         "ON CONFLICT(name) DO UPDATE SET stamp=excluded.stamp", (name, now, now))
            return now

        return float(await self.on_store_thread(self._write, replace))

    async def claim_refresh(self, name: str, lease_s: float) -> bool:
        """Return True (holding the refresh for `lease_s`) when it is due and no one holds it."""
        if not await self.on_store_thread(self._due, name):
            return False   # the common case, read without taking the write lock

        def claim(conn: sqlite3.Connection) -> bool:
            now = time.time()
            row = conn.execute("SELECT next_at, claimed_until FROM copy_refresh WHERE name=?", (name,)).fetchone()
            if row is not None and (row[0] > now or (row[1] or 0) > now):
                return False
            conn.execute("INSERT INTO copy_refresh (name, stamp, next_at, claimed_until) VALUES (?, NULL, ?, ?) "
                         "ON CONFLICT(name) DO UPDATE SET claimed_until=excluded.claimed_until", (name, now, now + lease_s))
            return True

        return bool(await self.on_store_thread(self._write, claim))

    def _due(self, name: str) -> bool:
        rows = self._read("SELECT next_at, claimed_until FROM copy_refresh WHERE name=?", (name,))
        now = time.time()
        return not rows or (rows[0][0] <= now and (rows[0][1] or 0) <= now)

    async def refresh_under_way(self, name: str) -> bool:
        """Return True while some process holds the refresh of `name`."""
        rows = await self.on_store_thread(self._read, "SELECT claimed_until FROM copy_refresh WHERE name=?", (name,))
        return bool(rows) and (rows[0][0] or 0) > time.time()

    async def refresh_after(self, name: str, delay_s: float) -> None:
        """Make the next refresh of `name` due `delay_s` from now (and free the claim on it)."""
        def later(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO copy_refresh (name, stamp, next_at) VALUES (?, NULL, ?) "
                         "ON CONFLICT(name) DO UPDATE SET next_at=excluded.next_at, claimed_until=NULL",
                         (name, time.time() + delay_s))

        await self.on_store_thread(self._write, later)
