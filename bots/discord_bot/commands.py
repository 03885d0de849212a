"""Discord slash commands translated for the conversation: typed options in, an `Incoming` to the
shared conversation (bots/common/conversation.py), its replies out through a `DiscordPort`.

Every interaction is deferred at once and answered by a follow-up, so a slow answer never
runs into Discord's 3-second limit; errors and refusals are ephemeral. Commands send typed
requests (place, day, days), never sentences for the core to re-read.
"""
from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import Any, Optional

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.common.conversation import Conversation
from bots.common.incoming import Command, Content, Incoming, Options, Text
from bots.discord_bot.port import DiscordPort
from bots.discord_bot.translator import ls
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
                        # A server's channel is a group: its answers are the channel's, for a reply by anyone.
                        is_group=getattr(interaction, "guild_id", None) is not None,
                        # Scheduled messages go to the user's DMs: the chat is the user's own id.
                        deliver_to=user_id)
    conversation = Conversation(interaction.client.services)  # type: ignore[attr-defined]
    await conversation.handle(incoming, DiscordPort(interaction, ephemeral=private))


async def answer(interaction: discord.Interaction, query: str) -> None:
    """`/ask`: a free-text question (or a subscription asked in words)."""
    await converse(interaction, Text(query))


#: Kinds of place a name typed in Latin letters most likely means, before towns sharing the name
#: ("Bali": the island region of Indonesia before 八里, romanised Bali).
_BIG_KINDS = frozenset({"country", "region", "island", "world_city", "city", "county"})


def traditional(name: str) -> bool:
    """Return True when `name` can be written in traditional characters (Big5 has no simplified-only ones)."""
    for ch in name:
        if "\u3400" <= ch <= "\u9fff":  # only Han characters matter (Latin letters with accents are fine)
            try:
                ch.encode("big5")
            except UnicodeEncodeError:
                return False
    return True


def _choice_label(found: Any, zh: bool) -> tuple[str, str]:
    """Return (label, value) of a place in the user's script: zh-TW names only in traditional characters."""
    from core.understand.place_naming import country_name

    name_zh = found.name_zh if found.name_zh and traditional(found.name_zh) else ""
    value = (name_zh if zh else found.name_en) or found.name_en or name_zh
    # The country said after a foreign name (and after a Taiwanese one in English: "Bali, Taiwan").
    foreign = found.country and (found.country != "TW" or not zh)
    country = country_name(found.country, "zh" if zh else "en") if foreign else ""
    if zh and country and not traditional(country):
        country = country_name(found.country, "en")
    label = f"{value}{'，' if zh else ', '}{country}" if country else value
    return label, value


async def place_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Return up to 25 gazetteer places whose name starts with (or contains) what was typed, named in
    the user's script (zh-TW: traditional names), a Latin name's bigger places first."""
    from core.understand.places_search import search_places

    text = (current or "").strip()
    if not text:
        return []
    try:
        places = search_places(text, 25)
    except Exception as exc:
        log.error("place autocomplete failed", extra={"error": type(exc).__name__})
        return []
    zh = locale_language(locale_of(interaction)) == "zh" or script_language(text) == "zh"
    if script_language(text) != "zh":
        typed = text.casefold()
        places = sorted(places, key=lambda p: (p.name_en.casefold() != typed, p.kind not in _BIG_KINDS))
    choices: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for found in places:
        label, value = _choice_label(found, zh)
        if not value or label in seen:
            continue
        seen.add(label)
        choices.append(app_commands.Choice(name=label[:100], value=value[:100]))
    return choices[:25]


#: The largest `days` each place command takes (its tool's own limit), absent = no days option.
DAYS_LIMITS: dict[str, int] = {"chart": 7, "weather": 16}
_OPTION = "chat.discord.option_names."
_HELP = "chat.discord.options."


def place_command(kind: str, description: app_commands.locale_str | str, *,
                  with_days: bool = False) -> app_commands.Command[Any, Any, Any]:
    """Return the slash command `/kind [place] [date]` (`[days]` too for weather and charts, in their range)."""
    names = {"place": ls(_OPTION + "place"), "date": ls(_OPTION + "date")}
    helps = {"place": ls(_HELP + "place"), "date": ls(_HELP + "date")}
    if with_days and DAYS_LIMITS.get(kind, 7) > 7:
        @app_commands.command(name=kind, description=description)
        @app_commands.rename(**names, days=ls(_OPTION + "days"))
        @app_commands.describe(**helps, days=ls(_HELP + "days_weather"))
        @app_commands.autocomplete(place=place_autocomplete)
        async def up_to_16(interaction: discord.Interaction, place: Optional[str] = None, date: Optional[str] = None,
                           days: Optional[app_commands.Range[int, 1, 16]] = None) -> None:
            await converse(interaction, Command(kind, place or "", Options(date=_day(date), days=days)))
        return up_to_16
    if with_days:  # annotations are read by name, so each range is written out
        @app_commands.command(name=kind, description=description)
        @app_commands.rename(**names, days=ls(_OPTION + "days"))
        @app_commands.describe(**helps, days=ls(_HELP + "days_chart"))
        @app_commands.autocomplete(place=place_autocomplete)
        async def up_to_7(interaction: discord.Interaction, place: Optional[str] = None, date: Optional[str] = None,
                          days: Optional[app_commands.Range[int, 1, 7]] = None) -> None:
            await converse(interaction, Command(kind, place or "", Options(date=_day(date), days=days)))
        return up_to_7

    @app_commands.command(name=kind, description=description)
    @app_commands.rename(**names)
    @app_commands.describe(**helps)
    @app_commands.autocomplete(place=place_autocomplete)
    async def single(interaction: discord.Interaction, place: Optional[str] = None, date: Optional[str] = None) -> None:
        await converse(interaction, Command(kind, place or "", Options(date=_day(date))))
    return single


def _day(text: str | None) -> str | None:
    """Return the day option as typed (the conversation reads its day words), None when empty."""
    return text.strip()[:60] or None if text else None


#: The place commands and whether each has a days option (declared with their tools).
PLACE_COMMANDS = tuple((name, name in cc.DAYS_KINDS) for name in cc.PLACE_COMMANDS)


def bilingual(key: str) -> app_commands.locale_str:
    """Return a command text in English, localised to zh-TW by the tree's translator (translator.py)."""
    return ls(key)
