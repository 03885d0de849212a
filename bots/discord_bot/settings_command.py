"""Discord `/settings`: show the user's settings; with options, change them first (or forget everything)."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Optional

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from bots.discord_bot.commands import PLATFORM, bilingual, locale_of, place_autocomplete, services_of, user_of

log = logging.getLogger("odbchat.discord")


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
        await interaction.response.defer(thinking=True, ephemeral=True)
        reply_lang: cc.Lang = cc.pick_lang(None, locale=locale_of(interaction))
        try:
            services = services_of(interaction)
            uid = str(interaction.user.id)
            user = await user_of(interaction)
            reply_lang = cc.pick_lang(lang.value if lang else user.lang, locale=locale_of(interaction))
            if forget:
                deleted = await asyncio.to_thread(services.store.forget, PLATFORM, uid)
                await interaction.followup.send(cc.message("forgot" if deleted else "forgot_none", reply_lang),
                                                ephemeral=True)
                return
            fields: dict[str, Any] = {}
            if tz:
                try:
                    fields["tz"] = cc.parse_tz_arg(tz)
                except ValueError:
                    await interaction.followup.send(cc.message("tz_bad", reply_lang, value=tz[:64]), ephemeral=True)
                    return
            if lang:
                fields["lang"] = lang.value
            if home:
                try:
                    fields.update(cc.parse_home_arg(home) or {})
                except ValueError as exc:  # an unknown place or a point out of range: nothing is saved
                    await interaction.followup.send(cc.home_refusal(exc, reply_lang), ephemeral=True)
                    return
            if fields:
                user = await asyncio.to_thread(services.store.update, PLATFORM, uid, **fields)
            text = cc.settings_text(user, reply_lang, services.settings.odbchat_default_tz)
            embed = discord.Embed(title="ODBchat", description=discord.utils.escape_markdown(text))
            await interaction.followup.send(embed=embed, ephemeral=True)
        except Exception as exc:
            log.error("discord /settings failed", extra={"error": type(exc).__name__}, exc_info=exc)
            with contextlib.suppress(Exception):
                await interaction.followup.send(cc.message("error", reply_lang), ephemeral=True)

    return settings
