"""Days named by the moon: "when is the next first quarter", 「一月的滿月是哪一天」, 「十二月的大潮
是哪幾天」, "full moon in January". The day is the phase's, from the engine's moon-phase table
(metocean/moonphases.py via metocean.astro.next_phases), found on the Taiwan calendar (UTC+8) as the
lunar calendar is reckoned here, with the phase's instant, so that the answer gives it on the place's
calendar (or the asker's); a month written before the phase is that month's first one.

A phase word is a day only with a month, a "next" word or a word asking which day: 「今晚是滿月嗎」
and 「滿月有多亮」 name no day. The words are in ``core/data/day_words.yaml`` (`moon_days`).

Spring and neap tides are windows of days (`core/understand/tide_windows.py`), about two a month:
`windows_asked` reads which ones a question asks for (a month's, a named span's, the next one), so
the answer can give every one, on the place's calendar.
"""
from __future__ import annotations

import functools
import re
from datetime import date, datetime, time, timedelta
from dataclasses import dataclass, replace
from typing import Any, Iterator, Protocol

from core.understand.dates_words import Found, alternation, table
from core.understand.compile_on_first_use import lazy_compile
from core.understand.signals import detect_signals, fold
from core.understand.tide_windows import Kind, Window, windows
from metocean.timezones import parse_tz


class Named(Protocol):
    """The day word a question names besides the tide word (a DateHint): where a span starts, how long."""

    @property
    def day(self) -> date: ...
    @property
    def days(self) -> int: ...
    @property
    def span(self) -> tuple[int, int]: ...
    @property
    def unrecognised(self) -> str | None: ...


TAIWAN = "Asia/Taipei"   # the lunar calendar's days, as reckoned here

_PHASES: list[dict[str, Any]] = table("moon_days")
_PHASE_OF: dict[str, dict[str, Any]] = {str(w).lower(): p for p in _PHASES for w in p["words"]}
_EN_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
              "october", "november", "december")
# month names in letters: English, and the travellers' languages' ("Vollmond im Dezember", "pleine lune de mars")
_MONTH_NAMES: dict[str, int] = {**{str(k).lower(): int(v) for k, v in table("abroad")["months"].items()},
                                **{name: n for n, name in enumerate(_EN_MONTHS, start=1)}}
_ZH_MONTHS: dict[str, int] = {str(k): int(v) for k, v in table("moon_day_months_zh").items()}
_SHIFT: dict[str, int] = {str(k).lower(): int(v) for k, v in table("moon_day_month_shift").items()}
_MONTH = (r"(?:(?<![農农陰阴舊旧曆历個个])(\d{1,2}|十一|十二|[一二三四五六七八九十])\s*月(?!份?[\d一二三四五六七八九十])|"
          + alternation(list(_SHIFT)) + "|(?<![A-Za-z])(" + alternation(list(_MONTH_NAMES)) + r")(?![A-Za-z]))")
_PHASE = "(" + alternation(list(_PHASE_OF)) + ")"
_NEXT = "(" + alternation(table("moon_day_next")) + ")"
# [month] [的/of/in] [next] phase [in/of month]
_FIND = lazy_compile(rf"(?:{_MONTH}\s*(?:的|之|の|'s)?\s*)?(?:{_NEXT}\s*(?:的|個|个)?\s*)?{_PHASE}"
                     rf"(?:\s*(?:(?:{alternation(table('moon_day_month_joiners'))})\s+)?{_MONTH})?"
                     rf"(?:\s*({alternation(table('moon_day_next_after'))}))?")   # ... or next after it (purnama berikutnya)
