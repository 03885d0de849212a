"""Subscriptions on PostgreSQL, on the store's async pool (`async_pool`): a per-user advisory lock
guards the count, and `FOR UPDATE SKIP LOCKED` hands each due subscription to one worker. Moments
are aware datetimes; the columns hold epoch seconds."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bots.common.store.postgres.async_pool import AConn
from bots.common.store.postgres.db import NOW
from bots.common.store.postgres.settings import SELECT_SETTINGS, PostgresSettings, settings_from_row
from bots.common.store.records import NEW_SUB_COLUMNS, SUB_COLUMNS, UserSettings, epoch, moment, sub_columns, sub_from_row
from bots.common.subscriptions.records import MAX_SUBSCRIPTIONS, NewSubscription, Subscription, SubscriptionLimit

_SELECT = f"SELECT {', '.join(SUB_COLUMNS)} FROM subscriptions"
#: A due time read back from a column matches the one written within this many seconds (a microsecond).
_SAME = 1e-6
_CLAIM_DUE = f"""
WITH c AS (SELECT {NOW} AS t),
due AS (
  SELECT s.id FROM subscriptions s, c
  WHERE s.active AND s.next_fire_at <= COALESCE(%(due_by)s::float8, c.t) AND (s.lease_until IS NULL OR s.lease_until <= c.t)
  ORDER BY s.next_fire_at, s.id LIMIT %(limit)s
  FOR UPDATE OF s SKIP LOCKED)
