"""The LLM behind the router, the explain and the code paths: Ollama's `/api/chat` over httpx.

One question gets one time budget for everything the LLM does (connect, first byte, every
token, a second call): `LLMClient.within(deadline)` gives the question a view of the shared
client that stops at that moment. The reply is read as a stream and dropped as soon as it
grows past its caps (`MAX_STREAM_BYTES` on the wire, `MAX_REPLY_CHARS` of text), so neither
a trickling nor a runaway model can hold the user or fill memory. Any failure (not running, slow, junk) returns None so the caller falls
back to its deterministic path and the user sees no error.

Why not the official `ollama` client: it reads the whole body and parses it before the
caller sees a byte, and its timeouts are per read, so a model trickling a token a second
never times out. Ollama's chat API is one streaming POST, spoken here directly.
"""
from __future__ import annotations

import asyncio
import copy
import json
import logging
import time
from typing import Any

import httpx

from core.decide.llm_output import MAX_REPLY_CHARS, parse_json_object, strip_controls

log = logging.getLogger("odbchat.llm")

# Below this much time left a call cannot connect and generate anything useful: skip it.
MIN_CALL_SECONDS = 0.05
# Ollama streams one NDJSON line of about 100 bytes per token, so a reply of MAX_REPLY_CHARS
# characters is at most a few hundred kB on the wire; past 1 MiB the stream is cut.
MAX_STREAM_BYTES = 1024 * 1024
# One line is a token or a few for Ollama, a whole (JSON-escaped) reply for simpler servers:
# six bytes per escaped character of a full reply, and not one more line read past that.
MAX_LINE_BYTES = 6 * MAX_REPLY_CHARS + 1024


class ReplyTooLarge(Exception):
    """The model's reply went past a size cap; it is dropped, never shown."""


def base_url(host: str) -> str:
    """Return the http(s) base URL of an OLLAMA_HOST value ("127.0.0.1:11434", "http://h:1", "h")."""
    host = host.strip().rstrip("/")
    if "://" in host:
        return host
    return f"http://{host}" if ":" in host else f"http://{host}:11434"


class LLMClient:
    """One Ollama model. `timeout` is the most one question may spend on it; `calls` counts
    requests sent (successful or not), shared by every `within` view."""

    def __init__(self, host: str, model: str, timeout: float = 8.0) -> None:
        self.host = host
        self.model = model
        self.timeout = timeout
        self.calls = 0
        self._deadline: float | None = None     # perf_counter time; None = each call gets `timeout`
        self._shared: LLMClient = self
        self._url = base_url(host) + "/api/chat"

    # -- the per-question budget -------------------------------------------------------------

    def within(self, deadline: float) -> "LLMClient":
        """Return a view of this client whose calls all end by `deadline` (a `time.perf_counter()`
        value); it shares the call count."""
        view = copy.copy(self)
        view._deadline = deadline if self._deadline is None else min(deadline, self._deadline)
        return view

    def remaining(self) -> float:
        """Return the seconds this view may still spend on the LLM (the full timeout outside a question)."""
        if self._deadline is None:
            return self.timeout
        return min(self.timeout, self._deadline - time.perf_counter())

    def has_time(self) -> bool:
        """Return True while a call could still be made within this view's budget."""
        return self.remaining() >= MIN_CALL_SECONDS

    # -- the two kinds of call ---------------------------------------------------------------

    async def chat_json(self, messages: list[dict[str, str]], schema: dict[str, Any]) -> dict[str, Any] | None:
        """Return the model's reply parsed as a JSON object constrained by `schema`, or None on any
        failure (no time left, error, too large, too deep, not a JSON object)."""
        content = await self._chat(messages, fmt=schema)
        if content is None:
            return None
        data, why = parse_json_object(content)
        if data is None:
            log.warning("llm returned an unusable plan", extra={"event": "llm_invalid_json", "error": why})
        return data

    async def chat_text(self, messages: list[dict[str, str]]) -> str | None:
        """Return the model's free-text reply without control characters or escape codes, or None
        on any failure. Links are left to the caller, who knows which sources are its own."""
        content = await self._chat(messages, fmt=None)
        if not content:
            return None
        text = strip_controls(content).strip()
        return text or None

    # -- transport ---------------------------------------------------------------------------

    async def _chat(self, messages: list[dict[str, str]], fmt: dict[str, Any] | None) -> str | None:
        budget = self.remaining()
        if not self.has_time():
            log.info("llm skipped: budget spent", extra={"event": "llm_skipped", "budget_s": round(budget, 3)})
            return None
        self._shared.calls += 1
        started = time.perf_counter()
        body: dict[str, Any] = {"model": self.model, "messages": messages, "stream": True,
                                "options": {"temperature": 0}}
        if fmt is not None:
            body["format"] = fmt
        try:
            async with asyncio.timeout(budget):
                return await self._read_reply(body)
        except Exception as exc:  # refused, timed out, HTTP error, bad or oversized body: all mean "no LLM"
            log.info("llm unavailable: %s", type(exc).__name__,
                     extra={"event": "llm_error", "error": type(exc).__name__,
                            "t_llm_ms": round((time.perf_counter() - started) * 1000, 1)})
            return None

    async def _read_reply(self, body: dict[str, Any]) -> str:
        """Return the streamed message content; raises on an HTTP error, a reply over the cap, or junk."""
        # A client per call: no pool tied to an event loop that may be gone by the next question
        # (the CLI runs one loop per question); no httpx timeouts, the deadline bounds it all.
        async with httpx.AsyncClient(timeout=None, trust_env=False) as client, \
                client.stream("POST", self._url, json=body) as response:
            if response.status_code != 200:
                raise httpx.HTTPStatusError(f"ollama answered {response.status_code}",
                                            request=response.request, response=response)
            received = chars = 0
            pending = b""
            parts: list[str] = []
            async for chunk in response.aiter_bytes():
                received += len(chunk)
                if received > MAX_STREAM_BYTES:
                    raise ReplyTooLarge(f"more than {MAX_STREAM_BYTES} bytes")
                pending += chunk
                if len(pending) > MAX_LINE_BYTES and b"\n" not in chunk:
                    raise ReplyTooLarge("line too long")
                if b"\n" not in chunk:
                    continue
                *lines, pending = pending.split(b"\n")
                if len(pending) > MAX_LINE_BYTES or any(len(line) > MAX_LINE_BYTES for line in lines):
                    raise ReplyTooLarge("line too long")
                for line in lines:
                    content, done = _read_line(line)
                    parts.append(content)
                    chars += len(content)
                    if chars > MAX_REPLY_CHARS:
                        raise ReplyTooLarge(f"more than {MAX_REPLY_CHARS} characters")
                    if done:
                        return "".join(parts)
            content, _ = _read_line(pending)   # a server that ends without a newline
            if chars + len(content) > MAX_REPLY_CHARS:
                raise ReplyTooLarge(f"more than {MAX_REPLY_CHARS} characters")
            return "".join(parts) + content


def _read_line(line: bytes) -> tuple[str, bool]:
    """Return (the content of one NDJSON line of Ollama's stream, whether it says "done");
    raises ValueError for a line that is not one of Ollama's chunks."""
    line = line.strip()
    if not line:
        return "", False
    chunk, why = parse_json_object(line.decode("utf-8", errors="replace"), max_chars=MAX_LINE_BYTES)
    if chunk is None:
        raise ValueError(f"bad stream line: {why}")
    if chunk.get("error"):
        raise ValueError("ollama reported an error")
    message = chunk.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    return (content if isinstance(content, str) else ""), bool(chunk.get("done"))
