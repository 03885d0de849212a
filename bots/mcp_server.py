"""The project's own MCP server: `router.answer` plus every tool of the catalog.

`odbchat mcp-server [--host 127.0.0.1] [--port 8766] [--tool-names catalog|safe]` serves streamable
HTTP at `/mcp`, stateless by default (every request stands alone, no MCP session), so several
instances can sit behind one load balancer; `main(stateless=False)` keeps sessions.
`--tool-names safe` (or ODBCHAT_MCP_TOOL_NAMES=safe) publishes `tide_forecast` for
`tide.forecast`, for clients that accept only `[A-Za-z0-9_-]{1,64}` (Claude Desktop); the
default `catalog` publishes the seed's dotted names. Every tool has a title (the English tool
title the chat adapters show) and the server's version is the package's.
`--stdio` serves one client over stdin/stdout instead (what a desktop client such as Claude
Desktop launches from its config file); logs stay on stderr, stdout carries only MCP.

- `router.answer(query, tz, query_time, lang, debug)` returns the answer envelope
  (`core.envelope.Answer`, what `odbchat ask --json` prints). `query` is at most
  `core.understand.refusal.MAX_QUERY_CHARS` (1,000) characters, advertised in its schema and enforced.
- Each `core.tools.catalog.CATALOG` tool is advertised with `spec.args.model_json_schema()` as
  its inputSchema, so MCP clients see exactly the model the router validates against.
  The arguments pass through untouched and the catalog model validates them, so a bad call
  reads `INVALID_ARGUMENT: Latitude must be between -90 and 90 degrees` like any tool failure.
- A ToolFailure becomes an MCP tool error (`isError`) whose text carries `CODE: message`.

Tools are published the one way both MCP servers share (metocean/publishing.py). The Router
is built in the server lifespan (on start-up, not import) and closed on exit.
"""
from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import sys
import tomllib
from datetime import datetime
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, Literal, Protocol

from mcp_types import ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from core.config import PROJECT_ROOT, get_settings
from core.envelope import Answer, Question
from core.understand.refusal import MAX_QUERY_CHARS
from core.tools.base import Pictured, Tool as ToolSpec, validation_reason
from core.tools.catalog import CATALOG
from core.tools.clock import parse_zone
from metocean.errors import ToolFailure
from metocean.publishing import (TOOL_NAME_STYLES, ImagePart, PublishedTool, ToolCallError, ToolNames, ToolReply,
                                 build_mcp_server)
from metocean.serving import serve_asgi

MCP_PATH = "/mcp"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8766

class RouterLike(Protocol):
    """What the server needs of core.router.Router."""

    async def answer(self, question: Question) -> Answer: ...

    async def run_tool(self, name: str, arguments: dict[str, Any], *, backend: str | None = None) -> BaseModel: ...

    async def aclose(self) -> None: ...


RouterFactory = Callable[[], RouterLike]


def package_version() -> str:
    """Return odbchat's version: the installed package's, else pyproject.toml's (a source checkout)."""
    try:
        return importlib.metadata.version("odbchat")
    except importlib.metadata.PackageNotFoundError:
        project = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        return str(project["project"]["version"])


def _default_router() -> RouterLike:
    from bots.common.bot_settings import get_bot_settings
    from bots.common.store import open_kept
    from core.router import Router  # built on start-up: the router loads models and data

    return Router(kept=open_kept(get_bot_settings()))   # the server's lifetime: the store stays open


def _validated(model: type[BaseModel], arguments: dict[str, Any]) -> BaseModel:
    """Return `arguments` as `model`; a ToolCallError `INVALID_ARGUMENT: ...` otherwise."""
    try:
        return model.model_validate(arguments)
    except ValidationError as exc:
        raise ToolCallError(f"INVALID_ARGUMENT: {validation_reason(exc)}") from None


def catalog_tool(spec: ToolSpec) -> PublishedTool:
    """Return the MCP tool of one catalog entry (inputSchema = the args model's JSON Schema)."""

    async def handler(arguments: dict[str, Any], router: RouterLike) -> dict[str, Any]:
        given = _validated(spec.args, arguments).model_dump(mode="json", exclude_unset=True)
        try:
            # tz and query_time travel inside the arguments of the tools that take them.
            result = await router.run_tool(spec.name, given)
        except ToolFailure as exc:
            raise ToolCallError(f"{exc.code}: {exc.message}") from None
        data = spec.dump(result)   # the model as the contract writes it: strings only here, at the edge
        if isinstance(result, Pictured) and result.png:
            return ToolReply(structured=data, images=[ImagePart(data=result.png, mime_type="image/png")])
        return data

    return PublishedTool(name=spec.name, title=spec.title("en"), description=spec.description,
                         input_schema=spec.args.model_json_schema(),
                         output_schema=spec.result.model_json_schema() if spec.output_schema else None, handler=handler,
                         annotations=ToolAnnotations(read_only_hint=True, open_world_hint=spec.backend != "clock"))


