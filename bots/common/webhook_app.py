"""A platform's webhook as an ASGI app: bounded body, authenticity check, durable inbox,
health (contract, "Nothing acknowledged is lost"). Telegram uses it; LINE is meant to.

    hook = Webhook(platform="line", path="/line/webhook", verify=check_signature,
                   split=events_of, handle=answer_event, store=store)
    server = make_server(hook.app, host, port)          # bots.common.web_server
    await serve_webhook(hook, server, drain_s=60)

- `verify(headers, body) -> bool`: True when the request is the platform's (a secret header,
  an HMAC of the body); False gets 401 and nothing in the request is acted on.
- `split(body) -> [(id, payload), ...]`: the deliveries in the body, each with the platform's
  id for it (Telegram's update_id, LINE's webhookEventId) and the text `handle` will get;
  raises (ValueError, or anything) for a body that cannot be handled: 400, not retried. An empty
  list is fine (LINE's "Verify" sends no events): 200.
- `handle(payload) -> None` (async): answers one delivery; it runs after the 200, from the
  inbox, once per id across all workers, and again on another worker when this one dies.
- `store`: the shared store (its inbox keeps the deliveries; `check()` drives /healthz).

The body is read in chunks and cut at `limits.max_body` (413), a declared Content-Length
over it is refused before any byte is read, and a body that does not arrive within
`limits.body_timeout_s` gets 408; these answers close the connection. A delivery is
acknowledged (200) only once every id in it is stored; when the store cannot take them
the answer is 503 and the platform delivers again. `GET /healthz` answers 200
`{"ok": true}` only when the store can be used now, else 503.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bots.common.inbox_worker import Handler, InboxWorker
from bots.common.store import Inbox, Put, StoreUnavailable
from bots.common.web_server import Server, ServerLimits

log = logging.getLogger("odbchat.webhook")

Verify = Callable[[Mapping[str, str], bytes], bool]
Split = Callable[[bytes], Sequence[tuple[str, str]]]
_CLOSE = {"Connection": "close"}


class BodyRefused(Exception):
    """The request body was not read whole: `status` says why (413 too large, 408 too slow)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


async def read_body(request: Request, max_bytes: int, timeout_s: float) -> bytes:
    """Return the request body; raise BodyRefused(413) as soon as it is known to exceed
    `max_bytes` (declared or read), BodyRefused(408) when it takes over `timeout_s`."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            if int(declared) > max_bytes:
                raise BodyRefused(413)
        except ValueError:
            raise BodyRefused(400) from None
    chunks: list[bytes] = []
    size = 0

    async def collect() -> None:
        nonlocal size
        async for chunk in request.stream():
            size += len(chunk)
            if size > max_bytes:
                raise BodyRefused(413)
            chunks.append(chunk)

    try:
        await asyncio.wait_for(collect(), timeout_s)
    except asyncio.TimeoutError:
        raise BodyRefused(408) from None
    except ClientDisconnect:
        raise BodyRefused(400) from None
    return b"".join(chunks)


class Webhook:
    """One platform's webhook: the ASGI `app` (POST `path`, GET /healthz, `routes`) and its `inbox`."""

    def __init__(self, *, platform: str, path: str, verify: Verify, split: Split, handle: Handler,
                 store: Inbox, limits: ServerLimits | None = None, routes: Sequence[BaseRoute] = ()) -> None:
        self.platform = platform
        self.verify = verify
        self.split = split
        self.store = store
        self.limits = limits or ServerLimits()
        self.inbox = InboxWorker(store, platform, handle)
        self.app = Starlette(routes=[Route(path, self.receive, methods=["POST"]),
                                     Route("/healthz", self.healthz, methods=["GET"]), *routes])

    async def receive(self, request: Request) -> Response:
        """Answer one delivery: 401 not the platform's, 400/408/413 unreadable, 503 not stored, else 200."""
        try:
            body = await read_body(request, self.limits.max_body, self.limits.body_timeout_s)
        except BodyRefused as refused:
            return Response(status_code=refused.status, headers=_CLOSE)
        if not self.verify({k.lower(): v for k, v in request.headers.items()}, body):
            return JSONResponse({"ok": False}, status_code=401)
        try:
            # On the loop, like `verify`: a verified body is the platform's and at most `max_body` (a
            # usual update parses in microseconds, 1 MiB in a few milliseconds: no thread hop pays).
            items = self.split(body)
        except Exception:  # whatever `split` cannot read is refused, not retried
            return Response(status_code=400)
        fresh = 0
        for item_id, payload in items:
            try:
                put = await self.inbox.accept(item_id, payload)
            except Exception as exc:  # not stored, so not acknowledged: the platform delivers it again
                log.warning("could not store a delivery; asking for redelivery",
                            extra={"platform": self.platform, "error": type(exc).__name__})
                return JSONResponse({"ok": False}, status_code=503)
            fresh += put is Put.NEW
        if items and not fresh:
            return JSONResponse({"ok": True, "duplicate": True})  # answered, or being answered elsewhere
        return JSONResponse({"ok": True})

    async def healthz(self, request: Request) -> Response:
        """Return 200 when the store can be read and written now, else 503."""
        check: Callable[[], Awaitable[None]] | None = getattr(self.store, "check", None)
        try:
            if check is not None:
                await check()
        except StoreUnavailable as exc:
            log.warning("health check: the store cannot be used", extra={"error": str(exc)})
            return JSONResponse({"ok": False}, status_code=503)
        return JSONResponse({"ok": True})


async def serve_webhook(hook: Webhook, server: Server, drain_s: float,
                        after_drain: Callable[[], Awaitable[None]] | None = None) -> bool:
    """Serve until the server is told to exit, then answer what was acknowledged (up to `drain_s`;
    the rest is left to the other workers); run `after_drain`; return whether the server started."""
    hook.inbox.start()
    try:
        await server.serve()  # returns once no request is in flight any more
    finally:
        if not await hook.inbox.drain(drain_s):
            log.error("drain took too long; the other workers answer what is left",
                      extra={"seconds": drain_s, "left": hook.inbox.in_flight})
        if after_drain is not None:
            await after_drain()
    return bool(server.started)


__all__ = ["BodyRefused", "Split", "Verify", "Webhook", "read_body", "serve_webhook"]
