"""Questions: free text, place commands and location pins go to the core; answers come back.

Every path ends in `ask`: it asks the router (bounded in time), keeps the chat's follow-up
context, and sends the answer through the flood-safe sender. A computed answer is sent,
late if need be; an error text is sent only when nothing was computed.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from telegram import Message, Update
from telegram.constants import ChatAction, MessageEntityType
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bots.common import chat_commands as cc
from bots.common.chat_context import context_key, load_context, save_context
from bots.telegram_bot.home import awaiting_home_pin, is_home_prompt_reply, save_home, save_home_point
from bots.telegram_bot.keyboards import answer_buttons
from bots.telegram_bot.markup import render_text
from bots.telegram_bot.sending import reply, send_html, send_photo, send_text
from bots.telegram_bot.subscribing import subscription_in_words
from bots.telegram_bot.services import (PLATFORM, Services, arg_text, is_group, message_time, reply_lang,
                                        services_of, uid, user_settings)
from core.envelope import Answer, Question
from core.tools.catalog import CATALOG

log = logging.getLogger("odbchat.telegram")

#: Seconds one question may take in the core before the user gets a polite timeout reply.
ANSWER_TIMEOUT = 90.0


#: An answer ready sooner than this needs no "typing…" (under a burst, every action costs a send).
TYPING_AFTER = 0.8


async def _typing(message: Message) -> None:
    with contextlib.suppress(TelegramError):
        await message.get_bot().send_chat_action(message.chat_id, ChatAction.TYPING)


async def _keep_typing(message: Message) -> None:
    # Telegram shows "typing…" for ~5 s per action; repeat until the answer is sent.
    await asyncio.sleep(TYPING_AFTER)
    while True:
        await _typing(message)
        await asyncio.sleep(4.5)


async def ask(services: Services, update: Update, message: Message, question: Question, lang: cc.Lang) -> None:
    """Ask the router and send its answer to `message`'s chat (with buttons or a picture); never a traceback."""
    typing = asyncio.create_task(_keep_typing(message))
    answer: Answer | None = None
    failure = "error"
    try:
        answer = await asyncio.wait_for(services.router.answer(question), ANSWER_TIMEOUT)
    except asyncio.TimeoutError:
        failure = "timeout"
        log.warning("router timed out", extra={"seconds": ANSWER_TIMEOUT})
    except Exception as exc:
        log.error("router failed", extra={"error": type(exc).__name__}, exc_info=exc)
    finally:
        typing.cancel()
    reply_to = message.message_id if is_group(message) else None
    bot, chat_id = message.get_bot(), message.chat_id
    if answer is None or not answer.text.strip():
        await send_text(bot, chat_id, cc.message(failure, lang), reply_to=reply_to)
        return
    with contextlib.suppress(Exception):  # losing a follow-up context must not lose the answer
        await asyncio.to_thread(save_context, services.store, PLATFORM, context_key(update.effective_chat.id, uid(update)), answer,
                                services.settings.chat_context_minutes)
    markup = answer_buttons(answer, lang)
    image = answer.image
    if image:
        caption = answer.text.strip().splitlines()[0]
        outcome = await send_photo(bot, chat_id, image, caption, reply_to=reply_to, markup=markup)
    elif preformatted(answer):  # a table (the week ahead) keeps its columns in a <pre> block
        outcome = await send_html(bot, chat_id, f"<pre>{render_text(answer.text)}</pre>", reply_to=reply_to,
                                  markup=markup)
    else:
        outcome = await send_text(bot, chat_id, answer.text, reply_to=reply_to, markup=markup)
    if outcome != "sent":
        log.error("answer not delivered", extra={"outcome": outcome, "tool": answer.tool})


def preformatted(answer: Answer) -> bool:
    """Return True when the answer's tool lays its text out in columns (shown in monospace)."""
    tool = CATALOG.get(answer.tool or "")
    return bool(tool is not None and tool.preformatted)


async def rate_ok(services: Services, update: Update, lang: cc.Lang) -> bool:
    """Return True when the user may ask now; otherwise tell them how long to wait."""
    key = f"{PLATFORM}:{uid(update)}"
    if await asyncio.to_thread(services.limiter.allow, key):
        return True
    wait = max(1, round(await asyncio.to_thread(services.limiter.retry_after, key)))
    await reply(update.effective_message, cc.message("rate_limited", lang, seconds=wait, limit=services.limiter.limit))
    return False


