"""Telegram adapter (python-telegram-bot 22): turn a message into a Question, ask the core, reply.

Run with `odbchat telegram` (or `python -m bots.telegram_bot`). Long polling by default;
webhook mode when `TELEGRAM_WEBHOOK_URL` is set (a small starlette app behind uvicorn, so
no tornado extra is needed). `TELEGRAM_BASE_URL` points the bot at a self-hosted or
emulated Bot API server.

The adapter stays thin: command parsing, texts and settings live in `core/`
(`chat_commands`, `settings_store`, `ratelimit`); this module only maps Telegram's shapes
onto them, renders HTML safely and keeps the bot token out of every log line.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import html
import logging
import re
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any
from urllib.parse import urlsplit

from telegram import Message, Update
from telegram.constants import ChatAction, ChatType, MessageEntityType, ParseMode
from telegram.error import InvalidToken, TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bots.common import chat_commands as cc
from core.config import Settings, get_settings
from core.envelope import Answer, Question
from bots.common.logs import setup_logging
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.settings_store import SettingsStore, UserSettings, open_store

log = logging.getLogger("odbchat.telegram")

PLATFORM = "telegram"
#: Telegram's limit for one message's text (after entity parsing); we measure the raw HTML
#: in UTF-16 code units, which is never shorter than what Telegram counts.
MESSAGE_LIMIT = 4096
#: Seconds one question may take in the core before the user gets a polite timeout reply.
ANSWER_TIMEOUT = 90.0
#: Only what the handlers use: new messages (text, commands, locations, venues).
ALLOWED_UPDATES = [Update.MESSAGE]




# --------------------------------------------------------------------------- HTML rendering

_TOKEN = re.compile(r"<[^<>]*>|&#?[A-Za-z0-9]+;|\n|[^<&\n]+|[<&]")
_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z][\w-]*)")
_PIECE = 256  # longest run of plain text handled as one unit when a line must be cut


def _u16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _plain(html_text: str) -> str:
    return html.unescape(re.sub(r"<[^<>]*>", "", html_text))


def render_text(text: str) -> str:
    """Return plain text as Telegram HTML: every `<`, `>` and `&` escaped."""
    return html.escape(text, quote=False)


def split_html(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Return `text` (Telegram HTML) cut into messages of at most `limit` UTF-16 units.

    Cuts at line boundaries when a line break is available, never inside a tag or an
    entity; tags open at a cut are closed at the end of one part and reopened in the next.
    Parts with no visible text are dropped (Telegram refuses empty messages).
    """
    if _u16(text) <= limit:
        return [text] if _plain(text).strip() else []
    tokens: list[str] = []
    for tok in _TOKEN.findall(text):
        if tok.startswith(("<", "&")) or tok == "\n" or len(tok) <= _PIECE:
            tokens.append(tok)
        else:
            tokens.extend(tok[i:i + _PIECE] for i in range(0, len(tok), _PIECE))

    parts: list[str] = []
    cur: list[str] = []
    stack: list[tuple[str, str]] = []         # open tags: (name, opening tag text)
    breaks: list[tuple[int, list[tuple[str, str]]]] = []  # newline positions in cur + stack there

    def closers(stk: list[tuple[str, str]]) -> str:
        return "".join(f"</{name}>" for name, _ in reversed(stk))

    def cut(at: int, stk: list[tuple[str, str]], skip: int) -> None:
        nonlocal cur, breaks
        parts.append("".join(cur[:at]) + closers(stk))
        opener = "".join(tag for _, tag in stk)
        rest = cur[at + skip:]
        cur = [opener, *rest] if opener else rest
        shift = at + skip - (1 if opener else 0)
        breaks = [(i - shift, s) for i, s in breaks if i >= at + skip]

    for tok in tokens:
        m = _TAG.match(tok) if tok.startswith("<") else None
        after = list(stack)
        if m and not tok.endswith("/>"):
            if m.group(1):
                if after and after[-1][0] == m.group(2).lower():
                    after.pop()
            else:
                after.append((m.group(2).lower(), tok))
        for _ in range(3):
            size = _u16("".join(cur)) + _u16(tok) + _u16(closers(after))
            if size <= limit or not cur:
                break
            usable = [b for b in breaks if _plain("".join(cur[:b[0]])).strip()]
            if usable:
                at, stk = usable[-1]
                cut(at, stk, 1)
            else:
                cut(len(cur), stack, 0)
        cur.append(tok)
        if tok == "\n":
            breaks.append((len(cur) - 1, list(stack)))
        stack = after
    if cur:
        parts.append("".join(cur) + closers(stack))
    return [p for p in parts if _plain(p).strip()]


