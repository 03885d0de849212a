"""Client of the upstream metocean MCP server (`ghrsst.*`, `tide.forecast`).

One `MetoceanClient` keeps one MCP session (official SDK, streamable HTTP, header
`User-Agent: metocean-mcp`) open across calls: the session is opened lazily by the first
call and reopened once, transparently, when a later call finds it dead (upstream
restarted, session expired). Every failure leaves as `metocean.errors.ToolFailure`:

- a tool error (`is_error`) keeps the upstream wording without the SDK's
  `Error executing tool <name>: ` prefix and is coded by `classify_error_text`
  (`Data not exist ... available date is ...` -> NOT_FOUND, validation -> INVALID_ARGUMENT,
  `Tide backend unavailable` -> UNAVAILABLE);
- anything on the way there (refused connection, DNS, timeout, HTTP 4xx/5xx, protocol
  errors) is UNAVAILABLE with `Failed upstream metocean tool '<tool>': <short reason>`.

Opening is bounded by `connect_timeout` and each call by `call_timeout`, so no call hangs.

Why a dedicated owner task: the SDK client is an async context manager built on anyio
cancel scopes, which must be exited by the task that entered them. The session therefore
lives in its own task that enters the client, hands it over, and waits for a close
signal; calls from any task use the entered client (its requests are task-safe).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx2
import mcp.types
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS

from metocean.errors import ToolFailure, classify_error_text

logger = logging.getLogger(__name__)

# The SDK prefixes every tool error with this; the upstream wording follows it.
_TOOL_ERROR_PREFIX = re.compile(r"^\s*Error executing tool [^\s:]+(?::\s*|\s*$)")
# Pydantic appends a documentation link to validation errors: noise in a chat reply.
_PYDANTIC_LINK = re.compile(r"\s*For further information visit \S+")
_MAX_MESSAGE = 400
_MAX_REASON = 160
# Read timeout of the HTTP client: long, because the session's server-to-client SSE
# stream idles between events; each call is bounded by `call_timeout` instead.
_SSE_READ_TIMEOUT = 300.0


def normalize_result(result: mcp.types.CallToolResult) -> dict[str, Any]:
    """Return the payload of a successful tool result as a dict.

    Order: `structured_content` (when non-empty) -> the text blocks parsed as JSON (an
    object as is; any other JSON value as `{"result": value}`) -> the text itself as
    `{"text": ...}` -> the raw envelope `{"content": [...], "structured_content": ...,
    "is_error": ...}` when there is neither.
    """
    structured = result.structured_content
    if isinstance(structured, dict) and structured:
        return dict(structured)
    text = _joined_text(result)
    if text:
        try:
            parsed = json.loads(text)
        except ValueError:
            return {"text": text}
        return parsed if isinstance(parsed, dict) else {"result": parsed}
    return {
        "content": [block.model_dump(mode="json", by_alias=True, exclude_none=True) for block in result.content or []],
        "structured_content": structured,
        "is_error": bool(result.is_error),
    }


def _joined_text(result: mcp.types.CallToolResult) -> str:
    texts = [block.text for block in result.content or [] if isinstance(getattr(block, "text", None), str)]
    return "".join(texts).strip()


def tool_error_failure(tool: str, result: mcp.types.CallToolResult) -> ToolFailure:
    """Return the ToolFailure an `is_error` tool result stands for (upstream wording, coded)."""
    raw = _joined_text(result)
    if not raw and isinstance(result.structured_content, dict):
        raw = str(result.structured_content.get("error") or result.structured_content.get("message") or "")
    text = _PYDANTIC_LINK.sub("", _TOOL_ERROR_PREFIX.sub("", raw, count=1)).strip()
    if not text:
        # A bare "Error executing tool X" is how the SDK reports a server crash: the
        # user did nothing wrong, so it is an outage, not a bad argument.
        return ToolFailure("UNAVAILABLE", f"Failed upstream metocean tool {tool!r}: upstream error without details")
    text = re.sub(r"\s*\n\s*", "; ", text)
    if len(text) > _MAX_MESSAGE:
        text = text[: _MAX_MESSAGE - 1] + "…"
    return ToolFailure(classify_error_text(text), text)


class _Session:
    """One open MCP session and the task that owns (entered) it."""

    def __init__(self) -> None:
        self.client: Client | None = None
        self.closing = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.dead = False


class _SessionLost(Exception):
    """A reused session turned out dead; the call may be retried on a new session."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


