"""Thai clock times: "บ่ายสองโมง" (14:00), "สองทุ่ม" (20:00), "ตีสาม" (03:00), "เจ็ดโมงเช้า" (07:00),
"เที่ยง" (noon), "14.00 น." — Thai counts the day in watches, the hour word naming its part of the day.

The words are in ``thai`` of ``core/data/clock_words.yaml``; ``find_clocks`` (clock_times.py) adds these times
to the others, so a Thai asker's "บ่ายสองโมงเวลาไทย ที่ลอนดอนกี่โมง" converts 14:00 as "2pm" would.
"""
from __future__ import annotations

import functools
import re
from typing import Any, NamedTuple

from core.understand.clock_words import words

_THAI = re.compile("[\u0e00-\u0e7f]")


class _Form(NamedTuple):
    """One way of writing an hour: its pattern, what the number adds, the hour said with no number."""

    pattern: re.Pattern[str]
    add: int
    alone: int | None
    bare_hour: bool   # "N โมง" alone: 7–11 the morning, 1–6 the afternoon (บ่าย left out, as people say it)


@functools.cache
def _table() -> dict[str, Any]:
    return dict(words()["thai"])


@functools.cache
def _numbers() -> dict[str, int]:
    return {str(k): int(v) for k, v in _table()["numbers"].items()}


@functools.cache
def _forms() -> tuple[_Form, ...]:
    """Return the hour forms in the table's order (longer words first where two begin alike)."""
    numbers = "|".join(re.escape(w) for w in sorted(_numbers(), key=len, reverse=True))
    half = re.escape(str(_table()["half"]))
    out = []
    for form in _table()["forms"]:
        before, after = re.escape(str(form["before"] or "")), re.escape(str(form["after"] or ""))
        number = rf"(?P<n>\d{{1,2}}|{numbers})" + ("?" if form["alone"] is not None else "")
        out.append(_Form(re.compile(rf"{before}\s*{number}\s*{after}(?P<half>\s*{half})?"), int(form["add"]),
                         None if form["alone"] is None else int(form["alone"]), not form["before"] and form["after"] == "โมง"))
    return tuple(out)


@functools.cache
def _hhmm() -> re.Pattern[str]:
    after = "|".join(re.escape(str(w)) for w in _table()["hhmm_after"])
    return re.compile(rf"(?<![\d.])(?P<h>[01]?\d|2[0-3])[.:](?P<m>[0-5]\d)\s*(?:{after})")


def _hour(number: str | None, form: _Form) -> int | None:
    """Return the hour a form's number says (None: no hour)."""
    if not number:
        return form.alone
    n = int(number) if number.isdigit() else _numbers().get(number)
    if n is None:
        return None
    if form.bare_hour and 1 <= n <= 6:
        return n + 12
    return n + form.add


def thai_clocks(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, tuple[int, int], str]]:
    """Return (hour, minute, span, text) of each Thai clock time in `text` outside the spans `taken`."""
    if _THAI.search(text) is None:
        return []
    spans = list(taken)
    found: list[tuple[int, int, tuple[int, int], str]] = []

    def free(span: tuple[int, int]) -> bool:
        return not any(a < span[1] and span[0] < b for a, b in spans)

    for m in _hhmm().finditer(text):
        if free(m.span()):
            spans.append(m.span())
            found.append((int(m["h"]), int(m["m"]), m.span(), m[0]))
    for word, hhmm in sorted(((str(k), str(v)) for k, v in _table()["named"].items()), key=lambda kv: -len(kv[0])):
        for m in re.finditer(re.escape(word), text):
            if free(m.span()):
                spans.append(m.span())
                found.append((int(hhmm[:2]), int(hhmm[3:]), m.span(), m[0]))
    for form in _forms():
        for m in form.pattern.finditer(text):
            hour = _hour(m["n"], form)
            if hour is None or not free(m.span()) or hour > 24:
                continue
            spans.append(m.span())
            found.append((hour % 24, 30 if m["half"] else 0, m.span(), m[0]))
    return sorted(found, key=lambda f: f[2][0])