# --------------------------------------------------------------------------- services

@dataclass
class Services:
    """What the handlers use, built in post_init and closed in post_shutdown."""

    settings: Settings
    router: Any
    store: SettingsStore
    limiter: SlidingWindowLimiter

    @property
    def default_tz(self) -> str:
        """Return the configured default zone."""
        return self.settings.odbchat_default_tz

    @property
    def default_lang(self) -> str:
        """Return the configured default reply language ('auto' counts as zh)."""
        return self.settings.odbchat_lang


def _services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    return context.application.bot_data["services"]


async def _post_init(app: Application) -> None:
    settings: Settings = app.bot_data["settings"]
    from core.router import Router  # imported here so importing this module connects nothing

    store = await asyncio.to_thread(open_store, settings.odbchat_db)
    app.bot_data["services"] = Services(
        settings=settings,
        router=Router(settings=settings),
        store=store,
        limiter=SlidingWindowLimiter(settings.telegram_rate_limit_per_minute, 60.0),
    )
    with contextlib.suppress(TelegramError):
        await app.bot.set_my_commands([(name, en) for name, _zh, en in cc.COMMANDS])
        await app.bot.set_my_commands([(name, zh) for name, zh, _en in cc.COMMANDS], language_code="zh")


async def _post_shutdown(app: Application) -> None:
    services: Services | None = app.bot_data.get("services")
    if services is None:
        return
    with contextlib.suppress(Exception):
        await services.router.aclose()
    await asyncio.to_thread(services.store.close)


# --------------------------------------------------------------------------- helpers

async def _user_settings(services: Services, update: Update) -> UserSettings:
    user = update.effective_user
    uid = str(user.id if user else update.effective_chat.id)
    return await asyncio.to_thread(services.store.get, PLATFORM, uid)


def _uid(update: Update) -> str:
    user = update.effective_user
    return str(user.id if user else update.effective_chat.id)


def _locale(update: Update) -> str | None:
    return update.effective_user.language_code if update.effective_user else None


def _lang(services: Services, update: Update, user: UserSettings, text: str | None = None) -> cc.Lang:
    return cc.pick_lang(user.lang, text=text, locale=_locale(update), default=services.default_lang)


def _is_group(message: Message) -> bool:
    return message.chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


def _message_time(message: Message) -> datetime:
    # message.date is the moment Telegram received the message (aware UTC in PTB 22).
    moment = message.date or datetime.now(timezone.utc)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


async def send_text(message: Message, text: str, *, as_html: bool = False) -> None:
    """Send plain text (escaped) or ready HTML as a reply, split under Telegram's limit."""
    body = text if as_html else render_text(text)
    for part in split_html(body):
        await message.reply_text(part, parse_mode=ParseMode.HTML, do_quote=_is_group(message),
                                 disable_web_page_preview=True)


async def _send_typing(message: Message) -> None:
    with contextlib.suppress(TelegramError):
        await message.get_bot().send_chat_action(message.chat_id, ChatAction.TYPING)


async def _keep_typing(message: Message) -> None:
    # Telegram shows "typing…" for ~5 s per action; repeat until the answer is sent.
    while True:
        await asyncio.sleep(4.5)
        await _send_typing(message)


async def _ask(services: Services, message: Message, question: Question, lang: cc.Lang) -> None:
    """Ask the router and send its answer; on failure send a polite reply, never a traceback."""
    await _send_typing(message)
    typing = asyncio.create_task(_keep_typing(message))
    try:
        answer: Answer = await asyncio.wait_for(services.router.answer(question), ANSWER_TIMEOUT)
        reply = answer.text
    except asyncio.TimeoutError:
        log.warning("router timed out after %.0f s", ANSWER_TIMEOUT)
        reply = cc.message("timeout", lang)
    except Exception:
        log.exception("router failed")
        reply = cc.message("error", lang)
    finally:
        typing.cancel()
    if not reply.strip():
        reply = cc.message("error", lang)
    await send_text(message, reply)


