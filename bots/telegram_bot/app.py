"""Build and run the Telegram bot: long polling by default, webhook workers when configured.

`odbchat telegram --set-webhook` is the one deploy step that registers the webhook (URL,
secret, `max_connections`), so N workers started behind a load balancer do not race to set
it; the workers themselves only serve.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys

from telegram import Update
from telegram.error import InvalidToken, TelegramError
from telegram.ext import (AIORateLimiter, Application, ApplicationBuilder, CallbackQueryHandler, CommandHandler,
                          InlineQueryHandler, MessageHandler, filters)

from bots.common import chat_commands as cc
from bots.common.bot_settings import BotSettings, get_bot_settings
from bots.common.conversation import COMMANDS, Conversation
from bots.common.logs import setup_logging
from bots.common.run_guard import run_guarded
from bots.common.services import ConversationServices, close_services, open_services, start_scheduler
from bots.common.subscriptions.records import Subscription
from bots.telegram_bot.handlers import (on_button, on_command, on_error, on_location, on_photo, on_text,
                                        on_unknown_command, on_unreadable)
from bots.telegram_bot.inline import on_inline_query
from bots.telegram_bot.ordering import ChatOrderedProcessor
from bots.telegram_bot.port import TelegramPort
from bots.telegram_bot.webhook import run_webhook

log = logging.getLogger("odbchat.telegram")

#: New and edited messages (an edit is answered as a new question), button presses and inline queries.
ALLOWED_UPDATES = [Update.MESSAGE, Update.EDITED_MESSAGE, Update.CALLBACK_QUERY, Update.INLINE_QUERY]
#: Seconds one Bot API call may take before it counts as failed (PTB's default is 5).
SEND_TIMEOUT = 20.0
#: Updates handled at once across all chats (one chat's updates stay in order).
CONCURRENT_UPDATES = 256


async def post_init(app: Application) -> None:
    """Open the services and the conversation, publish the command menus, start the scheduler."""
    settings: BotSettings = app.bot_data["settings"]
    services = await open_services(settings, settings.telegram_rate_limit_per_minute)
    app.bot_data["services"] = services
    app.bot_data["conversation"] = Conversation(services)
    with contextlib.suppress(TelegramError):
        offered = app.bot_data["offered"]
        await app.bot.set_my_commands(cc.command_menu("en", offered))
        await app.bot.set_my_commands(cc.command_menu("zh", offered), language_code="zh")

    def port_for(sub: Subscription) -> TelegramPort:  # a firing goes to the subscriber's chat as any answer
        return TelegramPort(app.bot, int(sub.chat_id))

    app.bot_data["scheduler"] = start_scheduler(services, port_for)


async def post_shutdown(app: Application) -> None:
    """Stop the scheduler and close the services."""
    services: ConversationServices | None = app.bot_data.get("services")
    if services is not None:
        await close_services(services, app.bot_data.get("scheduler"))


def build_application(settings: BotSettings, *, webhook: bool = False) -> Application:
    """Return the configured (not yet started) python-telegram-bot Application."""
    token = settings.telegram_bot_token.get_secret_value()
    if not token:
        raise ValueError("TELEGRAM_BOT_TOKEN is not set")
    builder = (ApplicationBuilder()
               .token(token)
               .base_url(settings.telegram_base_url)
               # Telegram's flood limits, and `429 retry after` waited out and retried.
               .rate_limiter(AIORateLimiter(max_retries=5))
               .concurrent_updates(ChatOrderedProcessor(CONCURRENT_UPDATES))
               # A slow send is waited for rather than retried: a retry after a timeout could
               # deliver the answer twice.
               .read_timeout(SEND_TIMEOUT).write_timeout(SEND_TIMEOUT)
               .post_init(post_init)
               .post_shutdown(post_shutdown))
    if webhook:
        builder = builder.updater(None)
    app = builder.build()
    app.bot_data["settings"] = settings

    # Edited messages count as new ones (CommandHandler takes both by default).
    app.add_handler(CommandHandler(list(COMMANDS), on_command))
    app.add_handler(CallbackQueryHandler(on_button))
    app.add_handler(InlineQueryHandler(on_inline_query))
    messages = filters.UpdateType.MESSAGES
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & (filters.LOCATION | filters.VENUE), on_location))
    app.add_handler(MessageHandler(messages & (filters.PHOTO | filters.Document.ALL) & filters.CAPTION, on_photo))
    app.add_handler(MessageHandler(messages & (filters.PHOTO | filters.Document.ALL | filters.Sticker.ALL
                                               | filters.VOICE | filters.AUDIO | filters.VIDEO
                                               | filters.VIDEO_NOTE | filters.ANIMATION), on_unreadable))
    app.add_handler(MessageHandler(messages & filters.COMMAND, on_unknown_command))
    app.add_handler(MessageHandler(messages & filters.TEXT & ~filters.COMMAND, on_text))
    app.add_error_handler(on_error)
    app.bot_data["offered"] = tuple(name for name in cc.MENU if name in COMMANDS)
    return app


async def set_webhook(app: Application, settings: BotSettings) -> None:
    """Register the webhook with Telegram (URL, secret, max_connections, the updates we handle)."""
    async with app.bot:
        await app.bot.set_webhook(settings.telegram_webhook_url,
                                  secret_token=settings.telegram_webhook_secret.get_secret_value(),
                                  max_connections=settings.telegram_webhook_max_connections,
                                  allowed_updates=ALLOWED_UPDATES)


def main(argv: list[str] | None = None) -> int:
    """Run the Telegram bot until stopped; return the exit status (0 ok, 1 failed, 2 bad configuration)."""
    parser = argparse.ArgumentParser(prog="odbchat telegram", description="ODBchat Telegram bot")
    parser.add_argument("--webhook", action="store_true", help="serve webhook calls even if not configured")
    parser.add_argument("--set-webhook", action="store_true",
                        help="register TELEGRAM_WEBHOOK_URL with Telegram and exit (one deploy step)")
    # None = no options: `odbchat telegram` calls main() while sys.argv holds the CLI's words.
    args = parser.parse_args(argv or [])
    settings = get_bot_settings()
    setup_logging(settings.odbchat_log_level, settings.secrets())
    if not settings.telegram_bot_token.get_secret_value():
        log.error("TELEGRAM_BOT_TOKEN is not set")
        return 2
    webhook = bool(settings.telegram_webhook_url) or args.webhook or args.set_webhook
    if webhook and not settings.telegram_webhook_secret.get_secret_value():
        log.error("webhook mode needs TELEGRAM_WEBHOOK_SECRET (Telegram sends it with every update)")
        return 2
    if webhook and not settings.telegram_webhook_url:
        log.error("webhook mode needs TELEGRAM_WEBHOOK_URL")
        return 2

    def run() -> int | None:
        app = build_application(settings, webhook=webhook)
        if args.set_webhook:
            asyncio.run(set_webhook(app, settings))
            return 0
        if webhook:
            return asyncio.run(run_webhook(app, settings))
        app.run_polling(allowed_updates=ALLOWED_UPDATES, close_loop=False)
        return 0

    return run_guarded(run, log, "telegram", (InvalidToken,), "the Bot API server rejected TELEGRAM_BOT_TOKEN")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
