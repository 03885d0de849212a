"""The one conversation every chat platform shares, driven through a small port that records what it
is asked to send, with the real router on the local engine and an in-memory store."""
from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime, timezone

import pytest

from bots.common.bot_settings import BotSettings
from bots.common.conversation import Conversation
from bots.common.incoming import Command, Content, Incoming, Location, Options, Press, Text
from bots.common.port import Outcome, Shown
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.services import ConversationServices
from bots.common.store import open_store
from core.reply import Button
from core.router import Router

ASKED_AT = datetime(2025, 11, 14, 2, 0, tzinfo=timezone.utc)  # 10:00 in Taipei


@dataclass
class RecordingPort:
    """A port for a surface that keeps what it would show: (kind, payload) in order."""

    sent: list[tuple[str, object]] = field(default_factory=list)

    async def show(self, shown: Shown) -> Outcome:
        self.sent.append(("show", shown))
        return "sent"

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        self.sent.append(("say", (text, location_button, close_keyboard)))
        return "sent"

    async def say_privately(self, text: str) -> Outcome:
        self.sent.append(("private", text))
        return "sent"

    async def typing(self) -> None:
        self.sent.append(("typing", None))

    def last(self, kind: str) -> object:
        return [payload for name, payload in self.sent if name == kind][-1]


@pytest.fixture
async def services() -> AsyncIterator[ConversationServices]:
    settings = BotSettings(odbchat_default_tz="Asia/Taipei", odbchat_backend="local", ollama_host="http://127.0.0.1:9")
    router = Router(settings, llm=None)
    store = open_store(":memory:")
    try:
        yield ConversationServices(settings=settings, router=router, store=store, limiter=SlidingWindowLimiter(3))
    finally:
        await router.aclose()
        store.close()


def message(content: Content, *, user: str = "7", chat: str = "70", locale: str | None = "zh-hant",
            **extra: object) -> Incoming:
    return Incoming(platform="test", user_id=user, chat_id=chat, content=content, locale=locale, time=ASKED_AT,
                    **extra)  # type: ignore[arg-type]


async def test_a_question_is_answered_whole_and_its_follow_up_inherits_place(services: ConversationServices) -> None:
    conversation, port = Conversation(services), RecordingPort()
    await conversation.handle(message(Text("基隆今天的潮汐")), port)
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.answer is not None
    assert shown.answer.tool == "tide.forecast" and shown.title == "潮汐預報" and shown.tz == "Asia/Taipei"
    assert "基隆" in shown.reply.headline and shown.reply.lines
    assert {b.action for b in shown.reply.buttons} >= {"tomorrow", "save_home"}
    await conversation.handle(message(Text("那明天呢？")), port)
    follow = port.last("show")
    assert isinstance(follow, Shown) and follow.answer is not None
    assert follow.answer.arguments and follow.answer.arguments["date"] == "2025-11-15"
    # The context is one user's in one chat: another user in the same chat inherits nothing.
    other = RecordingPort()
    await conversation.handle(message(Text("那明天呢？"), user="8"), other)
    assert not [p for k, p in other.sent if k == "show" and isinstance(p, Shown) and p.answer
                and (p.answer.arguments or {}).get("date") == "2025-11-15"]


async def test_place_command_needs_a_home_then_uses_it(services: ConversationServices) -> None:
    conversation, port = Conversation(services), RecordingPort()
    await conversation.handle(message(Command("tide")), port)
    assert "/home" in str(port.last("private"))
    await conversation.handle(message(Command("home", "121.74,25.13")), port)
    assert "121.7400,25.1300" in str(port.last("say"))
    await conversation.handle(message(Command("tide")), port)
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.answer is not None
    assert shown.answer.tool == "tide.forecast" and shown.answer.arguments
    assert (shown.answer.arguments["longitude"], shown.answer.arguments["latitude"]) == (121.74, 25.13)