async def _rate_ok(services: Services, update: Update, lang: cc.Lang) -> bool:
    key = (PLATFORM, _uid(update))
    if services.limiter.allow(key):
        return True
    wait = max(1, round(services.limiter.retry_after(key)))
    await send_text(update.effective_message, cc.message(
        "rate_limited", lang, seconds=wait, limit=services.limiter.limit))
    return False


def _arg_text(message: Message) -> str:
    """Return what follows the command word (`/tide@bot 基隆` -> `基隆`)."""
    text = message.text or ""
    return text.split(maxsplit=1)[1].strip() if len(text.split(maxsplit=1)) > 1 else ""


def _addressed_text(message: Message, bot_username: str | None, bot_id: int) -> str | None:
    """Return the question text when the bot is addressed (private chat, mention, reply to it), else None."""
    text = message.text or ""
    if not _is_group(message):
        return text
    replied = message.reply_to_message
    addressed = bool(replied and replied.from_user and replied.from_user.id == bot_id)
    for entity, value in message.parse_entities([MessageEntityType.MENTION,
                                                 MessageEntityType.TEXT_MENTION]).items():
        if entity.type == MessageEntityType.MENTION and bot_username and \
                value.lower() == f"@{bot_username.lower()}":
            addressed = True
            text = text.replace(value, " ")
        elif entity.type == MessageEntityType.TEXT_MENTION and entity.user and entity.user.id == bot_id:
            addressed = True
    return text.strip() if addressed else None


# --------------------------------------------------------------------------- handlers

async def on_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/start` and `/help`: what the bot can do, with examples."""
    services = _services(context)
    user = await _user_settings(services, update)
    lang = _lang(services, update, user)
    body = cc.help_text(lang)
    first, _, rest = body.partition("\n")
    await send_text(update.effective_message, f"<b>{render_text(first)}</b>\n{render_text(rest)}", as_html=True)


def _place_handler(kind: cc.Kind) -> Callable[[Update, ContextTypes.DEFAULT_TYPE], Awaitable[None]]:
    async def handler(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        services = _services(context)
        message = update.effective_message
        user = await _user_settings(services, update)
        lang = _lang(services, update, user)
        outcome = cc.place_command(kind, _arg_text(message), lang, user)
        if outcome.reply:
            await send_text(message, outcome.reply)
            return
        if not await _rate_ok(services, update, lang):
            return
        tz = cc.effective_tz(user, services.default_tz)
        question = cc.build_question(outcome.query or "", tz=tz, moment=_message_time(message), lang=lang)
        await _ask(services, message, question, lang)

    handler.__doc__ = f"`/{kind} [place | lon,lat]`: the {kind} answer for a place, a point or the saved home."
    handler.__name__ = f"on_{kind}"
    return handler


async def on_settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/settings`: the user's zone, language and home."""
    services = _services(context)
    user = await _user_settings(services, update)
    await send_text(update.effective_message,
                    cc.settings_text(user, _lang(services, update, user), services.default_tz))


