"""Draw a week of tides at a place with the lows a threshold alert announces marked (for the notes).

    python scripts/draw_alert_week.py --place 基隆 --first 2026-11-28 --below -30 --daylight \
        -o build/alert-week-keelung.png

The curve is the local engine's (metocean/curve.py), nights are shaded from each day's sunrise and
sunset in the `tide.forecast` results, and the marked lows are chosen by the alert's own rule
(`core.subscriptions.smart_times.qualifying`): filled red for the lows the alert announces, hollow for
the other lows, the threshold as a dashed line. Prints the announced lows.
"""
from __future__ import annotations

import argparse
import asyncio
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from core.charts.fonts import chart_family
from core.config import Settings
from core.router import Router
from core.subscriptions.smart_times import Threshold, qualifying
from core.subscriptions.alert_times import extremes_of
from core.understand.places import find_place
from metocean.curve import water_level


async def _days(lon: float, lat: float, first: date, n: int, tz: str) -> list[dict[str, Any]]:
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        return [await router.run_tool("tide.forecast", {"longitude": lon, "latitude": lat, "tz": tz,
                                                        "date": (first + timedelta(days=i)).isoformat()})
                for i in range(n)]
    finally:
        await router.aclose()


def main() -> None:
    """Draw the chart and print the lows the alert announces."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--place", default="基隆")
    parser.add_argument("--first", default="2026-11-28")
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--below", type=float, default=-30.0, help="cm above mean sea level")
    parser.add_argument("--daylight", action="store_true")
    parser.add_argument("--tz", default="Asia/Taipei")
    parser.add_argument("-o", "--out", default="build/alert-week.png")
    args = parser.parse_args()

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    found = find_place(args.place, prefer_coastal=True)
    assert found is not None, f"unknown place {args.place}"
    lon, lat = found.sea or (found.lon, found.lat)
    zone, first = ZoneInfo(args.tz), date.fromisoformat(args.first)
    days = asyncio.run(_days(lon, lat, first, args.days, args.tz))
    start = datetime.combine(first, time(0), zone)
    level = water_level(str(days[0]["station"]["id"]), start, start + timedelta(days=args.days))
    threshold = Threshold("low", "below", args.below, daylight=args.daylight)
    hours = lambda epoch: (epoch - start.timestamp()) / 3600.0  # noqa: E731 - a unit change

    plt.rcParams["font.family"] = chart_family()
    fig, ax = plt.subplots(figsize=(14, 5.5), dpi=110)
    for i, result in enumerate(days):
        rise, sunset = (datetime.fromisoformat(result["sun"][k]).timestamp() for k in ("rise", "set"))
        midnight = datetime.combine(first + timedelta(days=i), time(0), zone).timestamp()
        ax.axvspan(hours(midnight), hours(rise), color="#1f2a44", alpha=0.15, lw=0)
        ax.axvspan(hours(sunset), hours(midnight + 86400), color="#1f2a44", alpha=0.15, lw=0)
    ax.plot(hours(level.times), level.heights_cm, color="#1565c0", lw=2.2)
    ax.axhline(args.below, color="#c62828", ls="--", lw=1.2)
    ax.text(0.3, args.below + 2, f"門檻 {args.below:.0f} cm (MSL)", color="#c62828", fontsize=11)
    announced = [e for result in days for e in qualifying(result, threshold)]
    others = [e for result in days for e in extremes_of(result, "low") if e not in announced]
    ax.scatter([hours(e.at.timestamp()) for e in others], [e.height_cm for e in others], s=60, facecolors="white",
               edgecolors="#555555", zorder=4, label="其他乾潮 other lows")
    ax.scatter([hours(e.at.timestamp()) for e in announced], [e.height_cm for e in announced], s=110, color="#c62828",
               zorder=5, label="提醒的乾潮 announced lows")
    for e in announced:
        local = e.at.astimezone(zone)
        ax.annotate(f"{local:%m-%d %H:%M}\n{e.height_cm:.0f} cm", (hours(e.at.timestamp()), e.height_cm), xytext=(0, -34),
                    textcoords="offset points", ha="center", fontsize=10, color="#c62828")
    ax.set_xticks([24 * i + 12 for i in range(args.days)],
                  [f"{first + timedelta(days=i):%m-%d}" for i in range(args.days)])
    ax.set_xlim(0, 24 * args.days)
    ax.set_ylabel("潮高 cm（平均海平面 MSL）")
    when = "白天" if args.daylight else ""
    ax.set_title(f"{args.place}：{when}乾潮低於 {args.below:.0f} cm 的提醒（{first} 起 {args.days} 天；陰影為夜間）")
    ax.legend(loc="upper right")
    ax.grid(axis="y", color="#dddddd")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(out)
    for e in announced:
        print(f"{e.at.astimezone(zone):%Y-%m-%d %H:%M} {e.height_cm:.1f} cm")
    print(out)


if __name__ == "__main__":
    main()
