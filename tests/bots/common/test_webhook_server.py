"""The shared webhook server (bots.common.web_server, bots.common.webhook_app) on loopback with a
real SQLite store: bodies bounded while read, slow request heads cut off, connections capped,
deliveries stored before 200 and handled once, /healthz from the store; and, through a real
Telegram worker process, a flood of slow clients costs neither the worker nor the disk (its log
stays a few JSON lines, uvicorn's included)."""
from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import httpx
import pytest

from bots.common.store import open_store
from bots.common.web_server import GuardedH11Protocol, ServerLimits, make_server
from bots.common.webhook_app import Webhook, serve_webhook

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses

SECRET = "s3cret"


class Running:
    """A Webhook served by the guarded server on its own thread and event loop."""

    def __init__(self, tmp: Path, limits: ServerLimits) -> None:
        self.handled: list[str] = []
        self.store = open_store(f"sqlite:///{tmp}/hook.db")

        def verify(headers: Mapping[str, str], body: bytes) -> bool:
            return headers.get("x-secret") == SECRET

        def split(body: bytes) -> list[tuple[str, str]]:
            return [(str(e["id"]), json.dumps(e)) for e in json.loads(body)["events"]]

        async def handle(payload: str) -> None:
            self.handled.append(json.loads(payload)["id"])

        self.hook = Webhook(platform="test", path="/hook", verify=verify, split=split, handle=handle,
                            store=self.store, limits=limits)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.server = make_server(self.hook.app, "127.0.0.1", self.port, limits)
        self.thread = threading.Thread(target=lambda: asyncio.run(serve_webhook(self.hook, self.server, 5)))

    def __enter__(self) -> "Running":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.server.started
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.store.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        return sock


