"""Settings only the chat adapters read: tokens, webhook, shared store, rate limits, shards.

`BotSettings` extends the core's `Settings` (same sources: keyword arguments, then the
environment, then `config.yaml`), so an adapter holds one object and hands it to the
`Router` unchanged, while `core/` never learns that Telegram or Discord exist.
"""
from __future__ import annotations

import functools

from pydantic import Field, SecretStr, field_validator

from core.config import Settings


class BotSettings(Settings):
    """Every adapter setting (see config.yaml); secrets only from the environment."""

    odbchat_db: str = ""
    #: Where `odbchat ask|chat|chart` keep their log (empty = ~/.local/state/odbchat/odbchat.log).
    odbchat_log_file: str = ""
    telegram_bot_token: SecretStr = Field(default=SecretStr(""))
    telegram_base_url: str = "https://api.telegram.org/bot"
    telegram_webhook_url: str = ""
    telegram_webhook_listen: str = "127.0.0.1"
    telegram_webhook_port: int = 8443
    telegram_webhook_secret: SecretStr = Field(default=SecretStr(""))
    #: Telegram's own cap on simultaneous webhook connections per bot (1..100).
    telegram_webhook_max_connections: int = 40
    telegram_rate_limit_per_minute: int = 20
    #: Seconds a SIGTERM'd worker may spend answering what it already acknowledged.
    telegram_drain_seconds: float = 60.0
    #: Webhook servers (Telegram, LINE): connections open at once, beyond which one is refused.
    webhook_max_connections: int = 256
    #: Seconds a webhook client has to send a request head (and, separately, its body).
    webhook_header_timeout_seconds: float = 10.0
    discord_bot_token: SecretStr = Field(default=SecretStr(""))
    discord_sharded: bool = False
    #: Total shards across all processes (0 = let Discord recommend, one process).
    discord_shard_count: int = 0
    #: The shard ids this process runs, e.g. "0,1" (empty = all of them).
    discord_shard_ids: str = ""
    discord_rate_limit_per_minute: int = 20
    #: Seconds between IDENTIFYs of shards sharing one token (Discord allows one per 5 s).
    discord_identify_interval: float = 5.0
    #: Sync slash commands at start-up (otherwise only with `odbchat discord --sync`).
    odbchat_discord_sync: bool = False
    #: Sync to this guild only (instant; a global sync can take an hour).
    odbchat_discord_guild: int | None = None
    line_channel_secret: SecretStr = Field(default=SecretStr(""))
    line_channel_access_token: SecretStr = Field(default=SecretStr(""))
    line_api_base_url: str = "https://api.line.me"
    #: The Messaging API's data host (rich-menu pictures are uploaded there).
    line_api_data_url: str = "https://api-data.line.me"
    #: The HTTPS base the LINE platform reaches (chart picture URLs start with it).
    line_public_url: str = ""
    line_webhook_listen: str = "127.0.0.1"
    line_webhook_port: int = 8445
    line_rate_limit_per_minute: int = 20
    #: Seconds a SIGTERM'd LINE worker may spend answering what it already acknowledged.
    line_drain_seconds: float = 60.0
    #: Minutes a follow-up ("那明天呢？") may lean on the chat's previous question.
    chat_context_minutes: float = 30.0
    #: Seconds between the subscription scheduler's looks at the store.
    subscriptions_poll_seconds: float = 5.0

    @field_validator("telegram_webhook_max_connections")
    @classmethod
    def _max_connections(cls, value: int) -> int:
        if not 1 <= value <= 100:
            raise ValueError("telegram_webhook_max_connections must be 1..100")
        return value

    def shard_ids(self) -> list[int] | None:
        """Return this process's Discord shard ids, or None for all of them."""
        ids = [int(p) for p in self.discord_shard_ids.replace(" ", "").split(",") if p]
        return ids or None

    def secrets(self) -> list[str]:
        """Return every secret value, for the log filter that redacts them."""
        return [s.get_secret_value() for s in (self.telegram_bot_token, self.telegram_webhook_secret,
                                               self.discord_bot_token, self.line_channel_secret,
                                               self.line_channel_access_token, self.cwa_api_key)
                if s is not None and s.get_secret_value()]


@functools.cache
def get_bot_settings() -> BotSettings:
    """Return the process-wide adapter settings (tests call `get_bot_settings.cache_clear()`)."""
    return BotSettings()
