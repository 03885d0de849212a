"""Kept copies of outside data (CWA's tide forecast) on PostgreSQL, and the claim on their refresh.

The claim is one conditional upsert: of N workers asking at once, the row lock lets one through.
"""
from __future__ import annotations

from collections.abc import Mapping

from bots.common.store.postgres.async_pool import AConn, AsyncPostgres
from bots.common.store.postgres.db import NOW

_CLAIM = f"""
INSERT INTO copy_refresh AS r (name, stamp, next_at, claimed_until) VALUES (%(name)s, NULL, {NOW}, {NOW} + %(lease)s)
ON CONFLICT (name) DO UPDATE SET claimed_until = excluded.claimed_until
WHERE r.next_at <= {NOW} AND COALESCE(r.claimed_until, 0) <= {NOW}
RETURNING name"""


class PostgresKeptCopies(AsyncPostgres):
    """core.tools.cwa_copy.KeptCopies on PostgreSQL."""

    async def copy_stamp(self, name: str) -> float | None:
        """Return when the kept copy `name` was stored (epoch s), None when there is none."""
        row = await self._aone("SELECT stamp FROM copy_refresh WHERE name=%s", (name,))
        return float(row["stamp"]) if row and row["stamp"] is not None else None

    async def copy_part(self, name: str, part: str) -> bytes | None:
        """Return one part of the kept copy, None when absent."""
        row = await self._aone("SELECT payload FROM kept_copies WHERE name=%s AND part=%s", (name, part))
        return bytes(row["payload"]) if row else None

    async def keep_copy(self, name: str, parts: Mapping[str, bytes]) -> float:
        """Replace the copy `name` by `parts` in one transaction; return its stamp."""
        async def replace(conn: AConn) -> float:
            async with conn.transaction():
                await conn.execute("DELETE FROM kept_copies WHERE name=%s", (name,))
                async with conn.cursor() as cur:
                    await cur.executemany("INSERT INTO kept_copies (name, part, payload) VALUES (%s, %s, %s)",
                                          [(name, part, payload) for part, payload in parts.items()])
                row = await (await conn.execute(
                    f"INSERT INTO copy_refresh AS r (name, stamp, next_at) VALUES (%s, {NOW}, {NOW}) "
                    "ON CONFLICT (name) DO UPDATE SET stamp = excluded.stamp RETURNING stamp", (name,))).fetchone()
            return float(row["stamp"])  # type: ignore[index]

        return await self._arun(replace, idempotent=True)

    async def claim_refresh(self, name: str, lease_s: float) -> bool:
        """Return True (holding the refresh for `lease_s`) when it is due and no one holds it."""
        return await self._aone(_CLAIM, {"name": name, "lease": lease_s}, idempotent=False) is not None

    async def refresh_under_way(self, name: str) -> bool:
        """Return True while some process holds the refresh of `name`."""
        row = await self._aone(f"SELECT COALESCE(claimed_until, 0) > {NOW} AS busy FROM copy_refresh WHERE name=%s", (name,))
        return bool(row and row["busy"])

    async def refresh_after(self, name: str, delay_s: float) -> None:
        """Make the next refresh of `name` due `delay_s` from now (and free the claim on it)."""
        await self._acount(f"INSERT INTO copy_refresh (name, stamp, next_at) VALUES (%s, NULL, {NOW} + %s) "
                    f"ON CONFLICT (name) DO UPDATE SET next_at = excluded.next_at, claimed_until = NULL",
                    (name, delay_s))
