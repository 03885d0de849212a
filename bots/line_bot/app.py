"""The LINE bot: settings checked, services opened, each stored event answered through the
conversation, chart pictures drawn on request, subscriptions delivered by push.

`odbchat line` (or `python -m bots.line_bot`) runs the webhook server (bots/line_bot/webhook.py).
"""
from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections import OrderedDict

from linebot.v3.messaging import AsyncApiClient, AsyncMessagingApi, Configuration
from linebot.v3.webhooks import Event, FollowEvent

from bots.common import chat_commands as cc
from bots.common.bot_settings import BotSettings, get_bot_settings
from bots.common.conversation import Conversation
from bots.common.logs import setup_logging
from bots.common.port import Shown
from bots.common.run_guard import run_guarded
from bots.common.services import ConversationServices, close_services, open_services, start_scheduler
from bots.common.subscriptions.records import Subscription
from bots.common.web_server import limits_for, make_server, stop_on_signals
from bots.common.webhook_app import serve_webhook
from bots.common.incoming import Command
from bots.line_bot.events import PLATFORM, route
from bots.line_bot.images import CalendarRequest, ChartRequest, calendar_url, chart_urls, preview_png
from bots.line_bot.port import LinePort
from bots.line_bot.rich_menu import create_menus, link_language
from bots.line_bot.webhook import build_webhook

log = logging.getLogger("odbchat.line")

#: Profiles' languages remembered per process (a user's LINE language rarely changes).
PROFILE_CACHE = 4096
#: Chart pictures remembered per process (LINE fetches the preview and the original).
PICTURE_CACHE = 64
#: The language of a user whose LINE profile gives none (contract: else zh-TW).
DEFAULT_LOCALE = "zh-TW"