async def on_tz(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/tz ZONE`: validate and save the user's time zone (no argument: show it)."""
    services = _services(context)
    message = update.effective_message
    user = await _user_settings(services, update)
    lang = _lang(services, update, user)
    arg = _arg_text(message)
    if not arg:
        await send_text(message, cc.message("tz_show", lang, tz=cc.effective_tz(user, services.default_tz)))
        return
    try:
        zone = cc.parse_tz_arg(arg)
    except ValueError:
        await send_text(message, cc.message("tz_bad", lang, value=arg[:64]))
        return
    await asyncio.to_thread(services.store.update, PLATFORM, _uid(update), tz=zone)
    await send_text(message, cc.message("tz_set", lang, tz=zone))


async def on_lang(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/lang zh|en`: save the reply language."""
    services = _services(context)
    message = update.effective_message
    user = await _user_settings(services, update)
    chosen = cc.parse_lang_arg(_arg_text(message))
    if chosen is None:
        await send_text(message, cc.message("lang_bad", _lang(services, update, user)))
        return
    await asyncio.to_thread(services.store.update, PLATFORM, _uid(update), lang=chosen)
    await send_text(message, cc.message("lang_set", chosen))


async def on_home(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/home PLACE | lon,lat`: save a home place; no argument asks for a location pin."""
    services = _services(context)
    message = update.effective_message
    arg = _arg_text(message)
    if arg:
        await _save_home(services, update, message, arg)
        return
    user = await _user_settings(services, update)
    await send_text(message, cc.message("home_ask", _lang(services, update, user)))


async def _save_home(services: Services, update: Update, message: Message, arg: str) -> None:
    user = await _user_settings(services, update)
    lang = _lang(services, update, user)
    try:
        fields = cc.parse_home_arg(arg)
    except ValueError:
        await send_text(message, cc.message("home_bad", lang))
        return
    if not fields:
        await send_text(message, cc.message("home_ask", lang))
        return
    saved = await asyncio.to_thread(services.store.update, PLATFORM, _uid(update), **fields)
    await send_text(message, cc.message("home_set", lang, place=cc.home_label(saved)))


async def on_forget(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """`/forget`: delete everything stored about the user."""
    services = _services(context)
    user = await _user_settings(services, update)
    lang = _lang(services, update, user)
    deleted = await asyncio.to_thread(services.store.forget, PLATFORM, _uid(update))
    await send_text(update.effective_message, cc.message("forgot" if deleted else "forgot_none", lang))


def _is_home_prompt_reply(message: Message, bot_id: int) -> bool:
    replied = message.reply_to_message
    if not (replied and replied.from_user and replied.from_user.id == bot_id and replied.text):
        return False
    return any(replied.text.startswith(cc.message("home_ask", lang)[:12]) for lang in ("zh", "en"))


async def on_location(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A location pin or venue: the tide there (or, replying to the /home prompt, save it as home)."""
    services = _services(context)
    message = update.effective_message
    location = message.venue.location if message.venue else message.location
    if location is None:
        return
    user = await _user_settings(services, update)
    lang = _lang(services, update, user)
    lon, lat = float(location.longitude), float(location.latitude)
    if _is_home_prompt_reply(message, context.bot.id):
        saved = await asyncio.to_thread(services.store.update, PLATFORM, _uid(update),
                                        home_name=None, home_lon=lon, home_lat=lat)
        await send_text(message, cc.message("home_set", lang, place=cc.home_label(saved)))
        return
    if _is_group(message):
        return  # in groups only commands and mentions are answered
    if not await _rate_ok(services, update, lang):
        return
    tz = await asyncio.to_thread(cc.tz_for_point, lon, lat, cc.effective_tz(user, services.default_tz))
    question = cc.build_question(cc.point_query("tide", lon, lat, lang), tz=tz,
                                 moment=_message_time(message), lang=lang)
    await _ask(services, message, question, lang)


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Free text: the question goes to the core router (in groups only when the bot is addressed)."""
    services = _services(context)
    message = update.effective_message
    text = _addressed_text(message, context.bot.username, context.bot.id)
    if text is None:
        return
    if _is_home_prompt_reply(message, context.bot.id):
        # Answering the /home prompt with a place name is the same as `/home PLACE`.
        await _save_home(services, update, message, text)
        return
    user = await _user_settings(services, update)
    lang = _lang(services, update, user, text)
    refusal = cc.check_question(text, lang)
    if refusal:
        await send_text(message, refusal)
        return
    if not await _rate_ok(services, update, lang):
        return
    tz = cc.effective_tz(user, services.default_tz)
    question = cc.build_question(text, tz=tz, moment=_message_time(message), lang=user.lang or "auto")
    await _ask(services, message, question, lang)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log a handler failure (the log filter removes the token) and tell the user politely."""
    log.error("update handling failed: %s", type(context.error).__name__, exc_info=context.error)
    if not isinstance(update, Update) or update.effective_message is None:
        return
    locale = _locale(update)
    lang = cc.pick_lang(None, text=update.effective_message.text, locale=locale)
    with contextlib.suppress(Exception):
        await send_text(update.effective_message, cc.message("error", lang))


# --------------------------------------------------------------------------- application

def build_application(settings: Settings, *, webhook: bool = False) -> Application:
    """Return the configured (not yet started) python-telegram-bot Application."""
    token = settings.telegram_bot_token.get_secret_value()
    if not token:
        raise ValueError("TELEGRAM_BOT_TOKEN is not set")
    builder = (ApplicationBuilder()
               .token(token)
               .base_url(settings.telegram_base_url)
               # Users are independent; answering them concurrently keeps one slow question
               # (an LLM call) from holding everybody else up.
               .concurrent_updates(64)
               .post_init(_post_init)
               .post_shutdown(_post_shutdown))
    if webhook:
        builder = builder.updater(None)
    app = builder.build()
    app.bot_data["settings"] = settings

    app.add_handler(CommandHandler(["start", "help"], on_help))
    for kind in cc.KINDS:
        app.add_handler(CommandHandler(kind, _place_handler(kind)))
    app.add_handler(CommandHandler("settings", on_settings))
    app.add_handler(CommandHandler("tz", on_tz))
    app.add_handler(CommandHandler("lang", on_lang))
    app.add_handler(CommandHandler("home", on_home))
    app.add_handler(CommandHandler("forget", on_forget))
    new_message = filters.UpdateType.MESSAGE  # edits of old messages are not new questions
    app.add_handler(MessageHandler(new_message & (filters.LOCATION | filters.VENUE), on_location))
    app.add_handler(MessageHandler(new_message & filters.TEXT & ~filters.COMMAND, on_text))
    app.add_error_handler(on_error)
    return app


async def run_webhook(app: Application, settings: Settings) -> None:
    """Serve Telegram's webhook calls with starlette/uvicorn until SIGINT/SIGTERM."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    secret = settings.telegram_webhook_secret.get_secret_value()
    path = urlsplit(settings.telegram_webhook_url).path or "/telegram"

    async def receive(request: Request) -> Response:
        given = request.headers.get("X-Telegram-Bot-Api-Secret-Token", "")
        if secret and not hmac.compare_digest(given, secret):
            return Response(status_code=403)
        try:
            update = Update.de_json(await request.json(), app.bot)
        except Exception:
            return Response(status_code=400)
        await app.update_queue.put(update)
        return Response(status_code=200)

    web = Starlette(routes=[Route(path, receive, methods=["POST"])])
    server = uvicorn.Server(uvicorn.Config(web, host=settings.telegram_webhook_listen,
                                           port=settings.telegram_webhook_port,
                                           log_level="warning", access_log=False))
    await app.initialize()
    if app.post_init:
        await app.post_init(app)
    await app.bot.set_webhook(settings.telegram_webhook_url, secret_token=secret or None,
                              allowed_updates=ALLOWED_UPDATES)
    await app.start()
    try:
        await server.serve()
    finally:
        await app.stop()
        if app.post_shutdown:
            await app.post_shutdown(app)
        await app.shutdown()


def main(argv: list[str] | None = None) -> int:
    """Run the Telegram bot until interrupted; return the process exit status (0 ok, 1 failed, 2 usage)."""
    parser = argparse.ArgumentParser(prog="odbchat telegram", description="ODBchat Telegram bot")
    parser.add_argument("--webhook", action="store_true", help="use webhook mode even if not configured")
    # None = no options: `odbchat telegram|discord` calls main() while sys.argv holds the CLI's words.
    args = parser.parse_args(argv or [])
    settings = get_settings()
    token = settings.telegram_bot_token.get_secret_value()
    setup_logging(settings.odbchat_log_level,
                      [token, settings.telegram_webhook_secret.get_secret_value()])
    if not token:
        log.error("TELEGRAM_BOT_TOKEN is not set")
        return 2
    webhook = bool(settings.telegram_webhook_url) or args.webhook
    try:
        app = build_application(settings, webhook=webhook)
        if webhook:
            if not settings.telegram_webhook_url:
                log.error("webhook mode needs TELEGRAM_WEBHOOK_URL")
                return 2
            asyncio.run(run_webhook(app, settings))
        else:
            app.run_polling(allowed_updates=ALLOWED_UPDATES, close_loop=False)
    except KeyboardInterrupt:
        return 0
    except InvalidToken:
        # PTB's message quotes the token; the log filter would redact it, but say it plainly.
        log.error("the Bot API server rejected TELEGRAM_BOT_TOKEN")
        return 1
    except Exception:
        log.exception("telegram bot stopped")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
