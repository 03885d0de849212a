"""Structured logs: one JSON object a line, with secrets redacted wherever they appear.

Every adapter (CLI, Telegram, Discord, MCP server) calls `setup_logging` once with the
secrets it holds; the filter sits on the handler, so it sees records of every logger
(httpx logs request URLs, which carry a Telegram token, and exceptions quote them too).
"""
from __future__ import annotations

import json
import logging
import os
import re
import sys
from collections.abc import Iterable
from typing import Any

REDACTED = "<redacted>"
_STANDARD = set(vars(logging.makeLogRecord({})).keys()) | {"message", "asctime"}
_BOT_TOKEN = re.compile(r"\b\d{5,}:[A-Za-z0-9_-]{20,}\b")


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
        return _BOT_TOKEN.sub(REDACTED, text)

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
