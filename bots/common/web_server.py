"""The HTTP server every webhook worker runs (Telegram now, LINE next): uvicorn made safe to
face slow or hostile clients, its logs through ours, SIGTERM left to the caller.

What uvicorn alone does not bound, and this module does:
- a request head must be complete within `header_timeout_s` of the connection (or of the
  previous response on a kept-alive one), else the connection is closed: uvicorn re-arms
  nothing while bytes trickle in, so 1,100 clients sending a header byte a second held
  every file descriptor;
- at most `max_connections` open connections: when one more arrives, the oldest connection
  still waiting for its request head is closed to make room (a client that sends its
  request at once is never the oldest waiting one, so a flood of slow clients cannot keep
  it out), or, when every connection is busy with a request, the new one is closed (nginx
  then tries the next worker); so a flood can neither exhaust the process's descriptors nor lock real clients out;
- a request head larger than `max_header_bytes` is refused (h11's incomplete-event limit);
- idle kept-alive connections close after `keep_alive_s`; shutdown waits at most
  `graceful_s` for requests in flight.
The request body is bounded by the app (bots.common.webhook_app reads it in chunks up to
its limit). Each refused connection is counted, and logged through the repeat limiter of
bots.common.logs, never once per connection.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from bots.common.bot_settings import BotSettings

log = logging.getLogger("odbchat.web")


@dataclass(frozen=True)
class ServerLimits:
    """What one webhook worker accepts from its clients."""

    max_body: int = 1 << 20  # bytes of one request body (updates are a few kB)
    body_timeout_s: float = 10.0  # to receive the whole body once the head is in
    header_timeout_s: float = 10.0  # to receive a request head
    max_header_bytes: int = 16 * 1024  # of one request head
    max_connections: int = 256  # open at once; well under the unit's LimitNOFILE
    keep_alive_s: int = 5  # an idle kept-alive connection is closed after this
    graceful_s: int = 30  # shutdown waits this long for requests in flight


def limits_for(settings: BotSettings, drain_s: float) -> ServerLimits:
    """Return the limits the settings ask for (`WEBHOOK_MAX_CONNECTIONS`,
    `WEBHOOK_HEADER_TIMEOUT_SECONDS`), shutdown waiting at most `drain_s` for requests."""
    return ServerLimits(max_connections=max(1, settings.webhook_max_connections),
                        header_timeout_s=settings.webhook_header_timeout_seconds,
                        body_timeout_s=settings.webhook_header_timeout_seconds, graceful_s=max(1, int(drain_s)))


class _Config(uvicorn.Config):
    """uvicorn's Config carrying our limits to the protocol instances it creates."""

    def __init__(self, app: Any, limits: ServerLimits, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.limits = limits
        #: The server's connections waiting for a request head, oldest first (a dict keeps order).
        self.awaiting_head: dict[GuardedH11Protocol, None] = {}


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request head and a cap on connections."""

    refused = 0  # connections closed because the server was full (all servers of the process)
    timed_out = 0  # connections closed because their request head was too slow

    def __init__(self, config: _Config, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self.limits: ServerLimits = config.limits
        self.awaiting_head = config.awaiting_head
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.limits.max_connections:
            # Make room by closing the connection that has waited longest without a request head;
            # when every one is busy with a request, this new one is the one closed.
            oldest = next(iter(self.awaiting_head), None)
            GuardedH11Protocol.refused += 1
            log.warning("server full: a connection closed", extra={
                "open": len(self.connections), "refused_total": GuardedH11Protocol.refused,
                "closed": "oldest waiting for its request head" if oldest else "the new one"})
            if oldest is None:
                transport.abort()
                return
            oldest._stop_head_timer()
            oldest.transport.abort()
        self._watch_head()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)

    def _watch_head(self) -> None:
        """Arm the head deadline while a request head is awaited; disarm it once one arrived.
        Unlike uvicorn's keep-alive timer, arriving bytes do not re-arm it."""
        waiting = self.conn.their_state is h11.IDLE and not self.transport.is_closing()
        if waiting and self._head_timer is None:
            self._head_timer = self.loop.call_later(self.limits.header_timeout_s, self._head_too_slow)
            self.awaiting_head[self] = None
        elif not waiting:
            self._stop_head_timer()

    def _stop_head_timer(self) -> None:
        self.awaiting_head.pop(self, None)
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        self.awaiting_head.pop(self, None)
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            GuardedH11Protocol.timed_out += 1
            log.warning("connection closed: request head too slow",
                        extra={"seconds": self.limits.header_timeout_s, "timed_out_total": GuardedH11Protocol.timed_out})
            self.transport.abort()


class Server(uvicorn.Server):
    """uvicorn without its signal capture: the caller owns SIGTERM (stop taking requests, then drain)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def make_server(app: Any, host: str, port: int, limits: ServerLimits | None = None) -> Server:
    """Return a guarded uvicorn server for the ASGI `app` (not started: `await server.serve()`)."""
    limits = limits or ServerLimits()
    config = _Config(app, limits, host=host, port=port, http=GuardedH11Protocol, lifespan="off",
                     # log_config=None: uvicorn installs no handler; its records reach our JSON one.
                     log_config=None, log_level="warning", access_log=False,
                     # The connection cap above is the concurrency limit (one request per connection);
                     # uvicorn's own 503 counts the connection asking too, so it sits one above.
                     limit_concurrency=limits.max_connections + 1, timeout_keep_alive=limits.keep_alive_s,
                     timeout_graceful_shutdown=limits.graceful_s,
                     h11_max_incomplete_event_size=limits.max_header_bytes,
                     server_header=False, date_header=False)
    return Server(config)


def stop_on_signals(server: Server) -> None:
    """Make SIGTERM and SIGINT stop `server` taking requests (call on the running loop)."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: setattr(server, "should_exit", True))


__all__ = ["GuardedH11Protocol", "Server", "ServerLimits", "limits_for", "make_server", "stop_on_signals"]
