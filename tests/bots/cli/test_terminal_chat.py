"""The terminal chat as a person at a keyboard meets it: the real `odbchat chat` on a pseudo-terminal
(arrow keys, history, pastes, /quit, /exit, Ctrl-D), and the bots' `--help`."""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bots.terminal_input import questions
from paths import ROOT

pytestmark = pytest.mark.e2e

LEFT, RIGHT, UP = "\x1b[D", "\x1b[C", "\x1b[A"


class Terminal:
    """`odbchat chat --json --dry-run` on a pty: type into it, read what it printed."""

    def __init__(self, tmp: Path) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "ODBCHAT_BACKEND": "local", "OLLAMA_HOST": "http://127.0.0.1:9",
               "ODBCHAT_LOG_FILE": os.devnull, "XDG_STATE_HOME": str(tmp / "state"), "TERM": "xterm",
               "ODBCHAT_DEFAULT_TZ": "Asia/Taipei", "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "bots.cli", "chat", "--json", "--dry-run"],
                                     stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, close_fds=True)
        os.close(slave)
        self.output = ""
        self.read_until("odbchat> ", 60)

    def read_until(self, marker: str, timeout: float = 60.0, count: int = 1) -> str:
        deadline = time.monotonic() + timeout
        while self.output.count(marker) < count and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.output += os.read(self.master, 65536).decode(errors="replace")
                except OSError:  # the child closed the terminal
                    break
        return self.output

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def replies(self) -> list[dict]:
        return [json.loads(line[line.index("{"):]) for line in self.output.splitlines() if "{" in line
                and line.rstrip().endswith("}")]

    def close(self) -> int | None:
        try:
            return self.proc.wait(20)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            os.close(self.master)


def test_arrow_keys_edit_and_recall_and_quit_leaves(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    try:
        # A typo mended with the arrow keys: "Tkyo" → "Tokyo"; the escapes must not reach the command.
        term.type("/tz Asia/Tkyo" + LEFT * 3 + "o" + RIGHT * 3 + "\r")
        term.read_until('"text"', 60)
        term.type(UP + "\r")  # the same line again from the history
        term.read_until('"text"', 60, count=2)
        texts = [r["text"] for r in term.replies() if "text" in r]
        assert len(texts) == 2 and all("Asia/Tokyo" in text and "\x1b" not in text for text in texts), texts
        assert all("不認得" not in text and "don't know" not in text for text in texts), texts
        term.type("/quit\r")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    history = (tmp_path / "state" / "odbchat" / "chat_history").read_text()
    assert "/tz Asia/Tokyo" in history and "\x1b" not in history


@pytest.mark.parametrize("leave", ["/exit\r", "\x04"])
def test_exit_and_ctrl_d_leave(tmp_path: Path, leave: str) -> None:
    term = Terminal(tmp_path)
    term.type(leave)
    assert term.close() == 0


def test_two_pasted_questions_are_both_answered(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    try:
        term.type("What time is it in Tokyo?\r基隆今天的潮汐\r")  # one paste: both lines arrive at once
        term.read_until('"mode"', 90, count=2)
        tools = [r.get("tool") for r in term.replies() if "mode" in r]
        assert tools == ["time.now", "tide.forecast"], term.output
        term.read_until("odbchat> ", 30, count=2)  # the next prompt: Ctrl-D there leaves
        term.type("\x04")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()


def test_block_rule_keeps_a_bare_place_with_its_question() -> None:
    assert questions(["(121.75,25.15)", "現在是漲潮還是退潮？"]) == ["(121.75,25.15)\n現在是漲潮還是退潮？"]
    assert questions(["基隆今天的潮汐", "What time is it in Tokyo?"]) == ["基隆今天的潮汐", "What time is it in Tokyo?"]
    assert questions(["Keelung", "/quit"]) == ["Keelung", "/quit"]
    assert questions(["/tz Asia/Tokyo\x1b[D\x1b[C"]) == ["/tz Asia/Tokyo"]


@pytest.mark.parametrize(("bot", "options"), [("telegram", ("--webhook", "--set-webhook")),
                                              ("discord", ("--sync", "--guild"))])
def test_bot_help_lists_its_options(bot: str, options: tuple[str, ...]) -> None:
    proc = subprocess.run([sys.executable, "-m", "bots.cli", bot, "--help"], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert all(option in proc.stdout for option in options), proc.stdout
