import asyncio
import json
from datetime import date, timedelta

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client


def tool_json(result):
    """The tool's JSON answer (structured content when given, else the text block); None on a tool error."""
    if result.is_error:
        return None
    if isinstance(result.structured_content, dict):
        return result.structured_content
    return json.loads(result.content[0].text)


def days(start, end):
    """Every day from start to end (YYYY-MM-DD), both included."""
    day, last = date.fromisoformat(start), date.fromisoformat(end)
    while day <= last:
        yield day.isoformat()
        day += timedelta(days=1)


async def each_day(tool, arguments, start, end):
    """[(day, answer or None)] of one MCP tool called once a day, in one session."""
    answers = []
    # The ODB server expects this User-Agent.
    async with httpx2.AsyncClient(headers={"User-Agent": "metocean-mcp"}, timeout=60) as http:
        async with Client(streamable_http_client(MCP_URL, http_client=http)) as client:
            for day in days(start, end):
                answers.append((day, tool_json(await client.call_tool(tool, {**arguments, "date": day}))))
    return answers