# These four read folded text (`fold`: lower-cased, İ ı ſ K as ASCII, the same length): several times
# faster than IGNORECASE on the long alternations of phases and months.
_ANY_MONTH = lazy_compile(_MONTH)   # a month elsewhere in the question: 「十二月哪幾天大潮」
_YEAR_BEFORE = lazy_compile(r"(?<!\d)(\d{4})\s*年\s*$")   # its year written before it: 「2027年1月西貢大潮」
_ASKS = lazy_compile(alternation(w.lower() for w in table("moon_day_asks")))
_WHETHER = lazy_compile(r"(?<![A-Za-z])(?:" + alternation(w.lower() for w in table("moon_day_whether"))
                        + r")(?![A-Za-z])|^\s*(?:" + alternation(table("moon_day_whether_first")) + r")(?![A-Za-z])")
# The cheap gate, on folded text (lower-cased, İ ı ſ K as ASCII): ten times faster than IGNORECASE.
_SEEN = lazy_compile(alternation(list(_PHASE_OF)))
_THAT_DAY = lazy_compile(r"\s*(?:" + alternation(table("moon_day_that")) + ")", re.IGNORECASE)
_DAY_OF = lazy_compile(r"(?<![A-Za-z])(?:" + alternation(w.lower() for w in table("moon_day_of")) + r")\s*$")
_AT = lazy_compile(r"(?<![A-Za-z])(?:" + alternation(w.lower() for w in table("moon_day_at")) + r")\s+$", re.IGNORECASE)
# A day counted from the phase's ("tides the day after the full moon", "the weekend before the new moon"): the
# phase's next day, moved by dates_around.py (the words stay out of the phase's span for it to find them)
_COUNTED_BEFORE = lazy_compile(r"(?<![A-Za-z])(?:" + alternation(str(w).lower() for w in table("around_before"))
                               + r")\s+(?:the\s+)?$", re.IGNORECASE)
_COUNTED_AFTER = lazy_compile(r"\s*(?:'s\s+)?(?:" + alternation(str(w).lower() for w in table("around_after")
                                                      if isinstance(table("around_after")[w], int) and w != "eve") + ")",
                              re.IGNORECASE)   # ... or after it (「滿月後一天」, 「滿月隔天」)
_ON_BEFORE = lazy_compile(r"(?<![A-Za-z])(?:on|for|during|at)\s+(?:the\s+)?$", re.IGNORECASE)
# "full moon tide times Kenting", 「滿月潮汐」: the tide of the phase's day, the phase written before the tide word
_TIDE_AFTER = lazy_compile(r"\s*(?:的|の)?\s*(?:tides?\b|潮汐|潮水|滿潮|乾潮|满潮|干潮)", re.IGNORECASE)
# what else a question asks beside the next full or new moon ("下次滿月基隆幾點滿潮", "rain on the next new moon"): the
# phase's day is that answer's day; asked alone ("when is the next full moon") the moon report says it
_ASKED_BESIDE = ("tide", "weather", "rain", "wind", "moon_times", "sst")


def _asks_beside(text: str, masked: tuple[tuple[int, int], ...] = ()) -> bool:
    """Return True when `text` (outside `masked`) asks a tide, the weather, the moon's rise or set or the sea's
    temperature."""
    signals = detect_signals(text, masked_spans=masked)
    return any(signals.get(name) for name in _ASKED_BESIDE)


_THAT_LATER = lazy_compile(r"(?<![A-Za-z])that (?:night|day|evening)(?![A-Za-z])|那天晚上|那晚|當晚|那天|嗰晚|嗰日|嗰天", re.IGNORECASE)


def _next(m: re.Match[str]) -> bool:
    """True when a word saying "the next one" is written before or after the phase ("next full moon", "purnama
    berikutnya", 「満月の次」 is not one)."""
    return bool(m[3] or m[7])


def _month(m: re.Match[str], today: date, at: int, which: int) -> int | None:
    """Return the month written before (`which` 0) or after (1) the phase, its groups from `at`, or None."""
    digits, english = m[at], m[at + 1]
    if digits:
        n = int(digits) if digits.isdigit() else _ZH_MONTHS.get(digits, 0)
        return n if 1 <= n <= 12 else None
    if english:
        return _MONTH_NAMES.get(english.lower())
    part = _part(m, which).lower()
    shift = next((step for word, step in _SHIFT.items() if word in part), None)
    return None if shift is None else (today.month - 1 + shift) % 12 + 1


