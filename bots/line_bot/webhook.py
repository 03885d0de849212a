"""The LINE webhook on the shared webhook server (bots/common/webhook_app.py, web_server.py), as Telegram's.

What the contract ("LINE") asks: `POST /line/webhook` checks `X-Line-Signature` (the
base64 HMAC-SHA256 of the raw body under the channel secret, by the SDK's validator)
before anything else, 401 otherwise and nothing acted on; a signed body with no events
(the console's "Verify") gets 200; each event is stored in the shared inbox under its
`webhookEventId` before the 200 (bots/common/inbox_worker.py), so a redelivered event is
answered once and one left by a dead worker is taken over. `GET /healthz` answers 200 only
when the store can be used now, else 503. `GET /line/images/<name>` draws a signed chart
request (bots/line_bot/images.py), `GET /line/files/<name>.ics` writes a signed calendar request;
404 for anything we did not sign. On SIGTERM the server
stops taking requests, answers what it acknowledged, and exits 0.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable, Mapping

from linebot.v3 import SignatureValidator
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bots.common.store import Store
from bots.common.web_server import ServerLimits
from bots.common.webhook_app import Webhook
from bots.line_bot.events import PLATFORM
from bots.line_bot.images import CalendarRequest, ChartRequest, read_calendar_name, read_name

#: Handles one stored event (its JSON), once across workers.
Handler = Callable[[str], Awaitable[None]]
#: Draws a signed chart request (the request, whether the preview size): the PNG, or None.
Picture = Callable[[ChartRequest, bool], Awaitable[bytes | None]]
#: Writes a signed calendar request: the .ics bytes, or None.
CalendarFile = Callable[[CalendarRequest], Awaitable[bytes | None]]

def _event_id(event: dict) -> str:
    given = event.get("webhookEventId")
    return str(given) if given else hashlib.sha256(json.dumps(event, sort_keys=True).encode()).hexdigest()[:32]


def build_webhook(secret: str, handle: Handler, picture: Picture, store: Store,
                  limits: ServerLimits | None = None, calendar: CalendarFile | None = None) -> Webhook:
    """Return the LINE webhook on the shared webhook server: signature checked on the raw body
    under the channel `secret`, each event stored in the inbox under its `webhookEventId` and
    handed to `handle`, the chart pictures (`picture`) beside it."""
    validator = SignatureValidator(secret)

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
        read = read_name(secret, request.path_params["name"])
        if read is None:
            return Response(status_code=404)
        png = await picture(*read)
        if png is None:
            return Response(status_code=404)
        return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})

    async def calendar_file(request: Request) -> Response:
        read = read_calendar_name(secret, request.path_params["name"])
        ics = await calendar(read) if read is not None and calendar is not None else None
        if ics is None:
            return Response(status_code=404)
        return Response(ics, media_type="text/calendar; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="odbchat-{read.date}.ics"'})

    return Webhook(platform=PLATFORM, path="/line/webhook", verify=verify, split=split, handle=handle,
                   store=store, limits=limits, routes=[Route("/line/images/{name}", image, methods=["GET"]),
                                                       Route("/line/files/{name}", calendar_file, methods=["GET"])])
