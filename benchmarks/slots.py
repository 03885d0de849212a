"""Slot-filling speed: per-call µs of parse_point / parse_bbox / parse_date / find_place.

Run: ``.venv/bin/python benchmarks/slots.py`` (prints figures; no assertions).
Timings are best-of-5 repeats over 50 realistic mixed zh/en questions, so a
busy machine inflates them less; gazetteer load is timed in a fresh interpreter.
"""

from __future__ import annotations

import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Callable
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.understand.coords import parse_bbox, parse_point  # noqa: E402
from core.understand.dates import parse_date  # noqa: E402
from core.understand.places import find_place, region_bbox  # noqa: E402
from core.understand.places_search import search_places  # noqa: E402

QUESTIONS = [
    "明天基隆的潮汐如何？", "請問現在淡水的海溫", "2025/11/25 座標約為 25.2079, 121.4286 的浪高",
    "潮州明天的天氣", "台灣周遭的海溫分布", "[118,20,123,25] 的海表溫度", "118-123E 20-25N 的海流",
    "下週一墾丁的浪況", "11月25日 06:30 花蓮的潮位", "東經121.5度 北緯25度 現在的風速",
    "What is the tide in Keelung tomorrow?", "Sea surface temperature around Taiwan now",
    "Weather in Tokyo next Monday", "Honolulu surf forecast for this Friday", "22.55N, 120.95E wave height",
    "SST at (121.5,25.0) on 2025-11-25", "lon 118-123 lat 20-25 currents", "Is it windy in London today?",
    "小琉球後天適合浮潛嗎", "澎湖馬公3天後的風浪", "蘭嶼的日出時間", "綠島這週五的天氣",
    "高雄旗津的滿潮時間", "（１２１．５，２５．０）的水溫", "南方澳漁港明日浪高", "台南安平昨天的氣溫",
    "宜蘭烏石港週六可以出海嗎", "Bern weather on Saturday", "Zürich temperature in 3 days",
    "New York tide table Nov 25", "紐約現在幾點", "雪梨的海溫", "首爾明天會下雨嗎", "香港的潮汐",
    "121°30'E 25°N 的海流", "25°02′30″N 121°33′E tide", "N25 E121 wave", "黑潮的流速",
    "巴士海峽的浪高", "台灣海峽 11/26 的風", "日月潭今天的氣溫", "阿里山日出", "玉山明天會下雪嗎",
    "Paris weather tomorrow", "Kaohsiung port wave forecast", "Hualien Qixingtan surf",
    "what's the moon phase today", "current temperature please", "今天適合衝浪嗎", "東港 2025年11月25日 潮汐",
]
assert len(QUESTIONS) == 50
Q_TIME = datetime(2025, 11, 19, 9, 0, tzinfo=ZoneInfo("Asia/Taipei"))


def per_call_us(fn: Callable[[str], object], repeats: int = 5, loops: int = 20) -> float:
    """Best-of-``repeats`` mean µs per call over all questions."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(loops):
            for q in QUESTIONS:
                fn(q)
        best = min(best, (time.perf_counter() - t0) / (loops * len(QUESTIONS)))
    return best * 1e6


def load_ms() -> float:
    """Gazetteer + regions load in a fresh interpreter (imports excluded), best of 3."""
    code = ("import time, core.understand.places as g\n"
            "t=time.perf_counter(); g._index(); g._regions(); print((time.perf_counter()-t)*1000)")
    root = Path(__file__).resolve().parents[1]
    runs = [float(subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                                 check=True).stdout) for _ in range(3)]
    return min(runs)


def main() -> None:
    print(f"gazetteer load (fresh process, best of 3): {load_ms():8.1f} ms")
    find_place("warm-up")  # load before timing calls
    region_bbox("warm-up")
    rows = [
        ("parse_point", parse_point),
        ("parse_bbox", parse_bbox),
        ("parse_date", lambda q: parse_date(q, Q_TIME)),
        ("find_place", find_place),
        ("region_bbox", region_bbox),
    ]
    for name, fn in rows:
        print(f"{name:<12} {per_call_us(fn):8.1f} µs/call  (50 questions, avg length "
              f"{sum(map(len, QUESTIONS)) / len(QUESTIONS):.0f} chars)")
    t0 = time.perf_counter()
    search_places("Kee")
    print(f"search_places first call (builds sorted names): {(time.perf_counter() - t0) * 1e3:8.1f} ms")
    print(f"search_places('Kee')  {per_call_us(lambda q: search_places('Kee'), loops=1) / 1:8.1f} µs/call")
    print(f"search_places('基')   {per_call_us(lambda q: search_places('基'), loops=1):8.1f} µs/call")
    hits = sum(find_place(q) is not None for q in QUESTIONS)
    print(f"find_place hits: {hits}/50; points: {sum(parse_point(q) is not None for q in QUESTIONS)}; "
          f"boxes: {sum(parse_bbox(q) is not None for q in QUESTIONS)}; "
          f"dates: {sum(parse_date(q, Q_TIME) is not None for q in QUESTIONS)}")


if __name__ == "__main__":
    main()