@functools.lru_cache(maxsize=256)
def _phases_from(start: date) -> tuple[tuple[date, str, datetime], ...]:
    from metocean.astro import next_phases  # the ephemeris: only for a moon word
    from metocean.errors import ToolFailure

    try:
        found = next_phases(datetime.combine(start, time(0, 0)), TAIWAN, count=12)
    except ToolFailure:
        return ()
    return tuple((moment.date(), name, moment) for moment, name in found)


def moon_day(phases: list[str], today: date, month: int | None) -> tuple[date, datetime] | None:
    """Return the first day of `phases` on or after today, in `month` when given, and the phase's
    instant (its day differs between zones: the December 2026 full moon is Dec 24 in Taipei, Dec 23
    in New York)."""
    start = _month_start(today, month) if month is not None else today
    for day, name, moment in _phases_from(start):
        if name in phases and day >= today and (month is None or day.month == month):
            return day, moment
    return None


def _month_start(today: date, month: int, year: int | None = None) -> date:
    """Return the first day of the next `month` (this one's when it is today's; `year`'s when written and
    not past), not before today."""
    if year is None or date(year, month, 1) < today.replace(day=1):
        year = today.year if month >= today.month else today.year + 1
    return max(today, date(year, month, 1))


def _month_end(first: date) -> date:
    """Return the last day of `first`'s month."""
    return date(first.year + first.month // 12, first.month % 12 + 1, 1) - timedelta(days=1)


@dataclass(frozen=True)
class WindowsAsk:
    """A question asking which days spring or neap tides are: the kind and the span of days asked
    (`end` None: the next window from `start`), and the words naming them."""

    kind: Kind
    start: date
    end: date | None
    span: tuple[int, int]
    month: bool = False     # the span is a month the question names (「十二月」, "in January")
    month_span: tuple[int, int] | None = None   # where that month is written, away from the tide word


def windows_asked(text: str, today: date, hint: "Named | None") -> WindowsAsk | None:
    """Return the spring/neap days `text` asks for: over a month named with the tide word (「十二月
    哪幾天大潮」, "spring tides in January"), over another span the question names with a word asking
    which days ("next two weeks, when are the spring tides") or whether (「明天是大潮嗎」), or the next
    one ("下一次大潮") — else None."""
    text = fold(text)
    if _SEEN.search(text) is None:
        return None
    asks = _ASKS.search(text) is not None
    for m in _FIND.finditer(text):
        kind = _PHASE_OF[m[4].lower()].get("window")
        if kind is None or _PHASE_OF[m[4].lower()].get("after_next") and not _next(m):
            continue   # "springs" only after "next": "Palm Springs in December" asks no tide days
        month = _month(m, today, 1, 0) if (m[1] or m[2] or _has_shift(m, 0)) else None
        if month is None and (m[5] or m[6] or _has_shift(m, 1)):
            month = _month(m, today, 5, 1)
        whether = _WHETHER.search(text) is not None
        # A month elsewhere counts with a word asking which days or whether, not in "what is a spring
        # tide? I'm in Keelung in December"; nor the month of a date written ("December 10").
        said = _ANY_MONTH.search(text) if month is None and (asks or _next(m) or whether) else None
        if said is not None and hint is not None and said.start() < hint.span[1] and hint.span[0] < said.end():
            said = None
        if said is not None:
            month = _month_said(said, today)
        if month is not None:   # its year written before the month: 「2027年1月西貢大潮」
            written = (said.start(), said.end()) if said is not None else m.span()
            year = _YEAR_BEFORE.search(text, 0, written[0])
            first = _month_start(today, month, int(year[1]) if year else None)
            month_span = (year.start() if year else written[0], written[1]) if said or year else None
            return WindowsAsk(kind, first, _month_end(first), m.span(), True, month_span)
        # 「明天是大潮嗎」, "are there spring tides next week?": the days of a day word understood
        if hint is not None and hint.unrecognised is None and (hint.span[1] <= m.start() or hint.span[0] >= m.end()) \
                and ((asks or _next(m)) and hint.days > 1 or whether):
            return WindowsAsk(kind, hint.day, hint.day + timedelta(days=hint.days - 1), m.span())
        if hint is not None and hint.unrecognised is None and hint.days == 1 and not _next(m) \
                and (hint.span[1] <= m.start() or hint.span[0] >= m.end()):
            continue   # "what is a spring tide and when is high tide tomorrow": the one day asked is the day
        if _next(m) or asks:
            return WindowsAsk(kind, today, None, m.span())
    return None


@dataclass(frozen=True)
class TideWindows:
    """The spring or neap windows a question asks for, found on zone `tz`'s calendar (the place's),
    and the words of the question they account for (the tide word, the span's words)."""

    ask: WindowsAsk
    tz: str
    found: tuple[Window, ...]
    spans: tuple[tuple[int, int], ...]

    def on(self, tz: str) -> "TideWindows":
        """Return these windows found again on zone `tz`'s calendar (the answer's, for a point whose
        zone understanding could not know), or themselves when it is theirs."""
        return self if tz == self.tz else replace(self, tz=tz, found=asked_over(self.ask, tz))

    def first_days(self) -> tuple[date, int] | None:
        """Return the first window's days within the span asked (from its first day, and to its last
        for a day or days asked whether), as (first day, count); None when the span holds none."""
        if not self.found:
            return None
        first, ask = self.found[0], self.ask
        start = max(first.first, ask.start)   # one under way: from the span's first day on
        end = min(first.last, ask.end) if ask.end and not ask.month else first.last
        return start, (end - start).days + 1


def tide_windows(text: str, query_time: datetime, hint: "Named | None", tz: str) -> TideWindows | None:
    """Return the windows `text` asks for on zone `tz`'s calendar (its today counting), or None when
    it asks for none."""
    if _SEEN.search(fold(text)) is None:   # no moon or tide-window word: the common case, decided first
        return None
    try:
        today = query_time.astimezone(parse_tz(tz)[0]).date()
    except ValueError:
        today = query_time.date()
    ask = windows_asked(text, today, hint)
    if ask is None:
        return None
    spans = tuple(s for s in (ask.span, ask.month_span, hint.span if hint else None) if s is not None)
    return TideWindows(ask, tz, asked_over(ask, tz), spans)


def asked_over(ask: WindowsAsk, tz: str) -> tuple[Window, ...]:
    """Return the windows `ask` asks for on zone `tz`'s calendar: those with a day in its span, but
    of a month only those its own phases cause (the end of last month's is last month's)."""
    found = windows(ask.kind, ask.start, ask.end, tz)
    if not ask.month:
        return found
    return tuple(w for w in found if w.moment.date() >= ask.start.replace(day=1))


def moon_days(text: str, today: date) -> Iterator[Found]:
    """Yield the days the moon names in `text` (only with a month, a "next" word or an asking word):
    a phase's day, or the first spring/neap window's days on the Taiwan calendar."""
    text = fold(text)
    if _SEEN.search(text) is None:
        return
    asks = _ASKS.search(text) is not None
    for m in _FIND.finditer(text):
        month = _month(m, today, 1, 0) if (m[1] or m[2] or _has_shift(m, 0)) else None
        if month is None and (m[5] or m[6] or _has_shift(m, 1)):
            month = _month(m, today, 5, 1)
        phase = _PHASE_OF[m[4].lower()]
        if phase.get("after_next") and not _next(m):
            continue
        month = month or phase.get("month")   # a full moon named by its month: "cold moon" is December's
        that = _THAT_DAY.match(text, m.end())   # 「下弦月那天」, 「滿月那晚」: the phase's own day
        # "tides on the next new moon", "…the next full moon, and the moonrise that night": the phase's day
        on_it = _next(m) and (_ON_BEFORE.search(text, 0, m.start()) is not None or _THAT_LATER.search(text, m.end()) is not None)
        # "tides on the day of the new moon", "le jour de la pleine lune": the phase's own day, the next one
        # (not asked why: "why are tides bigger on the day of the full moon" is any such day)
        # ... or at it, "high tide at the full moon", "Hochwasser bei Vollmond"
        bare = not m[1] and not m[2] and not detect_signals(text).why   # no month named, no why asked
        day_of = (_DAY_OF.search(text, max(0, m.start() - 24), m.start()) or _AT.search(text, max(0, m.start() - 24), m.start())) \
            if bare else None
        # ... or counted from it ("the day after the full moon", 「滿月後一天」): moved by dates_around.py
        counted = bare and (_COUNTED_BEFORE.search(text, max(0, m.start() - 40), m.start()) is not None
                            or _COUNTED_AFTER.match(text, m.end()) is not None)
        beside = (_next(m) and _asks_beside(text)) or (bare and _TIDE_AFTER.match(text, m.end()) is not None)
        on_it = on_it or day_of is not None or counted or beside
        if month is None and that is None and not on_it and (phase.get("said_today") or not (_next(m) or asks)):
            continue
        span = (day_of.start() if day_of else m.start(), that.end() if that else m.end())
        if "window" in phase:
            start = today if month is None else _month_start(today, month)
            ask = WindowsAsk(phase["window"], start, None if month is None else _month_end(start), span, month is not None)
            found = asked_over(ask, TAIWAN)
            if found:
                first = max(found[0].first, start)   # one under way: from today on
                yield Found(first, True, False, span, (found[0].last - first).days + 1)
            continue
        found_day = moon_day(list(phase["phases"]), today, month)
        if found_day is not None:   # the instant too: the day is the place's own
            yield Found(found_day[0], True, False, span, moment=found_day[1])


def phase_day_span(text: str, hint: "Named | None") -> tuple[tuple[int, int], ...]:
    """Return the span of the day word when a moon phase names the day of other data asked ("rain on the next
    new moon", 「下次滿月那天會下雨嗎」): the phase words are the day's, no moon asked; empty when the day is no
    phase's, or the phase's day is all that is asked ("when is the full moon in January")."""
    if hint is None or hint.unrecognised is not None:
        return ()
    found = _SEEN.search(fold(text[hint.span[0]:hint.span[1]]))
    if found is None or "window" in _PHASE_OF.get(found[0], {}):
        return ()
    said = detect_signals(text)
    if said.in_general or said.why or said.conceptual:   # 「滿月那天潮水一定最大嗎」: any full moon, an idea
        return ()
    return (hint.span,) if _asks_beside(text, (hint.span,)) else ()


def _month_said(m: re.Match[str], today: date) -> int | None:
    """Return the month a lone month word names (十二月, January, 下個月), or None."""
    if m[1] or m[2]:
        return _month(m, today, 1, 0) if m[1] else _MONTH_NAMES.get(m[2].lower())   # "décembre" as "December"
    shift = _SHIFT.get(m[0].lower())
    return None if shift is None else (today.month - 1 + shift) % 12 + 1


def _part(m: re.Match[str], which: int) -> str:
    """The match's words before (0) or after (1) the phase word."""
    return m.group(0)[:m.start(4) - m.start()] if which == 0 else m.group(0)[m.end(4) - m.start():]


def _has_shift(m: re.Match[str], which: int) -> bool:
    """True when a month-shift word (下個月, next month) is written before (0) or after (1) the phase."""
    return any(word in _part(m, which).lower() for word in _SHIFT)
