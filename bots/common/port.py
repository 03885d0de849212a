"""What a chat platform implements for the conversation to speak through: a `ChatPort`.

The conversation decides what to say; the port says it in its platform's way. `show`
gets a whole answer (`Shown`: the reply's parts plus the title and source around them)
and must show every part of `shown.reply`; `say` is one plain text; `say_privately` is a
text only the asker should see (Discord: ephemeral; elsewhere a normal reply).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from core.envelope import Answer
from core.reply import Reply

#: What became of one send: delivered, refused because the user blocked the bot, or lost.
Outcome = Literal["sent", "blocked", "failed"]


@dataclass(frozen=True)
class Shown:
    """An answer to show: its parts, and the title, source and colour to frame them."""

    reply: Reply
    lang: Literal["zh", "en"]
    title: str = "ODBchat"
    #: The data source to credit (None: no footer at all, e.g. the /settings card).
    source: str | None = None
    #: The tool's colour (platforms with colours), None for no colour.
    colour: int | None = None
    #: The whole envelope, for surfaces that print it (`odbchat chat --json`); None for texts.
    answer: Answer | None = None


class ChatPort(Protocol):
    """The platform's side of one message's conversation."""

    async def show(self, shown: Shown) -> Outcome:
        """Show an answer with every part of its reply; return the outcome."""
        ...

    async def say(self, text: str, *, location_button: str | None = None,
                  close_keyboard: bool = False) -> Outcome:
        """Send plain text (with a one-tap "share location" button labelled `location_button`, or
        closing that keyboard, where the platform has one); return the outcome."""
        ...

    async def say_privately(self, text: str) -> Outcome:
        """Send plain text only the asker sees (a refusal, a failure); return the outcome."""
        ...

    async def typing(self) -> None:
        """Show that an answer is being prepared (no-op where the platform shows it by itself)."""
        ...


def sent_ids(port: ChatPort) -> tuple[str, ...]:
    """Return the platform ids of the messages the port's last `show` sent ((): none, or a platform
    that gives none). A port that knows them keeps them in `sent_ids`, so a later reply quoting one
    of them is asked with that answer's place and day."""
    return tuple(str(i) for i in getattr(port, "sent_ids", ()) or ())


async def say_personal(port: ChatPort, text: str) -> Outcome:
    """Send a text holding the user's own settings where only that user sees it; return the outcome.

    A port that can reach the user privately from a group (Telegram: a private chat) has
    `say_personal`; elsewhere `say_privately` is already private enough (Discord: ephemeral).
    """
    personal = getattr(port, "say_personal", None)
    return await (personal(text) if personal is not None else port.say_privately(text))