class RouterAnswerArgs(BaseModel):
    """Arguments of `router.answer`."""

    model_config = ConfigDict(extra="forbid", title="router_answerArguments")
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS, description="The user's question, any language")
    tz: str | None = Field(default=None, description="IANA name or offset (+08:00); default the configured zone")
    query_time: str | None = Field(default=None, description="ISO-8601 with offset: the moment 'now' means")
    lang: Literal["auto", "zh", "en"] = Field(default="auto", description="reply language; auto follows the question")
    debug: bool = Field(default=False, description="add timings and heuristics to the envelope")

    @field_validator("tz")
    @classmethod
    def _zone(cls, value: str | None) -> str | None:
        # A zone the router cannot read is refused here, not silently replaced by the default.
        if value is not None:
            try:
                parse_zone(value)
            except ValueError:
                raise ValueError(f"tz: unknown zone {value[:40]!r} (an IANA name such as Asia/Taipei, or +08:00)")
        return value

    @field_validator("query_time")
    @classmethod
    def _moment(cls, value: str | None) -> str | None:
        # "yesterday" or a time without offset would be ignored downstream: refuse it clearly.
        if value is not None:
            try:
                moment = datetime.fromisoformat(value)
            except ValueError:
                moment = None
            if moment is None or moment.tzinfo is None:
                raise ValueError(f"query_time: {value[:40]!r} is not ISO-8601 with an offset "
                                 "(e.g. 2025-11-14T09:00:00+08:00)")
        return value


ROUTER_ANSWER_DESCRIPTION = ("Answer an ocean or weather question (zh-TW or English) and return the answer envelope: "
                             "mode, text (the reply), lang, and for tool answers the tool, its normalized arguments "
                             "and result.")


async def _router_answer(arguments: dict[str, Any], router: RouterLike) -> dict[str, Any]:
    args = _validated(RouterAnswerArgs, arguments)
    question = Question(**args.model_dump())
    try:
        answer = await router.answer(question)
    except ToolFailure as exc:
        raise ToolCallError(f"{exc.code}: {exc.message}") from None
    return answer.to_json_dict()


def build_server(router_factory: RouterFactory | None = None, tool_names: ToolNames = "catalog") -> Any:
    """Return the MCP server (low-level SDK server, not started); `router_factory`
    (default core.router.Router) runs on start-up; tools are named as `tool_names` says."""
    factory = router_factory or _default_router

    @asynccontextmanager
    async def lifespan(_server: Any) -> AsyncIterator[RouterLike]:
        router = factory()
        try:
            yield router
        finally:
            await router.aclose()

    # The envelope is what `ask --json` prints; its shape is the output schema.
    answer_tool = PublishedTool(name="router.answer", title="Ask ODBchat", description=ROUTER_ANSWER_DESCRIPTION,
                                input_schema=RouterAnswerArgs.model_json_schema(),
                                output_schema=Answer.model_json_schema(), handler=_router_answer,
                                annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True))
    return build_mcp_server(
        "odbchat",
        [answer_tool, *(catalog_tool(spec) for spec in CATALOG.values())],
        version=package_version(),
        tool_names=tool_names,
        instructions="Ocean and weather answers (sea-surface temperature, tides, weather, local time) "
                     "for Taiwan and the world. Use router.answer for a free-text question, or a tool directly.",
        lifespan=lifespan,
    )


async def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                router_factory: RouterFactory | None = None, *, stateless: bool = True,
                tool_names: ToolNames | None = None) -> int:
    """Serve until SIGINT/SIGTERM; print one `ready` line with the URL once accepting. Returns the exit status.

    `tool_names` None takes ODBCHAT_MCP_TOOL_NAMES (config.yaml `odbchat_mcp_tool_names`, default catalog).
    """
    names = tool_names or get_settings().odbchat_mcp_tool_names
    app = build_server(router_factory, names).streamable_http_app(streamable_http_path=MCP_PATH, host=host,
                                                                  stateless_http=stateless)
    return await serve_asgi(app, host, port, name="odbchat mcp-server", path=MCP_PATH)


async def serve_stdio(router_factory: RouterFactory | None = None, tool_names: ToolNames | None = None) -> int:
    """Serve one client over stdin/stdout until it closes stdin; return 0 (1 if start-up fails)."""
    from mcp.server.stdio import stdio_server

    server = build_server(router_factory, tool_names or get_settings().odbchat_mcp_tool_names)
    try:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())
    except Exception as exc:  # noqa: BLE001 - told on stderr, where the client keeps its server log
        print(f"odbchat mcp-server: start-up failed: {exc}", file=sys.stderr, flush=True)
        return 1
    return 0


def main(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, stateless: bool = True,
         tool_names: ToolNames | None = None, stdio: bool = False) -> int:
    """Run the server (port 0 picks a free port); return 0 after SIGINT/SIGTERM, 1 if it cannot start.

    Stateless by default: no MCP session, every request answered on its own (load-balancer friendly).
    `tool_names` None follows the settings (ODBCHAT_MCP_TOOL_NAMES); `stdio` serves stdin/stdout instead.
    """
    if stdio:
        return asyncio.run(serve_stdio(tool_names=tool_names))
    return asyncio.run(serve(host, port, stateless=stateless, tool_names=tool_names))


def _cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="odbchat mcp-server", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--stateful", action="store_true", help="keep MCP sessions (one instance only)")
    parser.add_argument("--tool-names", choices=TOOL_NAME_STYLES, default=None,
                        help="catalog: dotted names (tide.forecast); safe: '.' as '_' (tide_forecast); "
                             "default ODBCHAT_MCP_TOOL_NAMES, else catalog")
    parser.add_argument("--stdio", action="store_true", help="serve one client over stdin/stdout (desktop clients)")
    ns = parser.parse_args(argv)
    return main(ns.host, ns.port, stateless=not ns.stateful, tool_names=ns.tool_names, stdio=ns.stdio)


if __name__ == "__main__":
    raise SystemExit(_cli())
