"""The follow-up context a chat keeps between questions ("那明天呢？" after a tide answer).

Kept in the shared store, so it works whichever worker answers, never shared between
chats, and expiring after `chat_context_minutes`. `odbchat ask` keeps none (stateless).
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from pydantic import ValidationError

from core.envelope import Answer, Context

if TYPE_CHECKING:  # the store's contexts module reads `user_key_suffix` from here
    from bots.common.store.protocols import ContextStore

log = logging.getLogger("odbchat.context")

#: How long an answer's own context is kept for a reply quoting that answer: a group may reply to an
#: answer from yesterday; the chat's running context (`chat_context_minutes`) is much shorter.
ANSWER_CONTEXT_HOURS = 72.0


def context_key(chat_id: str | int, user_id: str | int, purpose: str = "") -> str:
    """Return the store key of one user's context in one chat ("CHAT:USER", or "CHAT/PURPOSE:USER").

    Every key ends with `user_key_suffix(user_id)`, which is how the store's `forget` finds
    all of a user's contexts."""
    return f"{chat_id}/{purpose}{user_key_suffix(user_id)}" if purpose else f"{chat_id}{user_key_suffix(user_id)}"


def answer_key(chat_id: str | int, owner: str | int, message_id: str) -> str:
    """Return the store key of the context of the answer sent as message `message_id` in a chat
    ("CHAT/m/ID:OWNER"; the owner is the asker in a one-to-one chat, so `forget` finds it)."""
    return context_key(chat_id, owner, f"m/{message_id}")


def user_key_suffix(user_id: str | int) -> str:
    """Return how every context key of this user ends (":USER")."""
    return f":{user_id}"


async def load_context(store: ContextStore, platform: str, chat_id: str) -> Context | None:
    """Return the chat's saved context, or None when there is none, it expired or is unreadable."""
    data = await store.get_context(platform, chat_id)
    if not data:
        return None
    try:
        return Context.model_validate(data)
    except ValidationError:
        log.warning("dropped an unreadable chat context", extra={"platform": platform})
        return None


async def save_context(store: ContextStore, platform: str, chat_id: str, answer: Answer, minutes: float) -> None:
    """Save the answer's context for the chat's next question (nothing when the answer has none)."""
    if answer.context is None:
        return
    await store.set_context(platform, chat_id, answer.context.model_dump(mode="json"), ttl_s=minutes * 60.0)


async def save_answer_context(store: ContextStore, platform: str, key: str, answer: Answer, hours: float) -> None:
    """Save the context of one answer under `key` (`answer_key`) for `hours`; an answer about no place
    (an explanation) is kept as an empty context (no tool), so a quote of it is still known as a reply
    to the bot, and is asked as a new question."""
    context = answer.context or Context(tool="")
    await store.set_context(platform, key, context.model_dump(mode="json"), ttl_s=hours * 3600.0)
