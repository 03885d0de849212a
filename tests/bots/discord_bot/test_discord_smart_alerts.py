"""Discord's slash commands for the smart alerts: /alert's height options and /springtide, as their
payloads declare them and as their callbacks store them (the real router on the built-in engine,
the real store; the interaction is a recording stand-in for discord's)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bots import discord_bot as db
from bots.common.bot_settings import BotSettings
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.services import ConversationServices
from bots.common.store import open_store
from core.config import Settings
from core.router import Router


class Interaction:
    """What the adapter uses of a discord.Interaction: defer once, then follow-ups (recorded)."""

    def __init__(self, client: Any, locale: discord.Locale) -> None:
        self.client, self.locale, self.channel_id = client, locale, None
        self.user = SimpleNamespace(id=77)
        self.created_at = datetime.now(timezone.utc)
        self.sent: list[str] = []
        deferred: list[bool] = []

        async def defer(**_: Any) -> None:
            deferred.append(True)

        async def send(content: str | None = None, **_: Any) -> None:
            assert deferred, "a follow-up needs a deferred interaction"
            self.sent.append(content or "")

        self.response = SimpleNamespace(defer=defer, is_done=lambda: bool(deferred))
        self.followup = SimpleNamespace(send=send)

    async def delete_original_response(self) -> None:
        return None


def test_alert_and_springtide_payloads_declare_the_options() -> None:
    cmds = {c.name: c for c in db.build_commands()}
    alert = {p.name: p for p in cmds["alert"].parameters}
    assert [c.value for c in alert["direction"].choices] == ["below", "above"]
    assert alert["height"].type == discord.AppCommandOptionType.number and not alert["height"].required
    assert alert["daylight"].type == discord.AppCommandOptionType.boolean and not alert["minutes"].required
    assert {p.name for p in cmds["springtide"].parameters} == {"place", "time"}
    assert not any(p.required for p in cmds["springtide"].parameters)
    assert 1 <= len(cmds["springtide"].description) <= 100


async def test_the_callbacks_store_a_threshold_and_a_springtide(tmp_path: Path) -> None:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    store = open_store(str(tmp_path / "subs.db"))
    client = SimpleNamespace(services=ConversationServices(settings=BotSettings(odbchat_default_tz="Asia/Taipei"),
                                                           router=router, store=store, limiter=SlidingWindowLimiter(20)))
    cmds = {c.name: c for c in db.build_commands()}
    below = discord.app_commands.Choice(name="below", value="below")
    low = discord.app_commands.Choice(name="low", value="low")
    try:
        zh = Interaction(client, discord.Locale.taiwan_chinese)
        await cmds["alert"].callback(zh, place="基隆", extreme=low, direction=below, height=-60.0, daylight=True,
                                     time="21:00")
        assert "基隆白天乾潮低於 -60 公分" in zh.sent[-1] and "21:00" in zh.sent[-1], zh.sent
        en = Interaction(client, discord.Locale.american_english)
        await cmds["springtide"].callback(en, place="Keelung", time=None)
        assert "spring-tide period at Keelung" in en.sent[-1], en.sent
        asked = Interaction(client, discord.Locale.american_english)
        await cmds["alert"].callback(asked, place="Keelung", extreme=low)  # neither minutes nor a height
        assert "How long before?" in asked.sent[-1]
        stored = await store.list_subscriptions("discord", "77")
        assert [(s.kind, s.threshold_cm, s.daylight, s.hhmm) for s in stored] == [
            ("threshold", -60.0, True, "21:00"), ("springtide", None, False, "06:00")]
    finally:
        store.close()
        await router.aclose()
