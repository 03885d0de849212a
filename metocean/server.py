"""The local metocean engine as an MCP server (streamable HTTP at /mcp/metocean).

Tools `ghrsst.point_value`, `ghrsst.bbox_mean`, `tide.forecast`: their input schemas are the
contract models' own JSON Schemas (metocean.contract), their output schemas the result models.
Arguments are checked by the engine (short reasons), not by the SDK's generic validator;
results reach clients both as structured content and as JSON text; a ToolFailure becomes an
MCP tool error carrying its message. Published through metocean/publishing.py, the same way
as `odbchat mcp-server`. Settings come from the environment (EngineConfig.from_env), never
from the bot's.

Forecasts run in one forked worker process per core (`--workers`, default the CPU count; 0
answers in threads of the serving process), so the serving process spends its core on MCP;
replies are plain JSON rather than one-event SSE streams (both are streamable HTTP; JSON costs
the server less per call).

Run: `odbchat metocean-server [--host H] [--port P] [--stateless] [--tool-names catalog|safe] [--workers N]`.
Upstream's dotted names are the default; `--tool-names safe` publishes `tide_forecast` etc. for
clients that accept only `[A-Za-z0-9_-]{1,64}`.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import Any

from mcp_types import ToolAnnotations

from metocean.config import EngineConfig
from metocean.contract import METOCEAN_RESULTS, METOCEAN_TOOLS, TOOL_DESCRIPTIONS, TOOL_TITLES
from metocean.engine import LocalEngine
from metocean.errors import ToolFailure
from metocean.publishing import TOOL_NAME_STYLES, PublishedTool, ToolCallError, ToolNames, build_mcp_server
from metocean.serving import serve_asgi

SERVER_NAME = "metocean-mcp"
SERVER_VERSION = "0.2.0"
MCP_PATH = "/mcp/metocean"


def engine_tool(engine: LocalEngine, name: str) -> PublishedTool:
    """Return the published form of engine tool `name` (contract schemas, engine validation)."""

    async def handler(arguments: dict[str, Any], _state: Any) -> dict[str, Any]:
        # Absent and null mean the same here: drop nulls so the model's defaults apply.
        given = {k: v for k, v in arguments.items() if v is not None}
        try:
            result = await engine.call(name, given)
        except ToolFailure as exc:
            raise ToolCallError(exc.message) from None
        return result.model_dump(mode="json", exclude_unset=True)   # the payload, as upstream writes it

    return PublishedTool(name=name, title=TOOL_TITLES[name], description=TOOL_DESCRIPTIONS[name],
                         input_schema=METOCEAN_TOOLS[name].model_json_schema(),
                         output_schema=METOCEAN_RESULTS[name].model_json_schema(), handler=handler,
                         annotations=ToolAnnotations(read_only_hint=True, open_world_hint=name.startswith("ghrsst.")))


def build_server(engine: LocalEngine | None = None, tool_names: ToolNames = "catalog") -> Any:
    """Return the MCP server `metocean-mcp` (low-level SDK server) serving the three tools through
    `engine`, named as upstream (`catalog`) or with `_` for `.` (`safe`)."""
    engine = engine or LocalEngine(EngineConfig.from_env())
    return build_mcp_server(SERVER_NAME, [engine_tool(engine, name) for name in METOCEAN_TOOLS],
                            version=SERVER_VERSION, tool_names=tool_names)


def default_workers() -> int:
    """Return the default number of forecast processes: one per core, none on a single core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores if cores > 1 else 0


async def _serve(engine: LocalEngine, host: str, port: int, stateless: bool, tool_names: ToolNames) -> int:
    app = build_server(engine, tool_names).streamable_http_app(streamable_http_path=MCP_PATH, host=host,
                                                               stateless_http=stateless, json_response=True)
    try:
        return await serve_asgi(app, host, port, name="metocean-mcp", path=MCP_PATH)
    finally:
        await engine.aclose()


def main(host: str = "127.0.0.1", port: int = 8765, *, stateless: bool = False,
         tool_names: ToolNames = "catalog", workers: int | None = None) -> int:
    """Serve until SIGINT/SIGTERM; return the exit status (0 on a clean stop, 1 if it could not start).

    `stateless` serves every request on its own (no MCP session), so several instances can sit
    behind one load balancer; `tool_names` as in build_server; `workers` forecast processes
    (default `default_workers()`).
    """
    engine = LocalEngine(EngineConfig.from_env(),  # ERDDAP_URL etc. from the environment, not the bot's settings
                         workers=default_workers() if workers is None else max(0, workers))
    engine.warm()  # stations + ephemeris before saying "ready", and before the workers fork
    engine.start_workers()  # before any thread exists (see LocalEngine.start_workers)
    return asyncio.run(_serve(engine, host, port, stateless, tool_names))


def _cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="odbchat metocean-server", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--stateless", action="store_true", help="no MCP sessions (for a load-balanced pool)")
    parser.add_argument("--tool-names", choices=TOOL_NAME_STYLES, default="catalog",
                        help="catalog: upstream's dotted names; safe: '.' as '_' (tide_forecast)")
    parser.add_argument("--workers", type=int, help="forecast processes (default one per core; 0: in-process)")
    ns = parser.parse_args(argv)
    return main(ns.host, ns.port, stateless=ns.stateless, tool_names=ns.tool_names, workers=ns.workers)


if __name__ == "__main__":
    sys.exit(_cli())
