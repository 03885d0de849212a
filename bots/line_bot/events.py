"""LINE webhook events translated for the conversation: text, `/` commands, a location, a
postback (a quick-reply button), a follow, or another message kind becomes an `Incoming`,
with where its answer goes (the reply token, the chat to push to).

In groups and rooms the bot is addressed by a mention of itself (a mentionee with
`isSelf`), by a message starting with `/`, or by quoting one of its answers (`quotedMessageId`,
which the conversation recognises by the ids the port kept of what it sent); personal settings asked in a group are
answered to the user alone, by push.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from linebot.v3.webhooks import (Event, FollowEvent, GroupSource, LocationMessageContent, MessageEvent, PostbackEvent,
                                 RoomSource, TextMessageContent)

from bots.common.conversation import COMMANDS
from bots.common.incoming import Command, Content, Incoming, Location, Photo, Press, Text
from bots.common.settings_talk import SETTINGS_COMMANDS
from bots.line_bot.messages import parse_data
from bots.line_bot.rich_menu import read_tap

PLATFORM = "line"
#: Commands whose answers hold the asker's own settings: answered to the user alone in groups.
PERSONAL = (*SETTINGS_COMMANDS, "alerts")


@dataclass(frozen=True)
class Routed:
    """An event as the conversation reads it, and where its answer goes."""

    incoming: Incoming
    #: The chat to push to (the user, the group or the room).
    to: str
    reply_token: str | None
    user_chat: bool
    #: A personal command asked in a group: the group (and its reply token) that gets a word that
    #: the answer went privately.
    group: str | None = None
    group_token: str | None = None
    #: LINE's id of the event (`webhookEventId`): the answer's pushes are keyed by it.
    event_id: str | None = None
    #: When the reply token was issued: the event's time on its first delivery (unknown on LINE's redelivery).
    token_time: datetime | None = None


def _chat(event: Event) -> tuple[str, str, bool]:
    """Return (user id, chat id, is a group or room) of the event's source."""
    source = event.source
    user = getattr(source, "user_id", None) or ""
    if isinstance(source, GroupSource):
        return user, source.group_id, True
    if isinstance(source, RoomSource):
        return user, source.room_id, True
    return user, user, False


def _addressed(content: TextMessageContent) -> tuple[bool, str]:
    """Return (the bot is mentioned, the text without the bot's mention)."""
    text = content.text or ""
    mentionees = content.mention.mentionees if content.mention and content.mention.mentionees else []
    for mentionee in sorted(mentionees, key=lambda m: m.index, reverse=True):
        if getattr(mentionee, "is_self", False):
            return True, (text[:mentionee.index] + text[mentionee.index + mentionee.length:]).strip()
    return False, text


def text_content(text: str, is_group: bool) -> tuple[Content, bool]:
    """Return (content, addressed) for a text: `/name rest` is a command when the conversation knows it."""
    stripped = text.strip()
    if stripped.startswith("/"):
        word, _, rest = stripped[1:].partition(" ")
        name = word.split("@", 1)[0].lower()
        return (Command(name, rest.strip()) if name in COMMANDS else Text(stripped)), True
    return Text(stripped), not is_group


def route(event: Event, locale: str | None) -> Routed | None:
    """Return the event as the conversation reads it, None for events that ask nothing (unfollow, join…)."""
    user, chat, group = _chat(event)
    if not user and not chat:
        return None
    addressed = not group
    content: Content
    quoted: str | None = None
    if isinstance(event, FollowEvent):
        content = Command("start")
    elif isinstance(event, PostbackEvent):
        tap = read_tap(event.postback.data, event.postback.params)
        # A rich-menu tap is the command it names; any other postback is a button under an answer.
        content = Command(tap.command, tap.argument) if tap else Press(parse_data(event.postback.data))
        addressed = True
    elif isinstance(event, MessageEvent):
        message = event.message
        if isinstance(message, TextMessageContent):
            mentioned, text = _addressed(message) if group else (False, message.text or "")
            content, addressed = text_content(text, group)
            addressed = addressed or mentioned
            quoted = message.quoted_message_id or None  # a quote of the bot's answer asks about its place
        elif isinstance(message, LocationMessageContent):
            content = Location(float(message.longitude), float(message.latitude), title=message.title or None)
        else:  # a sticker, picture, file…: LINE gives them no caption; answered briefly in one-to-one chats
            content = Photo("")
    else:
        return None
    personal = group and isinstance(content, Command) and content.name in PERSONAL and bool(user)
    moment = datetime.fromtimestamp(event.timestamp / 1000, timezone.utc) if event.timestamp else None
    incoming = Incoming(platform=PLATFORM, user_id=user or chat, chat_id=user if personal else chat,
                        content=content, is_group=group and not personal, addressed=addressed,
                        locale=locale, time=moment, replies_to=quoted)
    token = getattr(event, "reply_token", None)
    return Routed(incoming=incoming, to=user if personal else chat, reply_token=None if personal else token,
                  user_chat=not group or personal, group=chat if personal else None,
                  group_token=token if personal else None, event_id=getattr(event, "webhook_event_id", None),
                  token_time=None if _redelivered(event) else moment)


def _redelivered(event: Event) -> bool:
    """Return True when LINE says this delivery repeats an earlier one."""
    context = getattr(event, "delivery_context", None)
    return bool(getattr(context, "is_redelivery", False))
