"""Telegram inline mode: `@bot 基隆` or `@bot Boston tomorrow` in any chat.

Each inline query is asked of the one conversation three times, as the commands a user would
type (`/tide`, `/sun`, `/week` with the query as their argument), through a port that keeps the
answers instead of sending them. Each becomes a result card whose message is the whole answer
(the same HTML the chat gets). An empty query answers for the point Telegram sends with it (when
the user lets it), else for the user's home place; with neither, one card says how to ask.
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
from dataclasses import dataclass, field
from datetime import datetime, timezone

from telegram import InlineQueryResultArticle, InputTextMessageContent, Update
from telegram.constants import ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bots.common import chat_commands as cc
from bots.common.incoming import Command, Incoming
from bots.common.port import Outcome, Shown
from bots.telegram_bot.markup import MESSAGE_LIMIT, reply_html, render_text

log = logging.getLogger("odbchat.telegram")

#: The cards, in order: the command each asks, its card title's string key.
CARDS: tuple[tuple[str, str], ...] = (("tide", "inline.tide"), ("sun", "inline.sun"), ("week", "inline.week"))
#: Telegram waits about 10 s for an answer to an inline query; ours must come well before.
INLINE_BUDGET_S = 8.0
#: Seconds Telegram may reuse our results for the same query ("tide now" ages quickly).
CACHE_S = 60
#: The longest query read (Telegram allows 256 characters).
MAX_QUERY = 256


@dataclass
class KeptAnswers:
    """A ChatPort that keeps what the conversation says instead of sending it."""

    shown: list[Shown] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    async def show(self, shown: Shown) -> Outcome:
        self.shown.append(shown)
        return "sent"

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        self.texts.append(text)
        return "sent"

    async def say_privately(self, text: str) -> Outcome:
        self.texts.append(text)
        return "sent"

    async def typing(self) -> None:
        return None


def _card(key: str, title: str, kept: KeptAnswers) -> InlineQueryResultArticle | None:
    """Return the result card of one kept answer, None when nothing was said."""
    if kept.shown:
        reply = kept.shown[0].reply
        html, description = reply_html(reply), reply.headline or ""
    elif kept.texts:
        html, description = render_text(kept.texts[0]), kept.texts[0]
    else:
        return None
    if len(html) > MESSAGE_LIMIT:   # a card holds one message: the whole answer, or its first message's worth
        html = render_text(description[:MESSAGE_LIMIT - 10])
    ident = hashlib.sha256(f"{key}|{html}".encode()).hexdigest()[:32]
    return InlineQueryResultArticle(id=ident, title=title, description=description.split("\n", 1)[0][:120],
                                    input_message_content=InputTextMessageContent(html, parse_mode=ParseMode.HTML))


async def on_inline_query(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer an inline query with the tide, sun-and-moon and week cards for its place."""
    query = update.inline_query
    if query is None:
        return
    services = context.bot_data["services"]
    conversation = context.bot_data["conversation"]
    asked = (query.query or "").strip()[:MAX_QUERY]
    if not asked and query.location is not None:
        asked = cc.format_point(query.location.longitude, query.location.latitude)
    user_id = str(query.from_user.id)
    user = await services.store.get("telegram", user_id)
    lang = cc.pick_lang(user.lang, text=asked or None, locale=query.from_user.language_code)
    moment = datetime.now(timezone.utc)
    kept = [KeptAnswers() for _ in CARDS]

    async def ask(name: str, port: KeptAnswers) -> None:
        incoming = Incoming(platform="telegram", user_id=user_id, chat_id=f"inline:{user_id}",
                            content=Command(name, asked), locale=query.from_user.language_code, time=moment)
        await conversation.handle(incoming, port)

    try:
        await asyncio.wait_for(asyncio.gather(*(ask(name, port) for (name, _), port in zip(CARDS, kept))),
                               INLINE_BUDGET_S)
    except asyncio.TimeoutError:
        log.warning("inline query over budget", extra={"budget_s": INLINE_BUDGET_S})
    cards = [card for (name, key), port in zip(CARDS, kept) if port.shown
             and (card := _card(name, cc.message(key, lang), port)) is not None]
    # The same words on every card (a place no tool knows): one card says it once.
    unique = {card.input_message_content.message_text for card in cards}  # type: ignore[union-attr]
    cards = cards[:1] if len(cards) > 1 and len(unique) == 1 else cards
    if not cards:   # no place could be read, or nothing was ready in time: one card that says why
        first = next((port for port in kept if port.texts), None)
        card = _card("help", cc.message("inline.none", lang), first or KeptAnswers(texts=[cc.message("inline.none", lang)]))
        cards = [card] if card else []
    # Personal when the user's settings shape the answer: their home, zone or language.
    personal = not (query.query or "").strip() or bool(user.tz or user.lang or user.has_home)
    try:
        await query.answer(cards, cache_time=CACHE_S, is_personal=personal)
    except TelegramError as exc:   # the query expired while we worked: nothing more to do
        log.info("inline answer refused", extra={"error": type(exc).__name__})
