"""One way to publish MCP tools (metocean/publishing.py), the question limit of `router.answer`,
and stateless serving: two `odbchat mcp-server` instances answering one client alternately."""
from __future__ import annotations

import ast
import asyncio
import base64
import itertools
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from bots.mcp_server import build_server
from core.understand.refusal import MAX_QUERY_CHARS
from metocean.publishing import ImagePart, PublishedTool, ToolCallError, ToolReply, build_mcp_server
from test_mcp_server import STUB, StubRouter, _env, running
from paths import ROOT

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(40))


async def _chart(arguments: dict[str, Any], _state: Any) -> ToolReply:
    if arguments.get("place") == "nowhere":
        raise ToolCallError("NOT_FOUND: no tide data there")
    if arguments.get("place") == "bug":
        raise RuntimeError("secret detail")
    return ToolReply(text=f"Tide chart for {arguments['place']}", structured={"days": 1}, images=[ImagePart(data=PNG)])


CHART = PublishedTool(name="tide.chart", description="A tide chart picture",
                      input_schema={"type": "object", "properties": {"place": {"type": "string"}},
                                    "required": ["place"]}, handler=_chart)


async def test_a_tool_can_answer_with_an_image_beside_its_text():
    async with Client(build_mcp_server("demo", [CHART])) as client:
        listed = (await client.list_tools()).tools
        ok = await client.call_tool("tide.chart", {"place": "Keelung"})
        missing = await client.call_tool("tide.chart", {"place": "nowhere"})
        bug = await client.call_tool("tide.chart", {"place": "bug"})
        unknown = await client.call_tool("tide.nowcast", {})
    assert [t.name for t in listed] == ["tide.chart"] and listed[0].input_schema == CHART.input_schema
    assert not ok.is_error and [c.type for c in ok.content] == ["text", "image"]
    assert ok.content[0].text == "Tide chart for Keelung" and ok.structured_content == {"days": 1}
    assert ok.content[1].mime_type == "image/png" and base64.b64decode(ok.content[1].data) == PNG
    assert missing.is_error and missing.content[0].text == "NOT_FOUND: no tide data there"
    assert bug.is_error and "secret" not in bug.content[0].text and "tide.chart" in bug.content[0].text
    assert unknown.is_error and "unknown tool" in unknown.content[0].text


async def test_picture_bytes_in_a_plain_result_become_image_content():
    async def week(arguments: dict[str, Any], _state: Any) -> dict[str, Any]:
        return {"caption": "7 days", "chart_png": PNG, "raw": b"\x00\x01"}

    tool = PublishedTool(name="tide.week", description="d", input_schema={"type": "object"}, handler=week)
    async with Client(build_mcp_server("demo", [tool])) as client:
        r = await client.call_tool("tide.week", {})
    assert r.structured_content == {"caption": "7 days"}
    assert [c.type for c in r.content] == ["text", "image"] and base64.b64decode(r.content[1].data) == PNG


def test_two_tools_may_not_share_a_name():
    with pytest.raises(ValueError):
        build_mcp_server("demo", [CHART, CHART])


async def test_router_answer_advertises_and_enforces_the_routers_limit():
    async with Client(build_server(StubRouter)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        at_limit = await client.call_tool("router.answer", {"query": "x" * MAX_QUERY_CHARS, "tz": "Asia/Tokyo"})
        over = await client.call_tool("router.answer", {"query": "x" * (MAX_QUERY_CHARS + 1), "tz": "Asia/Tokyo"})
        empty = await client.call_tool("router.answer", {"query": ""})
        extra = await client.call_tool("router.answer", {"query": "hi", "colour": "blue"})
    assert tools["router.answer"].input_schema["properties"]["query"]["maxLength"] == MAX_QUERY_CHARS == 1000
    assert not at_limit.is_error
    assert over.is_error and over.content[0].text.startswith("INVALID_ARGUMENT: query:")
    assert empty.is_error and extra.is_error and "colour" in extra.content[0].text


def test_no_server_reaches_into_sdk_internals():
    """Both servers publish through metocean/publishing.py on the SDK's public low-level API."""
    for path in (ROOT / "bots" / "mcp_server.py", *sorted((ROOT / "metocean").glob("*.py"))):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(("mcp.server.mcpserver", "mcp.server.fastmcp")), (path, node.module)
                assert not any(a.name.startswith("_") or a.name == "ArgModelBase" for a in node.names), path


class Alternating(httpx2.AsyncBaseTransport):
    """A load balancer in the client: each HTTP request goes to the next instance in turn."""

    def __init__(self, ports: list[int]) -> None:
        self._next = itertools.cycle(ports)
        self._inner = httpx2.AsyncHTTPTransport()
        self.sent: list[tuple[int, str]] = []

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        port = next(self._next)
        self.sent.append((port, request.method))
        request.url = request.url.copy_with(port=port)
        return await self._inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self._inner.aclose()


async def _alternate(urls: list[str], mode: str) -> tuple[list[Any], Alternating]:
    ports = [httpx2.URL(u).port for u in urls]
    transport = Alternating(ports)
    async with httpx2.AsyncClient(transport=transport, timeout=httpx2.Timeout(20)) as hc:
        async with Client(streamable_http_client(urls[0], http_client=hc), mode=mode) as client:
            results = [await client.call_tool("time.now", {"tz": tz})
                       for tz in ("Asia/Tokyo", "Europe/Paris", "Pacific/Honolulu", "Asia/Taipei")]
    return results, transport


@pytest.mark.e2e
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_two_stateless_instances_answer_one_client_alternately(mode):
    """A handshake-era client (`legacy`: initialize + Mcp-Session-Id) and a 2026 one (`auto`)."""
    async with running(STUB, _env()) as (url_a, _a), running(STUB, _env()) as (url_b, _b):
        results, transport = await _alternate([url_a, url_b], mode)
    assert [r.structured_content["utc_offset"] for r in results] == ["+09:00", "+01:00", "-10:00", "+08:00"]
    posts = [port for port, method in transport.sent if method == "POST"]
    assert len(set(posts)) == 2 and len(posts) >= 6  # initialize and calls spread over both


STATEFUL = STUB.replace("router_factory=StubRouter", "router_factory=StubRouter, stateless=False")


@pytest.mark.e2e
async def test_stateful_instances_cannot_share_a_client():
    """The control: with sessions, the second instance does not know the session a handshake-era
    client opened on the first one."""
    async with running(STATEFUL, _env()) as (url_a, _a), running(STATEFUL, _env()) as (url_b, _b):
        with pytest.raises(BaseException):  # noqa: B017 - the SDK reports it as an exception group or an MCP error
            await asyncio.wait_for(_alternate([url_a, url_b], "legacy"), timeout=30)
