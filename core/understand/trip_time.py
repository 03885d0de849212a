"""How long a trip takes, written beside a departure time (「晚上11點45分起飛 飛12個鐘」, "5:10pm, 2h15 to Manila",
「飛行時間7時間」, "terbang 3 jam"): the conversion then gives the arrival on the destination's clock.

Read only when a word of travel stands in the question (``trip_words`` in ``core/data/clock_words.yaml``), so "3
hours ahead" or 「差 3 小時」 stay a difference between clocks.
"""
from __future__ import annotations

import functools
import re

from core.data import DATA_DIR, read_yaml

_ZH_DIGITS = {"一": 1, "二": 2, "兩": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
              "十一": 11, "十二": 12, "十三": 13, "十四": 14, "十五": 15, "十六": 16, "十七": 17, "十八": 18}
_N = r"(\d{1,2}(?:\.\d)?|十[一二三四五六七八]?|[一二兩两三四五六七八九])"
# hours, then minutes: 12個鐘, 12小時30分, 7時間, 6시간 20분, 7h50m, 2h15, 7 hrs, 3 jam, 11 oras
_DURATION = re.compile(
    rf"{_N}\s*(?:個|个)?\s*(?:半)?\s*(?:小時|小时|鐘頭|钟头|個鐘|鐘|時間|시간|h(?:ours?|rs?|r)?\b|h(?=\d)|jam\b|oras\b)"
    r"(?:\s*(?:半|(\d{1,2})\s*(?:分鐘|分钟|分|분|m(?:in(?:ute)?s?)?\b|menit\b)?))?", re.IGNORECASE)


@functools.cache
def _trip_words() -> re.Pattern[str]:
    words = read_yaml(DATA_DIR / "clock_words.yaml")["trip_words"]
    return re.compile("|".join(re.escape(w) for w in sorted(map(str, words), key=len, reverse=True)), re.IGNORECASE)


def trip_minutes(text: str, after: int = 0) -> int | None:
    """Return the minutes of travel written after position ``after`` (the departure time's end) when a travel
    word stands in ``text``, else None."""
    if _trip_words().search(text) is None:
        return None
    for m in _DURATION.finditer(text, after):
        raw = m[1]
        hours = float(raw) if raw[0].isdigit() else float(_ZH_DIGITS.get(raw, 0))
        minutes = int(m[2]) if m[2] else 0
        total = int(round(hours * 60)) + minutes + (30 if "半" in m[0] else 0)
        if 0 < total <= 24 * 60:
            return total
    return None
