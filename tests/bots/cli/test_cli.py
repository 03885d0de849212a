"""The terminal adapter as a user runs it: the real `odbchat` process."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from paths import ROOT

pytestmark = pytest.mark.e2e   # starts loopback servers or subprocesses

ODBCHAT = [sys.executable, "-m", "bots.cli"]


def run(args: list[str], stdin: str = "", env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "ODBCHAT_BACKEND": "local", "OLLAMA_HOST": "http://127.0.0.1:9",
                "ODBCHAT_LOG_FILE": os.devnull, **(env or {})}
    return subprocess.run(ODBCHAT + args, input=stdin, capture_output=True, text=True, timeout=timeout,
                           cwd=ROOT, env=full_env)


def test_act5_cli_stamps_tz_and_query_time():
    proc = run(["ask", "--json", "--dry-run", "--tz", "+08:00", "(121.5,25.0) 現在是漲潮還是退潮？"])
    assert proc.returncode == 0, proc.stderr
    env = json.loads(proc.stdout)
    assert env["tool"] == "tide.forecast"
    assert env["arguments"]["tz"] == "+08:00"
    assert env["arguments"]["query_time"][-6:] == "+08:00"
    proc = run(["ask", "--json", "--dry-run", "(150.0,30.0) 潮汐"], env={"ODBCHAT_DEFAULT_TZ": "Asia/Tokyo"})
    env = json.loads(proc.stdout)
    assert env["arguments"]["tz"] == "Asia/Tokyo" and env["arguments"]["query_time"].endswith("+09:00")
    # Whose clock: a point on land in another zone is answered on that place's clock.
    proc = run(["ask", "--json", "--dry-run", "(121.5,25.0) 潮汐"], env={"ODBCHAT_DEFAULT_TZ": "Asia/Tokyo"})
    env = json.loads(proc.stdout)
    assert env["arguments"]["tz"] == "Asia/Taipei" and env["arguments"]["query_time"].endswith("+08:00")


def test_ask_answers_keelung_offline_with_local_engine():
    proc = run(["ask", "--tz", "Asia/Taipei", "--query-time", "2025-11-14T11:00:00+08:00",
                "(121.75,25.15) 現在是漲潮還是退潮？"])
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert "現在是漲潮" in first or "現在是退潮" in first
    assert "潮位資訊：" in proc.stdout and "潮位站：基隆（" in proc.stdout   # the station named in zh
    assert "Traceback" not in proc.stderr


def test_ask_batch_from_stdin_one_json_line_each():
    questions = "(121.75,25.15) 今天潮汐\nWhat time is it in Tokyo?\n\nGHRSST 是什麼？\n"
    proc = run(["ask", "--json", "--dry-run", "-"], stdin=questions)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [e["mode"] for e in lines] == ["mcp_tools", "mcp_tools", "explain"]
    assert lines[1]["tool"] == "time.now" and lines[1]["lang"] == "en"


def test_t9_chat_buffers_a_pasted_block_until_empty_line():
    pasted = "(121.75,25.15)\n現在是漲潮還是退潮？\n\nWhat time is it in Tokyo?\n"
    proc = run(["chat", "--json", "--dry-run"], stdin=pasted)
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert [e.get("tool") for e in lines] == ["tide.forecast", "time.now"]


def test_bad_usage_exits_2():
    assert run(["ask"]).returncode == 2
    assert run(["ask", "--backend", "nowhere", "q"]).returncode == 2


@pytest.mark.parametrize("junk", ["", "   ", "x" * 5000, "\x00\x01 {{}} %s %d <script>", "🙂" * 30])
def test_junk_is_answered_politely(junk):
    argv_ok = junk.strip() and "\x00" not in junk          # argv cannot carry a NUL byte: use stdin
    proc = run(["ask", "--json", "--", junk] if argv_ok else ["ask", "--json", "-"], stdin=junk)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    for line in proc.stdout.splitlines():
        assert json.loads(line)["text"]


def test_chat_follow_up_inherits_place_but_ask_does_not():
    proc = run(["chat", "--query-time", "2025-11-14T10:00:00+08:00"], stdin="基隆今天的潮汐\n\n那明天呢？\n\n")
    assert proc.returncode == 0, proc.stderr
    follow = proc.stdout.split("那明天呢")[-1] if "那明天呢" in proc.stdout else proc.stdout
    assert "2025-11-15" in follow and follow.count("基隆") >= 1
    alone = run(["ask", "--query-time", "2025-11-14T10:00:00+08:00", "那明天呢？"])
    assert "2025-11-15" not in alone.stdout  # `ask` is stateless: no place to inherit


def test_no_log_line_reaches_the_terminal(tmp_path):
    # An unreachable upstream is logged (a warning), but into the log file, not onto the user's terminal.
    log_file = tmp_path / "odbchat.log"
    env = {"ODBCHAT_BACKEND": "auto", "METOCEAN_MCP_URL": "http://127.0.0.1:9/mcp/metocean",
           "ODBCHAT_LOG_FILE": str(log_file)}
    proc = run(["ask", "基隆今天的潮汐"], env=env)
    assert proc.returncode == 0 and "基隆" in proc.stdout
    assert proc.stderr.strip() == "" and '"level"' not in proc.stdout
    assert '"level": "WARNING"' in log_file.read_text(encoding="utf-8")
