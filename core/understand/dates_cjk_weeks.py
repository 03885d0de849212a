"""Week, weekday and weekend words askers in Korea and Japan write, read as the Chinese words the week finders know.

"다음주 토요일" is 下週六, "이번 주말" 這週末, "다음주 월~금" 下週一~五, 「来週の土曜日」 下週六 (``cjk_weeks`` in
``core/data/day_words.yaml``). Each phrase is written in place as its Chinese words padded with spaces to its own
length, so every span the date finders give stays a span of the question as asked; a phrase whose Chinese would be
longer is left as written. Text holding no Hangul, kana, 曜, 週, 来 (來) or 先 is returned at once.
"""
from __future__ import annotations

import functools
import re

from core.understand.dates_words import alternation, table

_GATE = re.compile(r"[\u3040-\u30ff\uac00-\ud7a3曜来來先週]")


@functools.cache
def _tables() -> tuple[re.Pattern[str], dict[str, str], dict[str, str], dict[str, str], dict[str, str]]:
    """Return the phrase pattern and the weeks', weekends', weekdays' and range days' Chinese words."""
    t = table("cjk_weeks")
    weeks, ends, days, short = (dict(t[k]) for k in ("weeks", "weekends", "weekdays", "range_days"))
    week, day, one = alternation(weeks), alternation(days), alternation(short)
    dash = r"\s*[~〜～\-–]\s*"
    source = (rf"(?P<end>{alternation(ends)})"
              rf"|(?:(?P<week>{week})\s*の?\s*)?(?:(?P<d1>{day})(?:{dash}(?P<d2>{day}))?|(?P<r1>{one}){dash}(?P<r2>{one}))"
              rf"|(?P<alone>{week})")
    return re.compile(source), weeks, ends, days, short


def _chinese(m: re.Match[str]) -> str:
    """Return the Chinese words of one phrase, padded to its length (the phrase itself when they are longer)."""
    _, weeks, ends, days, short = _tables()
    if m["end"]:
        zh = ends[m["end"]]
    elif m["alone"]:
        zh = weeks[m["alone"]]
    else:
        first, last = (days[m["d1"]], m["d2"] and days[m["d2"]]) if m["d1"] else (short[m["r1"]], short[m["r2"]])
        # 「月曜」 (two characters) is 週一; 「月曜日」 星期一
        plain = "星期" if not last and len(m[0]) >= 3 else "週"
        zh = (weeks[m["week"]] if m["week"] else plain) + first + (f"~{last}" if last else "")
    return zh.ljust(len(m[0])) if len(zh) <= len(m[0]) else m[0]


def as_chinese_weeks(text: str) -> str:
    """Return ``text`` with its Korean and Japanese week, weekday and weekend words written as Chinese ones of the
    same length (``text`` itself when it holds none)."""
    if _GATE.search(text) is None:
        return text
    return _tables()[0].sub(_chinese, text)
