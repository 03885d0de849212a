"""Subscriptions on SQLite: storage, the per-user limit, and the leases the scheduler takes.

The methods are coroutines: each runs its one transaction on the store's thread
(`SQLiteDB.on_store_thread`). Moments are aware datetimes; the columns hold epoch seconds."""
from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from datetime import datetime

from bots.common.store.records import NEW_SUB_COLUMNS, SUB_COLUMNS, UserSettings, epoch, moment, sub_columns, sub_from_row
from bots.common.store.sqlite.settings import SQLiteSettings
from bots.common.subscriptions.records import MAX_SUBSCRIPTIONS, NewSubscription, Subscription, SubscriptionLimit

_SELECT = f"SELECT {', '.join(SUB_COLUMNS)} FROM subscriptions"
#: A due time read back from a column matches the one written within this many seconds (a microsecond).
_SAME = 1e-6


class SQLiteSubscriptions(SQLiteSettings):
    """SubscriptionStore on SQLite; each claim is one IMMEDIATE transaction, so no two workers take a row."""

    async def clock(self) -> datetime:
        """Return this host's clock (every process sharing the file is on it)."""
        return moment(time.time())

    async def add_subscription(self, sub: NewSubscription) -> Subscription:
        """Store a subscription and return it; raise SubscriptionLimit at MAX_SUBSCRIPTIONS active ones."""
        values = sub_columns(sub)

        def insert(conn: sqlite3.Connection) -> sqlite3.Row:
            active = conn.execute("SELECT COUNT(*) FROM subscriptions WHERE platform=? AND user_id=? AND active=1",
                                  (sub.platform, sub.user_id)).fetchone()[0]
            if active >= MAX_SUBSCRIPTIONS:
                raise SubscriptionLimit(f"{sub.platform}:{sub.user_id} has {active} active subscriptions")
            cur = conn.execute(
                f"INSERT INTO subscriptions ({', '.join(NEW_SUB_COLUMNS)}, active, created_at) "
                f"VALUES ({', '.join('?' for _ in NEW_SUB_COLUMNS)}, 1, ?)",
                (*(values[c] for c in NEW_SUB_COLUMNS), time.time()))
            row: sqlite3.Row = conn.execute(f"{_SELECT} WHERE id=?", (cur.lastrowid,)).fetchone()
            return row

        return sub_from_row(await self.on_store_thread(self._write, insert))

    async def list_subscriptions(self, platform: str, user_id: str) -> list[Subscription]:
        """Return the user's subscriptions (active and paused) ordered by id."""
        rows = await self.on_store_thread(self._read, f"{_SELECT} WHERE platform=? AND user_id=? ORDER BY id",
                                          (platform, str(user_id)))
        return [sub_from_row(r) for r in rows]

    async def remove_subscription(self, platform: str, user_id: str, sub_id: int) -> bool:
        """Delete one of the user's subscriptions; return True when it existed."""
        return await self._changed("DELETE FROM subscriptions WHERE id=? AND platform=? AND user_id=?",
                                   (int(sub_id), platform, str(user_id))) > 0

    async def claim_due(self, limit: int = 50, lease_s: float = 15, owner: str = "",
                        due_by: datetime | None = None) -> list[Subscription]:
        """Lease (to `owner`, for `lease_s`) and return up to `limit` active subscriptions due now (or
        by `due_by`) whose lease is free or expired, earliest first."""
        def claim(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            now = time.time()
            rows = conn.execute(
                f"{_SELECT} WHERE active=1 AND next_fire_at <= ? AND (lease_until IS NULL OR lease_until <= ?) "
                "ORDER BY next_fire_at, id LIMIT ?", (now if due_by is None else epoch(due_by), now,
                                                      int(limit))).fetchall()
            conn.executemany("UPDATE subscriptions SET lease_until=?, lease_owner=? WHERE id=?",
                             [(now + float(lease_s), owner, r["id"]) for r in rows])
            return rows

        return [sub_from_row(r) for r in await self.on_store_thread(self._write, claim)]

    async def renew_firings(self, owner: str, sub_ids: Sequence[int], lease_s: float) -> int:
        """Extend `owner`'s leases on `sub_ids` to `lease_s` from now; return how many it still held."""
        ids = [int(i) for i in sub_ids]
        if not ids:
            return 0
        return await self._changed(f"UPDATE subscriptions SET lease_until=? WHERE lease_owner=? AND lease_until "
                                   f"IS NOT NULL AND id IN ({', '.join('?' for _ in ids)})",
                                   (time.time() + float(lease_s), owner, *ids))

    async def mark_firing(self, sub_id: int, due_at: datetime, state: str | None, owner: str, lease_s: float) -> bool:
        """Record the firing due at `due_at` as `state` ('sending' before the send, 'sent' after, None:
        not sent after all) and renew the lease, only while `owner` holds it and the row is still
        due then; return whether it applied (False: another worker took the row over, or it was completed)."""
        due = epoch(due_at)
        return await self._changed(
            "UPDATE subscriptions SET firing_state=?, firing_due=next_fire_at, lease_until=? "
            "WHERE id=? AND ABS(next_fire_at - ?) < ? AND lease_owner=? AND lease_until IS NOT NULL",
            (state, time.time() + float(lease_s), int(sub_id), due, _SAME, owner)) > 0

    async def complete_firing(self, sub_id: int, claimed_next_fire_at: datetime, fired_at: datetime | None,
                              next_fire_at: datetime) -> bool:
        """Record a firing (`fired_at`) or a skip (None), set the next due time and free the lease,
        only when the row is still due at `claimed_next_fire_at`; return whether it applied."""
        return await self._changed(
            "UPDATE subscriptions SET next_fire_at=?, last_fired_at=COALESCE(?, last_fired_at), lease_until=NULL, "
            "lease_owner=NULL, firing_state=NULL, firing_due=NULL WHERE id=? AND ABS(next_fire_at - ?) < ?",
            (epoch(next_fire_at), None if fired_at is None else epoch(fired_at), int(sub_id),
             epoch(claimed_next_fire_at), _SAME)) > 0

    async def pause_user(self, platform: str, user_id: str) -> int:
        """Mark the user's active subscriptions inactive (they blocked the bot); return how many."""
        return await self._changed("UPDATE subscriptions SET active=0, lease_until=NULL WHERE platform=? AND "
                                   "user_id=? AND active=1", (platform, str(user_id)))

    async def count_active(self) -> int:
        """Return the number of active subscriptions."""
        rows = await self.on_store_thread(self._read, "SELECT COUNT(*) FROM subscriptions WHERE active=1")
        return int(rows[0][0])

    async def subscriber(self, platform: str, user_id: str) -> UserSettings:
        """Return a subscriber's settings (how they read heights) for a firing."""
        return await self.get(platform, user_id)

    @staticmethod
    def _forget_subscriptions(conn: sqlite3.Connection, platform: str, user_id: str) -> tuple[int, set[str]]:
        """Delete the user's subscriptions inside the caller's transaction; return how many and the
        chats they delivered to."""
        chats = {r[0] for r in conn.execute("SELECT chat_id FROM subscriptions WHERE platform=? AND user_id=?",
                                            (platform, user_id))}
        n = conn.execute("DELETE FROM subscriptions WHERE platform=? AND user_id=?", (platform, user_id)).rowcount
        return int(n), chats
