"""Date slots: find the day a chat question is about, in zh-TW or English.

``parse_date`` knows calendar dates (``2025/11/25``, ``11月25日``, ``Nov 25``, ISO datetimes, ``11/25`` = month/day),
relative words (今天/明天/後天, today/tomorrow), weekdays (下週一, 週六, next Monday) and offsets (3天後, in 3 days), named
days (18號, the 18th, 端午節, Christmas, 農曆初一: ``dates_named.py``) and ranges (這週末, next week, 未來三天: ``dates_ranges.py``,
which also says what each range word is taken to mean), against ``query_time``'s zone; tables: ``day_words.yaml``.

When a text holds several, a written calendar day or a day of a month (11/25, 18號) wins over
a relative one (明天, this weekend), which wins over a festival or a lunar day (今天農曆十五: the
relative word says the day, the festival that falls on it is understood with it); within a rank the first in the text
wins, and of two starting together the longer. A day the month lacks (2025/02/30, "the 31st of November") is a day
word not understood, asked back; a month that is none (2025-13-01) is no date. A day word seen but not understood (月底, next month,
Easter) gives today's hint with ``unrecognised`` set to the word, so the answer can say
which day it is for.
"""

from __future__ import annotations

import re
import functools
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Callable, Iterable, Iterator

from core.understand.coords import fold_width
from core.understand.dates_cjk_weeks import as_chinese_weeks   # 다음주 토요일, 来週の土曜日: 下週六
from core.understand.dates_abroad import abroad_dates, abroad_days, after_now, may_hold_date, slash_day_first, slashed_days
from core.understand.dates_counted import count_after_named_day, counted_days, counted_days_zh, weekday_beside, weekday_in_festival
from core.understand.dates_named import around, festival_days, named_days
from core.understand.dates_unsure import day_parts, unknown_words, unrecognised_days
from core.understand.dates_narrow import agreeing_names, asked_today, narrowest
from core.understand.dates_ranges import (JOIN as _JOIN, JOIN_BEFORE as _JOIN_BEFORE, counted_from, in_the_week, join_range,
                                         range_days)
from core.understand.dates_words import (CASE_TRAPS as _CASE_TRAPS, LETTER as _LETTER, MAX_DAYS, ZH_NUM, Found, Gates,
                                         KeptBy, alternation, clamp_days, month_day_of_year, month_pattern, safe_date,
                                         table, weekday_in_week, written_day, zh_number)
from core.understand.compile_on_first_use import lazy_compile
from core.understand.dates_lunar_vi import vietnamese_sentence
from core.understand.dates_now import mentions_now, mentions_now_folded   # the question asks about now

__all__ = ["DateHint", "parse_date", "parse_date_folded", "mentions_now", "mentions_now_folded"]


@dataclass(frozen=True)
class DateHint:
    """The day (or first day of the days) a question asks about."""

    day: date
    explicit: bool  # the text wrote or named a calendar day (11/25, Nov 25, 18號, 端午節)
    relative: bool  # resolved against query_time (今天, next Monday, 3天後, this weekend ...)
    span: tuple[int, int]  # (start, end) char offsets in the text
    days: int = 1  # how many consecutive days from `day` (a weekend is 2; at most MAX_DAYS)
    unrecognised: str | None = None  # a day word seen but not understood; `day` is then today
    moment: datetime | None = None  # the instant the day is named by (a solar term): another zone's day differs
    weekday: bool = False  # named by its weekday (Saturday, 週六): abroad, that weekday on the place's calendar
    wanted: int = 0  # the days asked when more than `days` holds (未來二十天: 20, cut to 16), else 0
    festival: str = ""  # the named day's id (day_words.yaml festivals) when one named the day as is
    kept: KeptBy | None = None  # whose calendar placed the named day, where places keep it on different dates
    echoes: tuple[tuple[int, int], ...] = ()  # other words naming the same day (臘八 (Laba festival)): understood too
    names: tuple[tuple[int, int], ...] = ()  # of those, the named days agreeing with a day word ("Christmas … today")


# Relative words: (offset, days); the longest spelling wins so 大後天 beats 後天.
_REL_WORDS: dict[str, tuple[int, int]] = {
    str(w).lower(): (v[0], v[1]) if isinstance(v, list) else (int(v), 1) for w, v in table("relative").items()}
