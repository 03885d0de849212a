"""Discord `/settings`: show the user's settings; with options, change them first (or forget everything)."""
from __future__ import annotations

from typing import Any, Optional

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.common.incoming import Command, Options
from bots.discord_bot.commands import bilingual, converse, place_autocomplete


def settings_command() -> app_commands.Command[Any, Any, Any]:
    """Return a fresh `/settings` command."""

    @app_commands.command(name="settings", description=bilingual("chat.commands.settings"))
    @app_commands.describe(tz="time zone, e.g. Asia/Taipei or +08:00", lang="reply language",
                           home="home place name or lon,lat", forget="delete everything stored about you")
    @app_commands.choices(lang=[app_commands.Choice(name=name, value=code)
                                for code, name in cc.table("en", "chat.lang_names").items()])
    @app_commands.autocomplete(home=place_autocomplete)
    async def settings(interaction: discord.Interaction, tz: Optional[str] = None,
                       lang: Optional[app_commands.Choice[str]] = None, home: Optional[str] = None,
                       forget: bool = False) -> None:
        options = Options(tz=tz, lang=lang.value if lang else None, home=home, forget=forget)
        await converse(interaction, Command("settings", options=options), private=True)

    return settings
