"""The list of slash commands one Discord client registers."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.discord_bot.commands import PLACE_COMMANDS, answer, bilingual, place_command
from bots.discord_bot.settings_command import settings_command
from bots.discord_bot.subscription_commands import subscription_commands


def build_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """Return fresh slash-command objects (one list per client, so no global tree state)."""
    @app_commands.command(name="ask", description=bilingual("chat.commands.ask"))
    @app_commands.describe(question=bilingual("chat.ask_example"))
    async def ask(interaction: discord.Interaction, question: app_commands.Range[str, 1, cc.MAX_QUESTION_CHARS]) -> None:
        """Answer any free-text question (or a subscription asked in words) through the conversation."""
        await answer(interaction, question)

    places = [place_command(kind, bilingual(f"chat.commands.{kind}"), with_days=days) for kind, days in PLACE_COMMANDS]
    return [ask, *places, settings_command(), *subscription_commands()]
