"""The conversation's port on Telegram: answers in HTML (table in <pre>, code in <pre><code>,
picture by sendPhoto), inline buttons from the reply, "typing…", the /home location keyboard.

Every send goes through the flood-safe sender (`sending.py`); in groups, where several talk,
the port quotes the message it answers.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from telegram import Bot, KeyboardButton, ReplyKeyboardMarkup, ReplyKeyboardRemove
from telegram.constants import ChatAction
from telegram.error import TelegramError

from bots.common import chat_commands as cc
from bots.common.port import Outcome, Shown
from bots.telegram_bot.keyboards import answer_buttons
from bots.telegram_bot.markup import reply_html
from bots.telegram_bot.sending import Markup, send_document, send_html, send_photo, send_text

#: Code longer than this (characters) goes as a `.py` file: a message holds at most 4096 and a
#: program cut across messages cannot be copied whole.
CODE_INLINE_LIMIT = 3000


@dataclass
class TelegramPort:
    """Speaks in one chat, quoting `reply_to` (the question, in groups)."""

    bot: Bot
    chat_id: int
    reply_to: int | None = None
    #: The asker, reachable in a private chat (used for replies holding their own settings).
    user_id: int | None = None
    #: The ids of the messages the last `show` sent, for a later reply to one of them.
    sent_ids: list[int] = field(default_factory=list)

    async def show(self, shown: Shown) -> Outcome:
        """Send the answer: a picture captioned by the headline, then the rest; buttons under the last message."""
        self.sent_ids = []
        return await self._show(shown)

    async def _show(self, shown: Shown) -> Outcome:
        reply, sent = shown.reply, self.sent_ids
        markup = answer_buttons(reply.buttons)
        code = reply.code
        if code is not None and len(code.source) > CODE_INLINE_LIMIT:  # the text, then the program as a file
            outcome = await self._show(Shown(reply=reply.model_copy(update={"code": None, "buttons": []}),
                                             lang=shown.lang, title=shown.title, source=shown.source))
            if outcome == "sent":
                outcome = await send_document(self.bot, self.chat_id, code.source.encode(), code.filename,
                                              code.filename, markup=markup, sent=sent)
            return outcome
        attachment = reply.attachment
        if attachment is not None and attachment.data:   # the text, then the file (a calendar) with the buttons
            outcome = await self._show(Shown(reply=reply.model_copy(update={"attachment": None, "buttons": []}),
                                             lang=shown.lang, title=shown.title, source=shown.source))
            if outcome == "sent":
                outcome = await send_document(self.bot, self.chat_id, attachment.data, attachment.filename,
                                              attachment.filename, markup=markup, sent=sent)
            return outcome
        if not reply.image:
            return await send_html(self.bot, self.chat_id, reply_html(reply, lang=shown.lang), reply_to=self.reply_to,
                                   markup=markup, sent=sent)
        rest = reply_html(reply, headline=False, lang=shown.lang)
        caption = reply.headline or reply.image_alt
        outcome = await send_photo(self.bot, self.chat_id, reply.image, caption, reply_to=self.reply_to,
                                   markup=None if rest else markup, sent=sent)
        if outcome == "sent" and rest:
            outcome = await send_html(self.bot, self.chat_id, rest, markup=markup, sent=sent)
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

    async def say_personal(self, text: str) -> Outcome:
        """Send `text` in the asker's private chat and say so here (in a private chat: just send it).

        A user who never opened a private chat cannot be written to first (Telegram's rule): the
        group is told how to open one."""
        if self.user_id is None or self.user_id == self.chat_id:
            return await self.say(text)
        lang = cc.pick_lang(None, text=text)
        if await send_text(self.bot, self.user_id, text) == "sent":
            return await self.say(cc.message("sent_privately", lang))
        link = f"https://t.me/{self.bot.username}"
        return await self.say(cc.message("start_private", lang, link=link))

    async def typing(self) -> None:
        """Show "typing…" in the chat for about 5 seconds."""
        with contextlib.suppress(TelegramError):
            await self.bot.send_chat_action(self.chat_id, ChatAction.TYPING)
