"""`odbchat chat`: a conversation in the terminal, through the same conversation as the chat platforms.

Imported only when `chat` runs, so `odbchat ask` never loads the conversation, the store or the
scheduler it does not use.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import datetime
from typing import Iterator, TextIO

from core.words.strings import t
from bots.common.bot_settings import get_bot_settings
from bots.common.conversation import COMMANDS, Conversation
from bots.common.incoming import Command, Incoming, QuestionOptions, Text
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.services import ConversationServices, close_services
from bots.common.store import open_kept, open_store
from bots.terminal_input import LineReader
from bots.terminal_port import TerminalPort

#: Minutes an answer may lend its place and day to the next question in `odbchat chat`.
CHAT_CONTEXT_MINUTES = 30.0
#: The terminal's platform, user and chat name in the conversation (one person, one chat).
TERMINAL = "terminal"


async def _chat(blocks: Iterator[list[str]], args: argparse.Namespace, tz: str, moment: datetime | None,
                out: TextIO) -> int:
    """Hold a conversation in the terminal: each block's questions (a typed line, a paste) go through
    the shared conversation, so
    commands (/tz, /home, /tide …) work and an answer's place and day carry to the next question
    for CHAT_CONTEXT_MINUTES ("那明天呢？"). Nothing is saved: the store lives in memory."""
    from core.router import Router

    settings = get_bot_settings().model_copy(update={"odbchat_default_tz": tz, "odbchat_db": ":memory:",
                                                     "chat_context_minutes": CHAT_CONTEXT_MINUTES})
    store = open_store(":memory:")
    if args.lang in ("zh", "en"):
        await store.update(TERMINAL, TERMINAL, lang=args.lang)
    heights = {k: getattr(args, k, None) for k in ("datum", "units") if getattr(args, k, None)}
    if heights:   # --datum / --units: the terminal user's starting choice, as /datum and /units would set it
        await store.update(TERMINAL, TERMINAL, **heights)
    kept = open_kept(get_bot_settings())   # with a CWA key: the forecast kept in the real settings store
    services = ConversationServices(settings=settings, router=Router(kept=kept), store=store,
                                    limiter=SlidingWindowLimiter(0))  # one person at a keyboard: no limit
    conversation = Conversation(services)
    port = TerminalPort(out, json_lines=args.json, debug=args.debug)
    options = QuestionOptions(debug=args.debug, dry_run=args.dry_run, backend=args.backend)
    try:
        for block in blocks:  # the answers to one paste are set apart by a rule
            port.begin_block()
            for text in block:
                if not text.strip():
                    continue
                incoming = Incoming(platform=TERMINAL, user_id=TERMINAL, chat_id=TERMINAL, content=_content(text),
                                    time=moment, question_options=options)
                await conversation.handle(incoming, port)
    finally:
        await close_services(services)
        if kept is not None:
            await kept.aclose()
            kept.close()
    return 0


def _content(text: str) -> Command | Text:
    """Return a typed line as a command the conversation knows (`/tide 基隆`), else as text."""
    words = text.strip().split(maxsplit=1)
    name = words[0][1:].lower() if words[0].startswith("/") else ""
    if name in COMMANDS:
        return Command(name, words[1].strip() if len(words) > 1 else "")
    return Text(text)


def run_chat(args: argparse.Namespace, tz: str, moment: datetime | None) -> int:
    """Read lines from stdin (line editing and history on a terminal) and answer each; return the exit status.

    `tz` is the zone questions are asked in; `moment` the fixed 'now' of --query-time, or None.
    """
    interactive = sys.stdin.isatty()
    if interactive:
        print(t("zh", "chat.terminal_welcome"))
        print(t("en", "chat.terminal_welcome"))
    reader = LineReader(sys.stdin, "odbchat> ", interactive)
    try:
        return asyncio.run(_chat(reader.question_blocks(), args, tz, moment, sys.stdout))
    except KeyboardInterrupt:
        print()
        return 0
