"""What the upstream metocean server's answers mean: a tool result as the contract's model
(upstream's English notes read into coded notes, here and nowhere else), a tool error as a
coded `ToolFailure`, and `UpstreamOutage` for the server itself being down.

Kept apart from the client (`metocean_client.py`, the session and its timeouts) because
these are pure functions of what came back, tested without a server.
"""
from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ValidationError

from metocean.contract import METOCEAN_RESULTS, TideForecastResult
from metocean.errors import ToolFailure, classify_error_text
from metocean.notes import Note

if TYPE_CHECKING:  # the MCP SDK costs a second to import: only the upstream backend loads it
    import mcp.types

# The SDK prefixes every tool error with this; the upstream wording follows it.
_TOOL_ERROR_PREFIX = re.compile(r"^\s*Error executing tool [^\s:]+(?::\s*|\s*$)")
# Pydantic appends a documentation link to validation errors: noise in a chat reply.
_PYDANTIC_LINK = re.compile(r"\s*For further information visit \S+")
MAX_MESSAGE = 400
_MAX_REASON = 160
# Upstream's sentences (upstream-metocean.md) and the coded note each stands for.
_HEIGHTS = re.compile(r"^Note: Tide heights are relative to (?P<ref>.+?) and provided for reference only\.?$")
_SUN_MOON = re.compile(r"^Sun/Moon data unavailable at this time(?: \((?P<reason>.*)\))?")
_UTC = re.compile(r"^Timezone not provided; times shown are in UTC")
_NO_STATION = re.compile(r"^No tide station")


def read_note(message: str) -> Note:
    """Return the coded note an upstream `messages` sentence stands for (`upstream_note` when none)."""
    text = message.strip()
    if m := _HEIGHTS.match(text):
        return Note(code="heights_reference", ref=m["ref"])
    if m := _SUN_MOON.match(text):
        return Note(code="sun_moon_unavailable", reason=m["reason"])
    if _UTC.match(text):
        return Note(code="utc_assumed")
    if _NO_STATION.match(text):
        return Note(code="no_station")
    return Note(code="upstream_note", text=text)


def read_result(tool: str, payload: dict[str, Any]) -> BaseModel:
    """Return an upstream tool result as the contract's model of `tool`, its English notes coded;
    ToolFailure UNAVAILABLE when the answer is not in the contract's shape."""
    try:
        result = METOCEAN_RESULTS[tool].model_validate(payload)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise ToolFailure("UNAVAILABLE", f"upstream {tool} answered in an unexpected shape ({where})") from None
    if isinstance(result, TideForecastResult) and result.notes is None:
        result.with_read_notes([read_note(str(m)) for m in result.messages])
    return result


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
    texts = [text for block in result.content or [] if isinstance(text := getattr(block, "text", None), str)]
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
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - 1] + "…"
    return ToolFailure(classify_error_text(text), text)


class UpstreamOutage(ToolFailure):
    """The upstream could not be reached or did not answer (transport, timeout, HTTP, protocol).

    Always coded UNAVAILABLE; unlike a tool's own UNAVAILABLE answer ("Tide backend
    unavailable") it means the server itself is down, which is what a circuit breaker counts.
    """

    def __init__(self, message: str) -> None:
        super().__init__("UNAVAILABLE", message)


def leaf(exc: BaseException) -> BaseException:
    """Return the first real exception inside (nested) exception groups, or `exc` itself."""
    # The SDK's task groups wrap the real cause in (nested) exception groups.
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def clip(text: str, limit: int) -> str:
    """Return `text` cut to `limit` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def failure_reason(exc: BaseException, url: str, http_status: int | None = None) -> str:
    """Return a one-line reason for a failure on the way to `url`: no credentials, no traceback.

    `http_status` is the last HTTP error status seen, named when the SDK's message hides it.
    """
    import httpx2  # loaded by the upstream client that failed; not at start-up
    from mcp.shared.exceptions import MCPError

    exc = leaf(exc)
    if isinstance(exc, TimeoutError | httpx2.TimeoutException):
        text = str(exc) if isinstance(exc, TimeoutError) and str(exc) else "timed out"
    elif isinstance(exc, httpx2.HTTPStatusError):
        text = f"HTTP {exc.response.status_code}"
    elif isinstance(exc, httpx2.ConnectError):
        text = f"cannot connect ({str(exc) or 'connection failed'})"
    elif isinstance(exc, MCPError):
        text = exc.message
        if http_status is not None and "error response" in text:
            text = f"HTTP {http_status} ({text})"
    else:
        text = str(exc) or type(exc).__name__
    text = text.splitlines()[0] if text.strip() else type(exc).__name__
    return clip(_scrub(text, url), _MAX_REASON)


def _scrub(text: str, url: str) -> str:
    # The configured URL may carry userinfo or a query token: never echo it.
    parts = urlsplit(url)
    safe = urlunsplit((parts.scheme, parts.hostname or "", parts.path, "", ""))
    if parts.port:
        safe = urlunsplit((parts.scheme, f"{parts.hostname}:{parts.port}", parts.path, "", ""))
    return text.replace(url, safe)
