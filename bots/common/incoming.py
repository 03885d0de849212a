"""What a chat platform hands the conversation: one incoming message as a typed record.

A platform adapter translates its event (a Telegram update, a Discord interaction, a line
typed in the terminal) into an `Incoming`: who asked, where, in which platform language,
when, and one kind of content. The conversation (`bots/common/conversation.py`) reads only
this record, never a platform object.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from core.reply import Button


@dataclass(frozen=True)
class Text:
    """Free text: a question, or a subscription asked in words."""

    text: str


@dataclass(frozen=True)
class Options:
    """Typed options of a command, filled by platforms whose commands have them (Discord)."""

    place: str | None = None
    date: str | None = None       # YYYY-MM-DD or day words ("tomorrow", "週六")
    days: int | None = None
    time: str | None = None       # /daily's HH:MM (a threshold /alert's evening, /springtide's morning)
    extreme: str | None = None    # /alert's "high" or "low"
    minutes: int | None = None    # /alert's lead
    direction: str | None = None  # a threshold /alert's "below" or "above"...
    height: float | None = None   # ...this height (the user's unit)...
    daylight: bool = False        # ...in daylight only
    tz: str | None = None         # /settings' options
    lang: str | None = None
    home: str | None = None
    forget: bool = False


@dataclass(frozen=True)
class Command:
    """A command by name (`tide`, `home`, `daily`…): the text after its word, or typed options."""

    name: str
    arg: str = ""
    options: Options = field(default_factory=Options)


@dataclass(frozen=True)
class Location:
    """A shared location pin (or a venue's point)."""

    lon: float
    lat: float
    #: The pin's title where the platform gives one (a LINE pin "八斗子漁港", a Telegram venue).
    title: str | None = None


@dataclass(frozen=True)
class Press:
    """A press on a button under an earlier answer; `button` is None when its data was unreadable."""

    button: Button | None


@dataclass(frozen=True)
class Photo:
    """A photo with a caption: the caption is read as the question."""

    caption: str


@dataclass(frozen=True)
class Unreadable:
    """Something the bot cannot read as a question (a sticker, a picture or file without a caption)."""

    kind: str


Content = Text | Command | Location | Press | Photo | Unreadable


@dataclass(frozen=True)
class QuestionOptions:
    """Options a developer surface (the terminal) sets on every question; platforms leave them off."""

    debug: bool = False
    dry_run: bool = False
    backend: Literal["auto", "upstream", "local"] | None = None


@dataclass(frozen=True)
class Incoming:
    """One message: platform, user, chat, whether the bot was addressed, locale, time and content."""

    platform: str
    user_id: str
    chat_id: str
    content: Content
    is_group: bool = False
    #: In a group, whether the message is for the bot (a mention or a reply to it).
    addressed: bool = True
    #: The platform's interface language code ("zh-hant", "en-US"), when known.
    locale: str | None = None
    #: When the platform received the message (aware); None = now.
    time: datetime | None = None
    #: True when the message answers the bot's "share your home" prompt.
    answers_home_prompt: bool = False
    #: Where scheduled messages for this user go (Discord: the user's DMs); None = this chat.
    deliver_to: str | None = None
    question_options: QuestionOptions | None = None
    #: In a group, True when the message is a reply to one of the bot's answers (it inherits that answer's place).
    replies_to_bot: bool = False
    #: The id of the message this one replies to or quotes (Telegram's reply, LINE's quote), None for none:
    #: a reply to one of the bot's answers is asked with that answer's place and day.
    replies_to: str | None = None