# "the day after tmr": the day after any spelling of tomorrow
_REL_WORDS.update({f"{lead}day after {w}": (2, 1) for w, v in list(_REL_WORDS.items()) if v == (1, 1) and w.isascii()
                   and " " not in w for lead in ("", "the ")})

_MONTHS = {m: i for i, names in enumerate(
    [("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
     ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
     ("oct", "october"), ("nov", "november"), ("dec", "december")], start=1) for m in names}
_WEEKDAYS_EN = {d: i for i, d in enumerate(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])}
# Chat abbreviations ("this Sat", "tides thurs"); "sun" only after this/next/on (else it is the Sun), or
# ending a sentence right after what is asked ("low water sun?", "hw sun"; not "tides and sun", "the sun").
_SUN_LAST = lazy_compile(r"(?<![A-Za-z])(?:water|hw|lw|tides?|wind|weather|rain|temps?|forecast|surf)\s+(sun)(?=\s*(?:[?!.]|$))",
                         re.IGNORECASE)
_WEEKDAY_ABBR = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
                 "sat": 5, "sun": 6}
_WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6,
                "1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6}
# Week shift named before a weekday: 下週一 = Monday of next week.
_WEEK_SHIFT = {"下下": 2, "下": 1, "這": 0, "这": 0, "本": 0, "今": 0, "上": -1, "頂": -1, "落": 1,   # Taiwanese 頂/落
               "next": 1, "last": -1, "this": None, "on": None, "coming": None, "": None}

_L, _R = r"(?<![A-Za-zÀ-ÖØ-öø-ɏ])", r"(?![A-Za-zÀ-ÖØ-öø-ɏ])"   # Latin word edges: \b sees none between "問" and "Nov" (both \w)
_MONTH_RE = month_pattern(_MONTHS)   # "del mar 2" is the sea's, not March 2
_ORD = r"(?:st|nd|rd|th)?"

# The digit patterns start by consuming their first digit and check the character before it with a lookbehind
# just after (``\d(?<![\d.]\d)`` is ``(?<![\d.])\d``): starting with a class lets the engine skip at C speed.
_YMD = lazy_compile(r"(\d(?<!\d\d)\d{3})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})(?![\d.])\s*[日號号]?")
# 日/號 may be left out where no unit or range follows (「12月15 基隆潮汐」, 「十二月十五 滿潮」)
_DAY_END = r"(?:\s*[日號号]|(?!\s*[\d.:\-~～到至天點点分度個个歲岁年%]))"
_MD_ZH = lazy_compile(rf"(\d(?<![\d.]\d)(?<!\d年\d)\d?)\s*月\s*(\d{{1,2}}){_DAY_END}")
_MD_SLASH = lazy_compile(r"(\d(?<![\d./]\d)\d?)/(\d{1,2})(?![\d/.])")
_MON_D = lazy_compile(rf"{_L}({_MONTH_RE})\.?\s+(\d{{1,2}}){_ORD}(?![\d.]){_R}(?:,?\s*(\d{{4}})(?!\d))?", re.IGNORECASE)
_D_MON = lazy_compile(rf"(\d(?<![\d.]\d)\d?){_ORD}\s+(?:of\s+)?({_MONTH_RE}){_R}\.?(?:,?\s*(\d{{4}})(?!\d))?", re.IGNORECASE)
# A month's days joined in one run: "Dec 22 to 24", "Dec 22-24", "22-24 Dec", 「12月22到24日」, 「12月22-24日」,
# 「12/22到24」 (the second day written without its month), and a month and day in Chinese numerals (十二月二十五日).
_TO = r"\s*(?:-|–|~|～|to|through|thru|until|till|到|至)\s*"
_MON_D_D = lazy_compile(rf"{_L}({_MONTH_RE})\.?\s+(\d{{1,2}}){_ORD}{_TO}(\d{{1,2}}){_ORD}(?![\d/.:]){_R}", re.IGNORECASE)
_D_D_MON = lazy_compile(rf"(\d(?<![\d./]\d)\d?){_ORD}{_TO}(\d{{1,2}}){_ORD}\s+(?:of\s+)?({_MONTH_RE}){_R}\.?", re.IGNORECASE)
_MD_D_ZH = lazy_compile(rf"(\d(?<![\d.]\d)(?<!\d年\d)\d?)\s*月\s*(\d{{1,2}})\s*[日號号]?{_TO}(\d{{1,2}})\s*[日號号]")
_MD_D_SLASH = lazy_compile(rf"(\d(?<![\d./]\d)\d?)/(\d{{1,2}}){_TO}(\d{{1,2}})(?![\d/.:])")
_ZH_DIGITS = "".join(ZH_NUM) + "\u5eff"   # the Chinese numerals of zh_number, and 廿 (twenty)
_MD_HAN = lazy_compile(rf"(?<![{_ZH_DIGITS}])([{_ZH_DIGITS}]{{1,3}})\s*月\s*([{_ZH_DIGITS}]{{1,4}}){_DAY_END}")


