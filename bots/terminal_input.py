"""What the terminal chat reads: lines edited with the arrow keys and recalled from history
(the standard library's `readline`), pasted blocks cut into their questions, and the ways out.

The rule for a block (several lines pasted at once, or piped, up to an empty line): each line
is a question, except a line holding only a place or coordinates, which goes with the line
after it ("(121.75,25.15)" then "現在是漲潮還是退潮？" is one question). `/quit`, `/exit` and
Ctrl-D (end of input) leave.
"""
from __future__ import annotations

import contextlib
import os
import re
import select
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from bots.common.chat_commands import parse_point_arg
from core.understand.places import find_place

#: Words that end the chat.
QUIT_WORDS = frozenset({"/quit", "/exit"})
#: Lines kept in the history file.
HISTORY_LENGTH = 1000
# Terminal escape sequences (arrow keys and the like) that reach us when line editing is off.
_ESCAPES = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O[@-~]|[@-Z\\-_])")


def history_path() -> Path:
    """Return the chat's history file: `$XDG_STATE_HOME/odbchat/chat_history` (~/.local/state by default)."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "odbchat" / "chat_history"


def clean(line: str) -> str:
    """Return a typed line without escape sequences or control characters (tabs kept as spaces)."""
    line = _ESCAPES.sub("", line).replace("\t", " ")
    return "".join(ch for ch in line if ch >= " " or ch == "\n").strip()


def is_only_place(line: str) -> bool:
    """Return True when `line` names only a place or a point (no question of its own)."""
    try:
        if parse_point_arg(line) is not None:
            return True
    except ValueError:
        return False
    place = find_place(line)
    if place is None:
        return False
    start, end = place.span
    rest = (line[:start] + line[end:]).strip(" ,，、:：")
    return not rest


def questions(block: list[str]) -> list[str]:
    """Return the questions of a block of lines by the module's rule (a bare place joins the next line)."""
    found: list[str] = []
    waiting: list[str] = []
    for line in (clean(raw) for raw in block):
        if not line:
            continue
        if line.startswith("/"):  # a command stands alone: a place before it was a question of its own
            found.extend(waiting)
            found.append(line)
            waiting = []
            continue
        waiting.append(line)
        if not is_only_place(line):
            found.append("\n".join(waiting))
            waiting = []
    if waiting:
        found.append("\n".join(waiting))
    return found


class LineReader:
    """Reads the chat's lines: with line editing and history at a terminal, plainly from a pipe."""

    def __init__(self, stream: TextIO, prompt: str, interactive: bool) -> None:
        self.stream = stream
        self.prompt = prompt
        self.interactive = interactive
        self.readline = None
        if interactive and stream is sys.stdin:
            with contextlib.suppress(ImportError):
                import readline  # arrow keys edit the line; up and down recall earlier ones

                self.readline = readline
                self._load_history()

    def _load_history(self) -> None:
        assert self.readline is not None
        self.readline.set_history_length(HISTORY_LENGTH)
        with contextlib.suppress(OSError):
            self.readline.read_history_file(str(history_path()))

    def save_history(self) -> None:
        """Write the history file (quietly skipped where it cannot be written)."""
        if self.readline is None:
            return
        with contextlib.suppress(OSError):
            path = history_path()
            path.parent.mkdir(parents=True, exist_ok=True)
            self.readline.write_history_file(str(path))

    def line(self, prompt: str) -> str | None:
        """Return the next line without its newline, None at end of input (Ctrl-D)."""
        if self.readline is not None:
            try:
                return input(prompt)
            except EOFError:
                return None
        if prompt:
            sys.stdout.write(prompt)
            sys.stdout.flush()
        text = self.stream.readline()
        return text.rstrip("\r\n") if text else None

    def pending(self) -> bool:
        """Return True when more input is already waiting (the rest of a paste)."""
        try:
            return bool(select.select([self.stream], [], [], 0.05)[0])
        except (ValueError, OSError, TypeError):
            return False

    def blocks(self) -> Iterator[list[str]]:
        """Yield blocks of lines: a typed line alone, a paste whole, piped lines up to an empty line."""
        buffer: list[str] = []
        while True:
            text = self.line("" if buffer or not self.interactive else self.prompt)
            if text is None:
                if buffer:
                    yield buffer
                return
            if not text.strip():
                if buffer:
                    yield buffer
                    buffer = []
                continue
            buffer.append(text)
            if self.interactive and not self.pending():  # typed (or the paste's last line)
                yield buffer
                buffer = []

    def question_blocks(self) -> Iterator[list[str]]:
        """Yield the questions of each typed line or paste, in order, until `/quit`, `/exit` or the
        end of input (the questions before a quit word are still yielded)."""
        try:
            for block in self.blocks():
                asked: list[str] = []
                for question in questions(block):
                    if question.strip().lower() in QUIT_WORDS:
                        if asked:
                            yield asked
                        return
                    asked.append(question)
                if asked:
                    yield asked
        finally:
            self.save_history()

    def questions(self) -> Iterator[str]:
        """Yield each question in order until `/quit`, `/exit` or the end of input."""
        for block in self.question_blocks():
            yield from block