class LineBot:
    """One worker's LINE side: the messaging client, the conversation, the pictures."""

    def __init__(self, settings: BotSettings, services: ConversationServices, client: AsyncApiClient) -> None:
        self.settings = settings
        self.services = services
        self.api = AsyncMessagingApi(client)
        self.conversation = Conversation(services)
        self.secret = settings.line_channel_secret.get_secret_value()
        self.public_url = settings.line_public_url or \
            f"http://{settings.line_webhook_listen}:{settings.line_webhook_port}"
        self._languages: OrderedDict[str, str | None] = OrderedDict()
        self._pictures: OrderedDict[tuple[str, bool], bytes] = OrderedDict()

    async def handle(self, payload: str) -> None:
        """Answer one stored event (the inbox's handler)."""
        event = Event.from_dict(json.loads(payload))
        user = getattr(event.source, "user_id", None)
        routed = route(event, await self.locale(user, ask=isinstance(event, FollowEvent)))
        if routed is None:
            return
        port = LinePort(self.api, routed.to, routed.reply_token, self.image_urls, user_chat=routed.user_chat,
                        file_url=self.file_url, event_id=routed.event_id, token_time=routed.token_time)
        await self.conversation.handle(routed.incoming, port)
        if routed.group is not None:  # the group asked, the answer went privately: say so there
            lang = cc.pick_lang(None, locale=routed.incoming.locale, default=self.services.settings.odbchat_lang)
            word = "sent_privately" if port.outcome == "sent" else "line_add_friend"
            await LinePort(self.api, routed.group, routed.group_token, self.image_urls,
                           user_chat=False, event_id=routed.event_id,
                           token_time=routed.token_time).say(cc.message(word, lang))
        content = routed.incoming.content
        if user and (isinstance(event, FollowEvent) or (isinstance(content, Command) and content.name == "lang")):
            await self.show_menu_language(user, routed.incoming.locale)

    async def show_menu_language(self, user: str, locale: str | None) -> None:
        """Link the user to the rich menu of their reply language (English, or the zh-TW default)."""
        saved = await self.services.store.get(PLATFORM, user)
        lang = cc.pick_lang(saved.lang, locale=locale, default=self.services.settings.odbchat_lang)
        await link_language(self.api, user, lang)

    async def locale(self, user: str | None, *, ask: bool = False) -> str:
        """Return the user's LINE profile language (asked once per process), else zh-TW."""
        if not user:
            return DEFAULT_LOCALE
        if user not in self._languages or ask:
            try:
                profile = await self.api.get_profile(user)
                self._languages[user] = profile.language
            except Exception as exc:  # not a friend, or LINE unreachable: the default language
                log.info("profile unavailable", extra={"error": type(exc).__name__})
                self._languages[user] = None
            while len(self._languages) > PROFILE_CACHE:
                self._languages.popitem(last=False)
        return self._languages[user] or DEFAULT_LOCALE

    def image_urls(self, shown: Shown) -> tuple[str, str] | None:
        """Return the (original, preview) URLs of an answer's picture, None when it has none or it
        could not be drawn again; the picture drawn for the answer is kept for LINE's fetch of them."""
        answer, png = shown.answer, shown.reply.image
        args = (answer.arguments or {}) if answer is not None else {}
        if answer is None or png is None or args.get("longitude") is None or not args.get("date"):
            return None
        request = ChartRequest(lon=args["longitude"], lat=args["latitude"], date=args["date"],
                               days=int(args.get("days") or 1), lang=shown.lang, tz=args.get("tz") or "Asia/Taipei",
                               place=args.get("place") or None)
        self._keep((request.model_dump_json(), False), png)
        return chart_urls(self.public_url, self.secret, request)

    def _keep(self, key: tuple[str, bool], png: bytes) -> None:
        """Keep a drawn picture under its signed request (the oldest dropped past PICTURE_CACHE)."""
        self._pictures[key] = png
        self._pictures.move_to_end(key)
        while len(self._pictures) > PICTURE_CACHE:
            self._pictures.popitem(last=False)

    def file_url(self, shown: Shown) -> str | None:
        """Return the signed link of a calendar answer's file, None when it cannot be written again."""
        answer = shown.answer
        args = (answer.arguments or {}) if answer is not None else {}
        if answer is None or args.get("longitude") is None or not args.get("date"):
            return None
        request = CalendarRequest(lon=args["longitude"], lat=args["latitude"], date=args["date"],
                                  days=int(args.get("days") or 7), sun=bool(args.get("sun")), lang=shown.lang,
                                  tz=args.get("tz") or "Asia/Taipei", place=args.get("place"))
        return calendar_url(self.public_url, self.secret, request)

    async def calendar(self, request: CalendarRequest) -> bytes | None:
        """Return the calendar file for a signed `request` (written again by the core), None when it cannot be."""
        # The place by its name first (so the file's events are named as the chat's answer was);
        # a label no gazetteer entry has (「基隆附近」) falls back to the signed point.
        wheres = ([{"place": request.place}] if request.place else []) + [{"point": (request.lon, request.lat)}]
        attachment = None
        for where in wheres:
            question = cc.build_question(request.place or cc.format_point(request.lon, request.lat), tz=request.tz,
                                         moment=None, lang=request.lang,
                                         request={"tool": "tide.calendar", **where, "date": request.date,
                                                  "days": request.days, "with_sun": request.sun})
            answer = await self.services.router.answer(question)
            attachment = answer.reply.attachment if answer.reply else None
            if attachment is not None and attachment.data:
                break
        return attachment.data if attachment is not None and attachment.data else None

    async def picture(self, request: ChartRequest, preview: bool) -> bytes | None:
        """Return the chart picture for `request` (redrawn by the core), None when it cannot be drawn."""
        key = (request.model_dump_json(), preview)
        if key in self._pictures:
            return self._pictures[key]
        drawn = self._pictures.get((key[0], False))
        if drawn is not None:   # the answer's own picture: only its preview is made here
            small = await asyncio.to_thread(preview_png, drawn)
            self._keep((key[0], True), small)
            return small
        # At the signed point, under the name it was asked by (the point's nearest name may be another's).
        named = {"place": request.place} if request.place and cc.known_place(request.place) else {}
        question = cc.build_question(cc.format_point(request.lon, request.lat), tz=request.tz, moment=None,
                                     lang=request.lang, request={"tool": "tide.chart", "point": (request.lon,
                                                                 request.lat), **named, "date": request.date,
                                                                 "days": request.days})
        answer = await self.services.router.answer(question)
        png = answer.image or (answer.reply.image if answer.reply else None)
        if not png:
            return None
        self._keep((key[0], False), png)
        small = await asyncio.to_thread(preview_png, png)
        self._keep((key[0], True), small)
        return small if preview else png

    def port_for(self, sub: Subscription) -> LinePort:
        """Return the port that pushes a subscription's firings to its chat (no reply token)."""
        return LinePort(self.api, sub.chat_id, None, self.image_urls, user_chat=sub.chat_id == sub.user_id,
                        file_url=self.file_url)


