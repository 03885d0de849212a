"""A store tells the truth about itself: `check()` fails while a table is missing, the SQLite
file is damaged or read-only, and passes once it is back; opening refuses a file that is not
ours; the webhook's `/healthz` answers 503 meanwhile (contract, "Nothing acknowledged is lost")."""
from __future__ import annotations

import contextlib
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bots.common.store import SQLiteStore, Store, StoreUnavailable, open_store

# The schema's user_settings table (migrations 1 and 2), to put it back after a drop.
_USER_SETTINGS = ("CREATE TABLE user_settings (platform TEXT NOT NULL, user_id TEXT NOT NULL, tz TEXT, lang TEXT, "
                  "home_name TEXT, home_lon {real}, home_lat {real}, updated_at {real}, PRIMARY KEY (platform, user_id))")


def _sql(path: Path, statement: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute(statement)
    conn.commit()
    conn.close()


@contextlib.contextmanager
def _immutable(path: Path) -> Iterator[None]:
    """Make the file unwritable even for root (the tests run as root) while the block runs."""
    subprocess.run(["chattr", "+i", str(path)], check=True)
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


@contextlib.contextmanager
def _garbled_header(path: Path) -> Iterator[None]:
    """Overwrite the file's first bytes (its SQLite signature) while the block runs."""
    with path.open("r+b") as f:
        original = f.read(16)
        f.seek(0)
        f.write(b"not a database!!")
    try:
        yield
    finally:
        with path.open("r+b") as f:
            f.write(original)


async def _healthy(store: Store) -> bool:
    try:
        await store.check()
    except StoreUnavailable:
        return False
    return True


async def test_sqlite_check_follows_the_file(tmp_path: Path) -> None:
    path = tmp_path / "h.db"
    store = open_store(str(path))
    await store.update("telegram", "1", lang="en")
    assert await _healthy(store)
    _sql(path, "DROP TABLE user_settings")
    assert not await _healthy(store)
    _sql(path, _USER_SETTINGS.format(real="REAL"))
    assert await _healthy(store)
    with _immutable(path):
        assert not await _healthy(store)
    assert await _healthy(store)
    with _garbled_header(path):
        assert not await _healthy(store)
    assert await _healthy(store)
    path.unlink()
    assert not await _healthy(store)
    store.close()


async def test_open_refuses_what_is_not_ours(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is a text file, not a database\n" * 200)
    with pytest.raises(StoreUnavailable, match="not a usable SQLite database"):
        open_store(str(junk))
    foreign = tmp_path / "foreign.db"
    _sql(foreign, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    with pytest.raises(StoreUnavailable, match="another program's SQLite database"):
        open_store(str(foreign))
    assert [r[0] for r in sqlite3.connect(foreign).execute("SELECT name FROM sqlite_master")] == ["invoices"]
    damaged = tmp_path / "damaged.db"
    store = open_store(str(damaged))
    for i in range(2000):
        await store.update("telegram", str(i), home_name="基隆" * 20)
    store.close()
    data = bytearray(damaged.read_bytes())
    data[4096 * 2:4096 * 4] = b"\xff" * 8192  # two pages of the table overwritten
    damaged.write_bytes(bytes(data))
    with pytest.raises(StoreUnavailable, match="damaged|not a usable"):
        open_store(str(damaged))
    # An empty file or a database of an older version is ours.
    (tmp_path / "empty.db").write_bytes(b"")
    open_store(str(tmp_path / "empty.db")).close()
    assert isinstance(SQLiteStore(str(tmp_path / "new.db")), SQLiteStore)


@pytest.mark.e2e
async def test_postgres_check_follows_the_tables(pg_fresh_url: str) -> None:
    import psycopg

    store = open_store(pg_fresh_url)
    assert await _healthy(store)
    with psycopg.connect(pg_fresh_url, autocommit=True) as conn:
        conn.execute("DROP TABLE user_settings")
        assert not await _healthy(store)
        conn.execute(_USER_SETTINGS.format(real="DOUBLE PRECISION"))  # type: ignore[arg-type]  # test constant
    assert await _healthy(store)
    await store.aclose()
    store.close()


@pytest.mark.e2e
def test_webhook_healthz_tells_the_truth(tmp_path: Path) -> None:
    from botapi_server import BotAPIServer
    from telegram_harness import STUB, TOKEN, bot_env
    from telegram_workers import Worker

    script = tmp_path / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    db = tmp_path / "worker.db"
    server = BotAPIServer(TOKEN).start()
    env = bot_env(tmp_path, server, ODBCHAT_DB=str(db), TELEGRAM_WEBHOOK_SECRET="health-secret_1",
                  TELEGRAM_WEBHOOK_URL="http://127.0.0.1:1/tg-hook")
    worker = Worker(script, env, tmp_path / "worker.log")
    try:
        worker.start()  # waits for 200
        health = f"http://{worker.address}/healthz"
        _sql(db, "DROP TABLE user_settings")
        r = httpx.get(health, timeout=10)
        assert (r.status_code, r.json()) == (503, {"ok": False})
        _sql(db, _USER_SETTINGS.format(real="REAL"))
        assert httpx.get(health, timeout=10).status_code == 200
        with _garbled_header(db):
            assert httpx.get(health, timeout=10).status_code == 503
        assert httpx.get(health, timeout=10).status_code == 200
        with _immutable(db):
            assert httpx.get(health, timeout=10).status_code == 503
        assert httpx.get(health, timeout=10).json() == {"ok": True}
        # An update the store cannot take is not acknowledged (Telegram delivers it again) ...
        update = server.inject_message(4242, "hello again", language_code="en")
        hook = f"http://{worker.address}/tg-hook"
        headers = {"X-Telegram-Bot-Api-Secret-Token": "health-secret_1"}
        _sql(db, "ALTER TABLE inbox RENAME TO inbox_away")
        assert httpx.post(hook, json=update, headers=headers, timeout=30).status_code == 503
        assert not server.sent_to(4242)
        # ... and the redelivery, once the store is back, is answered.
        _sql(db, "ALTER TABLE inbox_away RENAME TO inbox")
        assert httpx.post(hook, json=update, headers=headers, timeout=30).status_code == 200
        assert server.wait_for_messages(4242, 1, 30)
    finally:
        assert worker.stop() == 0
        server.stop()
