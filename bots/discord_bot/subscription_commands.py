"""Discord subscriptions: /daily, /alert, /alerts, /unalert (replies are ephemeral; the messages
come as direct messages), and the scheduler's delivery by DM."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Optional

import discord
from discord import app_commands

from bots.common.incoming import Command, Options
from bots.common.scheduler import Outcome
from bots.common.subscription_models import Subscription
from bots.discord_bot.commands import bilingual, converse, place_autocomplete

log = logging.getLogger("odbchat.discord")


def subscription_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """Return fresh /daily, /alert, /alerts and /unalert commands."""

    @app_commands.command(name="daily", description=bilingual("chat.commands.daily"))
    @app_commands.describe(time="HH:MM in your time zone", place="place name or lon,lat (default: your home)")
    @app_commands.autocomplete(place=place_autocomplete)
    async def daily(interaction: discord.Interaction, time: app_commands.Range[str, 1, 20],
                    place: Optional[str] = None) -> None:
        await converse(interaction, Command("daily", options=Options(time=time, place=place)), private=True)

    @app_commands.command(name="alert", description=bilingual("chat.commands.alert"))
    @app_commands.describe(place="place name or lon,lat", extreme="high or low tide", minutes="minutes before (0-720)")
    @app_commands.choices(extreme=[app_commands.Choice(name="high / 滿潮", value="high"),
                                   app_commands.Choice(name="low / 乾潮", value="low")])
    @app_commands.autocomplete(place=place_autocomplete)
    async def alert(interaction: discord.Interaction, place: str, extreme: app_commands.Choice[str],
                    minutes: app_commands.Range[int, 0, 720]) -> None:
        options = Options(place=place, extreme=extreme.value, minutes=minutes)
        await converse(interaction, Command("alert", options=options), private=True)

    @app_commands.command(name="alerts", description=bilingual("chat.commands.alerts"))
    async def alerts(interaction: discord.Interaction) -> None:
        await converse(interaction, Command("alerts"), private=True)

    @app_commands.command(name="unalert", description=bilingual("chat.commands.unalert"))
    @app_commands.describe(number="the number shown by /alerts")
    async def unalert(interaction: discord.Interaction, number: app_commands.Range[int, 1, 100]) -> None:
        await converse(interaction, Command("unalert", str(number)), private=True)

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
