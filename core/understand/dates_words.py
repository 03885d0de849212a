"""What every day-word finder shares: the word tables of ``core/data/day_words.yaml``, the
``Found`` record a finder yields, the cheap gates, and small date helpers.

The finders live in ``dates.py`` (written dates, relative words, weekdays, offsets),
``dates_ranges.py`` (weekends, weeks, "the next 3 days", two days joined into a range) and
``dates_named.py`` (a bare day of the month, festivals, lunar dates).
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any, Iterable, Iterator, NamedTuple

from core.data import DATA_DIR, read_yaml
from core.understand.compile_on_first_use import lazy_compile

_TABLE: dict[str, Any] = read_yaml(DATA_DIR / "day_words.yaml")

MAX_DAYS: int = int(_TABLE["max_days"])
FEW_DAYS: int = int(_TABLE["few_days"])
EN_NUMBERS: dict[str, int] = {str(k).lower(): int(v) for k, v in _TABLE["en_numbers"].items()}
ZH_NUM = {"一": 1, "二": 2, "兩": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
          "七": 7, "八": 8, "九": 9, "十": 10}


# Exactly the characters an IGNORECASE ASCII letter can match (A-Z, a-z, İ ı ſ K).
LETTER = lazy_compile(r"[a-z]", re.IGNORECASE)
# Characters that IGNORECASE matches to ASCII letters but lower() does not make ASCII (or makes
# longer): on text without them, lower() then a substring test is an exact necessary condition.
CASE_TRAPS = lazy_compile("[\u0130\u0131\u017f\u212a]")


def table(key: str) -> Any:
    """Return one section of ``core/data/day_words.yaml`` as loaded."""
    return _TABLE[key]


class Found(NamedTuple):
    """One day word a finder saw: the day (None when impossible), how it was said, where, how many days."""

    day: date | None
    explicit: bool          # a calendar day written or named (11/25, 18號, 端午節)
    relative: bool          # counted from today (明天, next Monday, this weekend)
    span: tuple[int, int]
    days: int = 1
    unrecognised: str | None = None
    moment: datetime | None = None   # the instant a day is named by (a solar term), for another zone's day
    weekday: bool = False            # named by its weekday (Saturday, 週六): the place's own Saturday
    festival: str = ""               # the named day's id in day_words.yaml (festivals), where one named it
    week: tuple[int, int] | None = None   # a week word read as part of the day ("a week on Saturday"): no week asked
    start: tuple[int, int] | None = None  # the span's first day written apart from it (「一週潮汐 從明天開始」)


class KeptBy(NamedTuple):
    """Whose calendar placed a named day that places keep on different dates: the country (ISO
    code), its division as the gazetteer names it ("New South Wales"; "" for the whole country),
    whether it was the southern hemisphere's season (the December summer solstice), and whether
    the country's divisions differ with none named (Labour Day in "Australia")."""

    country: str
    division: str = ""
    south: bool = False
    divided: bool = False   # the country's divisions keep it on different days, and none was named: ask which
    none: bool = False      # the place keeps no such day (its clocks never change): ask which day
    other: date | None = None   # 夏至 asked of a southern place: the southern hemisphere's day of that name, said too


class Gates(NamedTuple):
    """Which optional patterns can match the text at all (False only when sure)."""

    digit: bool
    month: bool      # an English month name (and a digit)
    rel_en: bool     # an English relative word
    offset_en: bool  # "day"/"week"/"fortnight" and a digit or a number word
    weekday_en: bool  # "day", or a weekday's abbreviation (sat, thurs)
    low: str | None  # the lower-cased text when it holds an ASCII letter, else None
    traps: bool      # case-fold lookalikes present: lower() is no exact test, try every English pattern

    def en(self, *needles: str) -> bool:
        """True when an English pattern needing one of ``needles`` can match."""
        low = self.low
        if low is None:
            return False
        if self.traps:
            return True
        for needle in needles:  # a plain loop: any() over a generator costs more than the scans
            if needle in low:
                return True
        return False


