"""Issue 29 on Discord: the slash commands' callbacks with the real router (local engine, no LLM) and
the embeds' payloads as Discord receives them — sources as links, the chat's place for a command
given none, a bare 👍 answered briefly."""
from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import Any

import pytest

from bots.common.bot_settings import BotSettings as Settings
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.services import ConversationServices
from bots.common.store import open_store
from test_discord_bot import FakeInteraction, commands


@pytest.fixture
async def client(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    monkeypatch.setenv("ODBCHAT_BACKEND", "local")
    from core.router import Router

    settings = Settings(odbchat_backend="local", ollama_host="http://127.0.0.1:9")
    router = Router(settings=settings, llm=None)
    try:
        yield SimpleNamespace(services=ConversationServices(
            settings=settings, router=router, store=open_store(":memory:"), limiter=SlidingWindowLimiter(20)))
    finally:
        await router.aclose()


def _payloads(it: FakeInteraction) -> list[dict[str, Any]]:
    return [embed.to_dict() for embed in it.embeds()]


async def test_an_explanation_lists_its_sources_as_links(client: Any) -> None:
    it = FakeInteraction(client, created_at=datetime.now(timezone.utc))
    await commands()["ask"].callback(it, question="黑潮是什麼？")
    fields = [f for payload in _payloads(it) for f in payload.get("fields", [])]
    sources = next(f for f in fields if f["name"] == "來源")
    assert "](https://" in sources["value"], sources


async def test_chart_without_a_place_uses_the_chats_place(client: Any) -> None:
    now = datetime.now(timezone.utc)
    await commands()["tide"].callback(FakeInteraction(client, created_at=now), place="基隆")
    it = FakeInteraction(client, created_at=now)
    await commands()["week"].callback(it)
    text = " ".join(str(p) for p in _payloads(it))
    assert "基隆" in text and "/home" not in text, text


async def test_a_thumbs_up_gets_a_short_reply(client: Any) -> None:
    it = FakeInteraction(client, created_at=datetime.now(timezone.utc))
    await commands()["ask"].callback(it, question="👍")
    said = " ".join(str(p.get("description", "")) for p in _payloads(it)) + " ".join(
        str(c.get("content") or "") for c in it.sent())
    assert 0 < len(said.strip()) <= 60, said


async def test_tz_understands_a_place_or_a_country(client: Any) -> None:
    for name, zone in (("台灣", "Asia/Taipei"), ("Tokyo", "Asia/Tokyo")):
        it = FakeInteraction(client, created_at=datetime.now(timezone.utc))
        await commands()["tz"].callback(it, zone=name)
        assert zone in it.sent()[-1]["content"], it.sent()
        assert (await client.services.store.get("discord", "42")).tz == zone


async def test_the_footer_does_not_repeat_the_station(client: Any) -> None:
    it = FakeInteraction(client, created_at=datetime.now(timezone.utc))
    await commands()["tide"].callback(it, place="基隆")
    footer = _payloads(it)[0]["footer"]["text"]
    assert footer.startswith("基隆 · ") and "km" not in footer and footer.count("基隆") == 1, footer
    assert "Asia/" not in footer, footer   # the asker's own zone is no news under every answer


async def test_a_time_abroad_is_not_footed_with_the_askers_zone(client: Any) -> None:
    it = FakeInteraction(client, created_at=datetime.now(timezone.utc))
    await commands()["ask"].callback(it, question="東京現在幾點")
    payload = _payloads(it)[0]
    assert "Asia/Tokyo" in payload["description"] and "Asia/Taipei" not in payload["footer"]["text"], payload


class _Channel:
    def __init__(self, channel_id: int) -> None:
        self.id = channel_id

    async def typing(self) -> None:
        return None


class _Message:
    """The parts of a discord.Message the reply handler reads, and its replies."""

    def __init__(self, author: int, content: str, channel: _Channel, *, mentions: list[Any],
                 reply_to: int | None = None, reply_author: int | None = None) -> None:
        self.author = SimpleNamespace(id=author, bot=False)
        self.content, self.channel, self.mentions = content, channel, mentions
        self.guild = SimpleNamespace(preferred_locale=SimpleNamespace(value="zh-TW"))
        self.created_at = datetime.now(timezone.utc)
        resolved = SimpleNamespace(author=SimpleNamespace(id=reply_author)) if reply_author else None
        self.reference = SimpleNamespace(message_id=reply_to, resolved=resolved) if reply_to else None
        self.replies: list[dict[str, Any]] = []

    async def reply(self, content: str | None = None, **kwargs: Any) -> Any:
        self.replies.append({"content": content, **kwargs})
        return SimpleNamespace(id=len(self.replies))


async def test_a_reply_to_an_earlier_answer_in_a_channel_uses_its_place_and_day(client: Any) -> None:
    from bots.discord_bot import replies

    me = SimpleNamespace(id=999)
    client.user = me
    channel, now = _Channel(77), datetime.now(timezone.utc)
    first = FakeInteraction(client, created_at=now)
    first.channel_id, first.guild_id = 77, 1   # type: ignore[attr-defined]
    await commands()["ask"].callback(first, question="高雄12月5日的潮汐")
    later = FakeInteraction(client, user_id=43, created_at=now)
    later.channel_id, later.guild_id = 77, 1   # type: ignore[attr-defined]
    await commands()["ask"].callback(later, question="基隆今天的潮汐")   # the channel's last answer: 基隆
    kaohsiung = first.sent()[0]["id"]   # the id Discord gave the 高雄 answer
    message = _Message(44, "<@999> 那日出呢？", channel, mentions=[me], reply_to=kaohsiung, reply_author=999)
    await replies.on_message(client, message)
    said = " ".join(str(e.to_dict()) for r in message.replies for e in r.get("embeds") or [])
    assert "高雄" in said and "12月5日" in said and "日出" in said and "基隆" not in said, said
    # A message neither replying to nor mentioning the bot is left alone.
    other = _Message(44, "那日出呢？", channel, mentions=[])
    await replies.on_message(client, other)
    assert other.replies == []
