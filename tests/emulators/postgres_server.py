"""A real PostgreSQL on loopback for tests and benchmarks (Debian's server binaries).

`PostgresServer().start()` runs `initdb` into a temporary directory and starts `postgres`
on 127.0.0.1 at a free port, its unix socket in the same directory, fsync off (a test
database need not survive a power cut). Debian's binaries refuse to run as root, so as root
they run as the `postgres` user through `runuser`. `stop()` sends a fast shutdown to the
postmaster's PID and removes the directory. When PostgreSQL is not installed, `start()`
raises with the command that installs it (`make test` / `.ci/run` do so when root).
"""
from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg

SUPERUSER = "postgres"


class PostgresUnavailable(RuntimeError):
    """PostgreSQL's server binaries are not installed on this machine."""


def find_bindir() -> Path:
    """Return the newest `/usr/lib/postgresql/N/bin` that has initdb and postgres."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    if not found:
        raise PostgresUnavailable(
            "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin; "
            "install them with `apt-get install -y postgresql` (as root; `.ci/run` does this)")
    return Path(found[-1]).parent


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    """One throw-away PostgreSQL cluster on 127.0.0.1 (superuser `postgres`, trust auth)."""

    def __init__(self) -> None:
        self.bindir = find_bindir()
        self.port = 0
        self.tmp: Path | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.postmaster_pid: int | None = None
        self.argv: list[str] = []

    # -- running the binaries
    def _as_owner(self, argv: list[str]) -> list[str]:
        # initdb and postgres refuse root; the cluster then belongs to the postgres user.
        if os.geteuid() == 0:
            return ["runuser", "-u", SUPERUSER, "--", *argv]
        return argv

    def url(self, dbname: str = "postgres") -> str:
        """Return the URL of one database on this server."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{dbname}"

    def start(self, timeout_s: float = 60.0) -> "PostgresServer":
        """Create the cluster, start the server, wait until it accepts connections; return self."""
        self.tmp = Path(tempfile.mkdtemp(prefix="odbchat-pg-"))
        if os.geteuid() == 0:
            user = pwd.getpwnam(SUPERUSER)
            os.chown(self.tmp, user.pw_uid, user.pw_gid)
        data = self.tmp / "data"
        init = subprocess.run(
            self._as_owner([str(self.bindir / "initdb"), "-D", str(data), "-U", SUPERUSER, "--auth=trust",
                            "-E", "UTF8", "--locale=C", "--no-sync"]),
            capture_output=True, text=True, timeout=timeout_s)
        if init.returncode != 0:
            raise RuntimeError(f"initdb failed: {init.stderr.strip() or init.stdout.strip()}")
        self.port = free_port()
        settings = {"listen_addresses": "127.0.0.1", "port": str(self.port),
                    "unix_socket_directories": str(self.tmp), "fsync": "off", "synchronous_commit": "off",
                    "full_page_writes": "off", "max_connections": "300", "logging_collector": "off"}
        self.argv = [str(self.bindir / "postgres"), "-D", str(data)]
        for key, value in settings.items():
            self.argv += ["-c", f"{key}={value}"]
        atexit.register(self.stop)
        self._spawn_and_wait(timeout_s)
        return self

    def _spawn_and_wait(self, timeout_s: float) -> None:
        assert self.tmp is not None
        data = self.tmp / "data"
        log = open(self.tmp / "server.log", "ab")  # noqa: SIM115 - lives as long as the server
        self.proc = subprocess.Popen(self._as_owner(self.argv), stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout_s
        last: Exception | None = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"postgres exited at start-up: {self.log_tail()}")
            try:
                with psycopg.connect(self.url(), connect_timeout=2) as conn:
                    conn.execute("SELECT 1")
                self.postmaster_pid = self._read_pid(data)
                return
            except psycopg.OperationalError as exc:
                last = exc
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"postgres did not accept connections in {timeout_s:g} s: {last}")

    def restart(self, down_s: float = 0.0, timeout_s: float = 60.0) -> None:
        """Restart like `pg_ctl restart -m fast` (staying down `down_s` between): every client is
        disconnected, the server comes back on the same port with the same data; return once it
        accepts connections."""
        self._shutdown_fast()
        time.sleep(down_s)
        self._spawn_and_wait(timeout_s)

    def _shutdown_fast(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        pid = self.postmaster_pid
        try:
            # SIGINT = "fast" shutdown: clients disconnected, no waiting for them.
            if pid:
                os.kill(pid, signal.SIGINT)
            else:
                os.killpg(proc.pid, signal.SIGINT)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)

    @staticmethod
    def _read_pid(data: Path) -> int | None:
        try:
            return int((data / "postmaster.pid").read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return None

    def log_tail(self, lines: int = 20) -> str:
        """Return the last lines of the server's log (for error messages)."""
        if self.tmp is None or not (self.tmp / "server.log").exists():
            return ""
        return "\n".join((self.tmp / "server.log").read_text(errors="replace").splitlines()[-lines:])

    def create_database(self, name: str) -> str:
        """Create an empty database and return its URL."""
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]  # test-chosen name
        return self.url(name)

    def stop(self) -> None:
        """Fast shutdown by the postmaster's PID (idempotent); remove the cluster's directory."""
        self._shutdown_fast()
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None


if __name__ == "__main__":  # manual check: start, print the URL, stop on Enter
    server = PostgresServer().start()
    print(server.url(), flush=True)
    try:
        input()
    finally:
        server.stop()
