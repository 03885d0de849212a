"""Telegram adapter (python-telegram-bot 22): a message becomes a Question, the core answers.

Run with `odbchat telegram` (or `python -m bots.telegram_bot`). Long polling by default;
webhook workers when `TELEGRAM_WEBHOOK_URL` is set. The modules, in the order a message
meets them: `app` (Application, handlers, main), `ordering` (one chat's updates in order),
`asking` (questions to the core), `settings_handlers`, `buttons`, `sending` (flood-safe
delivery), `markup` (HTML), `webhook`, `services` (what the handlers share).
"""
from bots.telegram_bot.app import build_application, main
from bots.telegram_bot.markup import render_text, split_html

__all__ = ["build_application", "main", "render_text", "split_html"]
