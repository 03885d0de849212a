"""The LINE webhook server: starlette behind uvicorn, as the Telegram webhook.

What the contract ("LINE") asks: `POST /line/webhook` checks `X-Line-Signature` (the
base64 HMAC-SHA256 of the raw body under the channel secret, by the SDK's validator)
before anything else, 401 otherwise and nothing acted on; a signed body with no events
(the console's "Verify") gets 200; each event is stored in the shared inbox under its
`webhookEventId` before the 200 (bots/common/inbox_worker.py), so a redelivered event is
answered once and one left by a dead worker is taken over. `GET /healthz` answers 200 only
when the store can be used now, else 503. `GET /line/images/<name>` draws a signed chart
request (bots/line_bot/images.py), 404 for anything we did not sign. On SIGTERM the server
stops taking requests, answers what it acknowledged, and exits 0.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import signal
from collections.abc import Iterator

import uvicorn
from linebot.v3 import SignatureValidator
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from bots.common.bot_settings import BotSettings
from bots.common.inbox_worker import InboxWorker
from bots.common.services import close_services, open_services, start_scheduler
from bots.common.store import Put, StoreUnavailable
from bots.line_bot.app import LineBot, messaging_client
from bots.line_bot.events import PLATFORM
from bots.line_bot.images import read_name

log = logging.getLogger("odbchat.line.webhook")

#: The largest webhook body we read (LINE's bodies are a few kB).
MAX_BODY = 1 << 20


async def _read_limited(request: Request) -> bytes | None:
    """Return the body, None as soon as it grows past MAX_BODY (never held whole in memory)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _event_id(event: dict) -> str:
    given = event.get("webhookEventId")
    return str(given) if given else hashlib.sha256(json.dumps(event, sort_keys=True).encode()).hexdigest()[:32]


def build_web_app(bot: LineBot, inbox: InboxWorker) -> Starlette:
    """Return the starlette app: the webhook, the health check and the chart pictures."""
    validator = SignatureValidator(bot.secret)

    async def receive(request: Request) -> Response:
        body = await _read_limited(request)
        if body is None:
            return Response(status_code=413)
        try:
            text = body.decode("utf-8")
            signed = validator.validate(text, request.headers.get("X-Line-Signature", ""))
        except (UnicodeDecodeError, ValueError, TypeError):
            signed = False
        if not signed:
            return JSONResponse({"ok": False}, status_code=401)
        try:
            events = json.loads(text).get("events") or []
            stored = [(_event_id(event), json.dumps(event, ensure_ascii=False)) for event in events
                      if isinstance(event, dict)]
        except (ValueError, AttributeError):
            return Response(status_code=400)
        duplicates = 0
        for event_id, payload in stored:
            try:
                put = await inbox.accept(event_id, payload)
            except Exception as exc:  # not stored, so not acknowledged: LINE delivers it again
                log.warning("could not store an event; asking for redelivery", extra={"error": type(exc).__name__})
                return JSONResponse({"ok": False}, status_code=503)
            duplicates += put is not Put.NEW
        return JSONResponse({"ok": True, **({"duplicates": duplicates} if duplicates else {})})

    async def healthz(request: Request) -> Response:
        try:
            await asyncio.to_thread(bot.services.store.check)
        except StoreUnavailable as exc:
            log.warning("health check: the store cannot be used", extra={"error": str(exc)})
            return JSONResponse({"ok": False}, status_code=503)
        return JSONResponse({"ok": True})

    async def image(request: Request) -> Response:
        read = read_name(bot.secret, request.path_params["name"])
        if read is None:
            return Response(status_code=404)
        png = await bot.picture(*read)
        if png is None:
            return Response(status_code=404)
        return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})

    return Starlette(routes=[Route("/line/webhook", receive, methods=["POST"]),
                             Route("/healthz", healthz, methods=["GET"]),
                             Route("/line/images/{name}", image, methods=["GET"])])


class _Server(uvicorn.Server):
    """uvicorn without its signal capture: SIGTERM is ours (stop taking requests, then drain)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def serve(settings: BotSettings) -> int:
    """Serve until SIGINT/SIGTERM, answer what was acknowledged; return the exit status."""
    services = await open_services(settings, settings.line_rate_limit_per_minute)
    client = messaging_client(settings)
    bot = LineBot(settings, services, client)
    inbox = InboxWorker(services.store, PLATFORM, bot.handle)
    scheduler = start_scheduler(services, bot.deliver)
    server = _Server(uvicorn.Config(build_web_app(bot, inbox), host=settings.line_webhook_listen,
                                    port=settings.line_webhook_port, log_level="warning", access_log=False,
                                    lifespan="off"))
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: setattr(server, "should_exit", True))
    inbox.start()
    try:
        await server.serve()  # returns once no request is in flight any more
    finally:
        if not await inbox.drain(settings.line_drain_seconds):
            log.error("drain took too long; the other workers answer what is left",
                      extra={"seconds": settings.line_drain_seconds, "left": inbox.in_flight})
        await close_services(services, scheduler)
        await client.close()
    return 0 if server.started else 1