def clamp_days(n: int) -> int:
    """Return ``n`` kept within 1..MAX_DAYS (a range longer than the forecast is cut)."""
    return max(1, min(MAX_DAYS, n))


def safe_date(y: int, m: int, d: int) -> date | None:
    """Return the date, or None when it does not exist (2025/02/30, year 0)."""
    try:
        return date(y, m, d)
    except ValueError:
        return None


def zh_number(token: str) -> int:
    """Return an Arabic or small Chinese number as int: 3, 三, 十, 十五, 二十, 二十一, 廿三."""
    if token.isdigit():
        return int(token)
    token = token.replace("廿", "二十")
    if "十" not in token:
        return ZH_NUM.get(token, 0)
    tens, _, ones = token.partition("十")
    return ZH_NUM.get(tens, 1) * 10 + ZH_NUM.get(ones, 0)


def number_word(token: str) -> int:
    """Return a count said in digits, Chinese or English words (3, 三, three, a few); 0 when unknown."""
    token = token.strip().lower()
    if token in ("幾", "几"):
        return FEW_DAYS
    if token.isdigit():
        return int(token)
    if token in EN_NUMBERS:
        return EN_NUMBERS[token]
    return zh_number(token)


def weekday_in_week(today: date, target: int, shift: int | None) -> date:
    """Return a weekday: ``shift`` weeks from this (Mon-start) week, or the next one on/after today."""
    if shift is None:
        return today + timedelta(days=(target - today.weekday()) % 7)
    monday = today - timedelta(days=today.weekday())
    return monday + timedelta(weeks=shift, days=target)


ROLL_AFTER_DAYS = 183


def month_day_of_year(today: date, month: int, day: int, year: str | None = None) -> date | None:
    """Return the day a month and day without a year mean: this year's, or next year's when this year's is
    over half a year gone (1/1 asked on 12/19 is the coming New Year's Day; 11/30 asked then is last month's)."""
    if year:
        return safe_date(int(year), month, day)
    this = safe_date(today.year, month, day)
    if this is not None and (today - this).days > ROLL_AFTER_DAYS:
        return safe_date(today.year + 1, month, day) or this
    return this


