"""Telegram updates translated for the conversation: a command, text, a pin, a captioned photo or
a button press becomes an `Incoming`; the reply goes out through a `TelegramPort`."""
from __future__ import annotations

import contextlib
import logging
from datetime import datetime, timezone

from telegram import Message, Update
from telegram.constants import ChatType, MessageEntityType
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bots.common import chat_commands as cc
from bots.common.conversation import Conversation
from bots.common.incoming import Command, Content, Incoming, Location, Photo, Press, Text, Unreadable
from bots.common.settings_talk import is_home_prompt
from bots.telegram_bot.keyboards import parse_button
from bots.telegram_bot.port import TelegramPort
from bots.telegram_bot.sending import send_text

log = logging.getLogger("odbchat.telegram")

PLATFORM = "telegram"


def is_group(message: Message) -> bool:
    """Return True for group and supergroup chats."""
    return message.chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


def message_time(message: Message) -> datetime:
    """Return when Telegram received the message (aware UTC): the question's "now"."""
    moment = message.date or datetime.now(timezone.utc)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


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


def answers_home_prompt(message: Message, bot_id: int) -> bool:
    """Return True when the message replies to the bot's /home prompt."""
    replied = message.reply_to_message
    return bool(replied and replied.from_user and replied.from_user.id == bot_id and is_home_prompt(replied.text))


def incoming(update: Update, message: Message, content: Content, *, addressed: bool = True,
             home_prompt: bool = False) -> Incoming:
    """Return the update as the conversation reads it."""
    user = update.effective_user
    chat_id = message.chat_id
    replied = message.reply_to_message
    to_bot = bool(replied and replied.from_user and replied.from_user.id == message.get_bot().id)
    return Incoming(platform=PLATFORM, user_id=str(user.id if user else chat_id), chat_id=str(chat_id),
                    content=content, is_group=is_group(message), addressed=addressed,
                    locale=user.language_code if user else None, time=message_time(message),
                    answers_home_prompt=home_prompt, replies_to_bot=to_bot and is_group(message),
                    replies_to=str(replied.message_id) if replied is not None and to_bot else None)


def port_for(message: Message) -> TelegramPort:
    """Return the port answering in `message`'s chat (quoting it in groups, where several talk)."""
    user = message.from_user
    return TelegramPort(message.get_bot(), message.chat_id, message.message_id if is_group(message) else None,
                        user.id if user else None)


async def _handle(context: ContextTypes.DEFAULT_TYPE, update: Update, message: Message, content: Content,
                  **flags: bool) -> None:
    conversation: Conversation = context.application.bot_data["conversation"]
    await conversation.handle(incoming(update, message, content, **flags), port_for(message))


async def on_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Any command the conversation knows (`/tide@bot 基隆` → tide, 基隆)."""
    message = update.effective_message
    words = (message.text or "").split(maxsplit=1)
    name = words[0][1:].split("@", 1)[0].lower() if words else ""
    await _handle(context, update, message, Command(name, words[1].strip() if len(words) > 1 else ""))


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Free text (in groups the conversation answers only when the bot is addressed)."""
    message = update.effective_message
    text = addressed_text(message, context.bot.username, context.bot.id)
    await _handle(context, update, message, Text(message.text or "" if text is None else text),
                  addressed=text is not None, home_prompt=answers_home_prompt(message, context.bot.id))


async def on_location(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A location pin or a venue's point."""
    message = update.effective_message
    location = message.venue.location if message.venue else message.location
    if location is None:
        return
    pin = Location(float(location.longitude), float(location.latitude),
                   title=message.venue.title if message.venue else None)
    await _handle(context, update, message, pin, home_prompt=answers_home_prompt(message, context.bot.id))


async def on_photo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A photo or file with a caption: the caption is the question (in private chats)."""
    message = update.effective_message
    await _handle(context, update, message, Photo(message.caption or ""), addressed=not is_group(message))


async def on_unreadable(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A sticker, or a picture or file with no caption: a short word in private chats, silence in groups."""
    message = update.effective_message
    kind = "sticker" if message.sticker else "photo" if message.photo else "file"
    await _handle(context, update, message, Unreadable(kind), addressed=not is_group(message))


async def on_unknown_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command the bot does not have (`/tied`): answered in private chats, and in groups only
    when it names this bot (`/tied@bot`): a bare unknown command there may be another bot's."""
    message = update.effective_message
    word = (message.text or "").split(maxsplit=1)[0] if (message.text or "").strip() else ""
    named = word.partition("@")[2].lower()
    if named and named != (context.bot.username or "").lower():
        return  # another bot's command
    if is_group(message) and not named:
        return
    await on_command(update, context)


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A button press under an answer."""
    query = update.callback_query
    with contextlib.suppress(TelegramError):
        await query.answer()  # stops the button's spinner
    message = query.message
    if not isinstance(message, Message):  # too old: Telegram no longer gives the bot its message
        return
    await _handle(context, update, message, Press(parse_button(query.data)))


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log a handler failure (the log filter removes the token) and tell the user politely."""
    log.error("update handling failed", extra={"error": type(context.error).__name__}, exc_info=context.error)
    if not isinstance(update, Update) or update.effective_chat is None:
        return
    text = update.effective_message.text if update.effective_message else None
    lang = cc.pick_lang(None, text=text, locale=update.effective_user.language_code if update.effective_user else None)
    with contextlib.suppress(Exception):
        await send_text(context.bot, update.effective_chat.id, cc.message("error", lang))
