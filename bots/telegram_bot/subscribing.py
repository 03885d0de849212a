"""Subscriptions on Telegram: /daily, /alert, /alerts, /unalert, the same asked in words, and
the scheduler that sends them (through the same flood-safe path as answers)."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from telegram import Update
from telegram.ext import Application, ContextTypes

from bots.common import chat_commands as cc
from bots.common import subscriptions as subs
from bots.common.scheduler import Outcome, Scheduler, SchedulerConfig
from bots.common.subscription_models import Subscription
from bots.common.subscriptions import is_subscription_request
from bots.telegram_bot.sending import reply, send_text
from bots.telegram_bot.services import PLATFORM, Services, arg_text, reply_lang, services_of, uid, user_settings

Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Awaitable[None]]


async def subscriber(services: Services, update: Update, text: str | None = None) -> subs.Subscriber:
    """Return who is asking, as the subscription handlers take it."""
    user = await user_settings(services, update)
    return subs.Subscriber(PLATFORM, uid(update), str(update.effective_chat.id),
                           reply_lang(services, update, user, text),
                           tz=cc.effective_tz(user, services.default_tz), settings=user,
                           tides=subs.tides_on(services.router))


def _command(handle: Callable[..., str], takes_arg: bool = True) -> Handler:
    async def handler(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        services = services_of(context)
        who = await subscriber(services, update)
        args = (arg_text(update.effective_message),) if takes_arg else ()
        text = await asyncio.to_thread(handle, services.store, who, *args)
        await reply(update.effective_message, text)

    handler.__doc__ = f"The `{handle.__name__}` command."
    return handler


#: The commands and their handlers.
COMMANDS: dict[str, Handler] = {
    "daily": _command(subs.handle_daily),
    "alert": _command(subs.handle_alert),
    "alerts": _command(subs.handle_alerts, takes_arg=False),
    "unalert": _command(subs.handle_unalert),
}


async def subscription_in_words(services: Services, update: Update, text: str) -> bool:
    """Answer a subscription asked in words ("每天早上6點告訴我基隆潮汐"); return False when it is not one."""
    if not is_subscription_request(text):
        return False
    who = await subscriber(services, update, text)
    answer = await asyncio.to_thread(subs.handle_free_text, services.store, who, text)
    if answer is None:
        return False
    await reply(update.effective_message, answer)
    return True


async def start_scheduler(app: Application, services: Services) -> Scheduler:
    """Start this process's subscription scheduler; return it (post_shutdown stops it)."""
    async def deliver(sub: Subscription, text: str) -> Outcome:
        outcome = await send_text(app.bot, int(sub.chat_id), text)
        return "sent" if outcome == "sent" else "blocked" if outcome == "blocked" else "retry"

    config = SchedulerConfig(interval_s=services.settings.subscriptions_poll_seconds)
    scheduler = Scheduler(services.store, services.router, deliver, config)
    scheduler.start()
    return scheduler
