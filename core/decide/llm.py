"""The LLM behind the router and the explain path, through the official `ollama` client.

Every call is bounded by a timeout and counted; any failure (not running, slow, junk)
returns None so the caller falls back to its deterministic path and the user sees no error.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

import httpx
import ollama

log = logging.getLogger("odbchat.llm")


class LLMClient:
    """One Ollama model; `calls` counts requests sent (successful or not)."""

    def __init__(self, host: str, model: str, timeout: float = 20.0) -> None:
        self.host = host
        self.model = model
        self.timeout = timeout
        self.calls = 0
        self._client = ollama.AsyncClient(host=host, timeout=httpx.Timeout(timeout, connect=min(2.0, timeout)))

    async def chat_json(self, messages: list[dict[str, str]], schema: dict[str, Any]) -> dict[str, Any] | None:
        """Return the model's reply parsed as a JSON object constrained by `schema`, or None on any failure."""
        content = await self._chat(messages, fmt=schema)
        if content is None:
            return None
        try:
            data = json.loads(content)
        except (json.JSONDecodeError, TypeError):
            log.warning("llm returned invalid JSON", extra={"event": "llm_invalid_json"})
            return None
        return data if isinstance(data, dict) else None

    async def chat_text(self, messages: list[dict[str, str]]) -> str | None:
        """Return the model's free-text reply, or None on any failure."""
        content = await self._chat(messages, fmt=None)
        return content.strip() if content and content.strip() else None

    async def _chat(self, messages: list[dict[str, str]], fmt: dict[str, Any] | None) -> str | None:
        self.calls += 1
        started = time.perf_counter()
        try:
            response = await asyncio.wait_for(
                self._client.chat(model=self.model, messages=messages, format=fmt,
                                  options={"temperature": 0}, stream=False),
                timeout=self.timeout,
            )
        except Exception as exc:  # connection refused, timeout, HTTP error, bad body: all mean "no LLM"
            log.info("llm unavailable: %s", type(exc).__name__,
                        extra={"event": "llm_error", "error": type(exc).__name__,
                               "t_llm_ms": round((time.perf_counter() - started) * 1000, 1)})
            return None
        message = getattr(response, "message", None)
        return getattr(message, "content", None)