def month_day(today: date, day: int, month_shift: int | None) -> date | None:
    """Return day ``day`` of the month ``month_shift`` months from today's, or — with no shift —
    of this month when it is today or later, else of the next month that has it."""
    shift = 0 if month_shift is None else month_shift
    for extra in range(0, 3 if month_shift is None else 1):
        months = today.year * 12 + today.month - 1 + shift + extra
        found = safe_date(months // 12, months % 12 + 1, day)
        if found is not None and (month_shift is not None or found >= today):
            return found
    return None


def alternation(words: Iterable[str]) -> str:
    """Return a regex alternation of ``words``, longest first (so 除夕夜 beats 除夕)."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


def month_pattern(months: Iterable[str]) -> str:
    """Return the alternation of the English month words (longest first), "mar" not after a Romance article: "del
    mar 2", "do mar 2 dias" are the sea's ("temperatura del mar 2 de mayo" was read as March 2), not March."""
    guard = "".join(rf"(?<!\b{re.escape(str(w))} )" for w in table("sea_before_mar"))
    return "|".join(guard + m if m == "mar" else re.escape(m) for m in sorted(set(months), key=len, reverse=True))


def latin(word: str) -> bool:
    """True when ``word`` holds a Latin letter (found by `WordFinder` on the lower-cased text:
    "Dreikönigstag", "Noël" as well as "Easter"); else it is matched as written (端午節)."""
    return re.search(r"[A-Za-z]", word) is not None


def needles(words: Iterable[str]) -> tuple[str, ...]:
    """Return few lower-case pieces, one inside each of ``words``, so a text holding none of them
    holds none of the words (a cheap gate before the regex): each word's piece is its token shared
    by most of the words ("day" for "Boxing Day" and "Canada Day")."""
    tokens = [[t for t in re.split(r"[^\w]+", w.lower()) if len(t) >= 3] or [w.lower()] for w in words]
    shared: dict[str, int] = {}
    for toks in tokens:
        for tok in set(toks):
            shared[tok] = shared.get(tok, 0) + 1
    return tuple(sorted({max(toks, key=lambda t: (shared[t], len(t))) for toks in tokens}))


class WordFinder:
    """English words with ASCII word edges (CJK letters are \\w too, so no \\b), found fast: on the
    lower-cased text by a case-sensitive alternation, whose first letters the regex engine scans
    for at C speed; only text with case-fold lookalikes takes the slower case-insensitive one."""

    def __init__(self, words: Iterable[str]) -> None:
        alt = alternation({w.lower() for w in words})
        self._low = re.compile(rf"(?<![a-z])(?:{alt})(?![a-z])")
        self._any = re.compile(rf"(?<![A-Za-z])(?:{alt})(?![A-Za-z])", re.IGNORECASE)

    def finditer(self, text: str, gates: Gates) -> Iterator[tuple[tuple[int, int], str]]:
        """Yield (span, word as written) of each word in ``text``."""
        if gates.low is None:
            return
        if gates.traps:
            for m in self._any.finditer(text):
                yield m.span(), m[0]
            return
        for m in self._low.finditer(gates.low):
            yield m.span(), text[m.start():m.end()]


# A year written beside a named day (Christmas 2027, 2027年聖誕節, Emperor's Birthday 2027), or counted from this one
# ("Christmas next year", 「明年聖誕節」, "the first night of Hanukkah next year"): that year's day.
_YEAR_AFTER = lazy_compile(r"\s*[,，]?\s*(?:in\s+|of\s+)?(?:((?:19|20)\d\d)(?![\d.:/-])(?:\s*年)?|(next|this|last)\s+year\b)",
                           re.IGNORECASE)
_YEAR_BEFORE = lazy_compile(r"(?:(?<![\d.:/-])((?:19|20)\d\d)|(明年|今年|去年|next\s+year|this\s+year|last\s+year))\s*"
                            r"(?:年\s*(?:的\s*)?|的\s*|'s\s+)?$", re.IGNORECASE)
_YEARS_ON = {"next": 1, "明年": 1, "this": 0, "今年": 0, "last": -1, "去年": -1}


def year_beside(text: str, span: tuple[int, int], this_year: int) -> tuple[int, tuple[int, int]]:
    """Return the year written just before or after the named day at ``span`` (0 when none) and the
    span over both: "Christmas 2027", "2027年聖誕節", "first sunrise of 2027", "Christmas next year" (``this_year`` + 1)."""
    after = _YEAR_AFTER.match(text, span[1])
    before = None if after is not None else _YEAR_BEFORE.search(text, 0, span[0])
    found = after or before
    if found is None:
        return 0, span
    year = int(found[1]) if found[1] else this_year + _YEARS_ON[found[2].split()[0].lower()]
    return year, ((span[0], found.end()) if after is not None else (found.start(), span[1]))


_NO_SUCH_DAY_MAX = 31   # a day number up to this, written with its month, is a day meant even where the month lacks it


def written_day(day: date | None, m: re.Match[str], today: date, number: int, month_ok: bool = True) -> Found:
    """Return the written day, or — for a day the month does not have ("the 31st of November", "Feb 30",
    「2月30日」) — a day word not understood, today with the words kept, so that the bot asks which day
    instead of answering another one (``number``: the day's number as written)."""
    ordinal = re.search(r"\d(?:st|nd|rd|th)", m[0], re.IGNORECASE) is not None   # "the 32nd of December" is meant as a day
    if day is None and month_ok and 1 <= number and (number <= _NO_SUCH_DAY_MAX or ordinal):
        return Found(today, False, True, m.span(), 1, m[0].strip())
    return Found(day, True, False, m.span())
