"""Follow-up contexts on PostgreSQL (JSONB, expiring)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from psycopg.types.json import Jsonb

from bots.common.chat_context import user_key_suffix
from bots.common.store.postgres.async_pool import AConn, AsyncPostgres
from bots.common.store.postgres.db import NOW
from bots.common.store.records import strip_nul


class PostgresContexts(AsyncPostgres):
    """ContextStore on PostgreSQL."""

    async def get_context(self, platform: str, chat_id: str) -> dict[str, Any] | None:
        """Return the saved follow-up context, None when absent or expired."""
        row = await self._aone(f"SELECT data FROM chat_contexts WHERE platform=%s AND chat_id=%s AND expires_at > {NOW}",
                        (platform, str(chat_id)))
        return dict(row["data"]) if row else None

    async def set_context(self, platform: str, chat_id: str, data: dict[str, Any], ttl_s: float = 1800) -> None:
        """Save (replace) the follow-up context for `ttl_s` seconds (JSONB holds no NUL: they are dropped)."""
        await self._acount(f"INSERT INTO chat_contexts (platform, chat_id, data, expires_at) VALUES (%s, %s, %s, {NOW} + %s) "
                    "ON CONFLICT (platform, chat_id) DO UPDATE SET data=excluded.data, expires_at=excluded.expires_at",
                    (platform, str(chat_id), Jsonb(strip_nul(data)), float(ttl_s)))

    @staticmethod
    async def _forget_contexts(conn: AConn, platform: str, user_id: str, chats: Iterable[str]) -> int:
        """Delete, inside the caller's transaction, the contexts of the given chats and every
        context keyed to the user (bots.common.chat_context); return the rows deleted."""
        suffix = user_key_suffix(user_id)
        return (await conn.execute("DELETE FROM chat_contexts WHERE platform=%s AND (chat_id = ANY(%s) OR right(chat_id, %s) = %s)",
                            (platform, sorted(chats), len(suffix), suffix))).rowcount
