"""The MCP tools `tide.chart` and `tide.week` of `odbchat mcp-server` (in process, built-in engine):
the chart comes back as MCP image content (a PNG) beside its structured result."""
from __future__ import annotations

import base64

from mcp import Client

from bots.mcp_server import build_server
from core.config import Settings
from core.router import Router


def _router() -> Router:
    return Router(Settings(odbchat_backend="local"), llm=None)


async def test_tide_chart_returns_image_content_and_week_returns_rows() -> None:
    async with Client(build_server(_router)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        chart = await client.call_tool("tide.chart", {"longitude": 121.74, "latitude": 25.15, "tz": "Asia/Taipei",
                                                      "date": "2025-11-14", "lang": "zh", "place": "基隆"})
        week = await client.call_tool("tide.week", {"longitude": 121.74, "latitude": 25.15, "tz": "Asia/Taipei",
                                                    "date": "2025-11-14"})
        bad = await client.call_tool("tide.chart", {"longitude": 121.74, "latitude": 25.15, "tz": "Asia/Taipei",
                                                    "days": 9})
    assert "png" not in tools["tide.chart"].input_schema["properties"]
    assert not chart.is_error
    images = [c for c in chart.content if c.type == "image"]
    assert len(images) == 1 and images[0].mime_type == "image/png"
    assert base64.b64decode(images[0].data)[:8] == b"\x89PNG\r\n\x1a\n"
    assert chart.structured_content["drawn"] is True and "png" not in chart.structured_content
    assert chart.structured_content["highs"] and chart.structured_content["curve"] == "harmonic"
    assert not week.is_error and len(week.structured_content["rows"]) == 7
    assert week.structured_content["rows"][0]["date"] == "2025-11-14"
    assert bad.is_error and "days" in bad.content[0].text