def _month_days(today: date, month: int, first: int, last: int, span: tuple[int, int]) -> Found | None:
    """Return the run of days `first`..`last` of `month`, or None when it is no run (24 to 22)."""
    start = _month_day(today, month, first)
    if start is None or not first < last <= 31 or safe_date(start.year, month, last) is None:
        return None
    return Found(start, True, False, span, last - first + 1)


# Relative words in two regexes: the CJK ones (no boundaries; plain literals, so a C-speed scan)
# and the ASCII ones, only tried on text with a letter. No match of one can overlap the other's.
_REL_SORTED = sorted(_REL_WORDS, key=len, reverse=True)
# Vietnamese day words that are names or words elsewhere (mai: tomorrow, a name in Mai Khao; mốt: the day after),
# read only in a sentence written with Vietnamese letters
_VI_WORDS: dict[str, int] = {str(k): int(v) for k, v in table("relative_vietnamese").items()}
_REL_VI = lazy_compile(_L + "(?:" + "|".join(re.escape(w) for w in _VI_WORDS) + ")" + _R, re.IGNORECASE)
_AF_WORDS: dict[str, int] = {str(k): int(v) for k, v in table("relative_afrikaans")["words"].items()}   # more: tomorrow
_REL_AF = lazy_compile(_L + "(?:" + alternation(_AF_WORDS) + ")" + _R, re.IGNORECASE)
_AF_MARKS = lazy_compile(_L + "(?:" + alternation(table("relative_afrikaans")["marks"]) + ")" + _R, re.IGNORECASE)
_REL_NOT_AFTER: dict[str, str] = {str(k): str(v) for k, v in table("relative_not_after").items()}   # 墨爾本日落
_REL_CJK = lazy_compile("|".join(re.escape(w) for w in _REL_SORTED if not w.isascii()), re.IGNORECASE)
# One pair of boundaries around the whole alternation (the same matches as a pair per word, in the
# same order): a pair per word made this pattern cost 14 ms to compile in every process.
_REL_EN = lazy_compile(_L + "(?:" + "|".join(re.escape(w) for w in _REL_SORTED if w.isascii()) + ")" + _R, re.IGNORECASE)
_N = r"(\d{1,3}|[一二兩两三四五六七八九十]{1,3})"
_OFFSET_ZH = lazy_compile(rf"{_N}\s*(天|日|週間|週|周间|周|星期|個星期|个星期|禮拜|礼拜|個禮拜|个礼拜)\s*(?:之|以)?(後|后|前)")
_OFFSET_EN = lazy_compile(rf"{_L}(?:in\s+(\d{{1,3}})\s+(day|week)s?{_R}"
                        rf"|(?<!\d)(\d{{1,3}})\s+(day|week)s?\s+(later|from now|after|ago|before){_R})", re.IGNORECASE)
# 拜六: Taiwanese Hokkien's Saturday (禮拜六 said short); 「下禮拜拜三」 the week word then the short weekday.
# 「這個禮拜天氣」 is this week's 天氣, not Sunday's 氣 (「禮拜天天氣」, 「星期天氣溫」 are Sunday's).
_WEEKDAY_ZH = lazy_compile(r"(下下|下|這|这|本|今|上|頂|落)?\s*(?:個)?(?:週|周|星期|禮拜拜|礼拜拜|禮拜|礼拜|(?<![禮礼拜])拜)"
                           r"([一二三四五六日1-7]|天(?![氣气](?![溫温象])))")
