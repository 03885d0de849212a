"""Rate windows and paced slots on PostgreSQL, each one statement whose row lock serializes workers."""
from __future__ import annotations

from bots.common.store.postgres.async_pool import AsyncPostgres
from bots.common.store.postgres.db import NOW

# One statement: drop the key's hits older than the window and append one when fewer than
# `limit` remain. In `SET`, column names refer to the row before the update, so `ok` says
# whether this call got in; the upsert's row lock serializes workers on one key.
_ALLOW = f"""
WITH c AS (SELECT {NOW} AS t)
INSERT INTO rate_windows AS w (key, hits, ok, updated_at)
SELECT %(key)s, ARRAY[c.t], TRUE, c.t FROM c
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN cardinality(ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > excluded.updated_at - %(window)s))
                   < %(limit)s
              THEN ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > excluded.updated_at - %(window)s)
                   || excluded.updated_at
              ELSE ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > excluded.updated_at - %(window)s) END,
  ok = cardinality(ARRAY(SELECT h FROM unnest(w.hits) h WHERE h > excluded.updated_at - %(window)s)) < %(limit)s,
  updated_at = excluded.updated_at
RETURNING ok"""

_RESERVE = f"""
WITH c AS (SELECT {NOW} AS t)
INSERT INTO paced_slots AS p (name, next_at, reserved_at)
SELECT %(name)s, c.t + %(iv)s, c.t FROM c
ON CONFLICT (name) DO UPDATE SET
  next_at = GREATEST(p.next_at, excluded.reserved_at) + %(iv)s,
  reserved_at = excluded.reserved_at
RETURNING next_at - %(iv)s - reserved_at AS wait"""


class PostgresRateWindows(AsyncPostgres):
    """RateWindows on PostgreSQL."""

    async def allow(self, key: str, limit: int, window_s: float) -> bool:
        """Return True and record a hit when `key` had fewer than `limit` hits in the last `window_s` s.
        (Retried across a lost connection: at worst one extra hit is counted.)"""
        if limit <= 0:
            return True  # 0 or negative = limiting disabled, as SlidingWindowLimiter
        await self._amaybe_prune()
        row = await self._aone(_ALLOW, {"key": key, "limit": int(limit), "window": float(window_s)})
        return bool(row and row["ok"])

    async def retry_after(self, key: str, limit: int, window_s: float) -> float:
        """Return the seconds until `allow(key, limit, window_s)` would succeed (0.0 when it would now)."""
        if limit <= 0:
            return 0.0
        row = await self._aone(f"SELECT hits, {NOW} AS t FROM rate_windows WHERE key=%s", (key,))
        if not row:
            return 0.0
        hits = sorted(h for h in row["hits"] if h > row["t"] - window_s)
        if len(hits) < limit:
            return 0.0
        return max(0.0, float(hits[len(hits) - limit] + window_s - row["t"]))

    async def reserve_slot(self, name: str, interval_s: float) -> float:
        """Reserve the next slot of a paced action; return the seconds to wait (0.0 when free now)."""
        row = await self._aone(_RESERVE, {"name": name, "iv": float(interval_s)})
        return max(0.0, float(row["wait"])) if row else 0.0
