"""Publishing tools over MCP, one way for both servers, on the SDK's public low-level API.

`odbchat metocean-server` (metocean/server.py) and `odbchat mcp-server` (bots/mcp_server.py)
describe each tool as a `PublishedTool`: its name, description, input JSON Schema (the
contract or catalog model's own schema, published verbatim), optional output schema, and an
async handler that gets the caller's arguments untouched (the handler validates them with
its model, so error texts stay short and identical in-process) plus the server's lifespan
state. `build_mcp_server` turns a list of them into an `mcp.server.lowlevel.Server` through
its `on_list_tools` / `on_call_tool` handlers: no signature introspection, no SDK internals.

A handler returns a dict (sent as structured content plus its JSON text, the spec's
backwards-compatible form; top-level PNG/JPEG/GIF bytes in it become image content) or a `ToolReply` (text and/or structured content, and images as
MCP image content, e.g. a tide chart PNG beside its caption). It raises `ToolCallError` for a
failure the caller should read (an MCP tool error, `isError`), and anything else becomes a
generic tool error whose details go to the log only.

Names: tools are published under their catalog names (`tide.forecast`) by default; with
`tool_names="safe"` each `.` becomes `_` (`tide_forecast`), for clients that accept only
`[A-Za-z0-9_-]{1,64}` (Claude Desktop among them). Either spelling is answered on a call, so a
client that remembers the other one still works. Each tool carries a human `title`.
"""
from __future__ import annotations

import base64
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import Any, Literal

from mcp.server.lowlevel import Server
from mcp_types import (CallToolRequestParams, CallToolResult, ImageContent, ListToolsResult,
                       PaginatedRequestParams, TextContent, Tool, ToolAnnotations)
from pydantic import BaseModel, Field
from pydantic_core import to_jsonable_python

log = logging.getLogger("metocean.publishing")

ToolNames = Literal["catalog", "safe"]
TOOL_NAME_STYLES: tuple[ToolNames, ...] = ("catalog", "safe")


def published_name(name: str, style: ToolNames) -> str:
    """Return the name `name` is published under: itself (`catalog`), or with `.` as `_` (`safe`)."""
    return name.replace(".", "_") if style == "safe" else name


class ToolCallError(Exception):
    """A failure the caller should read: becomes an MCP tool error carrying `message`."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ImagePart(BaseModel):
    """One picture of a reply (sent as MCP image content, base64 on the wire)."""

    data: bytes
    mime_type: str = "image/png"


class ToolReply(BaseModel):
    """What a tool answers: structured data, text, images (any of them)."""

    structured: dict[str, Any] | None = None
    text: str | None = None
    images: list[ImagePart] = Field(default_factory=list)


_MAGIC = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF8", "image/gif"))


def split_images(result: dict[str, Any]) -> ToolReply:
    """Return a tool result as a reply: its top-level picture bytes (PNG, JPEG, GIF) as images,
    the rest as structured content. Bytes are no JSON, so this is the one reading of them."""
    images = []
    rest: dict[str, Any] = {}
    for key, value in result.items():
        if isinstance(value, bytes | bytearray):
            mime = next((m for magic, m in _MAGIC if value.startswith(magic)), None)
            if mime is not None:
                images.append(ImagePart(data=bytes(value), mime_type=mime))
            continue  # other bytes cannot travel as JSON: left out
        rest[key] = value
    return ToolReply(structured=rest, images=images)


Handler = Callable[[dict[str, Any], Any], Awaitable["dict[str, Any] | ToolReply"]]


@dataclass(frozen=True)
class PublishedTool:
    """One tool as MCP clients see it, and the handler that answers it."""

    name: str
    description: str
    input_schema: dict[str, Any]
    handler: Handler
    output_schema: dict[str, Any] | None = None
    annotations: ToolAnnotations | None = None
    title: str | None = None

    def listing(self, style: ToolNames = "catalog") -> Tool:
        """Return the MCP tool description of `tools/list`, named in `style`."""
        return Tool(name=published_name(self.name, style), title=self.title, description=self.description,
                    input_schema=self.input_schema, output_schema=self.output_schema, annotations=self.annotations)


def to_result(reply: dict[str, Any] | ToolReply) -> CallToolResult:
    """Return the MCP result of a handler's reply: JSON text + structured content, then any images."""
    if isinstance(reply, dict):
        reply = split_images(reply)
    data = to_jsonable_python(reply.structured) if reply.structured is not None else None
    content: list[TextContent | ImageContent] = []
    text = reply.text if reply.text is not None else (json.dumps(data, ensure_ascii=False) if data is not None else None)
    if text is not None:
        content.append(TextContent(type="text", text=text))
    content.extend(ImageContent(type="image", data=base64.b64encode(image.data).decode("ascii"),
                                mime_type=image.mime_type) for image in reply.images)
    return CallToolResult(content=content, structured_content=data)


def error_result(message: str) -> CallToolResult:
    """Return an MCP tool error (`isError`) whose one text is `message`."""
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


@asynccontextmanager
async def _no_state(_server: Server[Any]) -> AsyncIterator[None]:
    yield None


def build_mcp_server(name: str, tools: list[PublishedTool], *, version: str = "", instructions: str | None = None,
                     lifespan: Callable[[Server[Any]], AbstractAsyncContextManager[Any]] | None = None,
                     tool_names: ToolNames = "catalog") -> Server[Any]:
    """Return a low-level MCP server `name` `version` publishing `tools` named in `tool_names`;
    `lifespan` yields the state handlers receive.

    Serve it with `server.streamable_http_app(streamable_http_path=..., stateless_http=...)`
    (see metocean/serving.py), or hand it to `mcp.Client` in-process in tests.
    """
    if tool_names not in TOOL_NAME_STYLES:
        raise ValueError(f"tool_names must be one of {TOOL_NAME_STYLES}, not {tool_names!r}")
    published = {published_name(tool.name, tool_names): tool for tool in tools}
    if len(published) != len(tools):
        raise ValueError("two published tools share a name")
    # Either spelling answers a call whichever is listed (the README promises `tide_forecast` and
    # `tide.forecast` alike); a listed name always wins over another tool's other spelling.
    by_name = {**{published_name(tool.name, "safe"): tool for tool in tools},
               **{tool.name: tool for tool in tools}, **published}
    listing = ListToolsResult(tools=[tool.listing(tool_names) for tool in tools])

    async def list_tools(_ctx: Any, _params: PaginatedRequestParams | None) -> ListToolsResult:
        return listing

    async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult:
        tool = by_name.get(params.name)
        if tool is None:
            return error_result(f"unknown tool: {params.name}")
        try:
            return to_result(await tool.handler(dict(params.arguments or {}), ctx.lifespan_context))
        except ToolCallError as exc:
            return error_result(exc.message)
        except Exception:  # noqa: BLE001 - a bug must not leak its details to the caller
            log.exception("tool raised", extra={"event": "tool_crash", "tool": params.name})
            return error_result(f"internal error in {params.name}")

    return Server(name, version=version, instructions=instructions, lifespan=lifespan or _no_state,
                  get_tool_input_schema=lambda tool: by_name[tool].input_schema if tool in by_name else None,
                  on_list_tools=list_tools, on_call_tool=call_tool)