def messaging_client(settings: BotSettings) -> AsyncApiClient:
    """Return the SDK's async client for LINE_API_BASE_URL with the channel access token."""
    config = Configuration(host=settings.line_api_base_url.rstrip("/"),
                           access_token=settings.line_channel_access_token.get_secret_value())
    return AsyncApiClient(config)


def missing_setting(settings: BotSettings) -> str | None:
    """Return the name of the first required setting that is not set, None when all are."""
    if not settings.line_channel_secret.get_secret_value():
        return "LINE_CHANNEL_SECRET"
    if not settings.line_channel_access_token.get_secret_value():
        return "LINE_CHANNEL_ACCESS_TOKEN"
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the LINE webhook server until stopped; return the exit status (0 ok, 1 failed, 2 bad configuration)."""
    if argv in (["--help"], ["-h"]):
        print("usage: odbchat line [--set-rich-menu]\n\nThe LINE bot: a webhook server for the LINE Messaging API (settings: LINE_CHANNEL_SECRET,"
              " LINE_CHANNEL_ACCESS_TOKEN, LINE_PUBLIC_URL, LINE_WEBHOOK_LISTEN, LINE_WEBHOOK_PORT, LINE_API_BASE_URL)."
              "\n--set-rich-menu creates the tap menu (zh-TW and English, LINE_API_DATA_URL for its pictures) and exits.")
        return 0
    set_menu = argv == ["--set-rich-menu"]
    if argv and not set_menu:
        print(f"odbchat line: unexpected arguments: {' '.join(argv)}", file=sys.stderr)
        return 2
    settings = get_bot_settings()
    setup_logging(settings.odbchat_log_level, settings.secrets())
    missing = missing_setting(settings)
    if missing:
        log.error(f"{missing} is not set")
        print(f"odbchat line: {missing} is not set", file=sys.stderr)
        return 2
    if set_menu:
        return set_rich_menu(settings)
    if not settings.line_public_url:
        log.warning("LINE_PUBLIC_URL is not set: LINE cannot fetch the chart pictures (they need an HTTPS URL)")
    return run_guarded(lambda: asyncio.run(serve(settings)), log, "line", (), "")


def set_rich_menu(settings: BotSettings) -> int:
    """`--set-rich-menu`: create the menus, print the default menu's id; return 0, or 1 when LINE refused."""
    try:
        ids = asyncio.run(create_menus(settings.line_api_base_url, settings.line_api_data_url,
                                       settings.line_channel_access_token.get_secret_value()))
    except Exception as exc:
        log.error("rich menu not created", extra={"error": type(exc).__name__})
        print(f"odbchat line: LINE refused the rich menu ({type(exc).__name__})", file=sys.stderr)
        return 1
    print(f"rich menu {ids['zh']} (default, zh-TW); {ids['en']} (English)")
    return 0


async def serve(settings: BotSettings) -> int:
    """Serve the webhook until SIGINT/SIGTERM, answer what was acknowledged; return the exit status."""
    services = await open_services(settings, settings.line_rate_limit_per_minute)
    client = messaging_client(settings)
    bot = LineBot(settings, services, client)
    scheduler = start_scheduler(services, bot.port_for)
    limits = limits_for(settings, settings.line_drain_seconds)
    hook = build_webhook(bot.secret, bot.handle, bot.picture, services.store, limits, calendar=bot.calendar)
    server = make_server(hook.app, settings.line_webhook_listen, settings.line_webhook_port, limits)
    stop_on_signals(server)

    async def close() -> None:
        await close_services(services, scheduler)
        await client.close()

    started = await serve_webhook(hook, server, settings.line_drain_seconds, close)
    return 0 if started else 1