class MetoceanClient:
    """The upstream metocean MCP server, as one long-lived session."""

    def __init__(self, url: str, user_agent: str = "metocean-mcp", connect_timeout: float = 5.0,
                 call_timeout: float = 20.0, *, mode: str = "legacy") -> None:
        """Prepare a client for `url`; nothing is opened until the first call.

        `mode` is the SDK's protocol negotiation; "legacy" (the initialize handshake)
        because the upstream is a handshake-era server: "auto" would spend one rejected
        `server/discover` round trip on every session opened.
        """
        self.url = url
        self.user_agent = user_agent
        self.connect_timeout = connect_timeout
        self.call_timeout = call_timeout
        self.mode = mode
        self._session: _Session | None = None
        self._lock: asyncio.Lock | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._last_http_status: int | None = None

    @classmethod
    def from_settings(cls) -> "MetoceanClient":
        """Return a client configured from `core.config.get_settings()`."""
        from core.config import get_settings

        s = get_settings()
        return cls(s.metocean_mcp_url, s.metocean_mcp_user_agent, s.metocean_connect_timeout,
                   s.metocean_call_timeout)

    # ------------------------------------------------------------------ public API

    async def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Call `tool` upstream and return its normalized result (see `normalize_result`).

        Raises ToolFailure: the upstream tool error (coded by its wording), or UNAVAILABLE
        when the upstream could not be reached or answered in time.
        """
        result = await self._request(tool, lambda c: c.call_tool(tool, arguments))
        if result.is_error:
            raise tool_error_failure(tool, result)
        return normalize_result(result)

    async def list_tools(self) -> list[str]:
        """Return the names of the tools the upstream offers.

        Raises ToolFailure(UNAVAILABLE) when the upstream cannot be reached.
        """
        listing = await self._request("tools/list", lambda c: c.list_tools(cache_mode="refresh"))
        return [t.name for t in listing.tools]

    async def aclose(self) -> None:
        """Close the session (if any); the client can still be used afterwards (it reopens)."""
        if self._loop is not asyncio.get_running_loop():
            # The session belongs to another (possibly closed) loop: nothing to await here.
            self._session = None
            return
        session, self._session = self._session, None
        if session is not None:
            await self._stop(session)

    async def __aenter__(self) -> "MetoceanClient":
        """Return the client itself (the session still opens lazily)."""
        return self

    async def __aexit__(self, *exc: object) -> None:
        """Close the session (see `aclose`)."""
        await self.aclose()

    # ------------------------------------------------------------------ internals

    async def _request(self, label: str, send: Any) -> Any:
        """Run `send(client)` on the session with one reopen-and-retry if it died."""
        self._last_http_status = None
        for attempt in (1, 2):
            session, fresh = await self._ensure_session(label)
            try:
                return await self._send(session, label, send)
            except _SessionLost as lost:
                await self._discard(session)
                if fresh or attempt == 2:
                    raise self._unavailable(label, lost.cause) from None
                logger.info("metocean MCP session lost (%s); reopening", self._reason(lost.cause))
        raise AssertionError("unreachable")  # pragma: no cover

    async def _send(self, session: _Session, label: str, send: Any) -> Any:
        assert session.client is not None
        call = asyncio.ensure_future(send(session.client))
        # Race the request against the session's owner task: when the transport dies the
        # owner ends, and the request would otherwise wait for the full call timeout.
        owner = session.task
        assert owner is not None
        try:
            done, _ = await asyncio.wait({call, owner}, timeout=self.call_timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            await _cancel(call)
            raise
        if call not in done:
            await _cancel(call)
            if owner in done:
                raise _SessionLost(ConnectionError("session closed"))
            raise self._unavailable(label, TimeoutError(f"no answer within {self.call_timeout:g} s"))
        if call.cancelled():
            # Cancelled from inside the SDK (its session shutting down), not by our caller:
            # must not surface as a CancelledError of the caller's task.
            raise _SessionLost(ConnectionError("request cancelled by the session"))
        try:
            return call.result()
        except MCPError as exc:
            if exc.code == INVALID_PARAMS:
                raise ToolFailure("INVALID_ARGUMENT", _clip(exc.message, _MAX_MESSAGE)) from None
            # Session terminated/expired, HTTP error statuses, closed connections: the
            # session is no use any more; a fresh one may work (one retry, see _request).
            raise _SessionLost(exc) from None
        except Exception as exc:
            # Transport errors (httpx2, OSError, closed anyio streams) and SDK state errors
            # on a closed client: all mean the session is gone. Nothing else may escape,
            # callers handle ToolFailure only.
            raise _SessionLost(exc) from None

    async def _ensure_session(self, label: str) -> tuple[_Session, bool]:
        """Return (open session, whether it was opened by this call)."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            # asyncio primitives and the owner task are tied to one loop; a client reused
            # under a new loop (e.g. successive asyncio.run) starts over.
            self._loop, self._lock, self._session = loop, asyncio.Lock(), None
        assert self._lock is not None
        session = self._session
        if session is not None and not session.dead:
            return session, False
        async with self._lock:
            session = self._session
            if session is not None and not session.dead:
                return session, False
            if session is not None:
                await self._discard(session)
            try:
                session = await self._open()
            except Exception as exc:
                raise self._unavailable(label, exc) from None
            self._session = session
            return session, True

    async def _open(self) -> _Session:
        session = _Session()
        ready: asyncio.Future[Client] = asyncio.get_running_loop().create_future()
        session.task = asyncio.create_task(self._own(session, ready), name="metocean-mcp-session")
        try:
            async with asyncio.timeout(self.connect_timeout):
                session.client = await asyncio.shield(ready)
        except TimeoutError:
            await self._stop(session)
            raise TimeoutError(f"no session within {self.connect_timeout:g} s") from None
        except BaseException:
            await self._stop(session)
            raise
        finally:
            if ready.done() and not ready.cancelled():
                ready.exception()  # retrieved, so asyncio does not warn about it
        return session

    async def _own(self, session: _Session, ready: asyncio.Future[Client]) -> None:
        """Owner task: enter the SDK client, publish it, hold it until told to close."""
        timeout = httpx2.Timeout(self.call_timeout, connect=self.connect_timeout, read=_SSE_READ_TIMEOUT)

        async def note_status(response: httpx2.Response) -> None:
            # The SDK turns an HTTP error status into a generic MCP error; keep the
            # status so the failure message can name it.
            if response.status_code >= 400:
                self._last_http_status = response.status_code

        try:
            async with httpx2.AsyncClient(headers={"User-Agent": self.user_agent}, timeout=timeout,
                                          event_hooks={"response": [note_status]}) as http:
                async with Client(streamable_http_client(self.url, http_client=http), mode=self.mode) as client:
                    if not ready.done():
                        ready.set_result(client)
                    await session.closing.wait()
        except BaseException as exc:  # the owner must never leak an exception: report, then end
            if not ready.done():
                if isinstance(exc, Exception):
                    ready.set_exception(exc)
                else:
                    ready.cancel()
            elif not isinstance(exc, asyncio.CancelledError):
                logger.debug("metocean MCP session ended: %s", self._reason(exc))
        finally:
            session.dead = True

    async def _stop(self, session: _Session) -> None:
        """Ask the owner task to close the session; cancel it if that takes too long."""
        session.dead = True
        session.closing.set()
        task = session.task
        if task is None or task.done():
            return
        if session.client is None:
            # Still connecting: there is no session to close politely.
            await _cancel(task)
            return
        # Closing sends a DELETE; a hung upstream must not hold us longer than a connect.
        done, _ = await asyncio.wait({task}, timeout=self.connect_timeout)
        if not done:
            await _cancel(task)

    async def _discard(self, session: _Session) -> None:
        if self._session is session:
            self._session = None
        await self._stop(session)

    def _unavailable(self, label: str, exc: BaseException) -> ToolFailure:
        what = f"tool {label!r}" if label != "tools/list" else "tool listing"
        return ToolFailure("UNAVAILABLE", f"Failed upstream metocean {what}: {self._reason(exc)}")

    def _reason(self, exc: BaseException) -> str:
        """Return a one-line reason for `exc`, without URL credentials or tracebacks."""
        exc = _leaf(exc)
        if isinstance(exc, TimeoutError | httpx2.TimeoutException):
            text = str(exc) if isinstance(exc, TimeoutError) and str(exc) else "timed out"
        elif isinstance(exc, httpx2.HTTPStatusError):
            text = f"HTTP {exc.response.status_code}"
        elif isinstance(exc, httpx2.ConnectError):
            text = f"cannot connect ({str(exc) or 'connection failed'})"
        elif isinstance(exc, MCPError):
            text = exc.message
            if self._last_http_status is not None and "error response" in text:
                text = f"HTTP {self._last_http_status} ({text})"
        else:
            text = str(exc) or type(exc).__name__
        text = text.splitlines()[0] if text.strip() else type(exc).__name__
        return _clip(self._scrub(text), _MAX_REASON)

    def _scrub(self, text: str) -> str:
        # The configured URL may carry userinfo or a query token: never echo it.
        parts = urlsplit(self.url)
        safe = urlunsplit((parts.scheme, parts.hostname or "", parts.path, "", ""))
        if parts.port:
            safe = urlunsplit((parts.scheme, f"{parts.hostname}:{parts.port}", parts.path, "", ""))
        return text.replace(self.url, safe)


def _leaf(exc: BaseException) -> BaseException:
    # The SDK's task groups wrap the real cause in (nested) exception groups.
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def _cancel(task: asyncio.Future[Any]) -> None:
    if task.done():
        with contextlib.suppress(BaseException):
            task.result()  # retrieve, so asyncio does not log "exception never retrieved"
        return
    task.cancel()
    # asyncio.wait does not raise the task's outcome, yet lets our own cancellation through.
    await asyncio.wait({task})
    with contextlib.suppress(BaseException):
        task.result()
