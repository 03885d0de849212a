"""An in-memory chat platform for the one conversation: a `ChatPort` that records what it is asked to
send, and a `Dialogue` that plays whole conversations through the real `Conversation` with it.

Used through conftest's `dialogue` fixture (the real router on the local engine, no LLM, an
in-memory store). A turn is one message in; what the port was asked to send for it comes back.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from bots.common.conversation import Conversation
from bots.common.incoming import Content, Incoming, Text
from bots.common.port import Outcome, Shown
from bots.common.services import ConversationServices

#: When the dialogue's messages are sent unless a turn says otherwise: 10:00 in Taipei.
ASKED_AT = datetime(2025, 11, 14, 2, 0, tzinfo=timezone.utc)


@dataclass
class RecordingPort:
    """A `ChatPort` that keeps what it would show: (kind, payload) in order, kind one of
    "show" (a `Shown`), "say" ((text, location_button, close_keyboard)), "private" (text), "typing"."""

    sent: list[tuple[str, object]] = field(default_factory=list)

    async def show(self, shown: Shown) -> Outcome:
        """Record an answer; return "sent"."""
        self.sent.append(("show", shown))
        return "sent"

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        """Record a plain text; return "sent"."""
        self.sent.append(("say", (text, location_button, close_keyboard)))
        return "sent"

    async def say_privately(self, text: str) -> Outcome:
        """Record a private text; return "sent"."""
        self.sent.append(("private", text))
        return "sent"

    async def typing(self) -> None:
        self.sent.append(("typing", None))

    def last(self, kind: str) -> object:
        """Return the payload of the last send of this kind (IndexError when there was none)."""
        return [payload for name, payload in self.sent if name == kind][-1]

    def shown(self) -> list[Shown]:
        """Return every answer shown, in order."""
        return [payload for name, payload in self.sent if name == "show" and isinstance(payload, Shown)]


def message(content: Content, *, user: str = "7", chat: str = "70", locale: str | None = "zh-hant",
            time: datetime = ASKED_AT, **extra: object) -> Incoming:
    """Return one incoming message of the in-memory platform ("test")."""
    return Incoming(platform="test", user_id=user, chat_id=chat, content=content, locale=locale, time=time,
                    **extra)  # type: ignore[arg-type]


class Dialogue:
    """Whole conversations on the in-memory platform: one `Conversation`, one port per user, so what
    one user is sent never shows up in another's."""

    def __init__(self, services: ConversationServices) -> None:
        self.services = services
        self.conversation = Conversation(services)
        self.ports: dict[str, RecordingPort] = {}

    def port(self, user: str = "7") -> RecordingPort:
        """Return the port of one user (everything that user has been sent so far)."""
        return self.ports.setdefault(user, RecordingPort())

    async def send(self, content: Content | str, *, user: str = "7", **extra: object) -> list[tuple[str, object]]:
        """Play one turn (a plain string is a text message); return what was sent in answer to it."""
        port = self.port(user)
        before = len(port.sent)
        await self.conversation.handle(message(Text(content) if isinstance(content, str) else content,
                                               user=user, **extra), port)
        return port.sent[before:]

    async def play(self, *turns: Content | str, user: str = "7", **extra: object) -> list[list[tuple[str, object]]]:
        """Play turns in order as one user; return what was sent in answer to each."""
        return [await self.send(turn, user=user, **extra) for turn in turns]


@dataclass
class Firing:
    """One firing a subscriber's port was asked to show: the subscription, the answer and when (by `clock`)."""

    sub: Any
    shown: Shown
    at: Any   # the clock's reading: epoch seconds (the wall clock) or a simulated datetime

    @property
    def text(self) -> str:
        """Return the firing's reply as plain text (every part, as a plain-text surface shows it)."""
        return self.shown.reply.text()


class SubscriberPorts:
    """The scheduler's `port_for` on the in-memory platform: each subscriber's port records the firings it
    shows and answers `outcome` (after `delay` seconds); `clock` stamps them (default: the wall clock)."""

    def __init__(self, outcome: Outcome = "sent", delay: float = 0.0, clock: Callable[[], Any] | None = None) -> None:
        self.got: list[Firing] = []
        self.outcome, self.delay = outcome, delay
        self.clock = clock or time.time

    def __call__(self, sub: object) -> "SubscriberPort":
        return SubscriberPort(self, sub)

    @property
    def texts(self) -> list[str]:
        """Return every firing's text, in order."""
        return [f.text for f in self.got]


class SubscriberPort(RecordingPort):
    """One subscriber's port (see `SubscriberPorts`)."""

    def __init__(self, ports: SubscriberPorts, sub: object) -> None:
        super().__init__()
        self.ports, self.sub = ports, sub

    async def show(self, shown: Shown) -> Outcome:
        """Record a firing after the ports' delay; return their outcome."""
        if self.ports.delay:
            await asyncio.sleep(self.ports.delay)
        self.ports.got.append(Firing(self.sub, shown, self.ports.clock()))
        return self.ports.outcome