async def test_home_prompt_then_pin_saves_home_and_zone(services: ConversationServices) -> None:
    conversation, port = Conversation(services), RecordingPort()
    await conversation.handle(message(Command("home")), port)
    text, button, _ = port.last("say")  # type: ignore[misc]
    assert button and "位置" in str(text) + str(button)
    await conversation.handle(message(Location(139.77, 35.62)), port)
    said, _, closed = port.last("say")  # type: ignore[misc]
    assert closed is True and "Asia/Tokyo" in str(said)
    saved = services.store.get("test", "7")
    assert (saved.home_lon, saved.home_lat, saved.tz) == (139.77, 35.62, "Asia/Tokyo")
    # The mark is used up: the next pin is a tide question in the pin's own zone.
    await conversation.handle(message(Location(139.77, 35.62)), port)
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.tz == "Asia/Tokyo" and shown.answer and shown.answer.tool == "tide.forecast"


async def test_refusal_rate_limit_and_groups(services: ConversationServices) -> None:
    conversation, port = Conversation(services), RecordingPort()
    await conversation.handle(message(Text("x" * 1500), locale="en"), port)
    assert "too long" in str(port.last("private"))
    for _ in range(4):
        await conversation.handle(message(Text("What time is it in Tokyo?"), locale="en"), port)
    assert "asking a little fast" in str(port.last("private"))
    assert len([k for k, _ in port.sent if k == "show"]) == 3
    group = RecordingPort()
    await conversation.handle(message(Text("chatting among friends"), user="9", is_group=True, addressed=False), group)
    await conversation.handle(message(Location(121.5, 25.0), user="9", is_group=True), group)
    assert group.sent == []


async def test_buttons_chart_and_expired(services: ConversationServices) -> None:
    conversation, port = Conversation(services), RecordingPort()
    await conversation.handle(message(Press(None)), port)
    assert "按鈕" in str(port.last("say"))  # a polite word, no answer
    chart = Button(action="chart", label="", point=(121.74, 25.13), date="2025-11-14")
    await conversation.handle(message(Press(chart)), port)
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.reply.image and shown.reply.image[:8] == b"\x89PNG\r\n\x1a\n"
    home = Button(action="save_home", label="", point=(121.74, 25.13), place="基隆")
    await conversation.handle(message(Press(home)), port)
    assert services.store.get("test", "7").home_name == "基隆"


async def test_week_reply_has_a_table(services: ConversationServices) -> None:
    conversation, port = Conversation(services), RecordingPort()
    await conversation.handle(message(Command("week", "基隆")), port)
    shown = port.last("show")
    assert isinstance(shown, Shown) and shown.reply.table is not None and len(shown.reply.table.fields) == 7


async def test_settings_options_forget_and_subscriptions(services: ConversationServices) -> None:
    conversation, port = Conversation(services), RecordingPort()
    await conversation.handle(message(Command("settings", options=Options(tz="Asia/Tokyo", lang="en"))), port)
    card = port.last("show")
    assert isinstance(card, Shown) and card.source is None and "Asia/Tokyo" in card.reply.text()
    await conversation.handle(message(Command("tz", "Mars/Base")), port)
    assert "Mars/Base" in str(port.last("say"))
    await conversation.handle(message(Command("daily", "06:30 基隆"), deliver_to="dm-7"), port)
    assert "06:30" in str(port.last("say"))
    await conversation.handle(message(Text("every day at 7:30 pm tell me the tide at Kaohsiung"), deliver_to="dm-7"),
                              port)
    subs = services.store.list_subscriptions("test", "7")
    assert len(subs) == 2 and {s.chat_id for s in subs} == {"dm-7"}
    await conversation.handle(message(Command("forget")), port)   # subscriptions to lose: asked first
    assert "/forget yes" in str(port.last("say")) and len(services.store.list_subscriptions("test", "7")) == 2
    await conversation.handle(message(Command("forget", "yes")), port)
    assert services.store.get("test", "7").is_empty and not services.store.list_subscriptions("test", "7")
