"""Ask this project's own MCP server (`odbchat mcp-server`, default http://127.0.0.1:8766/mcp):
list its tools, ask router.answer a question, and call one tool directly.

Start the server first: odbchat mcp-server --port 8766
Needs: pip install "mcp>=2.3"
"""
import asyncio
import json

from mcp import Client

# --- parameters (ODBchat fills these in) ---
MCP_URL = "http://127.0.0.1:8766/mcp"
QUERY = "(121.75,25.15) 現在是漲潮還是退潮？"
LON = 121.75
LAT = 25.15
DATE = "2025-11-14"
TZ = "Asia/Taipei"
# --- end of parameters ---


def tool_json(result):
    """The tool's JSON answer (structured content when given, else the text block)."""
    if result.is_error:
        raise RuntimeError(result.content[0].text if result.content else "tool error")
    if isinstance(result.structured_content, dict):
        return result.structured_content
    return json.loads(result.content[0].text)


async def main():
    async with Client(MCP_URL) as client:
        tools = await client.list_tools()
        print("tools:", ", ".join(tool.name for tool in tools.tools))

        answer = tool_json(await client.call_tool("router.answer", {"query": QUERY}))
        print(f"[{answer.get('mode')}] {answer.get('text')}")

        tide = tool_json(await client.call_tool("tide.forecast", {
            "longitude": LON, "latitude": LAT, "date": DATE, "tz": TZ,
        }))
        print(json.dumps(tide.get("tide", {}), ensure_ascii=False, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
