"""The Discord client: the conversation's services opened in setup_hook, shards paced through the shared store,
a clean close on SIGTERM.

Several processes can split one bot's shards (`discord_shard_count`, `discord_shard_ids`);
their IDENTIFYs are spaced `discord_identify_interval` seconds apart through the shared
database (`before_identify_hook`), as Discord allows one per five seconds per token.
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import logging
import signal
import sys

import discord
from discord import app_commands

from bots.common.bot_settings import BotSettings, get_bot_settings
from bots.common.logs import setup_logging
from bots.common.run_guard import run_guarded
from bots.common.subscriptions.scheduler import Scheduler
from bots.common.services import ConversationServices, close_services, open_services, start_scheduler
from bots.discord_bot.translator import StringsTranslator
from bots.discord_bot.command_list import build_commands
from bots.discord_bot.port import DirectPort
from bots.discord_bot.replies import on_message as answer_message

log = logging.getLogger("odbchat.discord")


class _ODBchatMixin:
    """Lifecycle shared by the plain and the sharded client."""

    services: ConversationServices | None
    tree: app_commands.CommandTree

    def _setup(self, settings: BotSettings, sync: bool, guild_id: int | None) -> None:
        self.settings = settings
        self.sync_commands = sync
        self.guild_id = guild_id
        self.services = None
        self.scheduler: Scheduler | None = None
        # Installable to a user as well as to a server, and usable in DMs and private channels:
        # a user who installed the app to themselves asks anywhere, without the bot in that server.
        self.tree = app_commands.CommandTree(  # type: ignore[arg-type]
            self, allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True))
        for command in build_commands():
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        """Open the services and start the scheduler; sync slash commands only when asked."""
        self.services = await open_services(self.settings, self.settings.discord_rate_limit_per_minute)
        self.scheduler = start_scheduler(self.services, lambda sub: DirectPort(self, int(sub.user_id)))
        await self.tree.set_translator(StringsTranslator())  # zh-TW names and descriptions
        if self.sync_commands:
            if self.guild_id:
                guild = discord.Object(id=self.guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
            else:
                synced = await self.tree.sync()
            log.warning("synced slash commands", extra={"count": len(synced), "guild": self.guild_id})

    async def on_message(self, message: discord.Message) -> None:
        """A reply to one of the bot's answers (or a mention): answered with that answer's place and day."""
        await answer_message(self, message)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for this shard's IDENTIFY slot, shared by every process of the bot."""
        services = self.services
        if services is None:
            return
        token = self.settings.discord_bot_token.get_secret_value()
        name = "discord-identify:" + hashlib.sha256(token.encode()).hexdigest()[:16]
        wait = await services.store.reserve_slot(name, self.settings.discord_identify_interval)
        if wait > 0:
            await asyncio.sleep(wait)

    async def close(self) -> None:
        """Stop the scheduler, close the services, then the Discord connection."""
        services, self.services = self.services, None
        scheduler, self.scheduler = self.scheduler, None
        if services is not None:
            await close_services(services, scheduler)
        await super().close()  # type: ignore[misc]


class ODBchatClient(_ODBchatMixin, discord.Client):
    """The bot on one gateway connection."""

    def __init__(self, settings: BotSettings, *, sync: bool = False, guild_id: int | None = None) -> None:
        # No privileged intents: slash commands need none, and a reply that mentions the bot has its text.
        super().__init__(intents=discord.Intents.default())
        self._setup(settings, sync, guild_id)


class ODBchatShardedClient(_ODBchatMixin, discord.AutoShardedClient):
    """The bot on several shards (all of them, or this process's `discord_shard_ids`)."""

    def __init__(self, settings: BotSettings, *, sync: bool = False, guild_id: int | None = None) -> None:
        options: dict[str, object] = {}
        if settings.discord_shard_count:
            options["shard_count"] = settings.discord_shard_count
            if settings.shard_ids():
                options["shard_ids"] = settings.shard_ids()
        super().__init__(intents=discord.Intents.default(), **options)
        self._setup(settings, sync, guild_id)


def build_client(settings: BotSettings, *, sync: bool = False, guild_id: int | None = None) -> discord.Client:
    """Return the Discord client for the settings (sharded when asked); nothing connects yet."""
    sharded = settings.discord_sharded or settings.discord_shard_count > 0
    cls = ODBchatShardedClient if sharded else ODBchatClient
    return cls(settings, sync=sync, guild_id=guild_id)


async def run_until_signal(client: discord.Client, token: str) -> None:
    """Run the client until SIGTERM/SIGINT, then close it cleanly (raises LoginFailure on a bad token)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with client:
        running = asyncio.create_task(client.start(token))
        stopping = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if running in done:
            stopping.cancel()
            running.result()
            return
        await client.close()
        try:  # the gateway loop ends once closed; do not hang on it if it does not
            await asyncio.wait_for(running, 10)
        except (asyncio.TimeoutError, asyncio.CancelledError, Exception):
            running.cancel()


def main(argv: list[str] | None = None) -> int:
    """Run the Discord bot until stopped; return the exit status (0 ok, 1 failed, 2 usage)."""
    parser = argparse.ArgumentParser(prog="odbchat discord", description="ODBchat Discord bot")
    parser.add_argument("--sync", action="store_true",
                        help="sync slash commands at start-up (also ODBCHAT_DISCORD_SYNC=1)")
    parser.add_argument("--guild", type=int, default=None,
                        help="sync to this guild only (instant; global sync can take an hour)")
    # None = no options: `odbchat discord` calls main() while sys.argv holds the CLI's words.
    args = parser.parse_args(argv or [])
    settings = get_bot_settings()
    setup_logging(settings.odbchat_log_level, settings.secrets())
    token = settings.discord_bot_token.get_secret_value()
    if not token:
        log.error("DISCORD_BOT_TOKEN is not set")
        return 2
    client = build_client(settings, sync=args.sync or settings.odbchat_discord_sync,
                          guild_id=args.guild or settings.odbchat_discord_guild)
    return run_guarded(lambda: asyncio.run(run_until_signal(client, token)), log, "discord",
                       (discord.LoginFailure,), "Discord rejected the bot token")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
