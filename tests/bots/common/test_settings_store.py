"""Settings store: the interface, URLs, concurrency (threads and processes), restart,
a killed writer, /forget, and migration from older schema versions."""
from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import asyncio
import time
from pathlib import Path

import pytest

from bots.common.store import (
    SCHEMA_VERSION,
    SQLiteStore,
    Store,
    StoreUnavailable,
    UserSettings,
    default_db_path,
    open_store,
)
from paths import ROOT



async def test_get_update_forget(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "s.db"))
    assert isinstance(store, Store)
    empty = await store.get("telegram", "1")
    assert empty == UserSettings(platform="telegram", user_id="1") and empty.is_empty
    s = await store.update("telegram", "1", tz="Asia/Tokyo")
    assert s.tz == "Asia/Tokyo" and s.lang is None and s.updated_at
    s = await store.update("telegram", "1", lang="en", home_lon=121.74, home_lat=25.13)
    assert (s.tz, s.lang, s.home_lon, s.home_lat) == ("Asia/Tokyo", "en", 121.74, 25.13) and s.has_home
    s = await store.update("telegram", "1", tz=None)  # None clears one field
    assert s.tz is None and s.lang == "en"
    assert (await store.get("discord", "1")).is_empty  # platforms are separate
    with pytest.raises(TypeError):
        await store.update("telegram", "1", password="x")
    assert await store.forget("telegram", "1") is True
    assert (await store.get("telegram", "1")).is_empty
    assert await store.forget("telegram", "1") is False
    store.close()


async def test_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for url in (f"sqlite:///{tmp_path}/a.db", str(tmp_path / "b.db"), "sqlite:///:memory:", ":memory:"):
        store = open_store(url)
        await store.update("t", "u", lang="zh")
        assert (await store.get("t", "u")).lang == "zh"
        store.close()
    assert (tmp_path / "a.db").is_file() and (tmp_path / "b.db").is_file()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg" / "odbchat" / "odbchat.db"
    store = open_store("")
    await store.update("t", "u", lang="en")
    store.close()
    assert default_db_path().is_file()
    # A PostgreSQL URL opens the PostgreSQL store; nothing listens on port 1, so it says so
    # (host, port and database, never the password) after the pool's timeout.
    with pytest.raises(StoreUnavailable, match=r"127\.0\.0\.1:1/odbchat") as failed:
        open_store("postgresql://user:secret@127.0.0.1:1/odbchat?pool_timeout=0.5")
    assert "secret" not in str(failed.value)
    with pytest.raises(ValueError, match="unknown"):
        open_store("mongodb://x")


def test_pragmas(tmp_path: Path) -> None:
    store = SQLiteStore(str(tmp_path / "p.db"))
    conn = sqlite3.connect(tmp_path / "p.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    assert store.schema_version() == SCHEMA_VERSION
    store.close()


async def test_restart_keeps_data(tmp_path: Path) -> None:
    path = str(tmp_path / "r.db")
    store = open_store(path)
    for i in range(20):
        await store.update("telegram", str(i), tz="Asia/Taipei", home_name=f"place{i}")
    store.close()
    again = open_store(path)
    assert [(await again.get("telegram", str(i))).home_name for i in range(20)] == [f"place{i}" for i in range(20)]
    again.close()


async def test_concurrent_tasks(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    stores = [open_store(path) for _ in range(4)]  # separate connections, like separate workers
    errors: list[BaseException] = []
    fields = ["tz", "lang", "home_name", "home_lon"]
    values = {"tz": "Asia/Tokyo", "lang": "en", "home_name": "基隆", "home_lon": 121.74}

    async def work(n: int) -> None:
        try:
            store = stores[n % len(stores)]
            for i in range(40):
                await store.update("telegram", f"own{n}", home_name=f"v{i}")      # different users
                await store.update("telegram", "shared", **{fields[n % 4]: values[fields[n % 4]]})  # same user
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    await asyncio.gather(*(work(n) for n in range(8)))
    assert not errors
    check = open_store(path)
    assert all([(await check.get("telegram", f"own{n}")).home_name == "v39" for n in range(8)])
    shared = await check.get("telegram", "shared")
    # Every writer touched only its own field, so all four updates survive together.
    assert (shared.tz, shared.lang, shared.home_name, shared.home_lon) == ("Asia/Tokyo", "en", "基隆", 121.74)
    for s in [*stores, check]:
        s.close()


_WRITER = """
import asyncio
import sys
from bots.common.store import open_store
path, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = open_store(path)

async def write():
    for i in range(n):
        await store.update("telegram", f"{name}-{i}", tz="Asia/Taipei")
        await store.update("telegram", "shared", **{sys.argv[4]: sys.argv[5]})
        print(i, flush=True)

asyncio.run(write())
store.close()
"""


@pytest.mark.e2e
async def test_concurrent_processes(tmp_path: Path) -> None:
    path = str(tmp_path / "proc.db")
    open_store(path).close()  # schema in place; the writers also race on opening it
    args = [("a", "tz", "Europe/Paris"), ("b", "lang", "zh"), ("c", "home_name", "花蓮"), ("d", "lang", "zh")]
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, path, name, "60", field, value], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for name, field, value in args]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
    store = open_store(path)
    for name, _, _ in args:
        assert all([(await store.get("telegram", f"{name}-{i}")).tz == "Asia/Taipei" for i in range(60)])
    shared = await store.get("telegram", "shared")
    assert (shared.tz, shared.lang, shared.home_name) == ("Europe/Paris", "zh", "花蓮")
    store.close()


