"""Discord adapter (discord.py 2): slash commands become an `Incoming` for the shared
conversation (bots/common/conversation.py); its replies come back as embeds through a `DiscordPort`.

Run with `odbchat discord` (or `python -m bots.discord_bot`). Modules: `commands` (slash
commands → Incoming), `settings_command`, `subscription_commands`, `port` (follow-ups),
`embeds` (a reply's parts as embeds), `client` (lifecycle, shards, SIGTERM, main). Slash
commands sync only when asked (`--sync`).
"""
from bots.discord_bot.client import ODBchatClient, ODBchatShardedClient, build_client, main
from bots.discord_bot.command_list import build_commands
from bots.discord_bot.commands import place_autocomplete
from bots.discord_bot.embeds import reply_embeds, split_plain

__all__ = ["ODBchatClient", "ODBchatShardedClient", "build_client", "build_commands", "main", "place_autocomplete",
           "reply_embeds", "split_plain"]
