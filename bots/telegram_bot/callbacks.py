"""Button presses (callback queries) under a tide answer: tomorrow's tide, the chart, save as home."""
from __future__ import annotations

import contextlib
import logging

from telegram import Message, Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bots.common import chat_commands as cc
from bots.telegram_bot.asking import ask, rate_ok
from bots.telegram_bot.home import save_home_fields
from bots.telegram_bot.keyboards import parse_button
from bots.telegram_bot.sending import send_text
from bots.telegram_bot.services import reply_lang, services_of, user_settings

log = logging.getLogger("odbchat.telegram")


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer a button press: tomorrow's tide, the chart, or saving the place as home."""
    query = update.callback_query
    services = services_of(context)
    user = await user_settings(services, update)
    lang = reply_lang(services, update, user)
    with contextlib.suppress(TelegramError):
        await query.answer()  # stops the button's spinner
    message = query.message
    if not isinstance(message, Message):  # too old: Telegram no longer gives the bot its message
        return
    parsed = parse_button(query.data)
    if parsed is None:
        await send_text(context.bot, message.chat_id, cc.message("button_expired", lang))
        return
    kind, lon, lat, extra = parsed
    if kind == "h":
        await save_home_fields(services, update, {"home_name": extra or None, "home_lon": lon, "home_lat": lat},
                               lang)
        return
    if not await rate_ok(services, update, lang):
        return
    tz = cc.effective_tz(user, services.default_tz)
    tool = "tide.chart" if kind == "c" else "tide.forecast"
    question = cc.build_question(cc.format_point(lon, lat), tz=tz, moment=None, lang=lang,
                                 request={"tool": tool, "point": (lon, lat), "date": extra})
    log.info("button", extra={"kind": kind})
    await ask(services, update, message, question, lang)
