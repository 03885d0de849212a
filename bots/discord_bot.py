"""Discord adapter (discord.py 2): slash commands in, embeds out.

Run with `odbchat discord` (or `python -m bots.discord_bot`). Commands: `/ask`, `/tide`,
`/sun`, `/sst`, `/weather`, `/settings`, with typed options and place-name autocomplete
from the core gazetteer. Every interaction is deferred at once and answered by a
follow-up, so a slow answer never runs into Discord's 3-second limit; errors are
ephemeral. Slash commands are synced only when asked (`--sync` or ODBCHAT_DISCORD_SYNC=1),
never on every boot. `AutoShardedClient` is used when `discord_sharded` is set.

Like the Telegram adapter, this module only maps Discord's shapes onto `core/`.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Optional

import discord
from discord import app_commands

from bots.common import chat_commands as cc
from core.understand.language import locale_language, script_language
from bots.common.logs import setup_logging
from core.config import Settings, get_settings
from core.envelope import Answer
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.settings_store import SettingsStore, UserSettings, open_store

log = logging.getLogger("odbchat.discord")

PLATFORM = "discord"
EMBED_LIMIT = 4000          # Discord allows 4,096 characters per embed description
ANSWER_TIMEOUT = 90.0
_COLOURS = {"tide.forecast": 0x1E88E5, "ghrsst.point_value": 0xE53935, "ghrsst.bbox_mean": 0xE53935,
            "weather.forecast": 0x43A047, "time.now": 0x8E24AA}


@dataclass
class DiscordServices:
    """What the command callbacks use; built in setup_hook, closed in close()."""

    settings: Settings
    router: Any
    store: SettingsStore
    limiter: SlidingWindowLimiter


# --------------------------------------------------------------------------- helpers

def split_plain(text: str, limit: int = EMBED_LIMIT) -> list[str]:
    """Return `text` cut into parts of at most `limit` characters, at line breaks when possible."""
    parts: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:  # one enormous line: cut it hard
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            parts.append(current)
            current = ""
        current += line
    if current.strip():
        parts.append(current)
    return [p.rstrip("\n") for p in parts if p.strip()]


def answer_embeds(answer: Answer, lang: cc.Lang, tz: str) -> list[discord.Embed]:
    """Return the answer as embeds: title by tool, description = text, footer = data source."""
    text = discord.utils.escape_markdown(answer.text or cc.message("error", lang))
    parts = split_plain(text) or [cc.message("error", lang)]
    colour = discord.Colour(_COLOURS.get(answer.tool or "", 0x546E7A))
    embeds = []
    for i, part in enumerate(parts):
        title = cc.answer_title(answer, lang) + (f" ({i + 1}/{len(parts)})" if len(parts) > 1 else "")
        embed = discord.Embed(title=title, description=part, colour=colour)
        embed.set_footer(text=f"{cc.answer_source(answer)} · {tz}")
        embeds.append(embed)
    return embeds


def _services(interaction: discord.Interaction) -> DiscordServices:
    return interaction.client.services  # type: ignore[attr-defined]


def _moment(interaction: discord.Interaction) -> datetime:
    # The interaction's snowflake time is when the user pressed enter (aware UTC).
    moment = getattr(interaction, "created_at", None) or datetime.now(timezone.utc)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _locale(interaction: discord.Interaction) -> str | None:
    locale = getattr(interaction, "locale", None)
    return getattr(locale, "value", None) or (str(locale) if locale else None)


async def _user(interaction: discord.Interaction) -> UserSettings:
    return await asyncio.to_thread(_services(interaction).store.get, PLATFORM, str(interaction.user.id))


async def _send_error(interaction: discord.Interaction, text: str) -> None:
    # The deferred "thinking…" message is public; remove it so only the user sees the error.
    with contextlib.suppress(discord.HTTPException, AttributeError):
        await interaction.delete_original_response()
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


async def _answer(interaction: discord.Interaction,
                  build: Callable[[UserSettings, cc.Lang], cc.CommandOutcome],
                  question_lang: Callable[[UserSettings, cc.Lang], str] = lambda u, lang: lang) -> None:
    """Defer at once, build the question, ask the core and follow up with embeds (errors ephemeral)."""
    await interaction.response.defer(thinking=True)
    lang: cc.Lang = cc.pick_lang(None, locale=_locale(interaction))
    try:
        services = _services(interaction)
        user = await _user(interaction)
        lang = cc.pick_lang(user.lang, locale=_locale(interaction), default=services.settings.odbchat_lang)
        outcome = build(user, lang)
        if outcome.reply:
            await _send_error(interaction, outcome.reply)
            return
        key = (PLATFORM, str(interaction.user.id))
        if not services.limiter.allow(key):
            wait = max(1, round(services.limiter.retry_after(key)))
            await _send_error(interaction, cc.message("rate_limited", lang, seconds=wait,
                                                      limit=services.limiter.limit))
            return
        tz = cc.effective_tz(user, services.settings.odbchat_default_tz)
        question = cc.build_question(outcome.query or "", tz=tz, moment=_moment(interaction),
                                     lang=question_lang(user, lang))
        answer: Answer = await asyncio.wait_for(services.router.answer(question), ANSWER_TIMEOUT)
        reply_lang: cc.Lang = answer.lang if answer.lang in ("zh", "en") else lang
        embeds = answer_embeds(answer, reply_lang, tz)
        for start in range(0, len(embeds), 10):  # at most 10 embeds per message
            await interaction.followup.send(embeds=embeds[start:start + 10],
                                            allowed_mentions=discord.AllowedMentions.none())
    except asyncio.TimeoutError:
        log.warning("router timed out")
        await _send_error(interaction, cc.message("timeout", lang))
    except Exception:
        log.exception("discord command failed")
        with contextlib.suppress(Exception):
            await _send_error(interaction, cc.message("error", lang))


# --------------------------------------------------------------------------- autocomplete

async def place_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Return up to 25 gazetteer places whose name starts with (or contains) what was typed."""
    text = (current or "").strip()
    if not text:
        return []
    try:
        from core.understand.places import search_places
    except ImportError:  # gazetteer not installed: plain text still works
        return []
    try:
        places = search_places(text, 25)
    except Exception:
        log.exception("place autocomplete failed")
        return []
    zh = locale_language(_locale(interaction)) == "zh" or script_language(text) == "zh"
    choices: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for place in places:
        value = (place.name_zh if zh else place.name_en) or place.name_en or place.name_zh
        label = " · ".join(n for n in (place.name_zh, place.name_en) if n) or value
        if not value or value in seen:
            continue
        seen.add(value)
        choices.append(app_commands.Choice(name=label[:100], value=value[:100]))
    return choices[:25]


