"""The local metocean engine as an MCP server (streamable HTTP at /mcp/metocean).

Tools `ghrsst.point_value`, `ghrsst.bbox_mean`, `tide.forecast`: their input schemas are the
contract models' own JSON Schemas (metocean.contract), their output schemas the result models.
Arguments are checked by the engine (short reasons), not by the SDK's generic validator;
results reach clients both as structured content and as JSON text; a ToolFailure becomes an
MCP tool error carrying its message.

Run: `python -c "from metocean.server import main; main()"` (or `odbchat metocean-server`).
"""
from __future__ import annotations

import asyncio
import inspect
import json
import sys
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel

from metocean.errors import ToolFailure
from metocean.serving import serve_asgi
from metocean.contract import METOCEAN_RESULTS, METOCEAN_TOOLS, TOOL_DESCRIPTIONS
from metocean.config import EngineConfig
from metocean.engine import LocalEngine

SERVER_NAME = "metocean-mcp"
MCP_PATH = "/mcp/metocean"


def _tool(engine: LocalEngine, name: str, args_model: type[BaseModel], result_model: type[BaseModel]) -> Tool:
    """Return an MCP Tool for `name` whose schemas are the contract models' schemas."""

    async def handler(**arguments: Any) -> CallToolResult:
        # Absent and null mean the same here: drop nulls so the model's defaults apply.
        given = {k: v for k, v in arguments.items() if v is not None}
        try:
            result = await engine.call(name, given)
        except ToolFailure as exc:
            raise ToolError(exc.message) from None
        return CallToolResult(content=[TextContent(type="text", text=json.dumps(result, ensure_ascii=False))],
                              structured_content=result)

    # One keyword parameter per model field, typed Any: the SDK passes them through and the
    # engine validates with the model itself (so error texts stay short and identical in-process).
    params = [inspect.Parameter(field, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Any)
              for field in args_model.model_fields]
    handler.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        params, return_annotation=Annotated[CallToolResult, result_model])
    handler.__name__ = name.replace(".", "_")
    tool = Tool.from_function(handler, name=name, description=TOOL_DESCRIPTIONS[name])
    tool.parameters = args_model.model_json_schema()  # publish the contract schema verbatim
    return tool


def build_server(engine: LocalEngine | None = None) -> MCPServer:
    """Return the MCPServer `metocean-mcp` serving the three tools through `engine`."""
    engine = engine or LocalEngine()
    tools = [_tool(engine, name, model, METOCEAN_RESULTS[name]) for name, model in METOCEAN_TOOLS.items()]
    return MCPServer(SERVER_NAME, version="0.2.0", tools=tools, log_level="WARNING")


async def _serve(host: str, port: int) -> int:
    engine = LocalEngine(EngineConfig.from_env())  # ERDDAP_URL etc. from the environment, not the bot's settings
    await asyncio.to_thread(engine.warm)  # stations + ephemeris before saying "ready"
    app = build_server(engine).streamable_http_app(streamable_http_path=MCP_PATH, host=host)
    try:
        return await serve_asgi(app, host, port, name="metocean-mcp", path=MCP_PATH)
    finally:
        await engine.aclose()


def main(host: str = "127.0.0.1", port: int = 8765) -> int:
    """Serve until SIGINT/SIGTERM; return the exit status (0 on a clean stop, 1 if it could not start)."""
    return asyncio.run(_serve(host, port))


if __name__ == "__main__":
    sys.exit(main())
