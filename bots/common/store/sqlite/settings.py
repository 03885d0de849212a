"""User settings (zone, language, home) on SQLite."""
from __future__ import annotations

import sqlite3
import time
from typing import Any

from bots.common.store.records import SETTINGS_COLUMNS, UserSettings, check_fields
from bots.common.store.sqlite.db import SQLiteDB

_SELECT = f"SELECT {', '.join(SETTINGS_COLUMNS)} FROM user_settings WHERE platform=? AND user_id=?"


def _settings(platform: str, user_id: str, row: sqlite3.Row | None) -> UserSettings:
    if row is None:
        return UserSettings(platform=platform, user_id=user_id)
    return UserSettings(**{k: row[k] for k in SETTINGS_COLUMNS})


class SQLiteSettings(SQLiteDB):
    """SettingsStore on SQLite."""

    async def get(self, platform: str, user_id: str) -> UserSettings:
        """Return the user's settings (all None when nothing is stored)."""
        rows = await self.on_store_thread(self._read, _SELECT, (platform, str(user_id)))
        return _settings(platform, str(user_id), rows[0] if rows else None)

    async def update(self, platform: str, user_id: str, **fields: Any) -> UserSettings:
        """Set the given fields (None clears one) in one transaction; return the settings after it."""
        clean = check_fields(fields)
        uid = str(user_id)
        clean["updated_at"] = time.time()
        names = list(clean)

        def upsert(conn: sqlite3.Connection) -> sqlite3.Row | None:
            # Upsert touches only the named columns, so concurrent updates of different
            # fields of one user both survive.
            conn.execute(
                f"INSERT INTO user_settings (platform, user_id, {', '.join(names)}) "
                f"VALUES (?, ?, {', '.join('?' for _ in names)}) "
                f"ON CONFLICT(platform, user_id) DO UPDATE SET "
                f"{', '.join(f'{n}=excluded.{n}' for n in names)}",
                (platform, uid, *clean.values()))
            row: sqlite3.Row | None = conn.execute(_SELECT, (platform, uid)).fetchone()
            return row

        return _settings(platform, uid, await self.on_store_thread(self._write, upsert))

    @staticmethod
    def _forget_settings(conn: sqlite3.Connection, platform: str, user_id: str) -> int:
        """Delete the user's settings inside the caller's transaction; return the rows deleted."""
        return int(conn.execute("DELETE FROM user_settings WHERE platform=? AND user_id=?",
                                (platform, user_id)).rowcount)
