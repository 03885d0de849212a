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
  errors) is `UpstreamOutage` (a ToolFailure coded UNAVAILABLE) with
  `Failed upstream metocean tool '<tool>': <short reason>`: the one kind of failure that says
  the upstream itself is down (a circuit breaker may act on it; tool answers never are).

Opening is bounded by `connect_timeout` and each call by `call_timeout`, so no call hangs.
Questions asked while a session is being opened wait for that one opening (they never queue
to open one each). A call still unanswered after `liveness_after` seconds sends one MCP ping
(shared by all calls waiting then): a slow tool on a live upstream keeps its `call_timeout`,
a hung upstream is given up `connect_timeout` after the call started.

Why a dedicated owner task: the SDK client is an async context manager built on anyio
cancel scopes, which must be exited by the task that entered them. The session therefore
lives in its own task that enters the client, hands it over, and waits for a close
signal; calls from any task use the entered client (its requests are task-safe).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS
from pydantic import BaseModel

from core.tools.metocean_replies import (MAX_MESSAGE, UpstreamOutage, clip, failure_reason, normalize_result,
                                         read_result, tool_error_failure)
from metocean.errors import ToolFailure

__all__ = ["MetoceanClient", "UpstreamOutage", "normalize_result", "tool_error_failure"]

logger = logging.getLogger(__name__)

# Read timeout of the HTTP client: long, because the session's server-to-client SSE
# stream idles between events; each call is bounded by `call_timeout` instead.
_SSE_READ_TIMEOUT = 300.0


class _Session:
    """One open MCP session, the task that owns (entered) it, and its liveness ping in flight."""

    def __init__(self) -> None:
        self.client: Client | None = None
        self.closing = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.dead = False
        self.ping: asyncio.Task[bool] | None = None


