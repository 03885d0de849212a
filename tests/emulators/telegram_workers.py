"""Webhook workers behind nginx for the scale-out test and benchmark: start, stop and roll them,
and deliver updates the way Telegram does (again until a 2xx comes back)."""
from __future__ import annotations

import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from telegram_harness import ROOT, free_port

HEADER = "X-Telegram-Bot-Api-Secret-Token"


class Worker:
    """One `odbchat telegram --webhook` process (the stub-router script) on its own port."""

    def __init__(self, script: Path, env: dict[str, str], log_path: Path) -> None:
        self.script = script
        self.port = free_port()
        self.env = {**env, "TELEGRAM_WEBHOOK_PORT": str(self.port), "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1"}
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None
        #: The process's soft open-file limit (None: inherited), as a unit's LimitNOFILE sets it.
        self.nofile: int | None = None

    @property
    def address(self) -> str:
        """Return host:port for the balancer."""
        return f"127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> "Worker":
        """Start the process and wait until /healthz answers; return self."""
        log = open(self.log_path, "ab")
        nofile = self.nofile

        def limit() -> None:
            if nofile is not None:
                import resource
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

        self.proc = subprocess.Popen([sys.executable, str(self.script)], cwd=str(ROOT), env=self.env,
                                     stdout=log, stderr=subprocess.STDOUT, preexec_fn=limit)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"worker exited early:\n{self.log_path.read_text(errors='replace')}")
            try:
                if httpx.get(f"http://{self.address}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError("worker did not become healthy")

    def stop(self, timeout: float = 60.0) -> int:
        """SIGTERM the worker and return its exit status."""
        if self.proc is None:
            return 0
        self.proc.terminate()
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(5)
        finally:
            self.proc = None


def deliver(client: httpx.Client, url: str, secret: str, update: dict, deadline: float) -> int:
    """POST `update` until it is acknowledged (as Telegram retries); return the number of tries."""
    tries = 0
    while time.monotonic() < deadline:
        tries += 1
        try:
            r = client.post(url, json=update, headers={HEADER: secret}, timeout=10)
            if r.status_code == 200:
                return tries
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"update {update['update_id']} never acknowledged")


def peak_rss_mb(pid: int) -> float:
    """Return the process's peak resident size so far (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


def send_chunked_body(port: int, path: str, secret: str, megabytes: int = 100) -> socket.socket:
    """Start a POST with no Content-Length and stream `megabytes` MiB of body (stopping when the
    server closes); return the socket, to read the answer from."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\n{HEADER}: {secret}\r\n"
                 "Transfer-Encoding: chunked\r\n\r\n".encode())
    chunk = b"y" * (1 << 20)
    try:
        for _ in range(megabytes):
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        sock.sendall(b"0\r\n\r\n")
    except OSError:   # refused part-way: what the test is about
        pass
    return sock


def open_slow_client(port: int, path: str) -> socket.socket | None:
    """Open a connection that has sent only a request line (a slow-loris client); None if refused."""
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=2)
        s.setblocking(False)
        s.send(f"POST {path} HTTP/1.1\r\n".encode())
        return s
    except OSError:
        return None


def kill_after(seconds: float, worker: Any) -> tuple[threading.Thread, list[float]]:
    """Start a thread that SIGKILLs `worker.proc` after `seconds` (no drain, no clean-up: as if out of
    memory); return the thread and the list the kill's monotonic time is appended to."""
    killed_at: list[float] = []

    def kill() -> None:
        time.sleep(seconds)
        victim = worker.proc
        assert victim is not None
        victim.send_signal(signal.SIGKILL)
        victim.wait(10)
        killed_at.append(time.monotonic())

    killer = threading.Thread(target=kill)
    killer.start()
    return killer, killed_at
