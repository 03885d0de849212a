"""Webhook mode: a starlette app behind uvicorn that hands Telegram's updates to PTB.

What an operator relies on (contract, "Chat platforms"): a secret is required; a request
whose `X-Telegram-Bot-Api-Secret-Token` is missing or wrong gets 401 and nothing in it is
acted on; an update is stored in the shared store's inbox before it is acknowledged, marked
done once answered, and taken over by another worker when its worker dies
(bots.common.inbox_worker), so each `update_id` is answered once even when delivered twice or
to two workers, and none acknowledged is lost; `GET /healthz` answers 200
`{"ok": true}` only when the store can be used now (a real read and write on its tables),
else 503, so a balancer stops sending updates that would fail; on SIGTERM the server stops taking requests, PTB answers every update
already acknowledged (those it cannot finish in time are left to the other workers), and
the process exits 0 (uvicorn's own signal handling would
re-raise the signal after its shutdown and kill the process before the answers go out).
"""
from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import signal
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from telegram import Update
from telegram.ext import Application

from bots.common.bot_settings import BotSettings
from bots.common.inbox_worker import InboxWorker
from bots.common.store import Put, StoreUnavailable
from bots.common.services import ConversationServices
from bots.telegram_bot.handlers import PLATFORM

log = logging.getLogger("odbchat.telegram.webhook")

#: The largest update body we read (Telegram's updates are a few kB).
MAX_BODY = 1 << 20


def webhook_path(settings: BotSettings) -> str:
    """Return the path the webhook listens on: the URL's path, `/telegram` when it has none."""
    return urlsplit(settings.telegram_webhook_url).path or "/telegram"


def inbox_for(app: Application) -> InboxWorker:
    """Return the worker's inbox, made on first use: it hands each update to PTB's update
    processor (so one chat's updates keep their order) and waits for its handlers."""
    inbox: InboxWorker | None = app.bot_data.get("inbox")
    if inbox is None:
        async def handle(payload: str) -> None:
            update = Update.de_json(await asyncio.to_thread(_json, payload.encode("utf-8")), app.bot)
            await app.update_processor.process_update(update, app.process_update(update))

        services: ConversationServices = app.bot_data["services"]
        inbox = app.bot_data["inbox"] = InboxWorker(services.store, PLATFORM, handle)
    return inbox


def build_web_app(app: Application, secret: str, path: str) -> Starlette:
    """Return the starlette app: POST `path` for updates, GET /healthz for load balancers."""
    async def receive(request: Request) -> Response:
        given = request.headers.get("X-Telegram-Bot-Api-Secret-Token", "")
        if not hmac.compare_digest(given.encode(), secret.encode()):
            return JSONResponse({"ok": False}, status_code=401)
        body = await request.body()
        if len(body) > MAX_BODY:
            return Response(status_code=413)
        try:
            data = await asyncio.to_thread(_json, body)
            update_id = int(data["update_id"])
            Update.de_json(data, app.bot)  # refuse now what could not be handled later
            payload = body.decode("utf-8")
        except Exception:
            return Response(status_code=400)
        try:
            put = await inbox_for(app).accept(str(update_id), payload)
        except Exception as exc:  # not stored, so not acknowledged: Telegram delivers it again
            log.warning("could not store an update; asking for redelivery", extra={"error": type(exc).__name__})
            return JSONResponse({"ok": False}, status_code=503)
        if put is not Put.NEW:
            return JSONResponse({"ok": True, "duplicate": True})  # answered, or being answered elsewhere
        return JSONResponse({"ok": True})

    async def healthz(request: Request) -> Response:
        services: ConversationServices = app.bot_data["services"]
        try:
            await asyncio.to_thread(services.store.check)
        except StoreUnavailable as exc:
            log.warning("health check: the store cannot be used", extra={"error": str(exc)})
            return JSONResponse({"ok": False}, status_code=503)
        return JSONResponse({"ok": True})

    return Starlette(routes=[Route(path, receive, methods=["POST"]),
                             Route("/healthz", healthz, methods=["GET"])])


def _json(body: bytes) -> Any:
    import json
    return json.loads(body)


class _Server(uvicorn.Server):
    """uvicorn without its signal capture: SIGTERM is ours (stop taking requests, then drain)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def run_webhook(app: Application, settings: BotSettings) -> int:
    """Serve the webhook until SIGINT/SIGTERM, answer what was acknowledged; return the exit status."""
    secret = settings.telegram_webhook_secret.get_secret_value()
    web = build_web_app(app, secret, webhook_path(settings))
    server = _Server(uvicorn.Config(web, host=settings.telegram_webhook_listen, port=settings.telegram_webhook_port,
                                    log_level="warning", access_log=False, lifespan="off"))
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: setattr(server, "should_exit", True))
    await app.initialize()
    if app.post_init:
        await app.post_init(app)
    await app.start()
    inbox = inbox_for(app)
    inbox.start()
    try:
        await server.serve()  # returns once no request is in flight any more
    finally:
        if not await inbox.drain(settings.telegram_drain_seconds):
            log.error("drain took too long; the other workers answer what is left",
                      extra={"seconds": settings.telegram_drain_seconds, "left": inbox.in_flight})
        try:
            await asyncio.wait_for(app.stop(), settings.telegram_drain_seconds)
        except asyncio.TimeoutError:
            log.error("drain took too long; some acknowledged updates were not answered",
                      extra={"seconds": settings.telegram_drain_seconds})
        if app.post_shutdown:
            await app.post_shutdown(app)
        await app.shutdown()
    return 0 if server.started else 1