class _SessionLost(Exception):
    """A reused session turned out dead; the call may be retried on a new session."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


class MetoceanClient:
    """The upstream metocean MCP server, as one long-lived session."""

    def __init__(self, url: str, user_agent: str = "metocean-mcp", connect_timeout: float = 5.0,
                 call_timeout: float = 20.0, *, mode: str = "legacy", liveness_after: float | None = None) -> None:
        """Prepare a client for `url`; nothing is opened until the first call.

        `mode` is the SDK's protocol negotiation; "legacy" (the initialize handshake)
        because the upstream is a handshake-era server: "auto" would spend one rejected
        `server/discover` round trip on every session opened. `liveness_after` (default half
        the connect timeout) is when an unanswered call pings; the ping gets the rest of the
        connect timeout.
        """
        self.url = url
        self.user_agent = user_agent
        self.connect_timeout = connect_timeout
        self.call_timeout = call_timeout
        self.mode = mode
        self.liveness_after = connect_timeout / 2 if liveness_after is None else min(liveness_after, connect_timeout)
        self._session: _Session | None = None
        self._opening: asyncio.Future[_Session] | None = None
        self._abandoned: set[asyncio.Future[Any]] = set()
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

    async def answer(self, tool: str, arguments: dict[str, Any]) -> BaseModel:
        """Return `tool`'s upstream result as the contract's model; ToolFailure as `call`, or UNAVAILABLE off-shape."""
        return read_result(tool, await self.call(tool, arguments))

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
            self._session, self._opening = None, None
            self._abandoned.clear()
            return
        opening, self._opening = self._opening, None
        if opening is not None:
            await _cancel(opening)  # an opening in flight would leave a session nobody closes
        session, self._session = self._session, None
        if session is not None:
            await self._stop(session)
        if self._abandoned:
            # With the session closed their last writes fail at once; do not wait on a wedged one.
            await asyncio.wait(set(self._abandoned), timeout=1.0)

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
            hung = await self._await_call(session, call, owner)
        except BaseException:
            self._abandon(call)
            raise
        if call not in hung:
            self._abandon(call)
            if owner in hung:
                raise _SessionLost(ConnectionError("session closed"))
            if hung:
                raise self._unavailable(label, TimeoutError(
                    f"no answer within {self.connect_timeout:g} s (upstream not responding)"))
            raise self._unavailable(label, TimeoutError(f"no answer within {self.call_timeout:g} s"))
        if call.cancelled():
            # Cancelled from inside the SDK (its session shutting down), not by our caller:
            # must not surface as a CancelledError of the caller's task.
            raise _SessionLost(ConnectionError("request cancelled by the session"))
        try:
            return call.result()
        except MCPError as exc:
            if exc.code == INVALID_PARAMS:
                raise ToolFailure("INVALID_ARGUMENT", clip(exc.message, MAX_MESSAGE)) from None
            # Session terminated/expired, HTTP error statuses, closed connections: the
            # session is no use any more; a fresh one may work (one retry, see _request).
            raise _SessionLost(exc) from None
        except Exception as exc:
            # Transport errors (httpx2, OSError, closed anyio streams) and SDK state errors
            # on a closed client: all mean the session is gone. Nothing else may escape,
            # callers handle ToolFailure only.
            raise _SessionLost(exc) from None

    async def _await_call(self, session: _Session, call: asyncio.Future[Any],
                          owner: asyncio.Task[None]) -> set[Any]:
        """Wait for `call` within the call timeout; return what ended the wait.

        {call}: answered; {owner}: the session died; {ping}: the liveness ping failed (a hung
        upstream); empty: the call timeout passed on a live upstream.
        """
        loop = asyncio.get_running_loop()
        start = loop.time()
        deadline = start + self.call_timeout
        ping: asyncio.Task[bool] | None = None
        while True:
            now = loop.time()
            if ping is None and now >= start + self.liveness_after and now < deadline:
                ping = self._ping(session)
            until = deadline if ping is not None else min(start + self.liveness_after, deadline)
            waiting: set[Any] = {call, owner} | ({ping} if ping is not None and not ping.done() else set())
            done, _ = await asyncio.wait(waiting, timeout=max(0.0, until - now), return_when=asyncio.FIRST_COMPLETED)
            if call in done or owner in done:
                return {x for x in done if x is call or x is owner}
            if ping is not None and ping.done() and not ping.result():
                return {ping}
            if loop.time() >= deadline:
                return set()

    def _abandon(self, call: asyncio.Future[Any]) -> None:
        """Cancel `call` without waiting for it: the SDK spends up to 5 s trying to tell a hung
        upstream that the request was cancelled, and the question must not wait for that."""
        if call.done():
            _retrieve(call)
            return
        call.cancel()
        self._abandoned.add(call)
        call.add_done_callback(self._abandoned.discard)
        call.add_done_callback(_retrieve)

    def _ping(self, session: _Session) -> asyncio.Task[bool]:
        """Return the session's liveness ping in flight, starting one if none is."""
        if session.ping is None or session.ping.done():
            session.ping = asyncio.ensure_future(self._alive(session))
        return session.ping

    async def _alive(self, session: _Session) -> bool:
        """Return whether the upstream answers a ping within what is left of the connect timeout."""
        assert session.client is not None
        # The session-level ping: the Client's wrapper warns that 2026 servers dropped `ping`;
        # their "method not found" error answers the question just as well.
        ping = asyncio.ensure_future(session.client.session.send_ping())
        done, _ = await asyncio.wait({ping}, timeout=max(0.05, self.connect_timeout - self.liveness_after))
        if not done or ping.cancelled():
            self._abandon(ping)
            return False
        error = ping.exception()
        return error is None or isinstance(error, MCPError)  # an error reply is still a reply

    async def _ensure_session(self, label: str) -> tuple[_Session, bool]:
        """Return (open session, whether it was opened for this call).

        Every call that finds no session waits for the same opening, so questions asked
        together during an outage all fail after one connect timeout, not one after another.
        """
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            # asyncio primitives and the owner task are tied to one loop; a client reused
            # under a new loop (e.g. successive asyncio.run) starts over.
            self._loop, self._opening, self._session = loop, None, None
        session = self._session
        if session is not None and not session.dead:
            return session, False
        if self._opening is None:
            self._session = None
            self._opening = asyncio.ensure_future(self._replace(session))
            self._opening.add_done_callback(self._opened)
        try:
            # shield: a caller that gives up must not cancel the opening the others wait for.
            return await asyncio.shield(self._opening), True
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise
            # The opening was cancelled (aclose), not this caller: a failure it can handle.
            raise self._unavailable(label, ConnectionError("client closed while connecting")) from None
        except Exception as exc:
            raise self._unavailable(label, exc) from None

    async def _replace(self, stale: _Session | None) -> _Session:
        if stale is not None:
            await self._stop(stale)
        session = await self._open()
        self._session = session
        return session

    def _opened(self, opening: asyncio.Future[_Session]) -> None:
        if self._opening is opening:
            self._opening = None
        if not opening.cancelled():
            opening.exception()  # retrieved, so asyncio does not warn when no caller waited

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

    def _unavailable(self, label: str, exc: BaseException) -> UpstreamOutage:
        what = f"tool {label!r}" if label != "tools/list" else "tool listing"
        return UpstreamOutage(f"Failed upstream metocean {what}: {self._reason(exc)}")

    def _reason(self, exc: BaseException) -> str:
        """Return a one-line reason for `exc`, without URL credentials or tracebacks."""
        return failure_reason(exc, self.url, self._last_http_status)


def _retrieve(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()  # retrieved, so asyncio does not log "exception never retrieved"


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
