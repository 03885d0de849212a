"""Discord adapter (discord.py 2): slash commands in, embeds out.

Run with `odbchat discord` (or `python -m bots.discord_bot`). Modules: `commands` (the
slash commands and the answer path), `settings_command`, `embeds`, `client` (lifecycle,
shards, SIGTERM, main). Slash commands sync only when asked (`--sync`).
"""
from bots.discord_bot.client import ODBchatClient, ODBchatShardedClient, build_client, main
from bots.discord_bot.command_list import build_commands
from bots.discord_bot.commands import DiscordServices, place_autocomplete
from bots.discord_bot.embeds import answer_embeds, split_plain

__all__ = ["DiscordServices", "ODBchatClient", "ODBchatShardedClient", "answer_embeds", "build_client",
           "build_commands", "main", "place_autocomplete", "split_plain"]
