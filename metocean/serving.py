"""Serving an ASGI app the way both MCP servers need: a bound socket, a `ready` line, clean stops.

The socket is bound before uvicorn starts so that port 0 yields the real port to print;
TCP_NODELAY avoids the ~40 ms delayed-ACK stall on every small MCP round trip. SIGINT and
SIGTERM stop the server gracefully (a second one forces it), and the exit status is 0.
"""
from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys
from collections.abc import Iterator
from typing import Any

import uvicorn

SHUTDOWN_GRACE_S = 3  # open SSE streams must not keep a stopping server alive


class _Server(uvicorn.Server):
    """uvicorn without its own signal capture: the event loop's handlers below decide."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def bind_socket(host: str, port: int) -> socket.socket:
    """Return a listening-ready TCP socket bound to (host, port); OSError when the port is taken."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(address)
    return sock


async def serve_asgi(app: Any, host: str, port: int, *, name: str, path: str) -> int:
    """Serve `app` until SIGINT/SIGTERM; print `<name> ready at <url>` once accepting.

    Returns 0 after a clean stop, 1 when the port cannot be bound or start-up fails.
    """
    try:
        sock = bind_socket(host, port)
    except OSError as exc:
        print(f"{name}: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr, flush=True)
        return 1
    bound_host, bound_port = sock.getsockname()[:2]
    server = _Server(uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False,
                                    timeout_graceful_shutdown=SHUTDOWN_GRACE_S))

    def stop() -> None:
        if server.should_exit:
            server.force_exit = True  # a second signal: stop waiting for open streams
        server.should_exit = True

    loop = asyncio.get_running_loop()
    installed = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not in the main thread
            loop.add_signal_handler(sig, stop)
            installed.append(sig)

    async def announce() -> None:
        while not server.started:
            await asyncio.sleep(0.02)
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        print(f"{name} ready at http://{shown}:{bound_port}{path}", flush=True)

    watcher = asyncio.create_task(announce())
    try:
        await server.serve(sockets=[sock])
    except SystemExit:
        pass  # uvicorn's way of reporting a failed start-up (the lifespan raised); logged already
    finally:
        watcher.cancel()
        for sig in installed:
            loop.remove_signal_handler(sig)
        sock.close()
    if not server.started:
        print(f"{name}: start-up failed", file=sys.stderr, flush=True)
        return 1
    return 0
