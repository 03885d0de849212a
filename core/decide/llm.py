"""The LLM behind the router, the explain and the code paths: Ollama's chat API through the
`ollama` client, streamed.

One question gets one time budget for everything the LLM does (connect, first byte, every
token, a second call): `LLMClient.within(deadline)` gives the question a view of the shared
client that stops at that moment, enforced around the whole streamed call (the client's own
timeouts are per read, so a model trickling a token a second would never time out on its
own). The reply is read chunk by chunk and dropped as soon as it grows past
`MAX_REPLY_CHARS`, so neither a trickling nor a runaway model can hold the user. Any failure
(not running, slow, junk, nested too deep to parse) returns None so the caller falls back to
its deterministic path and the user sees no error.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from core.decide.llm_output import MAX_REPLY_CHARS, parse_json_object, strip_controls

log = logging.getLogger("odbchat.llm")

# Below this much time left a call cannot connect and generate anything useful: skip it.
MIN_CALL_SECONDS = 0.05
#: After the LLM hangs or cannot be reached, questions skip it for this long (one probe after).
OUTAGE_COOLDOWN_S = 30.0


class ReplyTooLarge(Exception):
    """The model's reply went past a size cap; it is dropped, never shown."""


def is_outage(exc: BaseException) -> bool:
    """Return True for a failure that means the LLM is down or hung (not a bad reply): it opens the cooldown."""
    import httpx  # already loaded by the client that raised; not at start-up (see docs/architecture.md)

    return isinstance(exc, (TimeoutError, ConnectionError, httpx.ConnectError, httpx.ConnectTimeout))


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
        self._down_until = 0.0                  # monotonic time before which the LLM counts as down

    # -- the per-question budget -------------------------------------------------------------

    def within(self, deadline: float) -> "LLMClient":
        """Return a view of this client whose calls all end by `deadline` (a `time.perf_counter()`
        value); it shares the call count."""
        view = object.__new__(type(self))   # copy.copy without its generic protocol: one per question
        view.__dict__.update(self.__dict__)
        view._deadline = deadline if self._deadline is None else min(deadline, self._deadline)
        return view

    def remaining(self) -> float:
        """Return the seconds this view may still spend on the LLM (the full timeout outside a question)."""
        if self._deadline is None:
            return self.timeout
        return min(self.timeout, self._deadline - time.perf_counter())

    def has_time(self) -> bool:
        """Return True while a call could still be made: budget left, and the LLM not resting after an outage."""
        return self.remaining() >= MIN_CALL_SECONDS and time.monotonic() >= self._shared._down_until

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
        if not self.has_time():  # budget spent, or a hung or absent LLM resting: nobody waits for it
            log.info("llm skipped", extra={"event": "llm_skipped", "budget_s": round(budget, 3)})
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
            if is_outage(exc):  # an outage, not a bad reply: rest the LLM for a while
                self._shared._down_until = time.monotonic() + OUTAGE_COOLDOWN_S
            log.info("llm unavailable: %s", type(exc).__name__,
                     extra={"event": "llm_error", "error": type(exc).__name__,
                            "t_llm_ms": round((time.perf_counter() - started) * 1000, 1)})
            return None

    async def _read_reply(self, body: dict[str, Any]) -> str:
        """Return the streamed message content; raises on an HTTP error, a reply over the cap, or junk."""
        # A client per call: no pool tied to an event loop that may be gone by the next question
        # (the CLI runs one loop per question); no client timeouts, the caller's deadline bounds it all.
        import ollama  # only a question that reaches the LLM pays for the client

        async with ollama.AsyncClient(host=base_url(self.host), timeout=None, trust_env=False) as client:
            stream = await client.chat(model=body["model"], messages=body["messages"], format=body.get("format"),
                                       options=body["options"], stream=True)
            chars = 0
            parts: list[str] = []
            async for chunk in stream:
                content = chunk.message.content or ""
                chars += len(content)
                if chars > MAX_REPLY_CHARS:  # a runaway model: drop the reply, never show a cut one
                    raise ReplyTooLarge(f"more than {MAX_REPLY_CHARS} characters")
                parts.append(content)
                if chunk.done:
                    break
            return "".join(parts)
