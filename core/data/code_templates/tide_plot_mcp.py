"""Tide highs and lows at one point for a few days, via the metocean MCP tool tide.forecast,
plotted as a curve through the extremes.

Needs: pip install "mcp>=2.3" httpx2 (and numpy + matplotlib for the plot).
Heights are centimetres relative to mean sea level, for reference only.
"""
import asyncio
import json
from datetime import date, datetime, timedelta

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

# --- parameters (ODBchat fills these in) ---
MCP_URL = "https://eco.odb.ntu.edu.tw/mcp/metocean"
LON = 121.75
LAT = 25.15
START = "2025-11-14"
END = "2025-11-16"
TZ = "Asia/Taipei"
PLACE = "Keelung"
STATION_ID = None  # e.g. "ticon/keelung-341-twn-uhslc_fd" (ODBchat's local engine only)
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
    extremes = []  # (time, height_cm, "HIGH"|"LOW")
    where = {"station_id": STATION_ID} if STATION_ID else {"longitude": LON, "latitude": LAT}
    async with httpx2.AsyncClient(headers={"User-Agent": "metocean-mcp"}, timeout=30) as http:
        async with Client(streamable_http_client(MCP_URL, http_client=http)) as client:
            for day in days(START, END):
                result = await client.call_tool("tide.forecast", {**where, "date": day, "tz": TZ})
                data = tool_json(result)
                tide = data.get("tide") or {}
                for kind, key in (("HIGH", "highs"), ("LOW", "lows")):
                    for item in tide.get(key, []):
                        extremes.append((datetime.fromisoformat(item["time"]), item["height_cm"], kind))
                sun = data.get("sun") or {}
                print(f"{day}: sunrise {sun.get('rise', '-')}, sunset {sun.get('set', '-')}, "
                      f"moon {(data.get('moonphase') or {}).get('current', '-')}")

    extremes.sort()
    if not extremes:
        print("No tide data for this point (inland, or outside the tide model).")
        return
    for when, height, kind in extremes:
        print(f"{kind:4}  {when:%Y-%m-%d %H:%M}  {height:7.1f} cm")

    try:
        import matplotlib.pyplot as plt
        import numpy as np
    except ImportError:
        print("pip install numpy matplotlib to plot the tide curve")
        return
    # Between two extremes the tide is close to half a cosine wave.
    times, heights = [], []
    for (t0, h0, _), (t1, h1, _) in zip(extremes, extremes[1:]):
        phase = np.linspace(0.0, 1.0, 30)
        times += [t0 + (t1 - t0) * float(p) for p in phase]
        heights += list(h0 + (h1 - h0) * (1 - np.cos(np.pi * phase)) / 2)
    plt.plot(times, heights, label="tide (cm, MSL)")
    plt.scatter([e[0] for e in extremes], [e[1] for e in extremes], color="red", zorder=3)
    plt.title(f"Tide at {PLACE} ({LON}, {LAT}), {START} to {END}")
    plt.ylabel("cm relative to MSL")
    plt.gcf().autofmt_xdate()
    plt.savefig("tide.png", dpi=120, bbox_inches="tight")
    print("saved tide.png")


if __name__ == "__main__":
    asyncio.run(main())