# --------------------------------------------------------------------------- commands

def _place_outcome(kind: cc.Kind, place: str | None, when: str | None = None
                   ) -> Callable[[UserSettings, cc.Lang], cc.CommandOutcome]:
    return lambda user, lang: cc.place_command(kind, place, lang, user, when)


def build_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """Return fresh slash-command objects (one list per client, so no global tree state)."""

    @app_commands.command(name="ask", description="Ask an ocean or weather question / 問海洋或天氣問題")
    @app_commands.describe(question="e.g. 基隆今天的潮汐 / tide at Keelung today")
    async def ask(interaction: discord.Interaction, question: app_commands.Range[str, 1, cc.MAX_QUESTION_CHARS]) -> None:
        """Answer any free-text question through the core router."""
        def build(user: UserSettings, lang: cc.Lang) -> cc.CommandOutcome:
            refusal = cc.check_question(question, cc.pick_lang(user.lang, text=question))
            return cc.CommandOutcome(reply=refusal) if refusal else cc.CommandOutcome(query=question)
        await _answer(interaction, build, question_lang=lambda user, lang: user.lang or "auto")

    @app_commands.command(name="tide", description="Tide forecast / 潮汐預報")
    @app_commands.describe(place="place name or lon,lat (default: your home)", date="YYYY-MM-DD (default today)")
    @app_commands.autocomplete(place=place_autocomplete)
    async def tide(interaction: discord.Interaction, place: Optional[str] = None, date: Optional[str] = None) -> None:
        """Tides for a place, a point or the saved home."""
        await _answer(interaction, _place_outcome("tide", place, date))

    @app_commands.command(name="sun", description="Sunrise and sunset / 日出日落")
    @app_commands.describe(place="place name or lon,lat (default: your home)", date="YYYY-MM-DD (default today)")
    @app_commands.autocomplete(place=place_autocomplete)
    async def sun(interaction: discord.Interaction, place: Optional[str] = None, date: Optional[str] = None) -> None:
        """Sunrise, sunset and moon for a place."""
        await _answer(interaction, _place_outcome("sun", place, date))

    @app_commands.command(name="sst", description="Sea surface temperature / 海表溫度")
    @app_commands.describe(place="place name or lon,lat (default: your home)", date="YYYY-MM-DD (default latest)")
    @app_commands.autocomplete(place=place_autocomplete)
    async def sst(interaction: discord.Interaction, place: Optional[str] = None, date: Optional[str] = None) -> None:
        """Sea surface temperature at a place."""
        await _answer(interaction, _place_outcome("sst", place, date))

    @app_commands.command(name="weather", description="Weather forecast / 天氣預報")
    @app_commands.describe(place="place name or lon,lat (default: your home)", days="forecast days 1-16")
    @app_commands.autocomplete(place=place_autocomplete)
    async def weather(interaction: discord.Interaction, place: Optional[str] = None,
                      days: Optional[app_commands.Range[int, 1, 16]] = None) -> None:
        """Weather forecast for a place."""
        def build(user: UserSettings, lang: cc.Lang) -> cc.CommandOutcome:
            when = None
            if days:
                when = f"未來{days}天" if lang == "zh" else f"for the next {days} days"
            return cc.place_command("weather", place, lang, user, when)
        await _answer(interaction, build)

    @app_commands.command(name="settings", description="Show or change your settings / 查看或更改設定")
    @app_commands.describe(tz="time zone, e.g. Asia/Taipei or +08:00", lang="reply language",
                           home="home place name or lon,lat", forget="delete everything stored about you")
    @app_commands.choices(lang=[app_commands.Choice(name="中文", value="zh"),
                                app_commands.Choice(name="English", value="en")])
    @app_commands.autocomplete(home=place_autocomplete)
    async def settings(interaction: discord.Interaction, tz: Optional[str] = None,
                       lang: Optional[app_commands.Choice[str]] = None, home: Optional[str] = None,
                       forget: bool = False) -> None:
        """Show the user's settings; with options, change them first (or forget everything)."""
        await interaction.response.defer(thinking=True, ephemeral=True)
        reply_lang: cc.Lang = cc.pick_lang(None, locale=_locale(interaction))
        try:
            services = _services(interaction)
            uid = str(interaction.user.id)
            user = await _user(interaction)
            reply_lang = cc.pick_lang(lang.value if lang else user.lang, locale=_locale(interaction))
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
                except ValueError:
                    await interaction.followup.send(cc.message("home_bad", reply_lang), ephemeral=True)
                    return
            if fields:
                user = await asyncio.to_thread(services.store.update, PLATFORM, uid, **fields)
            text = cc.settings_text(user, reply_lang, services.settings.odbchat_default_tz)
            embed = discord.Embed(title="ODBchat", description=discord.utils.escape_markdown(text))
            await interaction.followup.send(embed=embed, ephemeral=True)
        except Exception:
            log.exception("discord /settings failed")
            with contextlib.suppress(Exception):
                await interaction.followup.send(cc.message("error", reply_lang), ephemeral=True)

    return [ask, tide, sun, sst, weather, settings]


