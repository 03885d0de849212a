"""Subscriptions on PostgreSQL: a per-user advisory lock guards the count, and
`FOR UPDATE SKIP LOCKED` hands each due subscription to one worker."""
from __future__ import annotations

from typing import Any

from bots.common.store.postgres.db import NOW, Conn, PostgresDB
from bots.common.store.records import NEW_SUB_COLUMNS, SUB_COLUMNS, strip_nul, sub_from_row
from bots.common.subscription_models import MAX_SUBSCRIPTIONS, NewSubscription, Subscription, SubscriptionLimit

_SELECT = f"SELECT {', '.join(SUB_COLUMNS)} FROM subscriptions"
_CLAIM_DUE = f"""
WITH c AS (SELECT {NOW} AS t),
due AS (
  SELECT s.id FROM subscriptions s, c
  WHERE s.active AND s.next_fire_at <= c.t AND (s.lease_until IS NULL OR s.lease_until <= c.t)
  ORDER BY s.next_fire_at, s.id LIMIT %(limit)s
  FOR UPDATE OF s SKIP LOCKED)
UPDATE subscriptions s SET lease_until = c.t + %(lease)s FROM due, c WHERE s.id = due.id
RETURNING {', '.join('s.' + col for col in SUB_COLUMNS)}"""


class PostgresSubscriptions(PostgresDB):
    """SubscriptionStore on PostgreSQL."""

    def add_subscription(self, sub: NewSubscription) -> Subscription:
        """Store a subscription and return it; raise SubscriptionLimit at MAX_SUBSCRIPTIONS active ones."""
        values = strip_nul(sub.model_dump())

        def insert(conn: Conn) -> dict[str, Any] | None:
            with conn.transaction():
                # The per-user lock makes count-then-insert atomic against the user's other workers.
                conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                             (f"subs:{sub.platform}:{sub.user_id}",))
                row = conn.execute("SELECT COUNT(*) AS n FROM subscriptions WHERE platform=%s AND user_id=%s "
                                   "AND active", (sub.platform, sub.user_id)).fetchone()
                active = int(row["n"]) if row else 0
                if active >= MAX_SUBSCRIPTIONS:
                    raise SubscriptionLimit(f"{sub.platform}:{sub.user_id} has {active} active subscriptions")
                return conn.execute(
                    f"INSERT INTO subscriptions ({', '.join(NEW_SUB_COLUMNS)}, active, created_at) "
                    f"VALUES ({', '.join(['%s'] * len(NEW_SUB_COLUMNS))}, TRUE, {NOW}) "
                    f"RETURNING {', '.join(SUB_COLUMNS)}",
                    tuple(values[c] for c in NEW_SUB_COLUMNS)).fetchone()

        # Not retried once sent: a retry after a lost commit would store it twice.
        new = self._run(insert, idempotent=False)
        assert new is not None
        return sub_from_row(new)

    def list_subscriptions(self, platform: str, user_id: str) -> list[Subscription]:
        """Return the user's subscriptions (active and paused) ordered by id."""
        rows = self._all(f"{_SELECT} WHERE platform=%s AND user_id=%s ORDER BY id", (platform, str(user_id)))
        return [sub_from_row(r) for r in rows]

    def remove_subscription(self, platform: str, user_id: str, sub_id: int) -> bool:
        """Delete one of the user's subscriptions; return True when it existed."""
        return self._count("DELETE FROM subscriptions WHERE id=%s AND platform=%s AND user_id=%s",
                           (int(sub_id), platform, str(user_id))) > 0

    def claim_due(self, limit: int = 50, lease_s: float = 120) -> list[Subscription]:
        """Lease (for `lease_s`) and return up to `limit` active subscriptions due now whose lease is
        free or expired, earliest first. (A retry after a lost commit leaves rows leased until the
        lease runs out: late, never lost.)"""
        rows = self._all(_CLAIM_DUE, {"limit": int(limit), "lease": float(lease_s)})
        return sorted((sub_from_row(r) for r in rows), key=lambda s: (s.next_fire_at, s.id))

    def complete_firing(self, sub_id: int, claimed_next_fire_at: float, fired_at: float | None,
                        next_fire_at: float) -> bool:
        """Record a firing (`fired_at`) or a skip (None), set the next due time and free the lease,
        only when the row is still due at `claimed_next_fire_at`; return whether it applied."""
        return self._count(
            "UPDATE subscriptions SET next_fire_at=%s, last_fired_at=COALESCE(%s::float8, last_fired_at), "
            "lease_until=NULL WHERE id=%s AND next_fire_at=%s",
            (float(next_fire_at), fired_at, int(sub_id), float(claimed_next_fire_at))) > 0

    def pause_user(self, platform: str, user_id: str) -> int:
        """Mark the user's active subscriptions inactive (they blocked the bot); return how many."""
        return self._count("UPDATE subscriptions SET active=FALSE, lease_until=NULL "
                           "WHERE platform=%s AND user_id=%s AND active", (platform, str(user_id)))

    def count_active(self) -> int:
        """Return the number of active subscriptions."""
        row = self._one("SELECT COUNT(*) AS n FROM subscriptions WHERE active")
        return int(row["n"]) if row else 0

    @staticmethod
    def _forget_subscriptions(conn: Conn, platform: str, user_id: str) -> tuple[int, set[str]]:
        """Delete the user's subscriptions inside the caller's transaction; return how many and the
        chats they delivered to."""
        rows = conn.execute("DELETE FROM subscriptions WHERE platform=%s AND user_id=%s RETURNING chat_id",
                            (platform, user_id)).fetchall()
        return len(rows), {r["chat_id"] for r in rows}
