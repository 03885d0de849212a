"""User settings (zone, language, home) on PostgreSQL."""
from __future__ import annotations

from typing import Any

from bots.common.store.postgres.async_pool import AConn, AsyncPostgres
from bots.common.store.postgres.db import NOW
from bots.common.store.records import SETTINGS_COLUMNS, UserSettings, check_fields

SELECT_SETTINGS = f"SELECT {', '.join(SETTINGS_COLUMNS)} FROM user_settings WHERE platform=%s AND user_id=%s"


def settings_from_row(platform: str, user_id: str, row: dict[str, Any] | None) -> UserSettings:
    """Return the settings a row holds (all None when there is no row)."""
    if row is None:
        return UserSettings(platform=platform, user_id=user_id)
    return UserSettings(**{k: row[k] for k in SETTINGS_COLUMNS})


class PostgresSettings(AsyncPostgres):
    """SettingsStore on PostgreSQL."""

    async def get(self, platform: str, user_id: str) -> UserSettings:
        """Return the user's settings (all None when nothing is stored)."""
        return settings_from_row(platform, str(user_id), await self._aone(SELECT_SETTINGS, (platform, str(user_id))))

    async def update(self, platform: str, user_id: str, **fields: Any) -> UserSettings:
        """Set the given fields (None clears one) in one statement; return the settings after it."""
        clean = check_fields(fields)
        uid = str(user_id)
        names = list(clean)
        sets = ", ".join([*(f"{n}=excluded.{n}" for n in names), "updated_at=excluded.updated_at"])
        sql = (f"INSERT INTO user_settings (platform, user_id, {', '.join([*names, 'updated_at'])}) "
               f"VALUES (%s, %s, {', '.join(['%s'] * len(names))}{', ' if names else ''}{NOW}) "
               f"ON CONFLICT (platform, user_id) DO UPDATE SET {sets} "
               f"RETURNING {', '.join(SETTINGS_COLUMNS)}")
        return settings_from_row(platform, uid, await self._aone(sql, (platform, uid, *clean.values())))

    @staticmethod
    async def _forget_settings(conn: AConn, platform: str, user_id: str) -> int:
        """Delete the user's settings inside the caller's transaction; return the rows deleted."""
        return (await conn.execute("DELETE FROM user_settings WHERE platform=%s AND user_id=%s",
                                   (platform, user_id))).rowcount
