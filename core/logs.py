"""Structured logs: one JSON object a line, with secrets redacted wherever they appear."""
from __future__ import annotations

import json
import logging
import re
import sys
from typing import Any

_STANDARD = set(vars(logging.makeLogRecord({})).keys()) | {"message", "asctime"}
_secrets: set[str] = set()
_BOT_TOKEN = re.compile(r"\b\d{5,}:[A-Za-z0-9_-]{20,}\b")


def register_secret(value: str) -> None:
    """Remember a secret so no log line ever prints it (empty values are ignored)."""
    if value and len(value) >= 6:
        _secrets.add(value)


def redact(text: str) -> str:
    """Return `text` with every registered secret and anything shaped like a bot token masked."""
    for secret in _secrets:
        text = text.replace(secret, "***")
    return _BOT_TOKEN.sub("***", text)


class RedactingFilter(logging.Filter):
    """Masks secrets in a record's message and arguments before any handler sees it."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(str(record.msg))
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(redact(a) if isinstance(a, str) else redact(str(a)) if not isinstance(
                a, (int, float)) else a for a in args)
        return True


class JsonFormatter(logging.Formatter):
    """Formats a record as one JSON line with its `extra` fields."""

    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, Any] = {"level": record.levelname, "logger": record.name, "msg": record.getMessage()}
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                payload[key] = value
        if record.exc_info:
            payload["error"] = redact(self.formatException(record.exc_info).splitlines()[-1])
        return redact(json.dumps(payload, ensure_ascii=False, default=str))


def setup_logging(level: str = "WARNING", stream: Any = None) -> None:
    """Configure the root logger for JSON lines on stderr with redaction (idempotent)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_odbchat", False):
            root.removeHandler(handler)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RedactingFilter())
    handler._odbchat = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level.upper())
    # httpx logs every request URL at INFO, and a Telegram URL carries the bot token.
    for noisy in ("httpx", "httpcore", "httpx2", "httpcore2", "mcp", "uvicorn.access", "bm25s"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
