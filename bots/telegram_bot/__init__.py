"""Telegram adapter (python-telegram-bot 22): an update becomes an `Incoming` for the shared
conversation (bots/common/conversation.py); its replies come back through a `TelegramPort`.

Run with `odbchat telegram` (or `python -m bots.telegram_bot`). Long polling by default;
webhook workers when `TELEGRAM_WEBHOOK_URL` is set. The modules, in the order a message
meets them: `app` (Application, handlers, services, main), `ordering` (one chat's updates in
order), `handlers` (update → Incoming), `port` (the answer in Telegram's way), `keyboards`
(buttons), `sending` (flood-safe delivery), `markup` (HTML), `webhook`.
"""
from bots.telegram_bot.app import build_application, main
from bots.telegram_bot.markup import render_text, split_html

__all__ = ["build_application", "main", "render_text", "split_html"]
