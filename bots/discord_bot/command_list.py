"""The list of slash commands one Discord client registers."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.common.incoming import Command
from bots.discord_bot.commands import PLACE_COMMANDS, answer, bilingual, converse, place_command
from bots.discord_bot.settings_command import own_setting_commands, settings_command
from bots.discord_bot.translator import ls
from bots.discord_bot.subscription_commands import subscription_commands


def build_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """Return fresh slash-command objects (one list per client, so no global tree state)."""
    @app_commands.command(name="ask", description=bilingual("chat.commands.ask"))
    @app_commands.rename(question=ls("chat.discord.option_names.question"))
    @app_commands.describe(question=ls("chat.discord.options.question"))
    async def ask(interaction: discord.Interaction, question: app_commands.Range[str, 1, cc.MAX_QUESTION_CHARS]) -> None:
        """Answer any free-text question (or a subscription asked in words) through the conversation."""
        await answer(interaction, question)

    @app_commands.command(name="help", description=bilingual("chat.commands.help"))
    async def help_(interaction: discord.Interaction) -> None:
        """What the bot can do, with examples, in the user's language."""
        await converse(interaction, Command("help"), private=True)

    places = [place_command(kind, bilingual(f"chat.commands.{kind}"), with_days=days) for kind, days in PLACE_COMMANDS]
    return [ask, help_, *places, settings_command(), *own_setting_commands(), *subscription_commands()]
