"""What the Telegram handlers share: settings, the core router, the store, the limiter.

Built in the Application's post_init (so importing the adapter connects nothing) and closed
in post_shutdown. The small helpers here read who asked, in which language and when.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from telegram import Message, Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import Application, ContextTypes

from bots.common import chat_commands as cc
from bots.common.bot_settings import BotSettings
from bots.common.ratelimit import limiter_for
from bots.common.store import Store as SettingsStore, UserSettings, open_store

log = logging.getLogger("odbchat.telegram")

PLATFORM = "telegram"
#: The commands this adapter offers, in menu order.
OFFERED = cc.MENU


@dataclass
class Services:
    """What the handlers use."""

    settings: BotSettings
    router: Any
    store: SettingsStore
    limiter: Any
    scheduler: Any = None

    @property
    def default_tz(self) -> str:
        """Return the configured default zone."""
        return self.settings.odbchat_default_tz

    @property
    def default_lang(self) -> str:
        """Return the configured default reply language ('auto' counts as zh)."""
        return self.settings.odbchat_lang


def services_of(context: ContextTypes.DEFAULT_TYPE) -> Services:
    """Return the Services the application was started with."""
    return context.application.bot_data["services"]


async def post_init(app: Application) -> None:
    """Open the store and the router, publish the command menus, start the scheduler."""
    settings: BotSettings = app.bot_data["settings"]
    from core.router import Router  # imported here so importing this module connects nothing

    store = await asyncio.to_thread(open_store, settings.odbchat_db)
    services = Services(settings=settings, router=Router(settings=settings), store=store,
                        limiter=limiter_for(store, settings.telegram_rate_limit_per_minute, 60.0))
    app.bot_data["services"] = services
    with contextlib.suppress(TelegramError):
        offered = app.bot_data.get("offered", OFFERED)
        await app.bot.set_my_commands(cc.command_menu("en", offered))
        await app.bot.set_my_commands(cc.command_menu("zh", offered), language_code="zh")
    start = app.bot_data.get("start_scheduler")
    if start is not None:
        services.scheduler = await start(app, services)


async def post_shutdown(app: Application) -> None:
    """Stop the scheduler and close the router and the store."""
    services: Services | None = app.bot_data.get("services")
    if services is None:
        return
    if services.scheduler is not None:
        with contextlib.suppress(Exception):
            await services.scheduler.stop()
    with contextlib.suppress(Exception):
        await services.router.aclose()
    await asyncio.to_thread(services.store.close)


def uid(update: Update) -> str:
    """Return the asking user's id (the chat's for anonymous senders) as text."""
    user = update.effective_user
    return str(user.id if user else update.effective_chat.id)


async def user_settings(services: Services, update: Update) -> UserSettings:
    """Return the asking user's saved settings."""
    return await asyncio.to_thread(services.store.get, PLATFORM, uid(update))


def locale(update: Update) -> str | None:
    """Return the user's Telegram interface language code, if known."""
    return update.effective_user.language_code if update.effective_user else None


def reply_lang(services: Services, update: Update, user: UserSettings, text: str | None = None) -> cc.Lang:
    """Return the reply language by the one language rule."""
    return cc.pick_lang(user.lang, text=text, locale=locale(update), default=services.default_lang)


def is_group(message: Message) -> bool:
    """Return True for group and supergroup chats."""
    return message.chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


def message_time(message: Message) -> datetime:
    """Return when Telegram received the message (aware UTC): the question's "now"."""
    moment = message.date or datetime.now(timezone.utc)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def arg_text(message: Message) -> str:
    """Return what follows the command word (`/tide@bot 基隆` -> `基隆`)."""
    words = (message.text or "").split(maxsplit=1)
    return words[1].strip() if len(words) > 1 else ""
