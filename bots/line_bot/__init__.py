"""LINE adapter (line-bot-sdk v3): a webhook event becomes an `Incoming` for the shared
conversation (bots/common/conversation.py); its replies go back through a `LinePort`.

Run with `odbchat line` (or `python -m bots.line_bot`). The modules, in the order an event
meets them: `webhook` (signature, inbox, health, pictures, SIGTERM), `app` (settings, the
bot, subscriptions by push), `events` (event → Incoming), `port` (reply token, then push),
`messages` (an answer's parts as LINE messages), `images` (signed chart picture URLs).
"""
from bots.line_bot.app import main

__all__ = ["main"]