@pytest.mark.e2e
async def test_killed_process_keeps_committed_writes(tmp_path: Path) -> None:
    path = str(tmp_path / "kill.db")
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, path, "k", "100000", "home_name", "x"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    acknowledged = -1
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while acknowledged < 80 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acknowledged = int(line)
    proc.send_signal(signal.SIGKILL)  # no clean-up, no close(): as if the machine lost the process
    proc.wait(10)
    assert acknowledged >= 80, proc.stderr.read() if proc.stderr else ""
    store = open_store(path)
    # Every write acknowledged before the kill is there after reopening.
    missing = [i for i in range(acknowledged + 1) if (await store.get("telegram", f"k-{i}")).tz != "Asia/Taipei"]
    assert missing == []
    store.close()


def _make_v1(path: Path, *, with_version_table: bool) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE user_settings (platform TEXT NOT NULL, user_id TEXT NOT NULL, tz TEXT, lang TEXT, "
                 "PRIMARY KEY (platform, user_id))")
    conn.execute("INSERT INTO user_settings VALUES ('telegram', '42', 'Asia/Tokyo', 'en')")
    if with_version_table:
        conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL, applied_at REAL)")
        conn.execute("INSERT INTO schema_version VALUES (1, 0)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("with_version_table", [True, False])
async def test_migration_from_older_schema(tmp_path: Path, with_version_table: bool) -> None:
    path = tmp_path / "old.db"
    _make_v1(path, with_version_table=with_version_table)
    store = SQLiteStore(str(path))
    assert store.schema_version() == SCHEMA_VERSION
    old = await store.get("telegram", "42")
    assert (old.tz, old.lang, old.home_name) == ("Asia/Tokyo", "en", None)
    updated = await store.update("telegram", "42", home_name="基隆", home_lon=121.74, home_lat=25.13)
    assert (updated.tz, updated.home_name, updated.home_lat) == ("Asia/Tokyo", "基隆", 25.13)
    store.close()
    # Reopening does not migrate again (one row per applied version).
    store = SQLiteStore(str(path))
    versions = [r[0] for r in store._conn.execute("SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, SCHEMA_VERSION + 1))
    store.close()


@pytest.mark.e2e
async def test_concurrent_migration(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    _make_v1(path, with_version_table=True)
    code = "import sys; from bots.common.store import open_store; open_store(sys.argv[1]).close()"
    procs = [subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=ROOT, stderr=subprocess.PIPE)
             for _ in range(4)]
    for p in procs:
        _, err = p.communicate(timeout=60)
        assert p.returncode == 0, err.decode()
    store = SQLiteStore(str(path))
    versions = [r[0] for r in store._conn.execute("SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, SCHEMA_VERSION + 1)) and (await store.get("telegram", "42")).tz == "Asia/Tokyo"
    store.close()
