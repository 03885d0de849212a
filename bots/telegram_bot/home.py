"""The home place: saved from `/home PLACE`, from a pin shared with the one-tap location
button (which also sets the user's zone), or from the "save as home" button under an answer."""
from __future__ import annotations

import asyncio

from telegram import Message, ReplyKeyboardRemove, Update

from bots.common import chat_commands as cc
from bots.common.chat_context import context_key
from bots.telegram_bot.sending import reply
from bots.telegram_bot.services import PLATFORM, Services, reply_lang, uid, user_settings

#: Minutes a "share my location" prompt waits for the pin.
HOME_PROMPT_MINUTES = 10.0


def prompt_key(update: Update) -> str:
    """Return the store key marking that this user in this chat was asked to share a location for /home."""
    return context_key(update.effective_chat.id, uid(update), "home-prompt")


def is_home_prompt_reply(message: Message, bot_id: int) -> bool:
    """Return True when the message replies to the bot's /home prompt."""
    replied = message.reply_to_message
    if not (replied and replied.from_user and replied.from_user.id == bot_id and replied.text):
        return False
    return any(replied.text.startswith(cc.message("home_ask", lang)[:12]) for lang in ("zh", "en"))


async def awaiting_home_pin(services: Services, update: Update) -> bool:
    """Return True (and clear the mark) when the user was just asked to share a location for /home."""
    mark = await asyncio.to_thread(services.store.get_context, PLATFORM, prompt_key(update))
    if not mark:
        return False
    await asyncio.to_thread(services.store.set_context, PLATFORM, prompt_key(update), {}, ttl_s=0)
    return True


async def save_home(services: Services, update: Update, arg: str) -> None:
    """Save `/home PLACE | lon,lat` and confirm (or explain what was wrong)."""
    user = await user_settings(services, update)
    lang = reply_lang(services, update, user)
    try:
        fields = cc.parse_home_arg(arg)
    except ValueError as exc:  # an unknown place or a point out of range: nothing is saved
        await reply(update.effective_message, cc.home_refusal(exc, lang))
        return
    if not fields:
        await reply(update.effective_message, cc.message("home_ask", lang))
        return
    await save_home_fields(services, update, fields, lang)


async def save_home_fields(services: Services, update: Update, fields: dict[str, object], lang: cc.Lang) -> None:
    """Store the home fields and confirm."""
    saved = await asyncio.to_thread(services.store.update, PLATFORM, uid(update), **fields)
    await reply(update.effective_message, cc.message("home_set", lang, place=cc.home_label(saved)))


async def save_home_point(services: Services, update: Update, lon: float, lat: float, lang: cc.Lang) -> None:
    """Store a shared pin as home and, from it, the user's zone; confirm and remove the location button."""
    user = await user_settings(services, update)
    zone = await asyncio.to_thread(cc.tz_for_point, lon, lat, cc.effective_tz(user, services.default_tz))
    saved = await asyncio.to_thread(services.store.update, PLATFORM, uid(update),
                                    home_name=None, home_lon=lon, home_lat=lat, tz=zone)
    await reply(update.effective_message, cc.message("home_set_tz", lang, place=cc.home_label(saved), tz=zone),
                    markup=ReplyKeyboardRemove())
