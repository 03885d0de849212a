"""A day counted from another day word, as people write it in English: "a week on Saturday", "Saturday week",
"tomorrow week", "a week today", "a fortnight on Friday" (7 or 14 days after that day), "the Saturday after next",
"the weekend after next" (the coming one's, a week on), "this time next week", and the nth weekday or weekend of a
month ("the first Sunday of January", "the last weekend in March"); in Chinese, 下週的今天, 兩週後的星期六,
一月的第一個星期六, 下個月最後一個禮拜天 (`counted_zh` in ``core/data/day_words.yaml``). Each is one day (or a
weekend's two), its week word part of the day, not a week's table. Found in the relative tier (dates.py).
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Iterator

from core.understand.compile_on_first_use import lazy_compile
from core.understand.dates_words import (Found, Gates, alternation, month_day, month_day_of_year, table, weekday_in_week,
                                         zh_number)

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAYS = {**{d: i for i, d in enumerate(_WEEKDAYS)}, "today": -1, "tonight": -1, "tomorrow": -2}
_DAY = "|".join(_DAYS)
_WEEKDAY = "|".join(_WEEKDAYS)
_SPAN = {"week": 7, "fortnight": 14}
_L, _R = r"(?<![A-Za-z])", r"(?![A-Za-z'])"
_ON = lazy_compile(rf"{_L}an?\s+(week|fortnight)\s+(?:(?:on|from)\s+(?:this\s+|next\s+)?)?({_DAY}){_R}", re.IGNORECASE)
_AFTER = lazy_compile(rf"{_L}({_DAY})\s+(week|fortnight){_R}", re.IGNORECASE)
_AFTER_NEXT = lazy_compile(rf"{_L}the\s+({_WEEKDAY}|weekend)\s+after\s+next{_R}", re.IGNORECASE)
_THIS_TIME = lazy_compile(rf"{_L}this\s+time\s+(tomorrow|next\s+week){_R}", re.IGNORECASE)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1}
_NTH_OF = lazy_compile(rf"{_L}(?:the\s+)?({'|'.join(_NTH)})\s+({_WEEKDAY}|weekend)\s+(?:of|in)\s+"
                       rf"({'|'.join(_MONTHS)}|{'|'.join(m[:3] for m in _MONTHS)}){_R}", re.IGNORECASE)
_NEEDLES = ("week", "fortnight", "after next", "this time", " of ", " in ")
_ABBR = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6}
_WEEKDAY_ANY = "|".join(sorted((*_WEEKDAYS, *_ABBR), key=len, reverse=True))
# "Sunday 6th", "Sat the 5th": a weekday and a day of the month written together
_WEEKDAY_NTH = lazy_compile(rf"{_L}(?:(?:on|this|next)\s+)?({_WEEKDAY_ANY})\.?,?\s+(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th){_R}",
                            re.IGNORECASE)
_BETWEEN = lazy_compile(r"[\s,(（]*(?:the\s+|on\s+)?$", re.IGNORECASE)
# a day written with a slash, which half is the month not said (8/11: 11 August, or 8 November where the day comes first)
_SLASHED = lazy_compile(r"\(?(\d{1,2})/(\d{1,2})\)?")


def _day(word: str, today: date) -> date:
    """Return the day a day word names: the coming weekday (today's own), today or tomorrow."""
    n = _DAYS[word.lower()]
    return today + timedelta(days=-1 - n) if n < 0 else weekday_in_week(today, n, None)


def _weekday_number(word: str) -> int:
    """Return the weekday (Monday 0) a weekday's name or chat abbreviation names."""
    word = word.lower()
    return _WEEKDAYS.index(word) if word in _WEEKDAYS else _ABBR[word]


def weekday_beside(text: str, best: Found, found: Iterator[Found]) -> tuple[Found, tuple[tuple[int, int], ...]]:
    """Return a calendar day with the weekday written right before it understood too ("Sat 12/5": its span), or a
    day word not understood when that weekday is not the day's ("Sat 12/6" when Dec 6 is a Sunday: asked)."""
    if best.day is None or best.days != 1 or not best.explicit:
        return best, ()
    for f in found:
        if not f.weekday or f.day is None or not (f.span[1] <= best.span[0] and
                                                 _BETWEEN.match(text[f.span[1]:best.span[0]]) is not None):
            continue
        if f.day.weekday() == best.day.weekday():
            return best, (f.span,)
        # "segunda (8/11)", "thứ Bảy 6/11": the weekday tells the day was written first (8 November is a Monday)
        if (swapped := _day_first(text[best.span[0]:best.span[1]], best.day)) is not None \
                and swapped.weekday() == f.day.weekday():
            return best._replace(day=swapped), (f.span,)
        return Found(best.day, False, True, (f.span[0], best.span[1]), 1, text[f.span[0]:best.span[1]]), ()
    return best, ()


def _day_first(written: str, read: date) -> date | None:
    """Return the day a slashed month/day (`read` from `written`) means read day first (8/11: 8 November), or None
    when it is no such pair or the swap is no day."""
    m = _SLASHED.fullmatch(written.strip())
    if m is None or m[1] == m[2] or int(m[2]) > 12:
        return None
    return month_day_of_year(read - timedelta(days=1), int(m[2]), int(m[1])) if int(m[1]) == read.month else None


def _nth(today: date, month: int, weekday: int, nth: int) -> date | None:
    """Return the nth (or last, -1) `weekday` of `month` in the year a month named without one means."""
    first = month_day_of_year(today, month, 1)
    if first is None:
        return None
    if nth > 0:
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))
    last = date(first.year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def counted_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield the days counted from another day word in ``text`` (see the module doc)."""
    if gates.low is None or not (gates.traps or gates.digit or any(n in gates.low for n in _NEEDLES)):
        return
    for m in _ON.finditer(text):
        yield Found(_day(m[2], today) + timedelta(days=_SPAN[m[1].lower()]), False, True, m.span(), week=m.span(1))
    for m in _AFTER.finditer(text):
        yield Found(_day(m[1], today) + timedelta(days=_SPAN[m[2].lower()]), False, True, m.span(), week=m.span(2))
    for m in _AFTER_NEXT.finditer(text):
        word = m[1].lower()
        target = 5 if word == "weekend" else _WEEKDAYS.index(word)
        coming = weekday_in_week(today + timedelta(days=1), target, None)   # the coming one, then a week on
        yield Found(coming + timedelta(days=7), False, True, m.span(), 2 if word == "weekend" else 1, week=m.span())
    for m in _THIS_TIME.finditer(text):
        yield Found(today + timedelta(days=1 if m[1].lower() == "tomorrow" else 7), False, True, m.span(), week=m.span())
    if gates.digit:
        for m in _WEEKDAY_NTH.finditer(text):
            day, weekday = month_day(today, int(m[2]), None), _weekday_number(m[1])
            yield Found(day, True, False, m.span()) if day is not None and day.weekday() == weekday else \
                Found(today, False, True, m.span(), 1, m[0])   # "Sunday 5th" when the 5th is a Saturday: asked
    for m in _NTH_OF.finditer(text):
        word, month = m[2].lower(), next(i for i, name in enumerate(_MONTHS, 1) if name.startswith(m[3].lower()))
        found = _nth(today, month, 5 if word == "weekend" else _WEEKDAYS.index(word), _NTH[m[1].lower()])
        yield Found(found, True, False, m.span(), 2 if word == "weekend" else 1, week=m.span())


_ZH: dict[str, object] = table("counted_zh")
_SAME_DAY: dict[str, int] = {str(k): int(v) for k, v in _ZH["same_day"].items()}   # type: ignore[attr-defined]
_SAME_DAY_ZH = lazy_compile(alternation(_SAME_DAY))
_WEEKS_THEN = lazy_compile(str(_ZH["weeks_then_weekday"]))
_NTH_OF_ZH = lazy_compile(str(_ZH["nth_of_month"]))
_ZH_WEEKDAYS: dict[str, int] = {str(k): int(v) for k, v in _ZH["weekdays"].items()}   # type: ignore[attr-defined]
_ZH_SHIFT: dict[str, int] = {str(k): int(v) for k, v in _ZH["month_shift"].items()}   # type: ignore[attr-defined]


def counted_days_zh(text: str, today: date) -> Iterator[Found]:
    """Yield the days counted from another day word written in Chinese (see the module doc)."""
    for m in _SAME_DAY_ZH.finditer(text):
        yield Found(today + timedelta(days=_SAME_DAY[m[0]]), False, True, m.span(), week=m.span())
    for m in _WEEKS_THEN.finditer(text):
        weeks = zh_number(m["n"])
        if 0 < weeks < 60:
            yield Found(weekday_in_week(today, _ZH_WEEKDAYS[m["weekday"]], weeks), False, True, m.span(), week=m.span())
    for m in _NTH_OF_ZH.finditer(text):
        if m["month"]:
            month = zh_number(m["month"])
        else:
            shifted = today.year * 12 + today.month - 1 + _ZH_SHIFT[m["shift"]]
            month = shifted % 12 + 1
        nth = -1 if m["last"] else zh_number(m["nth"])
        if 1 <= month <= 12 and nth:
            day = _nth(today, month, _ZH_WEEKDAYS[m["weekday"]], nth)
            yield Found(day, True, False, m.span(), week=m.span())


# A count of days asked as a span: said after one of these words ("the next 10 days", "for 3 days", "over 5 days")
_SPAN_ASKED = lazy_compile(r"(?:next|coming|following|for|over|within|in|upcoming|these|those|the)\s*$", re.IGNORECASE)
_BARE_COUNT = lazy_compile(r"\d+\s*days?(?:\s+of)?$", re.IGNORECASE)   # "40 days", "40 days of (it)"


def count_after_named_day(text: str, named: Found, count: Found) -> bool:
    """True when `count` is a bare count of days ("40 days") written after the named day `named` with no word asking a
    span before it: a remark on the day ("St Swithin's day … 40 days of it if so"), the named day being asked."""
    start, end = count.span
    return (bool(named.festival) and named.span[1] <= start and count.days > 1 and _BARE_COUNT.match(text, start, end)
            is not None and _SPAN_ASKED.search(text, 0, start) is None)


# What stands between a weekday and the festival it falls in ("the Friday of Þjóðhátíð", "á föstudeginum á Þjóðhátíð",
# "le samedi de la Fête", "am Samstag vom Kieler Woche")
# (s23: Dutch "van", Italian "di", "dell'", "della", Portuguese "da")
_OF_FESTIVAL = lazy_compile(r"\s*(?:(?:of|at|during|on|over|in|á|a|à|de|du|des|del|della|di|da|van|von|vom|am|im|op|på|i|um)"
                            r"\s+|(?:dell|d)['\u2019])?(?:the\s+|la\s+|le\s+|el\s+|der\s+|die\s+|das\s+|de\s+)?", re.IGNORECASE)


# 「復活節嗰個禮拜日」, 「復活節星期日」, 「イースターの日曜日」: what joins a festival to its own weekday written after it
_FESTIVAL_THEN_WEEKDAY = lazy_compile(r"\s*(?:的|嘅|嗰個|嗰个|嗰|那個|那个|那天|那|當天|当天|這個|这个|這|这|の|\s)?\s*")


def weekday_in_festival(text: str, best: Found, festivals: Iterator[Found]) -> Found:
    """Return the day a weekday names inside a festival written right after it ("on the Friday of Þjóðhátíð": that
    festival's Friday, not this week's; "jeudi de l'Ascension"), or of a festival written right before it that falls on that
    weekday (「復活節嗰個禮拜日」: Easter's Sunday, not this week's), with the festival's name; else `best` unchanged."""
    if not best.weekday or best.day is None:
        return best
    named = tuple(festivals)
    for f in named:   # the weekday only says the festival's own day again
        if f.day is not None and f.span[1] <= best.span[0] and f.day.weekday() == best.day.weekday() \
                and _FESTIVAL_THEN_WEEKDAY.fullmatch(text[f.span[1]:best.span[0]]) is not None:
            return best._replace(day=f.day, explicit=True, relative=False, span=(f.span[0], best.span[1]),
                                 festival=f.festival)
    for f in named:
        gap = text[best.span[1]:f.span[0]]
        # (s23) a one-day festival too: its own day when it falls on that weekday ("jeudi de l'Ascension", "Donnerstag
        # Christi Himmelfahrt"), else that weekday in the days after it, as Europe names a bridge day ("vendredi de
        # l'Ascension": the Friday after), never this week's
        if f.day is None or f.span[0] < best.span[1] or _OF_FESTIVAL.fullmatch(gap) is None:
            continue
        days = (f.day + timedelta(days=i) for i in range(f.days if f.days > 1 else 7))
        if (day := next((d for d in days if d.weekday() == best.day.weekday()), None)) is not None:
            return best._replace(day=day, explicit=True, relative=False, span=(best.span[0], f.span[1]), festival=f.festival)
    return best

