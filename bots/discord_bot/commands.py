"""Discord slash commands translated for the conversation: typed options in, an `Incoming` to the
shared conversation (bots/common/conversation.py), its replies out through a `DiscordPort`.

Every interaction is deferred at once and answered by a follow-up, so a slow answer never
runs into Discord's 3-second limit; errors and refusals are ephemeral. Commands send typed
requests (place, day, days), never sentences for the core to re-read.
"""
from __future__ import annotations

import logging
from datetime import date, datetime, timezone
from typing import Any, Optional

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.common.conversation import Conversation
from bots.common.incoming import Command, Content, Incoming, Options, Text
from bots.discord_bot.port import DiscordPort
from core.understand.language import locale_language, script_language
from core.words.strings import t

log = logging.getLogger("odbchat.discord")

PLATFORM = "discord"


def _moment(interaction: discord.Interaction) -> datetime:
    # The interaction's snowflake time is when the user pressed enter (aware UTC).
    moment = getattr(interaction, "created_at", None) or datetime.now(timezone.utc)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def locale_of(interaction: discord.Interaction) -> str | None:
    """Return the user's Discord locale code, if known."""
    locale = getattr(interaction, "locale", None)
    return getattr(locale, "value", None) or (str(locale) if locale else None)


async def converse(interaction: discord.Interaction, content: Content, *, private: bool = False) -> None:
    """Defer (ephemerally when `private`), then let the conversation answer through a follow-up."""
    await interaction.response.defer(thinking=True, ephemeral=private)
    user_id = str(interaction.user.id)
    incoming = Incoming(platform=PLATFORM, user_id=user_id, chat_id=str(interaction.channel_id or "dm"),
                        content=content, locale=locale_of(interaction), time=_moment(interaction),
                        # Scheduled messages go to the user's DMs: the chat is the user's own id.
                        deliver_to=user_id)
    conversation = Conversation(interaction.client.services)  # type: ignore[attr-defined]
    await conversation.handle(incoming, DiscordPort(interaction, ephemeral=private))


async def answer(interaction: discord.Interaction, query: str) -> None:
    """`/ask`: a free-text question (or a subscription asked in words)."""
    await converse(interaction, Text(query))


async def place_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Return up to 25 gazetteer places whose name starts with (or contains) what was typed."""
    from core.understand.places import search_places

    text = (current or "").strip()
    if not text:
        return []
    try:
        places = search_places(text, 25)
    except Exception as exc:
        log.error("place autocomplete failed", extra={"error": type(exc).__name__})
        return []
    zh = locale_language(locale_of(interaction)) == "zh" or script_language(text) == "zh"
    choices: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for found in places:
        value = (found.name_zh if zh else found.name_en) or found.name_en or found.name_zh
        label = " · ".join(n for n in (found.name_zh, found.name_en) if n) or value
        if not value or value in seen:
            continue
        seen.add(value)
        choices.append(app_commands.Choice(name=label[:100], value=value[:100]))
    return choices[:25]


_PLACE_HELP = "place name or lon,lat (default: your home)"
_DAY_HELP = "YYYY-MM-DD (default today)"


def place_command(kind: str, description: str, *, with_days: bool = False) -> app_commands.Command[Any, Any, Any]:
    """Return the slash command `/kind [place] [date]` (`[days]` too for weather and charts)."""
    if with_days:
        @app_commands.command(name=kind, description=description)
        @app_commands.describe(place=_PLACE_HELP, date=_DAY_HELP, days="how many days (1-7 for charts, 1-16 weather)")
        @app_commands.autocomplete(place=place_autocomplete)
        async def with_range(interaction: discord.Interaction, place: Optional[str] = None,
                             date: Optional[str] = None, days: Optional[app_commands.Range[int, 1, 16]] = None) -> None:
            await converse(interaction, Command(kind, place or "", Options(date=_day(date), days=days)))
        return with_range

    @app_commands.command(name=kind, description=description)
    @app_commands.describe(place=_PLACE_HELP, date=_DAY_HELP)
    @app_commands.autocomplete(place=place_autocomplete)
    async def single(interaction: discord.Interaction, place: Optional[str] = None, date: Optional[str] = None) -> None:
        await converse(interaction, Command(kind, place or "", Options(date=_day(date))))
    return single


def _day(text: str | None) -> str | None:
    """Return a YYYY-MM-DD option as given when it is one, else None (the core reads "today")."""
    try:
        return date.fromisoformat((text or "").strip()).isoformat()
    except ValueError:
        return None


#: The place commands and whether each has a days option (declared with their tools).
PLACE_COMMANDS = tuple((name, name in cc.DAYS_KINDS) for name in cc.PLACE_COMMANDS)


def bilingual(key: str) -> str:
    """Return a command description in both languages ("English / 中文"), within Discord's 100 characters."""
    return f"{t('en', key)} / {t('zh', key)}"[:100]
