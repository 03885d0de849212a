"""Discord subscriptions: /daily, /alert, /alerts, /unalert (replies are ephemeral; the messages
come as direct messages), and the scheduler's delivery by DM."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Optional

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.common import subscriptions as subs
from bots.common.scheduler import Outcome
from bots.common.subscription_models import Subscription
from bots.discord_bot.commands import PLATFORM, bilingual, locale_of, place_autocomplete, services_of, user_of

log = logging.getLogger("odbchat.discord")


async def _run(interaction: discord.Interaction, handle: Callable[..., str], *args: Any) -> None:
    """Defer (ephemeral), run a subscription handler in a thread, and reply with its text."""
    await interaction.response.defer(thinking=True, ephemeral=True)
    lang: cc.Lang = cc.pick_lang(None, locale=locale_of(interaction))
    try:
        services = services_of(interaction)
        user = await user_of(interaction)
        lang = cc.pick_lang(user.lang, locale=locale_of(interaction), default=services.settings.odbchat_lang)
        # Messages go to the user's DMs: the chat id is the user's own id.
        who = subs.Subscriber(PLATFORM, str(interaction.user.id), str(interaction.user.id), lang,
                              tz=cc.effective_tz(user, services.settings.odbchat_default_tz), settings=user,
                              tides=subs.tides_on(services.router))
        text = await asyncio.to_thread(handle, services.store, who, *args)
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
    except Exception as exc:
        log.error("discord subscription command failed", extra={"error": type(exc).__name__}, exc_info=exc)
        with contextlib.suppress(Exception):
            await interaction.followup.send(cc.message("error", lang), ephemeral=True)


def subscription_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """Return fresh /daily, /alert, /alerts and /unalert commands."""

    @app_commands.command(name="daily", description=bilingual("chat.commands.daily"))
    @app_commands.describe(time="HH:MM in your time zone", place="place name or lon,lat (default: your home)")
    @app_commands.autocomplete(place=place_autocomplete)
    async def daily(interaction: discord.Interaction, time: app_commands.Range[str, 1, 20],
                    place: Optional[str] = None) -> None:
        await _run(interaction, subs.subscribe_daily, time, place)

    @app_commands.command(name="alert", description=bilingual("chat.commands.alert"))
    @app_commands.describe(place="place name or lon,lat", extreme="high or low tide", minutes="minutes before (0-720)")
    @app_commands.choices(extreme=[app_commands.Choice(name="high / 滿潮", value="high"),
                                   app_commands.Choice(name="low / 乾潮", value="low")])
    @app_commands.autocomplete(place=place_autocomplete)
    async def alert(interaction: discord.Interaction, place: str, extreme: app_commands.Choice[str],
                    minutes: app_commands.Range[int, 0, 720]) -> None:
        await _run(interaction, subs.subscribe_alert, place, extreme.value, minutes)

    @app_commands.command(name="alerts", description=bilingual("chat.commands.alerts"))
    async def alerts(interaction: discord.Interaction) -> None:
        await _run(interaction, subs.handle_alerts)

    @app_commands.command(name="unalert", description=bilingual("chat.commands.unalert"))
    @app_commands.describe(number="the number shown by /alerts")
    async def unalert(interaction: discord.Interaction, number: app_commands.Range[int, 1, 100]) -> None:
        await _run(interaction, subs.handle_unalert, str(number))

    return [daily, alert, alerts, unalert]


def dm_deliverer(client: discord.Client) -> Callable[[Subscription, str], Any]:
    """Return the scheduler's `deliver`: a direct message to the subscriber."""
    async def deliver(sub: Subscription, text: str) -> Outcome:
        try:
            user = client.get_user(int(sub.user_id)) or await client.fetch_user(int(sub.user_id))
            for start in range(0, len(text), 2000):  # Discord's message limit
                await user.send(text[start:start + 2000], allowed_mentions=discord.AllowedMentions.none())
            return "sent"
        except discord.Forbidden:
            return "blocked"
        except (discord.HTTPException, discord.NotFound, ValueError):
            return "retry"
    return deliver
