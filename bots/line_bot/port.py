"""The conversation's port on LINE: messages by the reply token, the push API when it cannot be used.

A reply token answers once, within about a minute, with at most 5 messages: the first 5
messages of an event go by reply; the rest, and everything after the token was used or
refused (expired, a slow answer), go by push to the chat (or, for personal settings asked
in a group, to the user). Pushes carry a retry key, so a retried push is not shown twice;
429 and server errors are retried within a budget, so a computed answer is not lost.

A worker killed after answering but before marking the event done leaves it to another
worker (`bots.common.inbox_worker`). That worker must not show the answer again: the event's
reply token, refused while still young, was used by the dead worker (no one else holds it),
so that batch went out; and pushes for an event carry retry keys made from its
`webhookEventId`, so LINE refuses (409) a push the dead worker made already.
"""
from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone

from linebot.v3.messaging import (ApiException, AsyncMessagingApi, LocationAction, Message, PushMessageRequest,
                                  QuickReply, QuickReplyItem, ReplyMessageRequest, ShowLoadingAnimationRequest,
                                  TextMessage)

from bots.common.port import Outcome, Shown
from bots.line_bot.messages import LABEL_LIMIT, ImageUrls, answer_messages, split_text

log = logging.getLogger("odbchat.line.send")

#: Messages one reply or push may carry.
PER_CALL = 5
#: Seconds one push may keep being retried (429, server errors, network).
SEND_BUDGET = 60.0
_BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
#: Seconds of LINE's loading animation per call (it stops by itself when a message arrives).
LOADING_SECONDS = 20
#: A reply token refused this soon after its event was used already (LINE keeps one about 60 s).
TOKEN_YOUNG_S = 45.0
#: The namespace of the retry keys made from an event's id (any fixed UUID; this one is ours).
_KEYS = uuid.UUID("0d6c2b1e-6a53-4d3c-9a56-2f1c1de1e0b7")


@dataclass
class LinePort:
    """Speaks in one chat (`to`): by `reply_token` first, then by push."""

    api: AsyncMessagingApi
    to: str
    reply_token: str | None
    image_urls: ImageUrls
    #: A one-to-one chat with this user (only there LINE shows the loading animation).
    user_chat: bool = True
    #: What became of the last send (a group is told whether a private answer arrived).
    outcome: Outcome = "sent"
    #: The signed link of an answer's file (a calendar), None when it has none.
    file_url: Callable[[Shown], str | None] | None = None
    #: The ids LINE gave the messages of the last `show` (`sentMessages`), for a later quote of them.
    sent_ids: list[str] = field(default_factory=list)
    #: The event answered (`webhookEventId`) and when its reply token was issued; None when unknown
    #: (a subscription's push; LINE's redelivery).
    event_id: str | None = None
    token_time: datetime | None = None
    #: Pushes made so far for this event in this chat (the n-th push's retry key is fixed).
    _pushes: int = field(default=0, init=False)

    async def show(self, shown: Shown) -> Outcome:
        """Send every part of the answer; return the outcome."""
        self.sent_ids = []
        return await self.send(answer_messages(shown, self.image_urls, self.file_url, share_location=self.user_chat))

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        """Send plain text, with a quick-reply "share location" button when asked."""
        messages: list[Message] = [TextMessage(text=piece) for piece in split_text(text)] or [TextMessage(text="…")]
        if location_button:
            messages[-1].quick_reply = QuickReply(items=[QuickReplyItem(
                action=LocationAction(label=location_button[:LABEL_LIMIT]))])
        return await self.send(messages)

    async def say_privately(self, text: str) -> Outcome:
        """Send plain text (LINE has no private reply inside a chat: the port's chat gets it)."""
        return await self.say(text)

    async def typing(self) -> None:
        """Show LINE's loading animation (one-to-one chats only; LINE has none in groups)."""
        if not self.user_chat:
            return
        try:
            await self.api.show_loading_animation(ShowLoadingAnimationRequest(chat_id=self.to,
                                                                              loading_seconds=LOADING_SECONDS))
        except Exception as exc:  # a missing animation must not cost the answer
            log.info("loading animation failed", extra={"error": type(exc).__name__})

    async def send(self, messages: list[Message]) -> Outcome:
        """Send `messages` in calls of at most 5: by the reply token while usable, else by push."""
        self.outcome = await self._send(messages)
        return self.outcome

    async def _send(self, messages: list[Message]) -> Outcome:
        outcome: Outcome = "sent"
        for start in range(0, len(messages), PER_CALL):
            batch = messages[start:start + PER_CALL]
            if self.reply_token and await self._reply(batch):
                continue
            outcome = await self._push(batch)
            if outcome != "sent":
                return outcome
        return outcome

    async def _reply(self, batch: list[Message]) -> bool:
        token, self.reply_token = self.reply_token, None  # a token is good for one call, whatever happens
        try:
            sent = await self.api.reply_message(ReplyMessageRequest(reply_token=token, messages=batch))
        except ApiException as exc:
            if self._used_before(exc):
                log.info("reply token used already: a worker answered this event before it died")
                return True
            log.info("reply token refused; pushing instead", extra={"status": exc.status})
            return False
        except Exception as exc:  # unknown whether it arrived: pushing could show it twice, but losing is worse
            log.warning("reply failed; pushing instead", extra={"error": type(exc).__name__})
            return False
        self._keep_ids(sent)
        return True

    def _used_before(self, exc: ApiException) -> bool:
        """Return True when the refused token was still young: only a reply made with it can explain that."""
        if exc.status != 400 or "Invalid reply token" not in str(exc.body or "") or self.token_time is None:
            return False
        return (datetime.now(timezone.utc) - self.token_time).total_seconds() < TOKEN_YOUNG_S

    def _retry_key(self) -> str:
        """Return the next push's retry key: fixed by the event, the chat and the push's place, when known."""
        self._pushes += 1
        if self.event_id is None:
            return str(uuid.uuid4())
        return str(uuid.uuid5(_KEYS, f"{self.event_id}:{self.to}:{self._pushes}"))

    def _keep_ids(self, response: object) -> None:
        """Keep the ids of the messages a reply or push sent (`sentMessages`)."""
        self.sent_ids += [m.id for m in getattr(response, "sent_messages", None) or [] if getattr(m, "id", None)]

    async def _push(self, batch: list[Message]) -> Outcome:
        key = self._retry_key()  # the same key on every retry: LINE shows the messages once
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SEND_BUDGET
        attempt = 0
        while True:
            try:
                sent = await self.api.push_message(PushMessageRequest(to=self.to, messages=batch),
                                                   x_line_retry_key=key)
                self._keep_ids(sent)
                return "sent"
            except ApiException as exc:
                if exc.status == 409:  # this retry key was accepted before: delivered
                    return "sent"
                if exc.status == 403 or (exc.status == 400 and "friend" in str(exc.body or "")):
                    log.info("push refused: the user blocked the bot", extra={"status": exc.status})
                    return "blocked"
                if exc.status != 429 and exc.status < 500:
                    log.error("push rejected", extra={"status": exc.status})
                    return "failed"
                log.warning("push failed, retrying", extra={"status": exc.status, "attempt": attempt + 1})
            except Exception as exc:
                log.warning("push failed, retrying", extra={"error": type(exc).__name__, "attempt": attempt + 1})
            wait = _BACKOFF[min(attempt, len(_BACKOFF) - 1)]
            attempt += 1
            if loop.time() + wait > deadline:
                log.error("push gave up", extra={"attempts": attempt})
                return "failed"
            await asyncio.sleep(wait)
