"""The smart alerts' columns in both stores: a database made before them (SQLite file, and PostgreSQL
on loopback in the e2e lane) is migrated in place; its old subscriptions read as before and the new
kinds are stored and listed."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest

import bots.common.store.postgres.db as pg_db
import bots.common.store.sqlite.db as sqlite_db
from bots.common.store import open_store
from bots.common.store.migrations import POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS
from bots.common.subscriptions.records import NewSubscription

LATER = datetime.fromtimestamp(2e9, timezone.utc)


def _before(steps: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Return the migration steps from before the smart alerts' columns."""
    first = next(version for version, sql in steps if "threshold_cm" in sql)
    return [(version, sql) for version, sql in steps if version < first]


def _old_row_sql(db_url: str) -> str:
    mark = "?" if db_url.startswith("sqlite") else "%s"
    columns = ("platform", "user_id", "chat_id", "kind", "place_name", "lon", "lat", "extreme", "lead_minutes", "tz",
               "lang", "next_fire_at", "created_at")
    return f"INSERT INTO subscriptions ({', '.join(columns)}) VALUES ({', '.join([mark] * len(columns))})"


async def test_an_older_database_is_migrated_and_keeps_its_subscriptions(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    old_sqlite, old_pg = _before(SQLITE_MIGRATIONS), _before(POSTGRES_MIGRATIONS)
    with monkeypatch.context() as old:  # the code as it was before: its schema, its version
        old.setattr(sqlite_db, "SQLITE_MIGRATIONS", old_sqlite)
        old.setattr(sqlite_db, "SCHEMA_VERSION", old_sqlite[-1][0])
        old.setattr(pg_db, "POSTGRES_MIGRATIONS", old_pg)
        old.setattr(pg_db, "SCHEMA_VERSION", old_pg[-1][0])
        store: Any = open_store(db_url)
        values = ("telegram", "5", "5", "alert", "基隆", 121.741, 25.131, "low", 30, "Asia/Taipei", "zh", 2e9, 1e9)
        if db_url.startswith("sqlite"):
            store._write(lambda conn: conn.execute(_old_row_sql(db_url), values))
        else:
            store._run(lambda conn: conn.execute(_old_row_sql(db_url), values))
        assert store.schema_version() == (old_sqlite if db_url.startswith("sqlite") else old_pg)[-1][0]
        store.close()

    store = open_store(db_url)
    try:
        latest = (SQLITE_MIGRATIONS if db_url.startswith("sqlite") else POSTGRES_MIGRATIONS)[-1][0]
        assert store.schema_version() == latest
        [old_alert] = await store.list_subscriptions("telegram", "5")
        assert old_alert.next_fire_at == datetime.fromtimestamp(2e9, timezone.utc)
        assert (old_alert.kind, old_alert.lead_minutes, old_alert.daylight, old_alert.direction,
                old_alert.threshold_cm) == ("alert", 30, False, None, None)
        new = await store.add_subscription(NewSubscription(
            platform="telegram", user_id="5", chat_id="5", kind="threshold", place_name="基隆", lon=121.741, lat=25.131,
            extreme="low", direction="below", threshold_cm=-60.0, daylight=True, hhmm="20:00", tz="Asia/Taipei",
            lang="zh", next_fire_at=LATER))
        spring = await store.add_subscription(NewSubscription(
            platform="telegram", user_id="5", chat_id="5", kind="springtide", place_name="富基漁港", lon=121.53,
            lat=25.29, hhmm="06:00", tz="Asia/Taipei", lang="zh", next_fire_at=LATER))
        listed = await store.list_subscriptions("telegram", "5")
        assert [s.kind for s in listed] == ["alert", "threshold", "springtide"]
        assert (listed[1].direction, listed[1].threshold_cm, listed[1].daylight) == ("below", -60.0, True)
        assert listed[2].hhmm == "06:00" and {new.id, spring.id} < {s.id for s in listed}
    finally:
        await store.aclose()
        store.close()
