"""The durable inbox on PostgreSQL (see protocols.Inbox); `FOR UPDATE SKIP LOCKED` hands each
expired update to one worker."""
from __future__ import annotations

from bots.common.store.postgres.async_pool import AsyncPostgres
from bots.common.store.postgres.db import NOW
from bots.common.store.records import InboxItem, Put, strip_nul

_INSERT = f"""
INSERT INTO inbox (platform, update_id, payload, state, owner, attempts, lease_until, created_at)
VALUES (%(platform)s, %(id)s, %(payload)s, 'working', %(owner)s, 1, {NOW} + %(lease)s, {NOW})
ON CONFLICT (platform, update_id) DO NOTHING"""

_CLAIM = f"""
WITH c AS (SELECT {NOW} AS t),
due AS (
  SELECT i.platform, i.update_id FROM inbox i, c
  WHERE i.platform = %(platform)s AND i.state <> 'done' AND i.lease_until <= c.t
  ORDER BY i.created_at LIMIT %(limit)s
  FOR UPDATE OF i SKIP LOCKED)
UPDATE inbox i SET state = 'working', owner = %(owner)s, attempts = i.attempts + 1, lease_until = c.t + %(lease)s
FROM due, c WHERE i.platform = due.platform AND i.update_id = due.update_id
RETURNING i.platform, i.update_id, i.payload, i.attempts, i.created_at"""


class PostgresInbox(AsyncPostgres):
    """Inbox on PostgreSQL."""

    async def put_update(self, platform: str, update_id: str, payload: str, owner: str, lease_s: float) -> Put:
        """Store the update leased to `owner` for `lease_s` unless it is known; return NEW (stored now,
        or earlier by this owner and not yet done: so a retry after a lost reply is still NEW),
        PENDING (another owner's) or DONE."""
        await self._amaybe_prune()
        args = {"platform": platform, "id": str(update_id), "payload": strip_nul(payload), "owner": owner,
                "lease": float(lease_s)}
        if await self._acount(_INSERT, args) > 0:
            return Put.NEW
        # A separate statement: one snapshot taken before a racing worker's insert committed
        # would not see its row.
        row = await self._aone("SELECT state, owner FROM inbox WHERE platform = %(platform)s AND update_id = %(id)s", args)
        if row is None or row["state"] == "done":  # gone: finished and pruned since
            return Put.DONE
        return Put.NEW if row["owner"] == owner else Put.PENDING

    async def claim_expired_updates(self, platform: str, owner: str, lease_s: float, limit: int = 20) -> list[InboxItem]:
        """Lease to `owner` and return up to `limit` of the platform's unfinished updates whose lease
        ran out, oldest first."""
        rows = await self._aall(_CLAIM, {"platform": platform, "owner": owner, "lease": float(lease_s), "limit": int(limit)})
        rows.sort(key=lambda r: r["created_at"])
        return [InboxItem(platform=r["platform"], update_id=r["update_id"], payload=r["payload"],
                          attempts=int(r["attempts"])) for r in rows]

    async def renew_updates(self, owner: str, lease_s: float) -> int:
        """Extend the lease of `owner`'s unfinished updates to `lease_s` from now; return how many."""
        return await self._acount(f"UPDATE inbox SET lease_until = {NOW} + %s WHERE owner = %s AND state <> 'done'",
                           (float(lease_s), owner))

    async def finish_update(self, platform: str, update_id: str) -> bool:
        """Mark the update answered (its payload dropped); return False when it was already done."""
        return await self._acount(f"UPDATE inbox SET state = 'done', done_at = {NOW}, payload = '' "
                           "WHERE platform = %s AND update_id = %s AND state <> 'done'",
                           (platform, str(update_id))) > 0
