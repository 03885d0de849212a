"""Discord's direct-message port, which shows subscription firings: the same embeds (title, colour,
source footer, chart picture) as a follow-up, and a user who closed their DMs counted as blocked."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bots.common.port import Shown
from bots.discord_bot.embeds import CHART_FILE
from bots.discord_bot.port import DirectPort
from core.reply import Footer, Reply


class FakeUser:
    """The part of discord.User a direct message uses: `send`, recorded (or refused with `refuse`)."""

    def __init__(self, refuse: Exception | None = None) -> None:
        self.sent: list[dict[str, Any]] = []
        self.refuse = refuse

    async def send(self, **message: Any) -> None:
        if self.refuse is not None:
            raise self.refuse
        self.sent.append(message)


class FakeClient:
    def __init__(self, user: FakeUser) -> None:
        self.user = user

    def get_user(self, user_id: int) -> FakeUser | None:
        return self.user if user_id == 42 else None


def _shown(image: bytes | None = None) -> Shown:
    reply = Reply(headline="⏰ high tide at Keelung: 14:32 (in about 30 minutes), height 82 cm", image=image,
                  title="Tide forecast", source="ODB tides", colour=0x1E88E5,
                  footer=Footer(place="Keelung", tz="Asia/Taipei"))
    return Shown(reply=reply, lang="en", title=reply.title, source=reply.source, colour=reply.colour)


async def test_a_firing_is_a_direct_message_of_the_answers_embeds() -> None:
    user = FakeUser()
    port = DirectPort(FakeClient(user), 42)  # type: ignore[arg-type]
    assert await port.show(_shown(image=b"\x89PNG fake")) == "sent"
    [message] = user.sent
    [embed] = message["embeds"]
    assert embed.title == "Tide forecast" and embed.colour == discord.Colour(0x1E88E5)
    assert "high tide at Keelung" in (embed.description or "")
    assert [f.filename for f in message["files"]] == [CHART_FILE] and embed.image.url == f"attachment://{CHART_FILE}"


async def test_a_user_whose_direct_messages_are_closed_is_blocked() -> None:
    response = SimpleNamespace(status=403, reason="Forbidden")
    user = FakeUser(refuse=discord.Forbidden(response, "Cannot send messages to this user"))  # type: ignore[arg-type]
    port = DirectPort(FakeClient(user), 42)  # type: ignore[arg-type]
    assert await port.show(_shown()) == "blocked"
    assert await port.say("x" * 4500) == "blocked"


async def test_a_long_text_goes_in_pieces_of_two_thousand() -> None:
    user = FakeUser()
    port = DirectPort(FakeClient(user), 42)  # type: ignore[arg-type]
    assert await port.say("x" * 4500) == "sent"
    assert [len(m["content"]) for m in user.sent] == [2000, 2000, 500]
