"""Spans of days a code request names in words the day reader leaves to us: a month, a year, the past
N days, two dates. The word tables are data (core/data/code_templates/compose.yaml `spans`)."""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from core.data import DATA_DIR, read_yaml

_ISO_RE = re.compile(r"(?<!\d)((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})(?!\d)")
_YEAR_MONTH_RE = re.compile(r"(?<!\d)((?:19|20)\d{2})\s*(?:年|/|-)\s*(\d{1,2})\s*(?:月)?(?![\d/-]|\s*[日號])")
# a month written with its number in Chinese, Japanese or Korean (「1月」, 「1월」), not a day of it (1月5日, 1월 5일)
_MONTH_ZH_RE = re.compile(r"(?<![\d年년/.-])(\d{1,2})\s*(?:月|월)(?!\s*\d|[日號份일])")
# A month written with a Chinese numeral (三月, 十二月): the month, as 3月 is, not three months of days (三個月).
_MONTH_ZH_WORD_RE = re.compile(r"(?<![\d個个幾几兩两零〇十百千每])(十[一二]?|[一二三四五六七八九])月(?![日號份])")
_ZH_NUMBER = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "十一": 11, "十二": 12}
# (a full stop after it ends the sentence: "for the whole of 2028."; a decimal point does not)
_YEAR_RE = re.compile(r"(?<![\d.-])((?:19|20)\d{2})(?![\d:/-]|\.\d|\s*年\s*\d|\s*[/-]\s*\d)")
# English words a boundary needs around them (Chinese ones are matched as they are).
_ASCII_BOUNDARY = r"(?:(?<![A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<=[A-Za-z0-9_])(?![A-Za-z0-9_]))"


@dataclass(frozen=True)
class Span:
    """First and last day (both included) a question names; `past` when counted back from today."""

    start: date
    end: date
    past: bool = False
    counted: bool = False   # "two weeks of SST": N days, their direction the variable's (see code_ask)


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace(r"\b", _ASCII_BOUNDARY), re.I)


@lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    data = read_yaml(DATA_DIR / "code_templates" / "compose.yaml")
    spans = {name: [_compile(p) for p in pats] for name, pats in data["spans"].items()}
    numbers = {str(k).lower(): float(v) for k, v in data["numbers"].items()}
    units = {str(k).lower(): int(v) for k, v in data["units"].items()}
    num = "|".join(sorted((re.escape(n) for n in numbers), key=len, reverse=True))
    unit = "|".join(sorted((re.escape(u) for u in units), key=len, reverse=True))
    count = rf"(\d+|{num})(?:\s*|-)(?:個)?\s*({unit})s?(?![a-z])"   # "7 days", "7-day", 「三個月」
    past = "|".join(p.pattern for p in spans["past"])
    future = "|".join(p.pattern for p in spans["future"])
    return {"spans": spans, "numbers": numbers, "units": units,
            "months": [(str(m).lower(), i + 1) for i, m in enumerate(data["months_en"])]
            + [(str(m).lower(), int(n)) for m, n in data.get("months_abroad", {}).items()],
            "months_short": _short_months(data["months_short"]),
            "past_n": re.compile(rf"(?:{past})\s*(?:the\s+)?{count}", re.I),
            "future_n": re.compile(rf"(?:{future})\s*(?:the\s+)?{count}", re.I),
            # A bare count ("兩週的海溫", "a week of tides"), not an offset ("3 天後", "in 3 days", "2 weeks ago").
            # nor a school year's name ("a Year 10 class": a count's unit has no number after it)
            "count_n": re.compile(rf"(?<![A-Za-z\d.])(?!(?:19|20)\d\d){count}(?!\s*(?:後|前|以後|之後|later|ago|from now|\d))", re.I)}


def _short_months(spellings: list[list[str]]) -> tuple[re.Pattern[str], dict[str, int]]:
    """The shortened months ("dec 2026", "for jan", "sept.") as one pattern whose group `m` is the month's word,
    and each word's month number: a month only with a year after it or a word before it that names a time (in,
    for, of, during …), never with a day number after it."""
    number = {str(word).lower(): i + 1 for i, names in enumerate(spellings) for word in names}
    words = "|".join(sorted(map(re.escape, number), key=len, reverse=True))
    day_after = r"(?!\.?\s*\d{1,2}(?:st|nd|rd|th)?(?![\d:]))"
    year_after = r"(?=\.?,?\s*(?:19|20)\d{2}(?!\d))"
    not_sea = r"(?<!del )(?<!do )(?<!da )(?<!de )"   # "temperatura del mar 2027": the sea, not March
    before = r"\b(?:in|for|of|during|through|over|from|all)\s+"
    pattern = rf"(?:{before}(?P<m>{words})\.?(?![a-z]){day_after}|{not_sea}\b(?P<y>{words})(?![a-z]){year_after})"
    return re.compile(pattern, re.I), number


