"""Sending that does not lose an answer: flood limits, `429 retry after`, network retries.

PTB's `AIORateLimiter` (set on the Application) keeps the bot under Telegram's flood limits
and retries a `RetryAfter` itself; this module adds what it leaves out: bounded retries of
network failures and timeouts, and one outcome per send, so a computed answer is sent late
rather than replaced by an error text, and a user who blocked the bot is recognised.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

from telegram import (Bot, Message, InlineKeyboardMarkup, LinkPreviewOptions, ReplyKeyboardMarkup, ReplyKeyboardRemove,
                      ReplyParameters)
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError

from bots.common.port import Outcome
from bots.telegram_bot.markup import CAPTION_LIMIT, render_text, split_html

log = logging.getLogger("odbchat.telegram.send")

Markup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove

#: How long one message may keep being retried (network trouble, repeated 429s), in seconds.
SEND_BUDGET = 120.0
_BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)
_NO_PREVIEW = LinkPreviewOptions(is_disabled=True)


async def _with_retries(what: str, call: Any) -> Outcome:
    """Run the send coroutine factory `call` until it succeeds, the user blocked us, or the budget ends."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SEND_BUDGET
    attempt = 0
    while True:
        try:
            await call()
            return "sent"
        except Forbidden:
            log.info("send refused: the user blocked the bot", extra={"send": what})
            return "blocked"
        except RetryAfter as exc:  # the rate limiter's own retries were not enough
            after = exc.retry_after  # a timedelta or seconds, by PTB's setting
            wait = after.total_seconds() if isinstance(after, timedelta) else float(after)
        except BadRequest as exc:
            log.error("send rejected", extra={"send": what, "error": exc.message})
            return "failed"
        except (NetworkError, TelegramError) as exc:
            wait = _BACKOFF[min(attempt, len(_BACKOFF) - 1)]
            log.warning("send failed, retrying", extra={"send": what, "error": type(exc).__name__,
                                                         "attempt": attempt + 1})
        attempt += 1
        if loop.time() + wait > deadline:
            log.error("send gave up", extra={"send": what, "attempts": attempt})
            return "failed"
        await asyncio.sleep(wait)


def _reply_to(message_id: int | None) -> ReplyParameters | None:
    # The question may be deleted before the answer comes: send anyway.
    return ReplyParameters(message_id, allow_sending_without_reply=True) if message_id else None


def _kept(sent: list[int] | None, message: object) -> None:
    """Add the id of a message Telegram accepted to `sent` (when the caller keeps them)."""
    if sent is not None and isinstance(message, Message):
        sent.append(message.message_id)


async def send_html(bot: Bot, chat_id: int, body: str, *, reply_to: int | None = None,
                    markup: Markup | None = None, sent: list[int] | None = None) -> Outcome:
    """Send ready Telegram HTML, split under the length limit (buttons under the last part); return the
    outcome. The ids of the messages sent are added to `sent` when given."""
    parts = split_html(body)
    outcome: Outcome = "sent"
    for i, part in enumerate(parts):
        last = i == len(parts) - 1

        async def call(part: str = part, last: bool = last) -> None:
            _kept(sent, await bot.send_message(chat_id, part, parse_mode=ParseMode.HTML,
                                               link_preview_options=_NO_PREVIEW,
                                               reply_parameters=_reply_to(reply_to) if i == 0 else None,
                                               reply_markup=markup if last else None))

        outcome = await _with_retries("message", call)
        if outcome != "sent":
            return outcome
    return outcome


async def send_text(bot: Bot, chat_id: int, text: str, *, reply_to: int | None = None,
                    markup: Markup | None = None) -> Outcome:
    """Send plain text (escaped for HTML); return the outcome."""
    return await send_html(bot, chat_id, render_text(text), reply_to=reply_to, markup=markup)


async def send_photo(bot: Bot, chat_id: int, png: bytes, caption: str, *, reply_to: int | None = None,
                     markup: Markup | None = None, sent: list[int] | None = None) -> Outcome:
    """Send a PNG with a one-line plain-text caption; return the outcome (its id added to `sent`)."""
    short = (split_html(render_text(caption), CAPTION_LIMIT) or [""])[0]

    async def call() -> None:
        _kept(sent, await bot.send_photo(chat_id, png, caption=short, parse_mode=ParseMode.HTML,
                                         reply_parameters=_reply_to(reply_to), reply_markup=markup))

    return await _with_retries("photo", call)


async def send_document(bot: Bot, chat_id: int, data: bytes, filename: str, caption: str, *,
                        markup: Markup | None = None, sent: list[int] | None = None) -> Outcome:
    """Send a file (a long code answer as a `.py`) with a one-line plain-text caption; return the
    outcome (its id added to `sent`)."""
    short = (split_html(render_text(caption), CAPTION_LIMIT) or [""])[0]

    async def call() -> None:
        _kept(sent, await bot.send_document(chat_id, data, filename=filename, caption=short or None,
                                            parse_mode=ParseMode.HTML, reply_markup=markup))

    return await _with_retries("document", call)


async def reply(message: Message, text: str, *, markup: Markup | None = None) -> Outcome:
    """Answer `message` with plain text in its chat (quoting it in groups, where several talk)."""
    group = message.chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)
    return await send_text(message.get_bot(), message.chat_id, text,
                           reply_to=message.message_id if group else None, markup=markup)