def _response(sock: socket.socket) -> bytes:
    """Read until the server closes the connection (or 10 s pass); return what came."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (ConnectionResetError, socket.timeout):
        pass
    return data


@pytest.fixture()
def running(tmp_path: Path) -> Iterator[Running]:
    with Running(tmp_path, ServerLimits(max_body=1 << 20, body_timeout_s=1.0, header_timeout_s=1.0,
                                        max_connections=20, graceful_s=2)) as r:
        yield r


def test_deliveries_stored_then_handled_once(running: Running) -> None:
    body = {"events": [{"id": "a1"}, {"id": "a2"}]}
    assert httpx.post(f"{running.url}/hook", json=body).status_code == 401
    assert httpx.post(f"{running.url}/hook", json=body, headers={"x-secret": "nope"}).status_code == 401
    assert httpx.post(f"{running.url}/hook", content=b"{not json", headers={"x-secret": SECRET}).status_code == 400
    for _ in range(3):  # delivered three times: handled once
        r = httpx.post(f"{running.url}/hook", json=body, headers={"x-secret": SECRET})
        assert r.status_code == 200
    assert httpx.post(f"{running.url}/hook", json={"events": []}, headers={"x-secret": SECRET}).json() == {"ok": True}
    deadline = time.monotonic() + 10
    while len(running.handled) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    assert sorted(running.handled) == ["a1", "a2"]
    assert httpx.get(f"{running.url}/healthz").json() == {"ok": True}


def test_declared_oversized_body_refused_before_reading(running: Running) -> None:
    sock = running.connect()
    # Only the head: a server that read the body first would wait for 100 MB that never come.
    sock.sendall(b"POST /hook HTTP/1.1\r\nHost: x\r\nx-secret: s3cret\r\nContent-Length: 104857600\r\n\r\n")
    reply = _response(sock)
    assert reply.startswith(b"HTTP/1.1 413")
    sock.close()
    assert running.handled == []


def test_streamed_body_cut_at_the_limit(running: Running) -> None:
    sock = running.connect()
    sock.sendall(b"POST /hook HTTP/1.1\r\nHost: x\r\nx-secret: s3cret\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunk = b"x" * 65536
    sent = 0
    try:
        for _ in range(64 * 4):  # up to 16 MiB, far past the 1 MiB limit
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sent += len(chunk)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server answered and closed: what we expect
    sock.settimeout(10)
    reply = _response(sock)
    sock.close()
    assert reply.startswith(b"HTTP/1.1 413"), reply[:80]
    assert sent < 16 * 1024 * 1024  # the server stopped reading long before the end


def test_body_that_does_not_arrive_gets_408(running: Running) -> None:
    sock = running.connect()
    sock.sendall(b"POST /hook HTTP/1.1\r\nHost: x\r\nx-secret: s3cret\r\nContent-Length: 100\r\n\r\n{\"ev")
    assert _response(sock).startswith(b"HTTP/1.1 408")
    sock.close()


def test_slow_request_head_is_cut_off(running: Running) -> None:
    sock = running.connect()
    closed_after = None
    start = time.monotonic()
    try:
        sock.sendall(b"POST /hook HTTP/1.1\r\n")
        for _ in range(40):  # a header byte every 0.2 s: 8 s if nobody stops it
            time.sleep(0.2)
            sock.sendall(b"X")
    except (BrokenPipeError, ConnectionResetError):
        closed_after = time.monotonic() - start
    sock.close()
    assert closed_after is not None, "a trickling request head kept its connection for 8 s"
    assert closed_after >= 0.9  # the head timeout (1 s), not an instant refusal


def test_connections_capped_and_real_clients_still_served(running: Running) -> None:
    socks = [running.connect() for _ in range(60)]
    # Full of clients that send nothing: one that sends its request at once is served now, not
    # after the head timeout (the longest-waiting silent connection makes room for it).
    assert httpx.get(f"{running.url}/healthz", timeout=0.9).status_code == 200
    time.sleep(0.3)
    refused = 0
    for s in socks:
        s.setblocking(False)
        try:
            if s.recv(1) == b"":
                refused += 1
        except BlockingIOError:
            pass
        except ConnectionResetError:
            refused += 1
    assert refused >= 40  # 20 kept at most, the others closed
    assert GuardedH11Protocol.refused >= 40
    time.sleep(1.5)  # the kept ones send no head: closed after the head timeout
    assert httpx.get(f"{running.url}/healthz", timeout=5).status_code == 200
    for s in socks:
        s.close()


def test_healthz_503_while_the_store_cannot_be_used(running: Running) -> None:
    assert httpx.get(f"{running.url}/healthz").status_code == 200
    running.store._write(lambda conn: conn.execute("DROP TABLE inbox"))  # type: ignore[attr-defined]
    assert httpx.get(f"{running.url}/healthz").status_code == 503
    r = httpx.post(f"{running.url}/hook", json={"events": [{"id": "z"}]}, headers={"x-secret": SECRET})
    assert r.status_code == 503  # not stored, so not acknowledged


def _trickle(port: int, path: str, until: float, opened: list[int]) -> None:
    """Keep up to 300 connections sending a request head a byte at a time until `until`,
    reconnecting each one the server closes (as a slow-loris client does)."""
    from telegram_workers import open_slow_client

    socks: list[socket.socket] = []
    while time.monotonic() < until:
        while len(socks) < 300:
            if (s := open_slow_client(port, path)) is None:
                break
            socks.append(s)
            opened[0] += 1
        for s in list(socks):
            try:
                s.send(b"X")
            except OSError:
                s.close()
                socks.remove(s)
        time.sleep(0.2)
    for s in socks:
        s.close()


def test_worker_survives_slow_clients_and_huge_bodies(tmp_path: Path) -> None:
    from botapi_server import BotAPIServer
    from telegram_harness import STUB, TOKEN, bot_env
    from telegram_workers import Worker, deliver, peak_rss_mb, send_chunked_body

    script = tmp_path / "run_stub_bot.py"
    script.write_text(STUB, encoding="utf-8")
    api = BotAPIServer(TOKEN).start()
    env = bot_env(tmp_path, api, TELEGRAM_WEBHOOK_SECRET=SECRET, TELEGRAM_WEBHOOK_URL="http://127.0.0.1:1/tg-hook",
                  WEBHOOK_MAX_CONNECTIONS="100", WEBHOOK_HEADER_TIMEOUT_SECONDS="2", ODBCHAT_LOG_LEVEL="WARNING")
    log_path = tmp_path / "worker.log"
    worker = Worker(script, env, log_path).start()
    try:
        assert worker.proc is not None
        url = f"http://{worker.address}/tg-hook"
        # A 100 MB body (no Content-Length) is cut at 1 MiB, not read whole.
        rss_before = peak_rss_mb(worker.proc.pid)
        sock = send_chunked_body(worker.port, "/tg-hook", SECRET)
        assert _response(sock).startswith(b"HTTP/1.1 413")
        sock.close()
        grown = peak_rss_mb(worker.proc.pid) - rss_before
        print(f"peak RSS growth from a 100 MB body: +{grown:.1f} MB")
        assert grown < 30, f"the worker grew {grown:.0f} MB reading a refused body"
        # Slow clients for 8 s: the worker stays up and answers an update (Telegram retries until 200).
        opened = [0]
        flood = threading.Thread(target=_trickle, args=(worker.port, "/tg-hook", time.monotonic() + 8, opened))
        flood.start()
        time.sleep(1.0)
        update = api.inject_message(5101, "during the flood", language_code="en")
        with httpx.Client() as client:
            deliver(client, url, SECRET, update, time.monotonic() + 60)
        flood.join(30)
        assert api.wait_for_messages(5101, 1, 30)
        assert worker.proc.poll() is None
        # uvicorn's own complaint about a broken request comes through our JSON log.
        bad = socket.create_connection(("127.0.0.1", worker.port), timeout=5)
        bad.sendall(b"NOT HTTP AT ALL\r\n\r\n")
        _response(bad)
        bad.close()
        time.sleep(0.5)
    finally:
        worker.stop()
        api.stop()
    lines = log_path.read_text(errors="replace").splitlines()
    print(f"{opened[0]} slow connections opened; {len(lines)} log lines")
    assert opened[0] > 300  # the flood did reconnect past the cap
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert any(r["logger"] == "uvicorn.error" for r in records)
    assert any(r["logger"] == "odbchat.web" for r in records)
    assert len(lines) < 100, f"{len(lines)} log lines for one flood"
