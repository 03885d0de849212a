"""The settings commands: /settings, /tz, /lang, /home (offering a one-tap location button), /forget."""
from __future__ import annotations

import asyncio

from telegram import KeyboardButton, ReplyKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bots.common import chat_commands as cc
from bots.telegram_bot.home import HOME_PROMPT_MINUTES, prompt_key, save_home
from bots.telegram_bot.sending import reply
from bots.telegram_bot.services import PLATFORM, arg_text, reply_lang, services_of, uid, user_settings

async def on_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/settings`: the user's zone, language and home."""
    services = services_of(context)
    user = await user_settings(services, update)
    await reply(update.effective_message, cc.settings_text(user, reply_lang(services, update, user), services.default_tz))


async def on_tz(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/tz ZONE`: validate and save the user's time zone (no argument: show it)."""
    services = services_of(context)
    chat_id = update.effective_chat.id
    user = await user_settings(services, update)
    lang = reply_lang(services, update, user)
    arg = arg_text(update.effective_message)
    if not arg:
        await reply(update.effective_message, cc.message("tz_show", lang, tz=cc.effective_tz(user, services.default_tz)))
        return
    try:
        zone = cc.parse_tz_arg(arg)
    except ValueError:
        await reply(update.effective_message, cc.message("tz_bad", lang, value=arg[:64]))
        return
    await asyncio.to_thread(services.store.update, PLATFORM, uid(update), tz=zone)
    await reply(update.effective_message, cc.message("tz_set", lang, tz=zone))


async def on_lang(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/lang zh|en`: save the reply language."""
    services = services_of(context)
    user = await user_settings(services, update)
    chosen = cc.parse_lang_arg(arg_text(update.effective_message))
    if chosen is None:
        await reply(update.effective_message, cc.message("lang_bad", reply_lang(services, update, user)))
        return
    await asyncio.to_thread(services.store.update, PLATFORM, uid(update), lang=chosen)
    await reply(update.effective_message, cc.message("lang_set", chosen))


async def on_home(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/home PLACE | lon,lat`: save a home place; no argument offers a one-tap location button."""
    services = services_of(context)
    arg = arg_text(update.effective_message)
    if arg:
        await save_home(services, update, arg)
        return
    user = await user_settings(services, update)
    lang = reply_lang(services, update, user)
    await asyncio.to_thread(services.store.set_context, PLATFORM, prompt_key(update), {"prompt": "home"},
                            ttl_s=HOME_PROMPT_MINUTES * 60)
    keyboard = ReplyKeyboardMarkup([[KeyboardButton(cc.message("home_button", lang), request_location=True)]],
                                   resize_keyboard=True, one_time_keyboard=True)
    await reply(update.effective_message, cc.message("home_ask", lang), markup=keyboard)


async def on_forget(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/forget`: delete everything stored about the user (settings, subscriptions, contexts)."""
    services = services_of(context)
    user = await user_settings(services, update)
    lang = reply_lang(services, update, user)
    deleted = await asyncio.to_thread(services.store.forget, PLATFORM, uid(update))
    await reply(update.effective_message, cc.message("forgot" if deleted else "forgot_none", lang))
