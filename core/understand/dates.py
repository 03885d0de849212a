"""Date slots: find the day a chat question is about, in zh-TW or English.

``parse_date`` knows calendar dates (``2025/11/25``, ``11月25日``, ``Nov 25``,
ISO datetimes, ``11/25`` = month/day), relative words (今天/明天/後天,
today/tomorrow), weekdays (下週一, 這週五, 週六, next Monday, this Friday) and
offsets (3天後, in 3 days, 3 days later). Relative forms resolve against the
caller's ``query_time`` in that datetime's own zone.

When a text holds several, a written calendar date wins over a relative one;
among equals the first in the text wins. Impossible dates (2025/02/30) are
skipped, never raised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Callable, Iterable, Iterator, NamedTuple

from core.understand.coords import fold_width

__all__ = ["DateHint", "parse_date", "parse_date_folded", "mentions_now", "mentions_now_folded"]


@dataclass(frozen=True)
class DateHint:
    day: date
    explicit: bool  # the text wrote a calendar date (numbers or a month name)
    relative: bool  # resolved against query_time (今天, next Monday, 3天後 ...)
    span: tuple[int, int]  # (start, end) char offsets in the text


# Day offsets of relative words; longest spelling first so 大後天 beats 後天.
_REL_WORDS: dict[str, int] = {
    "大後天": 3, "大后天": 3, "大前天": -3,
    "the day after tomorrow": 2, "day after tomorrow": 2,
    "the day before yesterday": -2, "day before yesterday": -2,
    "今天": 0, "今日": 0, "今晚": 0, "今早": 0, "今夜": 0, "本日": 0,
    "明天": 1, "明日": 1, "明早": 1, "明晚": 1, "隔天": 1, "翌日": 1,
    "後天": 2, "后天": 2, "昨天": -1, "昨日": -1, "昨晚": -1, "前天": -2,
    "today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0,
    "tomorrow": 1, "tmr": 1, "yesterday": -1,
}
_NOW_WORDS = ("現在", "现在", "目前", "今天", "今日", "此刻", "此時", "當前", "当前", "即時", "实时", "即时")
_NOW_EN_WORDS = ("right now", "now", "current", "currently", "today", "at the moment", "latest")
_NOW_EN = re.compile(rf"(?<![A-Za-z])(?:{'|'.join(_NOW_EN_WORDS)})(?![A-Za-z])", re.IGNORECASE)

_MONTHS = {m: i for i, names in enumerate(
    [("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
     ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
     ("oct", "october"), ("nov", "november"), ("dec", "december")], start=1) for m in names}
_WEEKDAYS_EN = {d: i for i, d in enumerate(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])}
_WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6,
                "1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6}
_ZH_NUM = {"一": 1, "二": 2, "兩": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
           "七": 7, "八": 8, "九": 9, "十": 10}
# Week shift named before a weekday: 下週一 = Monday of next week.
_WEEK_SHIFT = {"下下": 2, "下": 1, "這": 0, "这": 0, "本": 0, "今": 0, "上": -1,
               "next": 1, "last": -1, "this": None, "on": None, "coming": None, "": None}

# ASCII word edges: \b would see no edge between "問" and "Nov" (both are \w).
_L, _R = r"(?<![A-Za-z])", r"(?![A-Za-z])"
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"

# The digit patterns start by consuming their first digit and check the character before it
# with a lookbehind just after (``\d(?<![\d.]\d)`` is ``(?<![\d.])\d``): a pattern that starts
# with a character class lets the regex engine skip to the next digit at C speed.
_YMD = re.compile(r"(\d(?<!\d\d)\d{3})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})(?![\d.])\s*[日號号]?")
_MD_ZH = re.compile(r"(\d(?<![\d.年]\d)\d?)\s*月\s*(\d{1,2})\s*[日號号]")
_MD_SLASH = re.compile(r"(\d(?<![\d./]\d)\d?)/(\d{1,2})(?![\d/.])")
_MON_D = re.compile(rf"{_L}({_MONTH_RE})\.?\s+(\d{{1,2}}){_ORD}(?![\d.]){_R}(?:,?\s*(\d{{4}})(?!\d))?", re.IGNORECASE)
_D_MON = re.compile(rf"(\d(?<![\d.]\d)\d?){_ORD}\s+(?:of\s+)?({_MONTH_RE}){_R}\.?(?:,?\s*(\d{{4}})(?!\d))?",
                    re.IGNORECASE)
# Relative words in two regexes: the CJK ones (no boundaries; plain literals, so a C-speed scan)
# and the ASCII ones, only tried on text with a letter. No match of one can overlap the other's.
_REL_SORTED = sorted(_REL_WORDS, key=len, reverse=True)
_REL_CJK = re.compile("|".join(re.escape(w) for w in _REL_SORTED if not w.isascii()), re.IGNORECASE)
_REL_EN = re.compile("|".join(rf"{_L}{re.escape(w)}{_R}" for w in _REL_SORTED if w.isascii()), re.IGNORECASE)
_N = r"(\d{1,3}|[一二兩两三四五六七八九十]{1,3})"
_OFFSET_ZH = re.compile(rf"{_N}\s*(天|日|週|周|星期|個星期|个星期|禮拜|礼拜)\s*(?:之|以)?(後|后|前)")
_OFFSET_EN = re.compile(rf"{_L}(?:in\s+(\d{{1,3}})\s+(day|week)s?{_R}"
                        rf"|(?<!\d)(\d{{1,3}})\s+(day|week)s?\s+(later|from now|after|ago|before){_R})", re.IGNORECASE)
_WEEKDAY_ZH = re.compile(r"(下下|下|這|这|本|今|上)?\s*(?:個)?(?:週|周|星期|禮拜|礼拜)([一二三四五六日天1-7])")
_WEEKDAY_EN = re.compile(rf"{_L}(?:(next|last|this|on|coming)\s+)?({'|'.join(_WEEKDAYS_EN)}){_R}", re.IGNORECASE)

# Cheap gates: a pattern is only run on text that holds what every one of its matches needs.
_DIGIT = re.compile(r"\d")
# Exactly the characters an IGNORECASE ASCII letter can match (A-Z, a-z, İ ı ſ K).
_LETTER = re.compile(r"[a-z]", re.IGNORECASE)
_WEEK_CHARS = re.compile(r"[週周星禮礼]")  # first characters of 週 周 星期 禮拜 礼拜
# Characters that IGNORECASE matches to ASCII letters but lower() does not make ASCII (or makes
# longer): on text without them, lower() then a substring test is an exact necessary condition.
_CASE_TRAPS = re.compile("[\u0130\u0131\u017f\u212a]")


def _needles(words: Iterable[str], needles: tuple[str, ...]) -> re.Pattern[str]:
    """A regex for lower-cased text finding one of ``needles``, which every word must contain."""
    for w in words:
        if not any(n in w.lower() for n in needles):
            raise ValueError(f"no needle in {w!r}")
    return re.compile("|".join(map(re.escape, needles)))


_MONTH_GATE = _needles(_MONTHS, tuple(sorted({m[:3] for m in _MONTHS})))
_REL_EN_GATE = _needles([w for w in _REL_WORDS if w.isascii()], ("day", "tonight", "tomorrow", "this", "tmr"))
_NOW_EN_GATE = _needles(_NOW_EN_WORDS, ("now", "current", "today", "moment", "latest"))
_NOW_ZH = re.compile("|".join(map(re.escape, _NOW_WORDS)))


class _Gates(NamedTuple):
    """Which optional patterns can match the text at all (False only when sure)."""

    digit: bool
    month: bool  # an English month name (and a digit)
    rel_en: bool  # an English relative word
    offset_en: bool  # "day"/"week" and a digit
    weekday_en: bool  # "day"


def _gates(work: str) -> _Gates:
    digit = _DIGIT.search(work) is not None
    if _LETTER.search(work) is None:
        return _Gates(digit, False, False, False, False)
    if _CASE_TRAPS.search(work) is not None:
        return _Gates(digit, digit, True, digit, True)
    low = work.lower()
    day = "day" in low
    return _Gates(digit, digit and _MONTH_GATE.search(low) is not None, _REL_EN_GATE.search(low) is not None,
                  digit and (day or "week" in low), day)


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def _num(token: str) -> int:
    """An Arabic or small Chinese number: 3, 三, 十, 十五, 二十, 二十一."""
    if token.isdigit():
        return int(token)
    if "十" not in token:
        return _ZH_NUM.get(token, 0)
    tens, _, ones = token.partition("十")
    return _ZH_NUM.get(tens, 1) * 10 + _ZH_NUM.get(ones, 0)


def _weekday(today: date, target: int, shift: int | None) -> date:
    """A weekday: ``shift`` weeks from this (Mon-start) week, or the next one on/after today."""
    if shift is None:
        return today + timedelta(days=(target - today.weekday()) % 7)
    monday = today - timedelta(days=today.weekday())
    return monday + timedelta(weeks=shift, days=target)


# Each finder yields (day, explicit, relative, span); rank: calendar dates first.
_Found = tuple[date | None, bool, bool, tuple[int, int]]


def _calendar(text: str, today: date, gates: _Gates) -> Iterator[_Found]:
    if not gates.digit:
        return
    for m in _YMD.finditer(text):
        yield _safe_date(int(m[1]), int(m[2]), int(m[3])), True, False, m.span()
    if "月" in text:
        for m in _MD_ZH.finditer(text):
            yield _safe_date(today.year, int(m[1]), int(m[2])), True, False, m.span()
    if "/" in text:
        for m in _MD_SLASH.finditer(text):
            yield _safe_date(today.year, int(m[1]), int(m[2])), True, False, m.span()
    if not gates.month:
        return
    # .get: case-insensitive matching also accepts "ſ"/"ı"/"K" forms whose lower() is no table key.
    for m in _MON_D.finditer(text):
        if (month := _MONTHS.get(m[1].lower())) is not None:
            yield _safe_date(int(m[3] or today.year), month, int(m[2])), True, False, m.span()
    for m in _D_MON.finditer(text):
        if (month := _MONTHS.get(m[2].lower())) is not None:
            yield _safe_date(int(m[3] or today.year), month, int(m[1])), True, False, m.span()


def _relative(text: str, today: date, gates: _Gates) -> Iterator[_Found]:
    for m in _REL_CJK.finditer(text):
        if (days := _REL_WORDS.get(m[0].lower())) is not None:
            yield today + timedelta(days=days), False, True, m.span()
    if gates.rel_en:
        for m in _REL_EN.finditer(text):
            if (days := _REL_WORDS.get(m[0].lower())) is not None:
                yield today + timedelta(days=days), False, True, m.span()
    if "後" in text or "后" in text or "前" in text:
        for m in _OFFSET_ZH.finditer(text):
            n = _num(m[1]) * (1 if m[2] in ("天", "日") else 7)
            yield today + timedelta(days=-n if m[3] == "前" else n), False, True, m.span()
    if gates.offset_en:
        for m in _OFFSET_EN.finditer(text):
            if m[1]:
                n = int(m[1]) * (7 if m[2].lower() == "week" else 1)
            else:
                n = int(m[3]) * (7 if m[4].lower() == "week" else 1)
                n = -n if m[5].lower() in ("ago", "before") else n
            yield today + timedelta(days=n), False, True, m.span()
    if _WEEK_CHARS.search(text) is not None:
        for m in _WEEKDAY_ZH.finditer(text):
            yield _weekday(today, _WEEKDAYS_ZH[m[2]], _WEEK_SHIFT[m[1] or ""]), False, True, m.span()
    if gates.weekday_en:
        for m in _WEEKDAY_EN.finditer(text):
            word = (m[1] or "").lower()
            weekday = _WEEKDAYS_EN.get(m[2].lower())
            if word in _WEEK_SHIFT and weekday is not None:  # a shift of None means "nearest"
                yield _weekday(today, weekday, _WEEK_SHIFT[word]), False, True, m.span()


_FINDERS: tuple[Callable[[str, date, _Gates], Iterator[_Found]], ...] = (_calendar, _relative)


def parse_date(text: str, query_time: datetime) -> DateHint | None:
    """The day ``text`` asks about as a DateHint (span in the original text), or None.

    ``query_time`` should be tz-aware; its own local date is "today".
    """
    return parse_date_folded(fold_width(text), query_time)


def parse_date_folded(work: str, query_time: datetime) -> DateHint | None:
    """``parse_date`` of text already folded by ``fold_width`` (spans are the same)."""
    today = query_time.date()
    gates = _gates(work)
    for finder in _FINDERS:
        best: DateHint | None = None
        for day, explicit, relative, span in finder(work, today, gates):
            if day is None or (best is not None and span[0] >= best.span[0]):
                continue
            best = DateHint(day, explicit, relative, span)
        if best is not None:
            return best
    return None


def mentions_now(text: str) -> bool:
    """True when the text asks about the present moment (現在/目前/今天/now/current/today ...)."""
    return mentions_now_folded(fold_width(text))


def mentions_now_folded(work: str) -> bool:
    """``mentions_now`` of text already folded by ``fold_width``."""
    if _NOW_ZH.search(work) is not None:
        return True
    if _LETTER.search(work) is None:
        return False
    if _CASE_TRAPS.search(work) is None and _NOW_EN_GATE.search(work.lower()) is None:
        return False
    return _NOW_EN.search(work) is not None
