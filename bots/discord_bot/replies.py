"""Replies to the bot's answers in Discord channels: a message that replies to one of its answers
(or mentions the bot) is a question, asked with that answer's place and day.

Slash commands carry no message reference, so a reply is an ordinary message. Without the
privileged message-content intent Discord still gives the bot the text of a message that
mentions it, which a reply does unless the user turns the ping off (then it is left alone).
"""
from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from typing import Any

import discord

from bots.common.conversation import Conversation
from bots.common.incoming import Incoming, Text
from bots.common.port import Outcome, Shown
from bots.discord_bot.port import answer_batches

PLATFORM = "discord"
_NO_MENTIONS = discord.AllowedMentions.none()


def _replied_to_me(message: discord.Message, me: Any) -> bool:
    """Return True when `message` replies to a message of the bot's (as far as Discord resolved it)."""
    resolved = message.reference.resolved if message.reference is not None else None
    author = getattr(resolved, "author", None)   # None: not resolved, or the message was deleted
    return author is not None and author.id == me.id


def question_of(message: discord.Message, me: Any) -> Incoming | None:
    """Return the message as the conversation reads it when it replies to or mentions the bot, else None."""
    if message.author.bot or me is None:
        return None
    to_me = _replied_to_me(message, me)
    if not (to_me or any(user.id == me.id for user in message.mentions)):
        return None
    text = re.sub(rf"<@!?{me.id}>", " ", message.content or "").strip()
    if not text:  # a reply whose ping was turned off: Discord gives no text to read
        return None
    guild = message.guild
    locale = getattr(getattr(guild, "preferred_locale", None), "value", None) if guild is not None else None
    reference = message.reference
    return Incoming(platform=PLATFORM, user_id=str(message.author.id), chat_id=str(message.channel.id),
                    content=Text(text), is_group=guild is not None, locale=locale, time=message.created_at,
                    deliver_to=str(message.author.id), replies_to_bot=to_me,
                    replies_to=str(reference.message_id) if reference is not None and reference.message_id else None)


@dataclass
class MessagePort:
    """Answers a message by replying to it (embeds as for a slash command, no pings)."""

    message: discord.Message
    sent_ids: list[int] = field(default_factory=list)

    async def show(self, shown: Shown) -> Outcome:
        """Send the answer's embeds in replies to the message; return the outcome."""
        self.sent_ids = []
        try:
            for batch in answer_batches(shown):
                sent = await self.message.reply(allowed_mentions=_NO_MENTIONS, **batch)
                self.sent_ids.append(sent.id)
        except discord.Forbidden:
            return "blocked"
        except discord.HTTPException:
            return "failed"
        return "sent"

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        """Reply with plain text (Discord has no location button)."""
        try:
            await self.message.reply(text, allowed_mentions=_NO_MENTIONS)
        except discord.HTTPException:
            return "failed"
        return "sent"

    async def say_privately(self, text: str) -> Outcome:
        """Reply with plain text (a message has no ephemeral reply)."""
        return await self.say(text)

    async def typing(self) -> None:
        """Show "typing…" in the channel for a few seconds."""
        with contextlib.suppress(discord.HTTPException):
            await self.message.channel.typing()


async def on_message(client: Any, message: discord.Message) -> None:
    """Answer a message replying to (or mentioning) the bot through the conversation; others are left alone."""
    services = getattr(client, "services", None)
    incoming = question_of(message, client.user) if services is not None else None
    if incoming is not None:
        await Conversation(services).handle(incoming, MessagePort(message))