_WEEKDAY_EN = lazy_compile(rf"{_L}(?:(next|last|this|on|coming)\s+)?({'|'.join(_WEEKDAYS_EN)}"
                           rf"|{'|'.join(sorted(_WEEKDAY_ABBR, key=len, reverse=True))})\.?{_R}", re.IGNORECASE)
# "mon" then a word that is no part of a day: French "my" ("mon vol", "mon fils"), not "mon morning", "mon 7am"
_MON_FRENCH = lazy_compile(r"\s+(?!(?:morning|night|evening|afternoon|arvo|am|pm|and|or|to|thru|through|at|tides?|weather)"
                           r"(?![a-zà-ÿ]))[a-zà-ÿ]{2,}")
_WEEKDAY_ABBR_GATE = lazy_compile(rf"{_L}(?:{'|'.join(_WEEKDAY_ABBR)})")

# Cheap gates: a pattern is only run on text that holds what every one of its matches needs.
_DIGIT = lazy_compile(r"\d")
_WEEK_CHARS = lazy_compile(r"[週周星禮礼拜]")  # first characters of 週 周 星期 禮拜 礼拜 拜


def _needles(words: Iterable[str], needles: tuple[str, ...]) -> re.Pattern[str]:
    """A regex for lower-cased text finding one of ``needles``, which every word must contain."""
    for w in words:
        if not any(n in w.lower() for n in needles):
            raise ValueError(f"no needle in {w!r}")
    return re.compile("|".join(map(re.escape, needles)))


_MONTH_GATE = _needles(_MONTHS, tuple(sorted({m[:3] for m in _MONTHS})))
_REL_EN_GATE = _needles([w for w in _REL_WORDS if w.isascii()],
                        ("day", "tonight", "nite", "this", "tmr", "tmw", "tmo", "tom", "2mo", "morrow", "morra", "arvo", "ytd",
                         "the morn", "the nicht",   # Scots
                         "tian", "kyou", "ashita", "asita", "asatte", "kinou", "oneul", "naeil",   # pinyin: mingtian; romaji, Korean
                         "a-jit", "a jit", "ajit", "na-jit", "chai", "tsai", "chài", "au-jit"))   # romanised Hokkien


@functools.lru_cache(maxsize=4096)  # a pure function of the text; Gates is a tuple
def _gates(work: str) -> Gates:
    digit = _DIGIT.search(work) is not None
    if _LETTER.search(work) is None:
        return Gates(digit, False, False, False, False, None, False)
    if _CASE_TRAPS.search(work) is not None:
        return Gates(digit, digit, True, digit, True, work.lower(), True)
    low = work.lower()
    day = "day" in low
    return Gates(digit, digit and _MONTH_GATE.search(low) is not None, _REL_EN_GATE.search(low) is not None,
                 digit and (day or "week" in low), day or _WEEKDAY_ABBR_GATE.search(low) is not None, low, False)


# The names the tests and older callers use.
_safe_date, _num, _weekday = safe_date, zh_number, weekday_in_week


def _calendar(text: str, today: date, gates: Gates) -> Iterator[Found]:
    if gates.digit:   # ... moved by the words around it ("the day before 15 August", 「12月24日前一天」)
        yield from (around(text, f) for f in _written(text, today, gates))
    if "月" in text:   # 十二月二十五日: a month and day in Chinese numerals
        yield from (Found(_month_day(today, zh_number(m[1]), zh_number(m[2])), True, False, m.span())
                    for m in _MD_HAN.finditer(text) if 1 <= zh_number(m[1]) <= 12)
    if may_hold_date(text, gates):
        yield from abroad_dates(text, today, gates)   # 28.11., 3. Dezember, le 5 décembre, 28/11, primo maggio
    yield from named_days(text, today, gates)


_month_day = month_day_of_year   # the one rule for a month and day written without a year


