"""Daily mean sea surface temperature (GHRSST MUR) over a box, via the ODB metocean MCP server.

Needs: pip install "mcp>=2.3" httpx2 (and matplotlib for the plot).
"""
import asyncio
import json
from datetime import date, timedelta

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

# --- parameters (ODBchat fills these in) ---
MCP_URL = "https://eco.odb.ntu.edu.tw/mcp/metocean"
BBOX = [118.0, 20.0, 123.5, 26.5]
START = "2025-11-10"
END = "2025-11-16"
# --- end of parameters ---


def tool_json(result):
    """The tool's JSON answer (structured content when given, else the text block)."""
    if result.is_error:
        raise RuntimeError(result.content[0].text if result.content else "tool error")
    if isinstance(result.structured_content, dict):
        return result.structured_content
    return json.loads(result.content[0].text)


def days(start, end):
    day, last = date.fromisoformat(start), date.fromisoformat(end)
    while day <= last:
        yield day.isoformat()
        day += timedelta(days=1)


async def main():
    rows = []
    async with httpx2.AsyncClient(headers={"User-Agent": "metocean-mcp"}, timeout=60) as http:
        async with Client(streamable_http_client(MCP_URL, http_client=http)) as client:
            for day in days(START, END):
                # One call per day: the server averages a single day over the box.
                result = await client.call_tool("ghrsst.bbox_mean", {
                    "bbox": BBOX, "date": day, "fields": ["sst", "sst_anomaly"],
                })
                try:
                    data = tool_json(result)
                except RuntimeError as exc:
                    print(f"{day}: no data ({exc})")
                    continue
                rows.append((data["date"], data.get("sst"), data.get("sst_anomaly")))
                print(f"{data['date']}  mean SST {data.get('sst')} °C  anomaly {data.get('sst_anomaly')} °C")

    try:
        import matplotlib.pyplot as plt
    except ImportError:
        print("pip install matplotlib to plot the series")
        return
    if rows:
        dates = [date.fromisoformat(r[0]) for r in rows]
        plt.plot(dates, [r[1] for r in rows], marker="o", label="mean SST")
        plt.title(f"GHRSST MUR mean SST over {BBOX}")
        plt.ylabel("°C")
        plt.gcf().autofmt_xdate()
        plt.savefig("sst_bbox.png", dpi=120, bbox_inches="tight")
        print("saved sst_bbox.png")


if __name__ == "__main__":
    asyncio.run(main())