# --------------------------------------------------------------------------- client

class _ODBchatMixin:
    """Lifecycle shared by the plain and the auto-sharded client."""

    services: DiscordServices | None
    tree: app_commands.CommandTree

    def _setup(self, settings: Settings, sync: bool, guild_id: int | None) -> None:
        self.settings = settings
        self.sync_commands = sync
        self.guild_id = guild_id
        self.services = None
        self.tree = app_commands.CommandTree(self)  # type: ignore[arg-type]
        for command in build_commands():
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        """Build the router and the store; sync slash commands only when asked."""
        from core.router import Router  # nothing connects at import time

        store = await asyncio.to_thread(open_store, self.settings.odbchat_db)
        self.services = DiscordServices(
            settings=self.settings, router=Router(settings=self.settings), store=store,
            limiter=SlidingWindowLimiter(self.settings.telegram_rate_limit_per_minute, 60.0))
        if self.sync_commands:
            if self.guild_id:
                guild = discord.Object(id=self.guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
            else:
                synced = await self.tree.sync()
            log.warning("synced %d slash commands%s", len(synced),
                        f" to guild {self.guild_id}" if self.guild_id else " globally")

    async def close(self) -> None:
        """Close the router and the store, then the Discord connection."""
        services, self.services = self.services, None
        if services is not None:
            with contextlib.suppress(Exception):
                await services.router.aclose()
            await asyncio.to_thread(services.store.close)
        await super().close()  # type: ignore[misc]


class ODBchatClient(_ODBchatMixin, discord.Client):
    """The bot on one gateway connection."""

    def __init__(self, settings: Settings, *, sync: bool = False, guild_id: int | None = None) -> None:
        # Slash commands need no privileged intents (no message content).
        super().__init__(intents=discord.Intents.default())
        self._setup(settings, sync, guild_id)


class ODBchatShardedClient(_ODBchatMixin, discord.AutoShardedClient):
    """The bot with discord.py's automatic sharding (large deployments)."""

    def __init__(self, settings: Settings, *, sync: bool = False, guild_id: int | None = None) -> None:
        super().__init__(intents=discord.Intents.default())
        self._setup(settings, sync, guild_id)


def build_client(settings: Settings, *, sync: bool = False, guild_id: int | None = None) -> discord.Client:
    """Return the Discord client for the settings (sharded when `discord_sharded`); nothing connects yet."""
    cls = ODBchatShardedClient if settings.discord_sharded else ODBchatClient
    return cls(settings, sync=sync, guild_id=guild_id)


def main(argv: list[str] | None = None) -> int:
    """Run the Discord bot until interrupted; return the exit status (0 ok, 1 failed, 2 usage)."""
    parser = argparse.ArgumentParser(prog="odbchat discord", description="ODBchat Discord bot")
    parser.add_argument("--sync", action="store_true",
                        help="sync slash commands at start-up (also ODBCHAT_DISCORD_SYNC=1)")
    parser.add_argument("--guild", type=int, default=None,
                        help="sync to this guild only (instant; global sync can take an hour)")
    # None = no options: `odbchat telegram|discord` calls main() while sys.argv holds the CLI's words.
    args = parser.parse_args(argv or [])
    settings = get_settings()
    token = settings.discord_bot_token.get_secret_value()
    setup_logging(settings.odbchat_log_level, [token])
    if not token:
        log.error("DISCORD_BOT_TOKEN is not set")
        return 2
    sync = args.sync or os.environ.get("ODBCHAT_DISCORD_SYNC", "").lower() in ("1", "true", "yes")
    guild = args.guild or (int(os.environ["ODBCHAT_DISCORD_GUILD"])
                           if os.environ.get("ODBCHAT_DISCORD_GUILD", "").isdigit() else None)
    client = build_client(settings, sync=sync, guild_id=guild)
    try:
        client.run(token, log_handler=None)  # logging already configured (with redaction)
    except KeyboardInterrupt:
        return 0
    except discord.LoginFailure:
        log.error("Discord rejected the bot token")
        return 1
    except Exception:
        log.exception("discord bot stopped")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
