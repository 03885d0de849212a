"""The conversation's port in the terminal (`odbchat chat`): plain text with the code printed, or
one JSON line per reply (`--json`), and the answer's workings with `--debug`. A picture is saved as
a PNG and its path printed (drawn inline too where the terminal says it can: iTerm2, kitty);
answers to the questions of one paste are set apart by a rule."""
from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from bots.terminal_pictures import inline_picture, picture_protocol
from bots.common.port import Outcome, Shown
from bots.common.reply_text import body_text, footer_text, notes_text, sources_text
from core.envelope import Answer
from core.reply import Reply
from core.words.strings import t


def reply_plain(reply: Reply, lang: str = "zh") -> str:
    """Return every textual part of `reply` as plain text: body, table, code, notes, the sources
    (in `lang`), footer."""
    parts = [body_text(reply)]
    if reply.table is not None:
        parts.append(reply.table.text.strip("\n"))
    if reply.code is not None:
        parts.append("\n" + reply.code.source.rstrip())
    parts += [notes_text(reply), sources_text(reply, lang)]
    parts.append(footer_text(reply.footer, said="\n".join(parts)))
    return "\n".join(part for part in parts if part.strip())


def save_file(filename: str, data: bytes) -> str:
    """Save an answer's file in ODBCHAT_FILES_DIR (default: the current directory); return its path.
    The name is the tool's own (letters, digits, dashes); an existing file of that name is replaced,
    which is what a newer calendar of the same days should do."""
    folder = Path(os.environ.get("ODBCHAT_FILES_DIR") or Path.cwd())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / Path(filename).name
    path.write_bytes(data)
    return str(path.resolve())


def debug_line(answer: Answer) -> str:
    """Return the answer's workings (mode, tool, arguments, backend, error, timings) as one JSON line."""
    extra: dict[str, Any] = {"mode": answer.mode, "tool": answer.tool, "arguments": answer.arguments,
                             "backend": answer.backend, "error": answer.error, "debug": answer.debug}
    return json.dumps({k: v for k, v in extra.items() if v is not None}, ensure_ascii=False)


#: Between the answers to the questions of one paste.
RULE = "─" * 24


class TerminalPort:
    """Writes the conversation's replies to `out`."""

    #: Nothing is ever sent to the terminal later: no daily tides or alerts, no location sharing.
    delivers_later = False

    def __init__(self, out: TextIO, *, json_lines: bool = False, debug: bool = False) -> None:
        self.out = out
        self.json_lines = json_lines
        self.debug = debug
        self.spoken = False   # something was printed since the last question typed at the prompt
        self.saved = 0

    def begin_block(self) -> None:
        """Start the answers to a new typed line or paste (no rule before its first answer)."""
        self.spoken = False

    def _write(self, text: str) -> Outcome:
        if self.spoken and not self.json_lines:
            self.out.write(RULE + "\n")
        self.out.write(text.rstrip() + "\n")
        self.out.flush()
        self.spoken = True
        return "sent"

    def _save_picture(self, png: bytes) -> str | None:
        """Save a picture as a PNG file where answers' files go (save_file); return its path, None
        when it cannot be written."""
        self.saved += 1
        try:
            return save_file(f"odbchat-chart-{datetime.now():%Y%m%d-%H%M%S}-{os.getpid()}-{self.saved}.png", png)
        except OSError:
            return None

    async def show(self, shown: Shown) -> Outcome:
        """Print the answer (its envelope with `--json`, a saved picture's path as `image_file`), with
        its workings under `--debug`."""
        answer = shown.answer
        picture = self._save_picture(shown.reply.image) if shown.reply.image else None
        if self.json_lines and answer is not None:
            data = answer.to_json_dict()
            if picture is not None:
                data["image_file"] = str(picture)
            return self._write(json.dumps(data, ensure_ascii=False))
        text = reply_plain(shown.reply, shown.lang)
        if shown.reply.image:
            text += "\n" + (t(shown.lang, "terminal.saved_file", path=str(picture)) if picture is not None
                            else t(shown.lang, "chat.terminal_picture_unsaved"))
        attachment = shown.reply.attachment
        if attachment is not None and attachment.data:   # a file (a calendar) is saved and its path said
            text += "\n" + t(shown.lang, "terminal.saved_file", path=save_file(attachment.filename, attachment.data))
        if self.debug and answer is not None:
            text += "\n" + debug_line(answer)
        outcome = self._write(text)
        protocol = picture_protocol(self.out)
        if shown.reply.image and protocol is not None:
            self.out.write(inline_picture(shown.reply.image, protocol) + "\n")
            self.out.flush()
        return outcome

    async def say(self, text: str, *, location_button: str | None = None, close_keyboard: bool = False) -> Outcome:
        """Print a plain text (a JSON line `{"text": …}` with `--json`)."""
        return self._write(json.dumps({"text": text}, ensure_ascii=False) if self.json_lines else text)

    async def say_privately(self, text: str) -> Outcome:
        """Print a plain text: the terminal has one reader."""
        return await self.say(text)

    async def typing(self) -> None:
        """Nothing: the prompt waits visibly."""