def _written(text: str, today: date, gates: Gates) -> Iterator[Found]:
    yield from _written_runs(text, today, gates)
    for m in _YMD.finditer(text):
        yield written_day(safe_date(int(m[1]), int(m[2]), int(m[3])), m, today, int(m[3]), 1 <= int(m[2]) <= 12)
    if "月" in text:
        for m in _MD_ZH.finditer(text):
            yield written_day(_month_day(today, int(m[1]), int(m[2])), m, today, int(m[2]), 1 <= int(m[1]) <= 12)
    if "/" in text:   # month first, or day first as Vietnamese writes it (slashed_days: 1/11 is 1 November)
        yield from slashed_days(_MD_SLASH.finditer(text), slash_day_first(text), today)
    if not gates.month:
        return
    # .get: case-insensitive matching also accepts "ſ"/"ı"/"K" forms whose lower() is no table key.
    for m in _MON_D.finditer(text):
        if (month := _MONTHS.get(m[1].lower())) is not None:
            yield written_day(_month_day(today, month, int(m[2]), m[3]), m, today, int(m[2]))
    for m in _D_MON.finditer(text):
        if (month := _MONTHS.get(m[2].lower())) is not None:
            yield written_day(_month_day(today, month, int(m[1]), m[3]), m, today, int(m[1]))


