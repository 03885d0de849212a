"""Discord subscriptions: /daily, /alert (before a high or low, or when one is beyond a height),
/springtide, /alerts, /unalert (replies are ephemeral; the firings come as direct messages through
`port.DirectPort`)."""
from __future__ import annotations

import logging
from typing import Any, Optional

import discord
from discord import app_commands

from bots.common.incoming import Command, Options
from bots.discord_bot.commands import bilingual, converse, place_autocomplete

log = logging.getLogger("odbchat.discord")


def subscription_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """Return fresh /daily, /alert, /springtide, /alerts and /unalert commands."""

    @app_commands.command(name="daily", description=bilingual("chat.commands.daily"))
    @app_commands.describe(time="HH:MM in your time zone", place="place name or lon,lat (default: your home)")
    @app_commands.autocomplete(place=place_autocomplete)
    async def daily(interaction: discord.Interaction, time: app_commands.Range[str, 1, 20],
                    place: Optional[str] = None) -> None:
        await converse(interaction, Command("daily", options=Options(time=time, place=place)), private=True)

    @app_commands.command(name="alert", description=bilingual("chat.commands.alert"))
    @app_commands.describe(place="place name or lon,lat", extreme="high or low tide", minutes="minutes before (0-720)",
                           direction="or: when the tide is below / above a height", height="the height (your unit)",
                           daylight="only between sunrise and sunset", time="the evening before, HH:MM (default 20:00)")
    @app_commands.choices(extreme=[app_commands.Choice(name="high / 滿潮", value="high"),
                                   app_commands.Choice(name="low / 乾潮", value="low")],
                          direction=[app_commands.Choice(name="below / 低於", value="below"),
                                     app_commands.Choice(name="above / 高於", value="above")])
    @app_commands.autocomplete(place=place_autocomplete)
    async def alert(interaction: discord.Interaction, place: str, extreme: app_commands.Choice[str],
                    minutes: Optional[app_commands.Range[int, 0, 720]] = None,
                    direction: Optional[app_commands.Choice[str]] = None,
                    height: Optional[app_commands.Range[float, -2000, 2000]] = None,
                    daylight: bool = False, time: Optional[app_commands.Range[str, 1, 20]] = None) -> None:
        options = Options(place=place, extreme=extreme.value, minutes=minutes,
                          direction=direction.value if direction else None, height=height, daylight=daylight, time=time)
        await converse(interaction, Command("alert", options=options), private=True)

    @app_commands.command(name="springtide", description=bilingual("chat.commands.springtide"))
    @app_commands.describe(place="place name or lon,lat (default: your home)", time="HH:MM (default 06:00)")
    @app_commands.autocomplete(place=place_autocomplete)
    async def springtide(interaction: discord.Interaction, place: Optional[str] = None,
                         time: Optional[app_commands.Range[str, 1, 20]] = None) -> None:
        await converse(interaction, Command("springtide", options=Options(place=place, time=time)), private=True)

    @app_commands.command(name="alerts", description=bilingual("chat.commands.alerts"))
    async def alerts(interaction: discord.Interaction) -> None:
        await converse(interaction, Command("alerts"), private=True)

    @app_commands.command(name="unalert", description=bilingual("chat.commands.unalert"))
    @app_commands.describe(number="the number shown by /alerts")
    async def unalert(interaction: discord.Interaction, number: app_commands.Range[int, 1, 100]) -> None:
        await converse(interaction, Command("unalert", str(number)), private=True)

    return [daily, alert, springtide, alerts, unalert]
