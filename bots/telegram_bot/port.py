"""The conversation's port on Telegram: answers in HTML (table in <pre>, code in <pre><code>,
picture by sendPhoto), inline buttons from the reply, "typing…", the /home location keyboard.

Every send goes through the flood-safe sender (`sending.py`); in groups, where several talk,
the port quotes the message it answers.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass

from telegram import Bot, KeyboardButton, ReplyKeyboardMarkup, ReplyKeyboardRemove
from telegram.constants import ChatAction
from telegram.error import TelegramError

from bots.common.port import Outcome, Shown
from bots.telegram_bot.keyboards import answer_buttons
from bots.telegram_bot.markup import reply_html
from bots.telegram_bot.sending import Markup, send_html, send_photo, send_text


@dataclass
class TelegramPort:
    """Speaks in one chat, quoting `reply_to` (the question, in groups)."""

    bot: Bot
    chat_id: int
    reply_to: int | None = None

    async def show(self, shown: Shown) -> Outcome:
        """Send the answer: a picture captioned by the headline, then the rest; buttons under the last message."""
        reply = shown.reply
        markup = answer_buttons(reply.buttons)
        if not reply.image:
            return await send_html(self.bot, self.chat_id, reply_html(reply), reply_to=self.reply_to, markup=markup)
        rest = reply_html(reply, headline=False)
        caption = reply.headline or reply.image_alt
        outcome = await send_photo(self.bot, self.chat_id, reply.image, caption, reply_to=self.reply_to,
                                   markup=None if rest else markup)
        if outcome == "sent" and rest:
            outcome = await send_html(self.bot, self.chat_id, rest, markup=markup)
        return outcome

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        """Send plain text, with the one-tap location keyboard or closing it when asked."""
        markup: Markup | None = None
        if location_button:
            markup = ReplyKeyboardMarkup([[KeyboardButton(location_button, request_location=True)]],
                                         resize_keyboard=True, one_time_keyboard=True)
        elif close_keyboard:
            markup = ReplyKeyboardRemove()
        return await send_text(self.bot, self.chat_id, text, reply_to=self.reply_to, markup=markup)

    async def say_privately(self, text: str) -> Outcome:
        """Send plain text (a bot has no private reply in a chat: the asker is quoted in groups)."""
        return await self.say(text)

    async def typing(self) -> None:
        """Show "typing…" in the chat for about 5 seconds."""
        with contextlib.suppress(TelegramError):
            await self.bot.send_chat_action(self.chat_id, ChatAction.TYPING)
