"""Delivery de-duplication on PostgreSQL: an update id is claimed once (ids kept a day)."""
from __future__ import annotations

from bots.common.store.postgres.async_pool import AsyncPostgres
from bots.common.store.postgres.db import NOW


class PostgresSeenUpdates(AsyncPostgres):
    """SeenUpdates on PostgreSQL (`ON CONFLICT DO NOTHING` settles races)."""

    async def claim_update(self, platform: str, update_id: int) -> bool:
        """Return True the first time any worker claims this update id, False afterwards (ids kept a day)."""
        await self._amaybe_prune()
        # Not retried once sent: a retry after a lost commit would call the update a duplicate.
        return await self._acount(f"INSERT INTO seen_updates (platform, update_id, seen_at) VALUES (%s, %s, {NOW}) "
                           "ON CONFLICT DO NOTHING", (platform, int(update_id)), idempotent=False) > 0