UPDATE subscriptions s SET lease_until = c.t + %(lease)s, lease_owner = %(owner)s FROM due, c WHERE s.id = due.id
RETURNING {', '.join('s.' + col for col in SUB_COLUMNS)}"""


class PostgresSubscriptions(PostgresSettings):
    """SubscriptionStore on PostgreSQL."""

    async def clock(self) -> datetime:
        """Return the database's clock, so workers with skewed clocks agree."""
        row = await self._aone(f"SELECT {NOW} AS t")
        assert row is not None
        return moment(row["t"])

    async def add_subscription(self, sub: NewSubscription) -> Subscription:
        """Store a subscription and return it; raise SubscriptionLimit at MAX_SUBSCRIPTIONS active ones."""
        values = sub_columns(sub)

        async def insert(conn: AConn) -> dict[str, Any] | None:
            async with conn.transaction():
                # The per-user lock makes count-then-insert atomic against the user's other workers.
                await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                                   (f"subs:{sub.platform}:{sub.user_id}",))
                row = await (await conn.execute("SELECT COUNT(*) AS n FROM subscriptions WHERE platform=%s "
                                                "AND user_id=%s AND active", (sub.platform, sub.user_id))).fetchone()
                active = int(row["n"]) if row else 0
                if active >= MAX_SUBSCRIPTIONS:
                    raise SubscriptionLimit(f"{sub.platform}:{sub.user_id} has {active} active subscriptions")
                return await (await conn.execute(
                    f"INSERT INTO subscriptions ({', '.join(NEW_SUB_COLUMNS)}, active, created_at) "
                    f"VALUES ({', '.join(['%s'] * len(NEW_SUB_COLUMNS))}, TRUE, {NOW}) "
                    f"RETURNING {', '.join(SUB_COLUMNS)}",
                    tuple(values[c] for c in NEW_SUB_COLUMNS))).fetchone()

        # Not retried once sent: a retry after a lost commit would store it twice.
        new = await self._arun(insert, idempotent=False)
        assert new is not None
        return sub_from_row(new)

    async def list_subscriptions(self, platform: str, user_id: str) -> list[Subscription]:
        """Return the user's subscriptions (active and paused) ordered by id."""
        rows = await self._aall(f"{_SELECT} WHERE platform=%s AND user_id=%s ORDER BY id", (platform, str(user_id)))
        return [sub_from_row(r) for r in rows]

    async def remove_subscription(self, platform: str, user_id: str, sub_id: int) -> bool:
        """Delete one of the user's subscriptions; return True when it existed."""
        return await self._acount("DELETE FROM subscriptions WHERE id=%s AND platform=%s AND user_id=%s",
                                  (int(sub_id), platform, str(user_id))) > 0

    async def claim_due(self, limit: int = 50, lease_s: float = 15, owner: str = "",
                        due_by: datetime | None = None) -> list[Subscription]:
        """Lease (to `owner`, for `lease_s`) and return up to `limit` active subscriptions due now (or
        by `due_by`) whose lease is free or expired, earliest first. (A retry after a lost commit
        leaves rows leased until the lease runs out: late, never lost.)"""
        rows = await self._aall(_CLAIM_DUE, {"limit": int(limit), "lease": float(lease_s), "owner": owner,
                                             "due_by": None if due_by is None else epoch(due_by)})
        return sorted((sub_from_row(r) for r in rows), key=lambda s: (s.next_fire_at, s.id))

    async def renew_firings(self, owner: str, sub_ids: Sequence[int], lease_s: float) -> int:
        """Extend `owner`'s leases on `sub_ids` to `lease_s` from now; return how many it still held."""
        ids = [int(i) for i in sub_ids]
        if not ids:
            return 0
        return await self._acount(f"UPDATE subscriptions SET lease_until = {NOW} + %s WHERE lease_owner = %s "
                                  "AND lease_until IS NOT NULL AND id = ANY(%s)", (float(lease_s), owner, ids))

    async def mark_firing(self, sub_id: int, due_at: datetime, state: str | None, owner: str, lease_s: float) -> bool:
        """Record the firing due at `due_at` as `state` ('sending' before the send, 'sent' after, None:
        not sent after all) and renew the lease, only while `owner` holds it and the row is still
        due then; return whether it applied (False: another worker took the row over, or it was completed)."""
        return await self._acount(
            f"UPDATE subscriptions SET firing_state = %s, firing_due = next_fire_at, lease_until = {NOW} + %s "
            "WHERE id = %s AND abs(next_fire_at - %s) < %s AND lease_owner = %s AND lease_until IS NOT NULL",
            (state, float(lease_s), int(sub_id), epoch(due_at), _SAME, owner)) > 0

    async def complete_firing(self, sub_id: int, claimed_next_fire_at: datetime, fired_at: datetime | None,
                              next_fire_at: datetime) -> bool:
        """Record a firing (`fired_at`) or a skip (None), set the next due time and free the lease,
        only when the row is still due at `claimed_next_fire_at`; return whether it applied."""
        return await self._acount(
            "UPDATE subscriptions SET next_fire_at=%s, last_fired_at=COALESCE(%s::float8, last_fired_at), "
            "lease_until=NULL, lease_owner=NULL, firing_state=NULL, firing_due=NULL "
            "WHERE id=%s AND abs(next_fire_at - %s) < %s",
            (epoch(next_fire_at), None if fired_at is None else epoch(fired_at), int(sub_id),
             epoch(claimed_next_fire_at), _SAME)) > 0

    async def pause_user(self, platform: str, user_id: str) -> int:
        """Mark the user's active subscriptions inactive (they blocked the bot); return how many."""
        return await self._acount("UPDATE subscriptions SET active=FALSE, lease_until=NULL "
                                  "WHERE platform=%s AND user_id=%s AND active", (platform, str(user_id)))

    async def count_active(self) -> int:
        """Return the number of active subscriptions."""
        row = await self._aone("SELECT COUNT(*) AS n FROM subscriptions WHERE active")
        return int(row["n"]) if row else 0

    async def subscriber(self, platform: str, user_id: str) -> UserSettings:
        """Return a subscriber's settings (how they read heights) for a firing."""
        return settings_from_row(platform, str(user_id), await self._aone(SELECT_SETTINGS, (platform, str(user_id))))

    @staticmethod
    async def _forget_subscriptions(conn: AConn, platform: str, user_id: str) -> tuple[int, set[str]]:
        """Delete the user's subscriptions inside the caller's transaction; return how many and the
        chats they delivered to."""
        rows = await (await conn.execute("DELETE FROM subscriptions WHERE platform=%s AND user_id=%s "
                                         "RETURNING chat_id", (platform, user_id))).fetchall()
        return len(rows), {r["chat_id"] for r in rows}
