"""Discord's settings commands: `/settings` (show; with options, change first or forget everything),
and `/home`, `/tz`, `/lang`, `/forget` as their own commands. Answers are ephemeral: a user's
settings are theirs alone."""
from __future__ import annotations

from typing import Any, Optional

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.common.incoming import Command, Options
from bots.discord_bot.commands import bilingual, converse, place_autocomplete
from bots.discord_bot.translator import ls

_OPTION = "chat.discord.option_names."
_HELP = "chat.discord.options."


def _lang_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=code) for code, name in cc.table("en", "chat.lang_names").items()]


def settings_command() -> app_commands.Command[Any, Any, Any]:
    """Return a fresh `/settings` command."""

    @app_commands.command(name="settings", description=bilingual("chat.commands.settings"))
    @app_commands.rename(tz=ls(_OPTION + "zone"), lang=ls(_OPTION + "language"), home=ls(_OPTION + "home"),
                         forget=ls(_OPTION + "forget"))
    @app_commands.describe(tz=ls(_HELP + "zone"), lang=ls(_HELP + "language"), home=ls(_HELP + "home"),
                           forget=ls(_HELP + "forget"))
    @app_commands.choices(lang=_lang_choices())
    @app_commands.autocomplete(home=place_autocomplete)
    async def settings(interaction: discord.Interaction, tz: Optional[str] = None,
                       lang: Optional[app_commands.Choice[str]] = None, home: Optional[str] = None,
                       forget: bool = False) -> None:
        options = Options(tz=tz, lang=lang.value if lang else None, home=home, forget=forget)
        await converse(interaction, Command("settings", options=options), private=True)

    return settings


def own_setting_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """Return fresh `/home`, `/tz`, `/lang`, `/datum`, `/units` and `/forget` commands (each what the same Telegram command does)."""

    @app_commands.command(name="home", description=bilingual("chat.commands.home"))
    @app_commands.rename(place=ls(_OPTION + "place"))
    @app_commands.describe(place=ls(_HELP + "home"))
    @app_commands.autocomplete(place=place_autocomplete)
    async def home(interaction: discord.Interaction, place: Optional[str] = None) -> None:
        await converse(interaction, Command("home", place or ""), private=True)

    @app_commands.command(name="tz", description=bilingual("chat.commands.tz"))
    @app_commands.rename(zone=ls(_OPTION + "zone"))
    @app_commands.describe(zone=ls(_HELP + "zone"))
    async def tz(interaction: discord.Interaction, zone: Optional[str] = None) -> None:
        await converse(interaction, Command("tz", zone or ""), private=True)

    @app_commands.command(name="lang", description=bilingual("chat.commands.lang"))
    @app_commands.rename(language=ls(_OPTION + "language"))
    @app_commands.describe(language=ls(_HELP + "language"))
    @app_commands.choices(language=_lang_choices())
    async def lang(interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        await converse(interaction, Command("lang", language.value), private=True)

    @app_commands.command(name="forget", description=bilingual("chat.commands.forget"))
    @app_commands.rename(confirm=ls(_OPTION + "confirm"))
    @app_commands.describe(confirm=ls(_HELP + "confirm"))
    async def forget(interaction: discord.Interaction, confirm: bool = False) -> None:
        # With subscriptions to lose, the conversation asks first; `confirm:True` is the answer.
        await converse(interaction, Command("forget", "yes" if confirm else ""), private=True)

    @app_commands.command(name="datum", description=bilingual("chat.commands.datum"))
    @app_commands.rename(reference=ls(_OPTION + "datum"))
    @app_commands.describe(reference=ls(_HELP + "datum"))
    @app_commands.choices(reference=[app_commands.Choice(name=d, value=d) for d in cc.DATUMS])
    async def datum(interaction: discord.Interaction, reference: app_commands.Choice[str]) -> None:
        await converse(interaction, Command("datum", reference.value), private=True)

    @app_commands.command(name="units", description=bilingual("chat.commands.units"))
    @app_commands.rename(unit=ls(_OPTION + "units"))
    @app_commands.describe(unit=ls(_HELP + "units"))
    @app_commands.choices(unit=[app_commands.Choice(name=u, value=u) for u in cc.UNITS])
    async def units(interaction: discord.Interaction, unit: app_commands.Choice[str]) -> None:
        await converse(interaction, Command("units", unit.value), private=True)

    return [home, tz, lang, datum, units, forget]