def _year_of(query: str, today: date, month: int, ahead: bool) -> int:
    """The year of a month named: the one written, else this year's, or next year's for forecast data once
    half a year or more has gone since the month (the day reader's rule for a date without a year)."""
    year = _YEAR_RE.search(query)
    if year:
        return int(year.group(1))
    return today.year + 1 if ahead and today.month - month >= 6 else today.year


def _month(year: int, month: int) -> Span | None:
    if not 1 <= month <= 12:
        return None
    return Span(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))


def _year(year: int) -> Span:
    return Span(date(year, 1, 1), date(year, 12, 31))


def _shift_month(today: date, months: int) -> Span | None:
    index = today.year * 12 + today.month - 1 + months
    return _month(index // 12, index % 12 + 1)


def _count(match: re.Match[str]) -> int:
    words = _words()
    raw = match.group(1).lower()
    n = float(raw) if raw.isdigit() else words["numbers"].get(raw, 1.0)
    return max(1, round(n * words["units"][match.group(2).lower()]))


def _has(name: str, query: str) -> bool:
    return any(p.search(query) for p in _words()["spans"][name])


def named_span(query: str, today: date, ahead: bool = False) -> Span | None:
    """Return the span of days `query` names as two dates, a month, a year, a week or the past/next
    N days; None when it names none of these (a single day is the day reader's). A month named without
    its year is this year's, or with `ahead` (data that are forecast, not observed) next year's once
    half a year or more has gone since it ("for jan" asked in November)."""
    query = _MONTH_ZH_WORD_RE.sub(lambda m: f"{_ZH_NUMBER[m.group(1)]}月", query)
    isos = [d for d in (_safe(*map(int, m.groups())) for m in _ISO_RE.finditer(query)) if d]
    if len(isos) >= 2:
        return Span(min(isos), max(isos))
    ranged = _range(query, today, ahead) if not isos else None
    if ranged is not None:
        return ranged
    found = _YEAR_MONTH_RE.search(query)
    if found and not isos:
        return _month(int(found.group(1)), int(found.group(2)))
    found = _MONTH_ZH_RE.search(query)
    if found and not isos:
        return _month(_year_of(query, today, int(found.group(1)), ahead), int(found.group(1)))
    lower = query.lower()
    for name, number in _words()["months"]:
        # "January 5" is a day (the day reader's); "January 2027" is a month of a year; "may" is read
        # with the shortened months below ("may I have …" is no month)
        if name != "may" and re.search(rf"\b{name}\b(?!\s*\d{{1,2}}(?!\d))", lower) and not isos \
                and not _day_of_month(lower):
            return _month(_year_of(query, today, number, ahead), number)
    short = _words()["months_short"][0].search(lower)
    if short and not isos and not _day_of_month(lower):
        month = _words()["months_short"][1][(short.group("m") or short.group("y")).lower()]
        return _month(_year_of(query, today, month, ahead), month)
    for name, months in (("this_month", 0), ("next_month", 1), ("last_month", -1)):
        if _has(name, query):
            return _shift_month(today, months)
    for pattern in _words()["spans"]["past_one"]:   # "over the past month": that many days back from today
        if (one := pattern.search(query)) is not None:
            n = _words()["units"][one.group(1).lower()]
            return Span(today - timedelta(days=n), today - timedelta(days=1), past=True)
    found = _words()["past_n"].search(query)
    if found:
        n = _count(found)
        return Span(today - timedelta(days=n), today - timedelta(days=1), past=True)
    found = _words()["future_n"].search(query)
    if found:
        return Span(today, today + timedelta(days=_count(found) - 1))
    found = _words()["count_n"].search(query)
    if found and not re.search(r"\bin\s*$", query[:found.start()], re.I):
        return Span(today, today + timedelta(days=_count(found) - 1), counted=True)
    found = _YEAR_RE.search(query)
    if _has("rest_of_year", query):   # "the rest of 2028": from today to the year's last day
        return Span(today, date(int(found.group(1)) if found else today.year, 12, 31))
    if found and not isos and not _day_of_month(lower):   # "January 15th 2027" is one day, not the year
        return _year(int(found.group(1)))
    for name, years in (("this_year", 0), ("next_year", 1), ("last_year", -1)):
        if _has(name, query):
            return _year(today.year + years)
    if _has("whole_year", query):   # a year of days with no year named: 365 of them (past ones for SST)
        return Span(today, today + timedelta(days=364), counted=True)
    if _has("this_week", query):
        monday = today - timedelta(days=today.weekday())
        return Span(monday, monday + timedelta(days=6))
    if _has("the_day", query) or _has("latest", query):   # the latest: today, or the last day there are data for
        return Span(today, today)
    return None


@lru_cache(maxsize=1)
def _range_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The patterns of a span from one month to another ("July to September", "de julio a septiembre"), of the same
    with the months' numbers (「7到9月」, 「2027年7月到9月」), from one day of a month to another ("1 novembre 2026
    al 31 ottobre 2027"), and between two days of one month ("del 1 al 15 de diciembre"): groups d1 m1 y1 d2 m2 y2,
    the years (and a month written once) optional."""
    data = read_yaml(DATA_DIR / "code_templates" / "compose.yaml")
    joiners = "|".join(sorted((re.escape(str(j)) for j in data["spans"]["range_joiners"]), key=len, reverse=True))
    months = "|".join(sorted((re.escape(name) for name in _range_months()), key=len, reverse=True))
    join = rf"\s*(?:{joiners})\s*(?:the\s+|el\s+|le\s+|il\s+|de\s+)?"
    year = r"(?:\s*,?\s*(?:de\s+|del\s+)?(?P<{}>(?:19|20)\d{{2}})(?!\d))?"
    named = rf"(?<![a-z])(?P<m1>{months}){year.format('y1')}{join}(?P<m2>{months})(?![a-z]){year.format('y2')}"
    numbered = r"(?:(?P<y1>(?:19|20)\d{2})\s*年\s*)?(?<!\d)(?P<m1>\d{1,2})\s*月?\s*(?:到|至|~|～|-|–)\s*(?P<m2>\d{1,2})\s*月(?![\d日號])"
    day = r"(?P<{d}>\d{{1,2}})(?:st|nd|rd|th|er|º)?\s+(?:de\s+)?(?P<{m}>{months})(?![a-z])"
    days = (rf"(?<!\d){day.format(d='d1', m='m1', months=months)}{year.format('y1')}{join}"
            rf"{day.format(d='d2', m='m2', months=months)}{year.format('y2')}")
    within = (rf"(?<![\d.:/-])(?P<d1>\d{{1,2}})(?:st|nd|rd|th|er|º|\.)?{join}{_WEEKDAY}(?P<d2>\d{{1,2}})(?:st|nd|rd|th|º|\.)?\s+(?:de\s+)?"
              rf"(?P<m2>{months})(?![a-z]){year.format('y2')}")
    return re.compile(named, re.I), re.compile(numbered), re.compile(days, re.I), re.compile(within, re.I)


# A weekday written before a range's second day ("Mon 20 – Sun 26 March"): the day's name, not a word between.
_WEEKDAY = r"(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\.?,?\s+)?"


def _range_months() -> dict[str, int]:
    """The month names a range reads, each with its number: the day reader's and, between two months, the bare
    words a month shares with everyday ones elsewhere ("de mars à mai": French March and May)."""
    names = {name: n for name, n in _words()["months"]}
    # ... and the shortened ones, a month only between two ("Jun–Aug 2027", "Jan 2027 through Feb 2028")
    return {**_words()["months_short"][1], **{name.split()[-1]: n for name, n in names.items() if " " in name}, **names}


def _range(query: str, today: date, ahead: bool) -> Span | None:
    """Return the span from one month (or one day of a month) to another that `query` names, else None. A year
    written at either end is both's unless each has its own; an end month before the first is the next year's."""
    number = _range_months()
    named, numbered, days, within = _range_patterns()
    for pattern, with_days in ((days, True), (within, True), (named, False), (numbered, False)):
        found = pattern.search(query)
        if found is None:
            continue
        g = {k: v for k, v in found.groupdict().items() if v}
        g.setdefault("m1", g["m2"])   # "del 1 al 15 de diciembre": both days of December
        m1, m2 = (int(g[k]) if g[k].isdigit() else number[g[k].lower()] for k in ("m1", "m2"))
        if not (1 <= m1 <= 12 and 1 <= m2 <= 12):
            continue
        y1 = int(g["y1"]) if "y1" in g else int(g["y2"]) - (m2 < m1) if "y2" in g else _year_of(query, today, m1, ahead)
        y2 = int(g["y2"]) if "y2" in g else y1 + (m2 < m1)
        first = _safe(y1, m1, int(g["d1"])) if with_days else date(y1, m1, 1)
        last = _safe(y2, m2, int(g["d2"])) if with_days else date(y2, m2, calendar.monthrange(y2, m2)[1])
        if first is not None and last is not None and first <= last:
            return Span(first, last)
    return None


def _day_of_month(lower: str) -> bool:
    """True when a month's name is written with a day number ("January 15th", "3 March", "5 de enero")."""
    months = "|".join(name for name, _ in _words()["months"])
    return re.search(rf"\b(?:{months})\b\s*\d{{1,2}}(?!\d)|(?<!\d)\d{{1,2}}(?:st|nd|rd|th|º|ª|er)?\s+(?:de\s+)?(?:{months})\b",
                     lower) is not None


def _safe(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None
