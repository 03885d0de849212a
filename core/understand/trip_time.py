"""How long a trip takes, written beside a departure time (「晚上11點45分起飛 飛12個鐘」, "5:10pm, 2h15 to Manila",
「飛行時間7時間」, "terbang 3 jam"): the conversion then gives the arrival on the destination's clock.

Read only when a word of travel stands in the question (``trip_words`` in ``core/data/clock_words.yaml``), and never
hours written as a gap between clocks or a wait ("they are 8 hours behind", 「差8小時」, "1 h layover":
``duration_not_trip_after`` / ``_before``), so those stay a difference between clocks.
"""
from __future__ import annotations

import functools
import re

from core.data import DATA_DIR, read_yaml
from core.understand.clock_times import alternation
from core.understand.dates_words import zh_number

_N = r"(\d{1,2}(?:\.\d)?|十[一二三四五六七八]?|[一二兩两三四五六七八九])"


def _units(key: str) -> str:
    """Return one list of unit words of clock_words.yaml as an alternation, Latin words ending at a word's end."""
    words = sorted(map(str, read_yaml(DATA_DIR / "clock_words.yaml")[key]), key=len, reverse=True)
    return "|".join(re.escape(w) + (r"\b" if w.isascii() else "") for w in words)


@functools.cache
def _duration() -> re.Pattern[str]:
    """Return the pattern of hours, then minutes: 12個鐘, 12小時30分, 7時間, 6시간 20분, 7h50m, 2h15, 7 hrs, 3 jam."""
    return re.compile(rf"{_N}\s*(?:個|个)?\s*(?:半)?\s*(?:{_units('duration_hours')}|h(?=\d))"
                      rf"(?:\s*(?:半|(\d{{1,2}})\s*(?:{_units('duration_minutes')})?))?", re.IGNORECASE)


def _alternation(key: str) -> str:
    """Return one word list of clock_words.yaml as clock_times' alternation: Latin words whole ("fly" not in "butterfly")."""
    return alternation([str(w) for w in read_yaml(DATA_DIR / "clock_words.yaml")[key]])


@functools.cache
def _trip_words() -> re.Pattern[str]:
    return re.compile(_alternation("trip_words"), re.IGNORECASE)


@functools.cache
def _not_trip() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Return the patterns of a gap or a wait right after the hours, and right before them."""
    return (re.compile(r"\s*(?:" + _alternation("duration_not_trip_after") + ")", re.IGNORECASE),
            re.compile("(?:" + _alternation("duration_not_trip_before") + r")\s*$", re.IGNORECASE))


def trip_minutes(text: str, after: int = 0) -> int | None:
    """Return the minutes of travel written after position ``after`` (the departure time's end), else before it,
    when a travel word stands in ``text``; None when no trip's length is written."""
    if _trip_words().search(text) is None:
        return None
    gap_after, gap_before = _not_trip()
    # after the departure time first; else before it ("10h de voo saindo às 22h")
    for m in (*_duration().finditer(text, after), *_duration().finditer(text, 0, after)):
        if gap_after.match(text, m.end()) or gap_before.search(text, 0, m.start()) or after and m.end() == after:
            continue   # "8 hours behind", 「差8小時」, "1 h layover": no trip's length; "à 18h": the clock time itself
        raw = m[1]
        hours = float(raw) if raw[0].isdigit() else float(zh_number(raw))
        minutes = int(m[2]) if m[2] else 0
        total = int(round(hours * 60)) + minutes + (30 if "半" in m[0] else 0)
        if 0 < total <= 24 * 60:
            return total
    return None


@functools.cache
def _destination_before() -> re.Pattern[str]:
    return re.compile(r"(?:(?<![A-Za-z])(?:" + _alternation("destination_before") + r"))\s*$", re.IGNORECASE)


@functools.cache
def _departure() -> re.Pattern[str]:
    return re.compile(r"(?<![A-Za-z])(?:" + _alternation("departure_words") + r")(?![A-Za-z])", re.IGNORECASE)


def is_destination(text: str, span: tuple[int, int]) -> bool:
    """True when the place at ``span`` of a trip's question is where the trip goes (「11點起飛 幾點到東京」): a departure
    word stands in ``text`` and a word of going to is written right before the place; an arrival's clock ("I arrive in
    Tokyo at 3pm") stays the place's own."""
    return names_a_departure(text) and _destination_before().search(text, 0, span[0]) is not None


def names_a_departure(text: str) -> bool:
    """True when ``text`` says a trip leaves (起飛, "leaves", salgo): its clock time is the departure's."""
    return _departure().search(text) is not None