def addressed_text(message: Message, bot_username: str | None, bot_id: int) -> str | None:
    """Return the question text when the bot is addressed (private chat, mention, reply to it), else None."""
    text = message.text or ""
    if not is_group(message):
        return text
    replied = message.reply_to_message
    addressed = bool(replied and replied.from_user and replied.from_user.id == bot_id)
    for entity, value in message.parse_entities([MessageEntityType.MENTION,
                                                 MessageEntityType.TEXT_MENTION]).items():
        if entity.type == MessageEntityType.MENTION and bot_username and \
                value.lower() == f"@{bot_username.lower()}":
            addressed = True
            text = text.replace(value, " ")
        elif entity.type == MessageEntityType.TEXT_MENTION and entity.user and entity.user.id == bot_id:
            addressed = True
    return text.strip() if addressed else None


async def on_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/start` and `/help`: what the bot can do, with examples."""
    services = services_of(context)
    user = await user_settings(services, update)
    await reply(update.effective_message, cc.help_text(reply_lang(services, update, user)))


def place_handler(kind: str) -> Callable[[Update, ContextTypes.DEFAULT_TYPE], Awaitable[None]]:
    """Return the handler of `/tide|/sun|/sst|/weather|/chart|/week [place | lon,lat]`."""
    async def handler(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        services = services_of(context)
        message = update.effective_message
        user = await user_settings(services, update)
        lang = reply_lang(services, update, user)
        outcome = cc.place_command(kind, arg_text(message), lang, user)
        if outcome.reply:
            await reply(message, outcome.reply)
            return
        if not await rate_ok(services, update, lang):
            return
        tz = cc.effective_tz(user, services.default_tz)
        question = cc.build_question(message.text or f"/{kind}", tz=tz, moment=message_time(message),
                                     lang=lang, request=outcome.request)
        await ask(services, update, message, question, lang)

    handler.__doc__ = f"`/{kind} [place | lon,lat]`: the {kind} answer for a place, a point or the saved home."
    handler.__name__ = f"on_{kind}"
    return handler


async def on_location(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A location pin or venue: the tide there, in the pin's own zone."""
    services = services_of(context)
    message = update.effective_message
    location = message.venue.location if message.venue else message.location
    if location is None:
        return
    user = await user_settings(services, update)
    lang = reply_lang(services, update, user)
    lon, lat = float(location.longitude), float(location.latitude)
    if is_home_prompt_reply(message, context.bot.id) or await awaiting_home_pin(services, update):
        await save_home_point(services, update, lon, lat, lang)
        return
    if is_group(message):
        return  # in groups only commands and mentions are answered
    if not await rate_ok(services, update, lang):
        return
    tz = await asyncio.to_thread(cc.tz_for_point, lon, lat, cc.effective_tz(user, services.default_tz))
    question = cc.build_question(cc.format_point(lon, lat), tz=tz, moment=message_time(message), lang=lang,
                                 request={"tool": "tide.forecast", "point": (lon, lat)})
    await ask(services, update, message, question, lang)


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Free text: the question goes to the core router (in groups only when the bot is addressed)."""
    services = services_of(context)
    message = update.effective_message
    text = addressed_text(message, context.bot.username, context.bot.id)
    if text is None:
        return
    if is_home_prompt_reply(message, context.bot.id):
        await save_home(services, update, text)  # answering the /home prompt = `/home PLACE`
        return
    user = await user_settings(services, update)
    lang = reply_lang(services, update, user, text)
    refusal = cc.check_question(text, lang)
    if refusal:
        await reply(message, refusal)
        return
    if not await rate_ok(services, update, lang):
        return
    if await subscription_in_words(services, update, text):
        return
    tz = cc.effective_tz(user, services.default_tz)
    follow = await asyncio.to_thread(load_context, services.store, PLATFORM, context_key(update.effective_chat.id, uid(update)))
    question = cc.build_question(text, tz=tz, moment=message_time(message), lang=user.lang or "auto",
                                 context=follow)
    await ask(services, update, message, question, lang)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log a handler failure (the log filter removes the token) and tell the user politely."""
    log.error("update handling failed", extra={"error": type(context.error).__name__}, exc_info=context.error)
    if not isinstance(update, Update) or update.effective_chat is None:
        return
    text = update.effective_message.text if update.effective_message else None
    lang = cc.pick_lang(None, text=text, locale=update.effective_user.language_code if update.effective_user else None)
    with contextlib.suppress(Exception):
        await send_text(context.bot, update.effective_chat.id, cc.message("error", lang))
