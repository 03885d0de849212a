"""Webhook mode: Telegram's updates through the shared webhook app (bots.common.webhook_app)
on the guarded server (bots.common.web_server), handed to PTB.

What an operator relies on (contract, "Chat platforms"): a secret is required; a request
whose `X-Telegram-Bot-Api-Secret-Token` is missing or wrong gets 401 and nothing in it is
acted on; an update is stored in the shared store's inbox before it is acknowledged, marked
done once answered, and taken over by another worker when its worker dies
(bots.common.inbox_worker), so each `update_id` is answered once even when delivered twice or
to two workers, and none acknowledged is lost; `GET /healthz` answers 200 `{"ok": true}`
only when the store can be used now, else 503; a body over 1 MiB gets 413 before it is
read whole; on SIGTERM the server stops taking requests, PTB answers every update already
acknowledged (those it cannot finish in time are left to the other workers), and the
process exits 0 (uvicorn's own signal handling would re-raise the signal after its shutdown
and kill the process before the answers go out).
"""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import Mapping
from urllib.parse import urlsplit

from telegram import Update
from telegram.ext import Application

from bots.common.bot_settings import BotSettings
from bots.common.web_server import ServerLimits, limits_for, make_server, stop_on_signals
from bots.common.webhook_app import Webhook, serve_webhook
from bots.common.services import ConversationServices
from bots.telegram_bot.handlers import PLATFORM

log = logging.getLogger("odbchat.telegram.webhook")

HEADER = "x-telegram-bot-api-secret-token"


def webhook_path(settings: BotSettings) -> str:
    """Return the path the webhook listens on: the URL's path, `/telegram` when it has none."""
    return urlsplit(settings.telegram_webhook_url).path or "/telegram"


def build_webhook(app: Application, secret: str, path: str, limits: ServerLimits | None = None) -> Webhook:
    """Return the Telegram webhook: updates checked against `secret`, stored, handed to PTB's update
    processor (so one chat's updates keep their order) and finished once its handlers returned."""
    def verify(headers: Mapping[str, str], body: bytes) -> bool:
        return hmac.compare_digest(headers.get(HEADER, "").encode(), secret.encode())

    def split(body: bytes) -> list[tuple[str, str]]:
        data = json.loads(body)
        update_id = int(data["update_id"])
        Update.de_json(data, app.bot)  # refuse now what could not be handled later
        return [(str(update_id), body.decode("utf-8"))]

    async def handle(payload: str) -> None:
        update = Update.de_json(json.loads(payload), app.bot)   # stored by `split`, so bounded and readable
        await app.update_processor.process_update(update, app.process_update(update))

    services: ConversationServices = app.bot_data["services"]
    return Webhook(platform=PLATFORM, path=path, verify=verify, split=split, handle=handle,
                   store=services.store, limits=limits)


async def run_webhook(app: Application, settings: BotSettings) -> int:
    """Serve the webhook until SIGINT/SIGTERM, answer what was acknowledged; return the exit status."""
    await app.initialize()
    if app.post_init:
        await app.post_init(app)  # makes the services (the store among them)
    limits = limits_for(settings, settings.telegram_drain_seconds)
    hook = build_webhook(app, settings.telegram_webhook_secret.get_secret_value(), webhook_path(settings), limits)
    server = make_server(hook.app, settings.telegram_webhook_listen, settings.telegram_webhook_port, limits)
    stop_on_signals(server)
    await app.start()

    async def stop_ptb() -> None:
        try:
            await asyncio.wait_for(app.stop(), settings.telegram_drain_seconds)
        except asyncio.TimeoutError:
            log.error("drain took too long; some acknowledged updates were not answered",
                      extra={"seconds": settings.telegram_drain_seconds})
        if app.post_shutdown:
            await app.post_shutdown(app)
        await app.shutdown()

    started = await serve_webhook(hook, server, settings.telegram_drain_seconds, stop_ptb)
    return 0 if started else 1
