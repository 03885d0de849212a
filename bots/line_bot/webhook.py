"""The LINE webhook on the shared webhook server (bots/common/webhook_app.py, web_server.py), as Telegram's.

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

import hashlib
import json
from collections.abc import Mapping

from linebot.v3 import SignatureValidator
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bots.common.bot_settings import BotSettings
from bots.common.services import close_services, open_services, start_scheduler
from bots.common.web_server import ServerLimits, limits_for, make_server, stop_on_signals
from bots.common.webhook_app import Webhook, serve_webhook
from bots.line_bot.app import LineBot, messaging_client
from bots.line_bot.events import PLATFORM
from bots.line_bot.images import read_name

def _event_id(event: dict) -> str:
    given = event.get("webhookEventId")
    return str(given) if given else hashlib.sha256(json.dumps(event, sort_keys=True).encode()).hexdigest()[:32]


def build_webhook(bot: LineBot, limits: ServerLimits | None = None) -> Webhook:
    """Return the LINE webhook on the shared webhook server: signature checked on the raw body,
    each event stored in the inbox under its `webhookEventId`, the chart pictures beside it."""
    validator = SignatureValidator(bot.secret)

    def verify(headers: Mapping[str, str], body: bytes) -> bool:
        try:
            return bool(validator.validate(body.decode("utf-8"), headers.get("x-line-signature", "")))
        except (UnicodeDecodeError, ValueError, TypeError):
            return False

    def split(body: bytes) -> list[tuple[str, str]]:
        events = json.loads(body).get("events") or []   # none: the console's "Verify", answered 200
        return [(_event_id(event), json.dumps(event, ensure_ascii=False)) for event in events
                if isinstance(event, dict)]

    async def image(request: Request) -> Response:
        read = read_name(bot.secret, request.path_params["name"])
        if read is None:
            return Response(status_code=404)
        png = await bot.picture(*read)
        if png is None:
            return Response(status_code=404)
        return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})

    return Webhook(platform=PLATFORM, path="/line/webhook", verify=verify, split=split, handle=bot.handle,
                   store=bot.services.store, limits=limits,
                   routes=[Route("/line/images/{name}", image, methods=["GET"])])


async def serve(settings: BotSettings) -> int:
    """Serve until SIGINT/SIGTERM, answer what was acknowledged; return the exit status."""
    services = await open_services(settings, settings.line_rate_limit_per_minute)
    client = messaging_client(settings)
    bot = LineBot(settings, services, client)
    scheduler = start_scheduler(services, bot.deliver)
    limits = limits_for(settings, settings.line_drain_seconds)
    hook = build_webhook(bot, limits)
    server = make_server(hook.app, settings.line_webhook_listen, settings.line_webhook_port, limits)
    stop_on_signals(server)

    async def close() -> None:
        await close_services(services, scheduler)
        await client.close()

    started = await serve_webhook(hook, server, settings.line_drain_seconds, close)
    return 0 if started else 1
