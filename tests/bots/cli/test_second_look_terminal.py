"""Issue 29 in the terminal chat: the real `odbchat chat` process (local engine, no LLM) — a chart
is saved as a PNG and its path printed, what only chat platforms do is said plainly, /help lists
only what works here, answers to one paste are set apart, sources follow an explanation."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bots.terminal_pictures import inline_picture, picture_protocol
from paths import ROOT

pytestmark = pytest.mark.e2e

RULE = "─" * 24


def chat(tmp: Path, stdin: str, *args: str) -> str:
    env = {**os.environ, "ODBCHAT_BACKEND": "local", "OLLAMA_HOST": "http://127.0.0.1:9", "HOME": str(tmp),
           "ODBCHAT_LOG_FILE": os.devnull, "ODBCHAT_FILES_DIR": str(tmp / "files"),
           "XDG_STATE_HOME": str(tmp / "state"), "ODBCHAT_DEFAULT_TZ": "Asia/Taipei", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "bots.cli", "chat", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=300)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout


def test_a_chart_is_saved_and_its_path_printed(tmp_path: Path) -> None:
    out = chat(tmp_path, "/chart 基隆\n")
    line = next(line for line in out.splitlines() if line.startswith("已存檔："))
    path = Path(line.split("：", 1)[1])
    assert path.parent == tmp_path / "files" and path.read_bytes().startswith(b"\x89PNG")
    assert "\x1b" not in out  # a pipe is no terminal: no inline escapes


def test_what_only_chat_platforms_do_is_said_plainly(tmp_path: Path) -> None:
    out = chat(tmp_path, "/daily 06:30 基隆\n\n每天早上6點告訴我基隆潮汐\n\n/alerts\n\n/help\n")
    answers = out.split("\n\n")
    assert "好的" not in out and out.count("只在 Telegram、LINE、Discord 上有") >= 4, out
    help_text = out[out.index("我是 ODBchat"):]
    assert "/alert " not in help_text and "/daily HH:MM" not in help_text and "分享位置，我會" not in help_text
    assert "/chart" in help_text and "/quit" in help_text, answers


def test_answers_to_one_paste_are_set_apart_and_sources_follow(tmp_path: Path) -> None:
    out = chat(tmp_path, "What time is it in Tokyo?\n黑潮是什麼？\n👍\n")
    parts = out.split(RULE + "\n")
    assert len(parts) == 3, out
    assert "Tokyo" in parts[0] and "黑潮" in parts[1] and "來源：" in parts[1] and "https://" in parts[1]
    assert len(parts[2].strip()) <= 60, parts[2]


def test_inline_pictures_only_where_the_terminal_says_so(tmp_path: Path) -> None:
    with open(os.devnull, "w") as pipe:
        assert picture_protocol(pipe, {"TERM": "xterm-kitty"}) is None  # not a terminal
    master, slave = os.openpty()
    try:
        with os.fdopen(slave, "w") as tty:
            assert picture_protocol(tty, {"TERM": "xterm-256color"}) is None
            assert picture_protocol(tty, {"TERM": "xterm-kitty"}) == "kitty"
            assert picture_protocol(tty, {"TERM_PROGRAM": "iTerm.app"}) == "iterm2"
    finally:
        os.close(master)
    png = b"\x89PNG" + bytes(5000)
    assert inline_picture(png, "iterm2").startswith("\x1b]1337;File=inline=1;size=5004")
    kitty = inline_picture(png, "kitty")
    assert kitty.startswith("\x1b_Ga=T,f=100,m=1;") and kitty.endswith("\x1b\\") and kitty.count("\x1b_G") == 2


def test_asked_for_its_source_the_bot_names_the_station_it_used(tmp_path: Path) -> None:
    out = chat(tmp_path, "基隆今天的潮汐\n\n你的資料來源是什麼？\n")
    said = out.split("潮位站：")[-1]
    assert "剛才的潮汐由本機引擎依基隆潮位站" in said and "TPXO" in said, said


def test_an_answer_says_its_zone_once_where_it_is_useful(tmp_path: Path) -> None:
    parts = chat(tmp_path, "基隆明天的潮汐\n/sun 基隆\n東京明天日出\n").split(RULE + "\n")
    assert len(parts) == 3, parts
    for part in parts:   # no bare zone line under an answer
        assert not any(line.strip() in ("Asia/Taipei", "Asia/Tokyo") for line in part.splitlines()), part
    assert "Asia/Taipei" not in parts[0] + parts[1]           # the asker's own clock needs no word
    assert parts[2].count("Asia/Tokyo") == 1, parts[2]        # another clock is said once, in the answer
