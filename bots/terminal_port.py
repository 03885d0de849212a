"""The conversation's port in the terminal (`odbchat chat`): plain text with the code printed, or
one JSON line per reply (`--json`), and the answer's workings with `--debug`."""
from __future__ import annotations

import json
from typing import Any, TextIO

from bots.common.port import Outcome, Shown
from bots.common.reply_text import body_text, footer_text, notes_text, sources_text
from core.envelope import Answer
from core.reply import Reply


def reply_plain(reply: Reply, lang: str = "zh") -> str:
    """Return every textual part of `reply` as plain text: body, table, code, notes, the sources
    (in `lang`), footer."""
    parts = [body_text(reply)]
    if reply.table is not None:
        parts.append(reply.table.text.strip("\n"))
    if reply.code is not None:
        parts.append("\n" + reply.code.source.rstrip())
    parts += [notes_text(reply), sources_text(reply, lang), footer_text(reply.footer)]
    return "\n".join(part for part in parts if part.strip())


def debug_line(answer: Answer) -> str:
    """Return the answer's workings (mode, tool, arguments, backend, error, timings) as one JSON line."""
    extra: dict[str, Any] = {"mode": answer.mode, "tool": answer.tool, "arguments": answer.arguments,
                             "backend": answer.backend, "error": answer.error, "debug": answer.debug}
    return json.dumps({k: v for k, v in extra.items() if v is not None}, ensure_ascii=False)


class TerminalPort:
    """Writes the conversation's replies to `out`."""

    def __init__(self, out: TextIO, *, json_lines: bool = False, debug: bool = False) -> None:
        self.out = out
        self.json_lines = json_lines
        self.debug = debug

    def _write(self, text: str) -> Outcome:
        self.out.write(text.rstrip() + "\n")
        self.out.flush()
        return "sent"

    async def show(self, shown: Shown) -> Outcome:
        """Print the answer (its envelope with `--json`), with its workings under `--debug`."""
        answer = shown.answer
        if self.json_lines and answer is not None:
            return self._write(json.dumps(answer.to_json_dict(), ensure_ascii=False))
        text = reply_plain(shown.reply, shown.lang)
        if self.debug and answer is not None:
            text += "\n" + debug_line(answer)
        return self._write(text)

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        """Print a plain text (a JSON line `{"text": …}` with `--json`)."""
        return self._write(json.dumps({"text": text}, ensure_ascii=False) if self.json_lines else text)

    async def say_privately(self, text: str) -> Outcome:
        """Print a plain text: the terminal has one reader."""
        return await self.say(text)

    async def typing(self) -> None:
        """Nothing: the prompt waits visibly."""
