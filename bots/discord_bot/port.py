"""The conversation's ports on Discord: follow-ups to a deferred interaction, and direct messages
to a user (subscription firings, which answer no interaction).

Answers are embeds (with their picture or code file attached); a private text is ephemeral,
replacing the public "thinking…" message; Discord shows "thinking…" itself, so `typing` does
nothing. An interaction deferred ephemerally (settings, subscriptions) says everything ephemerally.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

import discord

from bots.common import chat_commands as cc
from bots.common.port import Outcome, Shown
from bots.discord_bot.embeds import reply_embeds

_NO_MENTIONS = discord.AllowedMentions.none()


def answer_batches(shown: Shown) -> list[dict[str, Any]]:
    """Return the answer as the keyword arguments of its messages: its embeds, ten a message, the
    files with the first."""
    embeds, files = reply_embeds(shown, cc.message("error", shown.lang))
    batches: list[dict[str, Any]] = []
    for start in range(0, len(embeds), 10):  # at most 10 embeds per message
        extra: dict[str, Any] = {}
        if start == 0 and files:
            extra = {"file": files[0]} if len(files) == 1 else {"files": files}
        batches.append({"embeds": embeds[start:start + 10], **extra})
    return batches


@dataclass
class DiscordPort:
    """Follows up one interaction (already deferred, ephemerally when `ephemeral`)."""

    interaction: discord.Interaction
    ephemeral: bool = False
    #: The ids of the messages the last `show` sent, for a later reply to one of them.
    sent_ids: list[int] = field(default_factory=list)

    async def show(self, shown: Shown) -> Outcome:
        """Send the answer's embeds, ten a message, the files with the first."""
        self.sent_ids = []
        for batch in answer_batches(shown):
            sent = await self.interaction.followup.send(ephemeral=self.ephemeral, allowed_mentions=_NO_MENTIONS,
                                                        wait=True, **batch)
            if getattr(sent, "id", None) is not None:
                self.sent_ids.append(sent.id)
        return "sent"

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        """Send plain text (Discord has no location button: the text alone)."""
        await self.interaction.followup.send(text, ephemeral=self.ephemeral, allowed_mentions=_NO_MENTIONS)
        return "sent"

    async def say_privately(self, text: str) -> Outcome:
        """Replace the public "thinking…" message by an ephemeral text only the user sees."""
        if not self.ephemeral:
            with contextlib.suppress(discord.HTTPException, AttributeError):
                await self.interaction.delete_original_response()
        await self.interaction.followup.send(text, ephemeral=True, allowed_mentions=_NO_MENTIONS)
        return "sent"

    async def typing(self) -> None:
        """Nothing: the deferred interaction shows "thinking…" until the follow-up."""


@dataclass
class DirectPort:
    """Speaks to one user by direct message: a firing's answer as the same embeds as a follow-up."""

    client: discord.Client
    user_id: int

    async def _send(self, **message: Any) -> Outcome:
        try:
            user = self.client.get_user(self.user_id) or await self.client.fetch_user(self.user_id)
            await user.send(allowed_mentions=_NO_MENTIONS, **message)
        except discord.Forbidden:   # DMs closed, or the bot blocked: the subscriptions are paused
            return "blocked"
        except (discord.HTTPException, ValueError):
            return "failed"
        return "sent"

    async def show(self, shown: Shown) -> Outcome:
        """Send the answer's embeds, ten a message, the files with the first."""
        embeds, files = reply_embeds(shown, cc.message("error", shown.lang))
        outcome: Outcome = "sent"
        for start in range(0, len(embeds), 10):
            extra: dict[str, Any] = {"files": files} if start == 0 and files else {}
            outcome = await self._send(embeds=embeds[start:start + 10], **extra)
            if outcome != "sent":
                break
        return outcome

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        """Send plain text, 2,000 characters a message (Discord's limit)."""
        outcome: Outcome = "sent"
        for start in range(0, len(text), 2000):
            outcome = await self._send(content=text[start:start + 2000])
            if outcome != "sent":
                break
        return outcome

    async def say_privately(self, text: str) -> Outcome:
        """Send plain text (a direct message is private already)."""
        return await self.say(text)

    async def typing(self) -> None:
        """Nothing: a firing is sent at once."""
