"""Structured logs: one JSON object a line, with secrets redacted wherever they appear.

Every adapter (CLI, Telegram, Discord, MCP server) calls `setup_logging` once with the
secrets it holds; the filter sits on the handler, so it sees records of every logger
(httpx logs request URLs, which carry a Telegram token, and exceptions quote them too),
uvicorn's and asyncio's included (their own handlers are removed, so their tracebacks go
through the same JSON and redaction). A warning repeated in a burst (a flood of slow
connections, a listener out of file descriptors) is written a few times per window and
then summed up, so an attack cannot fill the disk with log lines.
"""
from __future__ import annotations

import json
import logging
import os
import re
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any

REDACTED = "<redacted>"
_STANDARD = set(vars(logging.makeLogRecord({})).keys()) | {"message", "asctime"}
_BOT_TOKEN = re.compile(r"\b\d{5,}:[A-Za-z0-9_-]{20,}\b")
# CWA's open-data URLs carry the key as a query parameter: its value is a secret wherever it shows.
_KEY_PARAM = re.compile(r"(?<=Authorization=)[^&\s'\"]+")


class SecretRedactingFilter(logging.Filter):
    """Replaces secrets (and anything shaped like a bot token) in a record's message and traceback."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        found: set[str] = set()
        for secret in secrets:
            if not secret:
                continue
            found.add(secret)
            if ":" in secret:  # bot tokens are "<id>:<secret>"; the secret half alone is a secret too
                tail = secret.split(":", 1)[1]
                if len(tail) >= 6:
                    found.add(tail)
        self._secrets = sorted(found, key=len, reverse=True)

    def redact(self, text: str) -> str:
        """Return `text` with every secret replaced by a marker."""
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return _KEY_PARAM.sub(REDACTED, _BOT_TOKEN.sub(REDACTED, text))

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place; always return True (the record is kept, redacted)."""
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: fall back to its raw text
            message = str(record.msg)
        redacted = self.redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


class RepeatLimiter(logging.Filter):
    """Lets through at most `burst` warnings (or worse) with the same logger and message template
    per `window_s`; the first one after a window with drops carries `suppressed`: how many."""

    def __init__(self, burst: int = 5, window_s: float = 10.0) -> None:
        super().__init__()
        self.burst = burst
        self.window_s = window_s
        self._seen: dict[tuple[str, int, str], list[float]] = {}  # key -> [window start, passed, dropped]
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        """Return False for a record over its key's budget in this window (it is counted instead)."""
        if record.levelno < logging.WARNING:
            return True
        key = (record.name, record.levelno, str(record.msg)[:200])
        now = time.monotonic()
        with self._lock:
            state = self._seen.get(key)
            if state is None or now - state[0] >= self.window_s:
                dropped = int(state[2]) if state else 0
                if len(self._seen) > 1000:  # forget old keys; a few templates are ever hot at once
                    self._seen = {k: v for k, v in self._seen.items() if now - v[0] < self.window_s}
                self._seen[key] = [now, 1, 0]
                if dropped:
                    record.suppressed = dropped
                return True
            if state[1] < self.burst:
                state[1] += 1
                return True
            state[2] += 1
            return False


class JsonFormatter(logging.Formatter):
    """Formats a record as one JSON line with its `extra` fields (tool, arguments, timings, error)."""

    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, Any] = {"level": record.levelname, "logger": record.name, "msg": record.getMessage()}
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                payload[key] = value
        if record.exc_text or record.exc_info:
            text = record.exc_text or self.formatException(record.exc_info)
            payload["error"] = text.strip().splitlines()[-1]
        return json.dumps(payload, ensure_ascii=False, default=str)


def setup_logging(level: str = "WARNING", secrets: Iterable[str] = (), stream: Any = None) -> SecretRedactingFilter:
    """Configure the root logger for redacted JSON lines on stderr; return the filter installed."""
    redactor = SecretRedactingFilter(secrets)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RepeatLimiter())
    handler.addFilter(redactor)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(getattr(logging, str(level).upper(), logging.WARNING))
    # httpx logs every request URL at INFO, and a Telegram URL carries the bot token.
    for noisy in ("httpx", "httpcore", "httpx2", "httpcore2", "mcp", "uvicorn.access", "bm25s"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    for name in ("httpx", "telegram"):
        logging.getLogger(name).addFilter(redactor)
    # uvicorn's loggers (and anything that configured its own handlers) write through ours.
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi", "asyncio"):
        own = logging.getLogger(name)
        for old in list(own.handlers):
            own.removeHandler(old)
        own.propagate = True
    logging.captureWarnings(True)
    return redactor


def terminal_log_stream(path: str = "") -> Any:
    """Return where a terminal command (ask, chat, chart) writes its log lines: `path`, else a file
    under the user's state directory, never the user's terminal; the null device when that file
    cannot be opened."""
    path = path or os.path.join(
        os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state"),
        "odbchat", "odbchat.log")
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 (lives as long as the process)
    except OSError:
        return open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
