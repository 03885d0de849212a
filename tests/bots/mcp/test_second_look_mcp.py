"""Issue 29 over MCP: the real `odbchat mcp-server` process (local engine) called with the SDK's
streamable HTTP client — arguments validated (router.answer refuses "yesterday" clearly), a zone
named by a place, a chart without a place titled "lon, lat", both tool spellings answered."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_mcp_server import _env, _free_port, mcp_client, running

pytestmark = pytest.mark.e2e

KEELUNG = {"longitude": 121.74, "latitude": 25.13, "tz": "Asia/Taipei", "date": "2025-11-14"}


@pytest.fixture
def local_env(tmp_path: Path) -> dict[str, str]:
    return _env(ODBCHAT_BACKEND="local", OLLAMA_HOST=f"http://127.0.0.1:{_free_port()}",
                ODBCHAT_DB=str(tmp_path / "odbchat.db"), ODBCHAT_DEFAULT_TZ="Asia/Taipei")


async def test_arguments_validated_places_as_zones_titles_and_spellings(local_env: dict[str, str]) -> None:
    code = "from bots.cli import main; raise SystemExit(main(['mcp-server', '--port', '0']))"
    async with running(code, local_env) as (url, _proc):
        async with mcp_client(url) as client:
            yesterday = await client.call_tool("router.answer", {"query": "基隆潮汐", "query_time": "yesterday"})
            mars = await client.call_tool("router.answer", {"query": "基隆潮汐", "tz": "Mars/Olympus"})
            fine = await client.call_tool("router.answer", {"query": "基隆潮汐",
                                                            "query_time": "2025-11-14T09:00:00+08:00"})
            taipei = await client.call_tool("time.convert", {"time": "21:00", "from_tz": "Taipei",
                                                             "to_tz": "Asia/Tokyo"})
            chart = await client.call_tool("tide.chart", dict(KEELUNG, lang="zh"))
            safe = await client.call_tool("tide_forecast", KEELUNG)
            dotted = await client.call_tool("tide.forecast", KEELUNG)
            parts = await client.call_tool("router.answer", {"query": "tides, wave height and current at Keelung",
                                                             "query_time": "2025-11-14T09:00:00+08:00"})
    assert yesterday.is_error and "query_time" in yesterday.content[0].text, yesterday.content[0].text
    assert "ISO-8601" in yesterday.content[0].text
    assert mars.is_error and "Mars/Olympus" in mars.content[0].text
    assert not fine.is_error and fine.structured_content["arguments"]["date"] == "2025-11-14"
    assert not taipei.is_error, taipei.content[0].text
    assert taipei.structured_content["from"]["tz"] == "Asia/Taipei" and taipei.structured_content["to"]["time"] == "22:00"
    title = chart.structured_content["title"]
    assert title.startswith("121.74, 25.13 潮汐"), title
    assert not safe.is_error and safe.structured_content == dotted.structured_content  # either spelling
    said = parts.structured_content["text"]   # every part answered or declined in one line
    assert "High tide" in said and "Waves and sea state, currents: not available" in said, said
