"""The project's own MCP server: `router.answer` plus every tool of the catalog.

`odbchat mcp-server [--host 127.0.0.1] [--port 8766]` serves streamable HTTP at `/mcp`.

- `router.answer(query, tz, query_time, lang, debug)` returns the answer envelope of
  contract.md (what `odbchat ask --json` prints).
- Each `core.tools.catalog.CATALOG` tool is advertised with `spec.args.model_json_schema()` as
  its inputSchema, so MCP clients see exactly the model the router validates against.
  The SDK would derive a schema from a function signature instead; here the arguments
  pass through untouched and the catalog model validates them, so a bad call reads
  `INVALID_ARGUMENT: Latitude must be between -90 and 90 degrees` like any tool failure.
- A ToolFailure becomes an MCP tool error (`isError`) whose text carries `CODE: message`.

The Router is built in the server lifespan (on start-up, not import) and closed on exit.
"""
from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Protocol

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import to_jsonable_python

from core.tools.catalog import CATALOG
from core.tools.base import Tool as ToolSpec
from core.envelope import Answer, Question
from metocean.errors import ToolFailure
from metocean.serving import serve_asgi
from core.tools.clock import TimeNow
from core.tools.open_meteo import WeatherForecast

MCP_PATH = "/mcp"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8766

# Result models of the tools whose results this project produces itself; advertised as
# outputSchema. The metocean tools pass through upstream results, which may add keys.
OUTPUT_MODELS: dict[str, type[BaseModel]] = {"weather.forecast": WeatherForecast, "time.now": TimeNow}


class RouterLike(Protocol):
    """What the server needs of core.router.Router."""

    async def answer(self, question: Question) -> Answer: ...

    async def run_tool(self, name: str, arguments: dict[str, Any], *, backend: str | None = None) -> dict[str, Any]: ...

    async def aclose(self) -> None: ...


RouterFactory = Callable[[], RouterLike]


@dataclass
class AppState:
    """The lifespan context every tool call sees."""

    router: RouterLike


def _default_router() -> RouterLike:
    from core.router import Router  # imported on start-up: the router module loads models and data

    return Router()


def _router(ctx: Context) -> RouterLike:
    state: AppState = ctx.request_context.lifespan_context
    return state.router


def _structured(result: dict[str, Any]) -> CallToolResult:
    """Return `result` as structured content plus its JSON text (the spec's backwards-compatible form)."""
    data = to_jsonable_python(result)
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(data, ensure_ascii=False))],
                          structured_content=data)


def validation_message(exc: ValidationError) -> str:
    """Return a ValidationError as one readable line, keeping custom messages as written."""
    parts = []
    for err in exc.errors():
        msg = str(err.get("msg", ""))
        if err.get("type") == "value_error":
            parts.append(msg.removeprefix("Value error, "))
        else:
            loc = ".".join(str(p) for p in err.get("loc", ()))
            parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts)


class _PassThroughArguments(ArgModelBase):
    """Hands the caller's arguments to the tool unvalidated, under one key: the catalog
    model (whose schema is the advertised one) validates them inside the tool."""

    model_config = ConfigDict(extra="allow", arbitrary_types_allowed=True)

    def model_dump_one_level(self) -> dict[str, Any]:
        return {"arguments": dict(self.model_extra or {})}


def catalog_tool(spec: ToolSpec) -> Tool:
    """Return the MCP tool of one catalog entry (inputSchema = the args model's JSON Schema)."""

    async def call(arguments: dict[str, Any], ctx: Context) -> CallToolResult:
        try:
            args = spec.args.model_validate(arguments)
        except ValidationError as exc:
            raise ToolError(f"INVALID_ARGUMENT: {validation_message(exc)}") from None
        given = args.model_dump(mode="json", exclude_unset=True)
        try:
            # tz and query_time travel inside the arguments of the tools that take them.
            result = await _router(ctx).run_tool(spec.name, given)
        except ToolFailure as exc:
            raise ToolError(f"{exc.code}: {exc.message}") from None
        return _structured(result)

    output = OUTPUT_MODELS.get(spec.name)
    return Tool(
        fn=call,
        name=spec.name,
        description=spec.description,
        parameters=spec.args.model_json_schema(),
        fn_metadata=FuncMetadata(arg_model=_PassThroughArguments,
                                 output_schema=output.model_json_schema() if output else None),
        is_async=True,
        context_kwarg="ctx",
        annotations=ToolAnnotations(read_only_hint=True, open_world_hint=spec.backend != "clock"),
    )


async def router_answer(
    ctx: Context,
    query: Annotated[str, Field(min_length=1, max_length=4000, description="The user's question, any language")],
    tz: Annotated[str | None, Field(description="IANA name or offset (+08:00); default the configured zone")] = None,
    query_time: Annotated[str | None, Field(description="ISO-8601 with offset: the moment 'now' means")] = None,
    lang: Annotated[Literal["auto", "zh", "en"], Field(description="reply language; auto follows the question")] = "auto",
    debug: Annotated[bool, Field(description="add timings and heuristics to the envelope")] = False,
) -> CallToolResult:
    """Answer an ocean or weather question (zh-TW or English) and return the answer envelope:
    mode, text (the reply), lang, and for tool answers the tool, its normalized arguments and result."""
    question = Question(query=query, tz=tz, query_time=query_time, lang=lang, debug=debug)
    try:
        answer = await _router(ctx).answer(question)
    except ToolFailure as exc:
        raise ToolError(f"{exc.code}: {exc.message}") from None
    return _structured(answer.to_json_dict())


def build_server(router_factory: RouterFactory | None = None) -> MCPServer[AppState]:
    """Return the MCP server (not started); `router_factory` (default core.router.Router) runs on start-up."""
    factory = router_factory or _default_router

    @asynccontextmanager
    async def lifespan(_server: MCPServer[AppState]) -> AsyncIterator[AppState]:
        router = factory()
        try:
            yield AppState(router=router)
        finally:
            await router.aclose()

    answer_tool = Tool.from_function(router_answer, name="router.answer",
                                     annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True))
    # The envelope is what `ask --json` prints; advertise its shape too (the function
    # returns a ready CallToolResult, so the SDK cannot derive it from the annotation).
    answer_tool.fn_metadata.output_schema = Answer.model_json_schema()
    return MCPServer(
        name="odbchat",
        instructions="Ocean and weather answers (sea-surface temperature, tides, weather, local time) "
                     "for Taiwan and the world. Use router.answer for a free-text question, or a tool directly.",
        lifespan=lifespan,
        log_level="WARNING",
        tools=[answer_tool, *(catalog_tool(spec) for spec in CATALOG.values())],
    )


async def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                router_factory: RouterFactory | None = None) -> int:
    """Serve until SIGINT/SIGTERM; print one `ready` line with the URL once accepting. Returns the exit status."""
    app = build_server(router_factory).streamable_http_app(streamable_http_path=MCP_PATH, host=host)
    return await serve_asgi(app, host, port, name="odbchat mcp-server", path=MCP_PATH)


def main(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> int:
    """Run the server (port 0 picks a free port); return 0 after SIGINT/SIGTERM, 1 if it cannot start."""
    return asyncio.run(serve(host, port))


def _cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="odbchat mcp-server", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    ns = parser.parse_args(argv)
    return main(ns.host, ns.port)


if __name__ == "__main__":
    raise SystemExit(_cli())
