"""Discord slash commands: typed options in, the core's answers out as embeds.

Every interaction is deferred at once and answered by a follow-up, so a slow answer never
runs into Discord's 3-second limit; errors and refusals are ephemeral. Commands send typed
requests (tool, place or point, day, days), never sentences for the router to re-read.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any, Optional

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.common.bot_settings import BotSettings
from bots.common import subscriptions as subs
from bots.common.chat_context import context_key, load_context, save_context
from bots.common.subscriptions import is_subscription_request
from bots.common.store import Store as SettingsStore, UserSettings
from bots.discord_bot.embeds import answer_embeds, chart_file
from core.envelope import Answer
from core.tools.catalog import CATALOG
from core.understand.language import locale_language, script_language
from core.words.strings import t

log = logging.getLogger("odbchat.discord")

PLATFORM = "discord"
ANSWER_TIMEOUT = 90.0


@dataclass
class DiscordServices:
    """What the command callbacks use; built in setup_hook, closed in close()."""

    settings: BotSettings
    router: Any
    store: SettingsStore
    limiter: Any


def services_of(interaction: discord.Interaction) -> DiscordServices:
    """Return the client's services."""
    return interaction.client.services  # type: ignore[attr-defined]


def _moment(interaction: discord.Interaction) -> datetime:
    # The interaction's snowflake time is when the user pressed enter (aware UTC).
    moment = getattr(interaction, "created_at", None) or datetime.now(timezone.utc)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def locale_of(interaction: discord.Interaction) -> str | None:
    """Return the user's Discord locale code, if known."""
    locale = getattr(interaction, "locale", None)
    return getattr(locale, "value", None) or (str(locale) if locale else None)


async def user_of(interaction: discord.Interaction) -> UserSettings:
    """Return the user's saved settings."""
    return await asyncio.to_thread(services_of(interaction).store.get, PLATFORM, str(interaction.user.id))


def _context_key(interaction: discord.Interaction) -> str:
    # One follow-up context per user per channel: never shared between users.
    return context_key(interaction.channel_id or "dm", interaction.user.id)


async def send_error(interaction: discord.Interaction, text: str) -> None:
    """Replace the public "thinking…" message by an ephemeral text only the user sees."""
    with contextlib.suppress(discord.HTTPException, AttributeError):
        await interaction.delete_original_response()
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


async def _limited(services: DiscordServices, interaction: discord.Interaction, lang: cc.Lang) -> bool:
    key = f"{PLATFORM}:{interaction.user.id}"
    if await asyncio.to_thread(services.limiter.allow, key):
        return False
    wait = max(1, round(await asyncio.to_thread(services.limiter.retry_after, key)))
    await send_error(interaction, cc.message("rate_limited", lang, seconds=wait, limit=services.limiter.limit))
    return True


async def answer(interaction: discord.Interaction, query: str, kind: str | None = None,
                 place: str | None = None, when: str | None = None, days: int | None = None) -> None:
    """Defer, ask the core (a typed request for `kind`, else the free-text `query`) and follow up."""
    await interaction.response.defer(thinking=True)
    lang: cc.Lang = cc.pick_lang(None, locale=locale_of(interaction))
    try:
        services = services_of(interaction)
        user = await user_of(interaction)
        lang = cc.pick_lang(user.lang, text=None if kind else query, locale=locale_of(interaction),
                            default=services.settings.odbchat_lang)
        request: dict[str, object] | None = None
        follow = None
        if kind:
            outcome = cc.place_command(kind, place, lang, user, when, days)
            if outcome.reply:
                await send_error(interaction, outcome.reply)
                return
            request = outcome.request
        else:
            refusal = cc.check_question(query, lang)
            if refusal:
                await send_error(interaction, refusal)
                return
            if is_subscription_request(query):  # "remind me 30 minutes before low tide at Kaohsiung"
                who = subs.Subscriber(PLATFORM, str(interaction.user.id), str(interaction.user.id), lang,
                                      tz=cc.effective_tz(user, services.settings.odbchat_default_tz), settings=user,
                                      tides=subs.tides_on(services.router))
                said = await asyncio.to_thread(subs.handle_free_text, services.store, who, query)
                if said is not None:
                    await interaction.followup.send(said, allowed_mentions=discord.AllowedMentions.none())
                    return
            follow = await asyncio.to_thread(load_context, services.store, PLATFORM, _context_key(interaction))
        if await _limited(services, interaction, lang):
            return
        tz = cc.effective_tz(user, services.settings.odbchat_default_tz)
        question = cc.build_question(query, tz=tz, moment=_moment(interaction),
                                     lang=lang if kind else (user.lang or "auto"), request=request, context=follow)
        result: Answer = await asyncio.wait_for(services.router.answer(question), ANSWER_TIMEOUT)
        with contextlib.suppress(Exception):  # a lost follow-up context must not lose the answer
            await asyncio.to_thread(save_context, services.store, PLATFORM, _context_key(interaction), result,
                                    services.settings.chat_context_minutes)
        reply_lang: cc.Lang = result.lang if result.lang in ("zh", "en") else lang
        embeds = answer_embeds(result, reply_lang, tz)
        picture = chart_file(result, embeds)
        for start in range(0, len(embeds), 10):  # at most 10 embeds per message
            extra = {"file": picture} if picture is not None and start == 0 else {}
            await interaction.followup.send(embeds=embeds[start:start + 10],
                                            allowed_mentions=discord.AllowedMentions.none(), **extra)
    except asyncio.TimeoutError:
        log.warning("router timed out")
        await send_error(interaction, cc.message("timeout", lang))
    except Exception as exc:
        log.error("discord command failed", extra={"error": type(exc).__name__}, exc_info=exc)
        with contextlib.suppress(Exception):
            await send_error(interaction, cc.message("error", lang))


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
            await answer(interaction, f"/{kind} {place or ''}".strip(), kind, place, _day(date), days)
        return with_range

    @app_commands.command(name=kind, description=description)
    @app_commands.describe(place=_PLACE_HELP, date=_DAY_HELP)
    @app_commands.autocomplete(place=place_autocomplete)
    async def single(interaction: discord.Interaction, place: Optional[str] = None, date: Optional[str] = None) -> None:
        await answer(interaction, f"/{kind} {place or ''}".strip(), kind, place, _day(date))
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