def _written_runs(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield a month's days written as one run (Dec 22 to 24, 12月22-24日, 12/22到24)."""
    runs: list[Found | None] = []
    if "月" in text:
        runs += [_month_days(today, int(m[1]), int(m[2]), int(m[3]), m.span()) for m in _MD_D_ZH.finditer(text)]
    if "/" in text:
        runs += [_month_days(today, int(m[1]), int(m[2]), int(m[3]), m.span()) for m in _MD_D_SLASH.finditer(text)]
    if gates.month:
        runs += [_month_days(today, month, int(m[2]), int(m[3]), m.span()) for m in _MON_D_D.finditer(text)
                 if (month := _MONTHS.get(m[1].lower())) is not None]
        runs += [_month_days(today, month, int(m[1]), int(m[2]), m.span()) for m in _D_D_MON.finditer(text)
                 if (month := _MONTHS.get(m[3].lower())) is not None]
    yield from (run for run in runs if run is not None)


def _relative(text: str, today: date, gates: Gates) -> Iterator[Found]:
    for m in _REL_CJK.finditer(text):
        before = text[m.start() - 1] if m.start() else ""
        if (word := _REL_WORDS.get(m[0].lower())) is not None and not (before and before in _REL_NOT_AFTER.get(m[0], "")) \
                and not (len(m[0]) == 1 and "\uac00" <= before <= "\ud7a3"):   # 낼 (tomorrow) is no end of 보낼 (send)
            yield Found(today + timedelta(days=word[0]), False, True, m.span(), word[1])
    if gates.rel_en:
        for m in _REL_EN.finditer(text):
            if (word := _REL_WORDS.get(m[0].lower())) is not None:
                yield Found(today + timedelta(days=word[0]), False, True, m.span(), word[1])
    if vietnamese_sentence(text):   # "mai Mũi Né có mưa không", "nha trang mai co mua ko": mai (tomorrow) in Vietnamese only
        for m in _REL_VI.finditer(text):
            yield Found(today + timedelta(days=_VI_WORDS[m[0].lower()]), False, True, m.span())
    if _AF_MARKS.search(text) is not None:   # "laagwater in Hermanus more": more (tomorrow) in an Afrikaans sentence
        yield from (Found(today + timedelta(days=_AF_WORDS[m[0].lower()]), False, True, m.span()) for m in _REL_AF.finditer(text))
    if "後" in text or "后" in text or "前" in text:
        for m in _OFFSET_ZH.finditer(text):
            unit = 1 if m[2] in ("天", "日") else 7
            n = zh_number(m[1]) * unit
            yield Found(today + timedelta(days=-n if m[3] == "前" else n), False, True, m.span(),
                        week=m.span() if unit == 7 else None)   # 一個禮拜後: a day, no week's table
    if gates.offset_en:
        for m in _OFFSET_EN.finditer(text):
            if m[1]:
                n = int(m[1]) * (7 if m[2].lower() == "week" else 1)
            else:
                n = int(m[3]) * (7 if m[4].lower() == "week" else 1)
                n = -n if m[5].lower() in ("ago", "before") else n
            yield Found(today + timedelta(days=n), False, True, m.span(), week=m.span())   # "in 2 weeks": a day
    if _WEEK_CHARS.search(text) is not None:
        for m in _WEEKDAY_ZH.finditer(text):
            yield Found(weekday_in_week(today, _WEEKDAYS_ZH[m[2]], _WEEK_SHIFT[m[1] or ""]), False, True, m.span(),
                        weekday=True)
    if gates.weekday_en:
        for m in _WEEKDAY_EN.finditer(text):
            shift, name = (m[1] or "").lower(), m[2].lower()
            if name == "sun" and not shift and not any(w.start(1) == m.start(2) for w in _SUN_LAST.finditer(text)):
                continue   # the Sun, unless written last after what is asked ("kimmeridge low water sun?")
            if name == "sun" and shift == "on" and "sun" in text.lower().replace(m[0].lower(), "", 1):
                yield Found(today, False, True, m.span(), 1, m[0])   # "sunrise on sun": Sunday or the Sun? asked
                continue
            if name == "mon" and not shift and _MON_FRENCH.match(text, m.end()):
                continue   # French "my" before its noun ("mon vol arrive à Casablanca"), no Monday
            weekday = _WEEKDAYS_EN.get(name, _WEEKDAY_ABBR.get(name))
            if shift in _WEEK_SHIFT and weekday is not None:  # a shift of None means "nearest"
                yield Found(weekday_in_week(today, weekday, _WEEK_SHIFT[shift]), False, True, m.span(), weekday=True)
    yield from abroad_days(text, today, gates)
    yield from range_days(text, today, gates)
    yield from counted_days(text, today, gates)   # "Saturday week", "the weekend after next"
    if _WEEK_CHARS.search(text) is not None:
        yield from counted_days_zh(text, today)   # 下週的今天, 兩週後的星期六, 一月的第一個星期六


_TIMES_OF_DAY = frozenset(table("times_of_day_today"))
_NAMED_DAYS_HOLIDAY = frozenset(map(str.lower, table("holiday_of_a_named_day")))   # "the long weekend" beside Seollal


# Tiers, best first: a written calendar day (or a day of a month), a relative one, a festival or lunar day, a part of a day, then a word not understood.
_FINDERS: tuple[Callable[[str, date, Gates], Iterator[Found]], ...] = (_calendar, _relative, festival_days,
                                                                       day_parts, unrecognised_days)


def _best(found: Iterable[Found]) -> Found | None:
    """Return the earliest day word (of two starting together, the longer); impossible days are skipped."""
    best: Found | None = None
    for f in found:
        if f.day is None:
            continue
        if best is None or f.span[0] < best.span[0] or (f.span[0] == best.span[0] and f.span[1] > best.span[1]):
            best = f
    return best


def _parse(work: str, query_time: datetime, gates: Gates) -> DateHint | None:
    try:
        return _parse_days(work, query_time.date(), gates)
    except OverflowError:   # "tomorrow" asked on 9999-12-31: no such day
        return None


@functools.lru_cache(maxsize=4096)  # a pure function of the text and the day; DateHint is frozen
def _parse_days(work: str, today: date, gates: Gates) -> DateHint | None:
    for finder in _FINDERS:
        found = list(finder(work, today, gates))
        best = _best(found)
        if best is None:
            continue
        # 「春節除夕」: the day inside the wider name, the name understood with it
        narrow = narrowest(work, found, best, today) if finder is festival_days and best.festival else best
        wide: tuple[tuple[int, int], ...] = (best.span,) if narrow is not best else ()
        best = narrow
        if best.day is not None and best.day < today and not _JOIN.match(work, best.span[1]):
            # 「昨昏落雨 明仔載會落無」, "it rained yesterday, will it tomorrow?": the day asked is the later one
            best = _best(f for f in found if f.day is not None and f.day >= today and f.span[0] >= best.span[1]) or best
        best = after_now(work, found, best, today)   # "nasa Cebu ako ngayon, ulan ba bukas?": tomorrow
        if (asked := asked_today(work, found, best, today)) is not best:   # "there next week - sunset today?"
            wide, best = wide + (best.span,), asked   # the trip's week read, today asked
        if best.days > 1:   # 「這幾工的潮汐 規禮拜的」: a longer span from the same day, said after, widens it
            best = max((f for f in found if f.day == best.day and f.days > best.days and f.span[0] >= best.span[1]),
                       key=lambda f: f.days, default=best)
        # "flying Sat - weather there this weekend?": the weekend said after the weekday and holding it is asked
        if best.days == 1 and best.weekday and (day := best.day) is not None:
            best = next((f for f in found if f.day is not None and 1 < f.days <= 3 and f.span[0] >= best.span[1]
                         and f.day <= day < f.day + timedelta(days=f.days)), best)
        if finder is _relative:   # "Easter Sunday": a festival holding the weekday is the day meant
            best = next((f for f in festival_days(work, today, gates) if f.day is not None and (
                f.span[0] <= best.span[0] and not work[f.span[1]:best.span[1]].strip() and f.span != best.span
                or best.span[0] < f.span[0] < best.span[1] <= f.span[1]   # "na segunda de carnaval"
                or work[best.span[0]:best.span[1]] in _TIMES_OF_DAY or count_after_named_day(work, f, best))), best)   # 「初一透早」; St Swithin's … 40 days
            best = weekday_in_festival(work, best, festival_days(work, today, gates))   # the Friday of Þjóðhátíð
        if finder is not unrecognised_days:   # "the long weekend", "Christmas holidays": inside a word not understood
            best = next((f for f in unknown_words(work, today, gates) if
                         f.span[0] <= best.span[0] and best.span[1] <= f.span[1] and f.span != best.span), best)
            if (best.unrecognised or "").lower() in _NAMED_DAYS_HOLIDAY and any(festival_days(work, today, gates)):
                continue   # "on seollal, heading there for the long weekend": the named day is the day asked
        week: tuple[tuple[int, int], ...] = ()   # a week word a weekday was read in ("next week … Thursday")
        if best.unrecognised is None:
            def later(pos: int) -> Found | None:   # a day word may take in the blank after the joiner (「부터 星期三」)
                return _best(f for tier in _FINDERS[:3] for f in tier(work, today, gates)
                             if f.span[0] <= pos and not work[f.span[0]:pos].strip())
            best = join_range(work, _range_start(work, best, today, gates, later) or best, later)
            best = counted_from(work, best, later, today)   # "3 days starting tomorrow", 「一週潮汐 從明天開始」
            if finder is _calendar:   # "Sat 12/5": the weekday understood too; "Sat 12/6" (a Sunday) asked
                best, week = weekday_beside(work, best, _relative(work, today, gates))
            if finder is _relative and (best.weekday or best.days > 1):   # a weekday or a week: maybe both
                best, week = in_the_week(work, best, _relative(work, today, gates), later)
            week = (best.week,) if best.week else week   # "Saturday week": its week word is the day's
            week += (best.start,) if best.start else ()
        named = tuple(festival_days(work, today, gates))   # its other mentions, or one naming the same day (「明天植樹節」)
        echoes = wide + week + (names := tuple(f.span for f in named if f.festival == best.festival and f.span != best.span)
                                if best.festival else agreeing_names(work, named, best))
        return DateHint(best.day, best.explicit, best.relative, best.span, clamp_days(best.days),  # type: ignore[arg-type]
                        best.unrecognised, best.moment, best.weekday, best.days if best.days > MAX_DAYS else 0,
                        best.festival, echoes=echoes, names=names)
    return None


def _range_start(work: str, best: Found, today: date, gates: Gates,
                 later: Callable[[int], Found | None]) -> Found | None:
    """Return the range from an earlier day word of a weaker tier joined to `best` (「從端午到禮拜天」,
    "from Easter to Friday": the festival starts it), or None when no day word is joined to it."""
    if best.span[0] == 0 or _JOIN_BEFORE.search(work, 0, best.span[0]) is None:
        return None
    for tier in _FINDERS[:3]:
        for f in tier(work, today, gates):
            joined = _JOIN.match(work, f.span[1]) if f.day is not None and f.span[1] < best.span[0] else None
            if joined is not None and joined.end() == best.span[0]:
                stretched = join_range(work, f, later)
                if stretched.span[1] >= best.span[1]:
                    return stretched
    return None


def parse_date(text: str, query_time: datetime) -> DateHint | None:
    """Return the day ``text`` asks about as a DateHint (span in the original text), or None.

    ``query_time`` should be tz-aware; its own local date is "today".
    """
    return parse_date_folded(fold_width(text), query_time)


def parse_date_folded(work: str, query_time: datetime) -> DateHint | None:
    """Return ``parse_date`` of text already folded by ``fold_width`` (spans are the same)."""
    return _parse(work := as_chinese_weeks(work), query_time, _gates(work))
