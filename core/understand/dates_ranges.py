"""Day ranges: weekends, weeks, "the next 3 days", offsets in words (in a fortnight), and two
days joined into one range (星期六跟星期天, next Saturday and Sunday, 18號到20號).

Choices where a person could mean more than one thing:
- "this weekend" (這週末, 週末) is the coming Saturday and Sunday; said on a Saturday it is
  today and tomorrow; said on a Sunday it is today only (the weekend's day that is left).
- "next weekend" (下週末) is the weekend of next week (weeks start on Monday), like 下週六.
- "this week" (這週, 本週, "the rest of the week") is the rest of the week: today to Sunday; said on a Sunday, when
  one day is left and many count the week from Sunday, it is the 7 days from today.
- "next week" (下週) is next Monday to Sunday, 7 days.
- "the next few days" (這幾天, 未來幾天) is 3 days from today; "這兩天" is today and tomorrow.
- "the coming week" ("the week ahead") is 7 days from today.
"""
from __future__ import annotations

import functools
import re
from datetime import date, timedelta
from typing import Callable, Iterable, Iterator

from core.understand.dates_words import EN_NUMBERS, MAX_DAYS, Found, Gates, alternation, clamp_days, number_word, table
from core.data import word_list
from core.understand.compile_on_first_use import lazy_compile

_WEEK = r"(?:週|周|禮拜|礼拜|星期)"
_SHIFT_ZH = {"下下": 2, "下": 1, "上": -1, "這": 0, "这": 0, "本": 0, "今": 0, "": 0, "頂": -1, "落": 1}   # Taiwanese 頂/落
_SHIFT_EN = {"next": 1, "last": -1, "following": 1}

_WEEKEND_ZH = lazy_compile(rf"(下下|下|上|這|这|本|今|頂|落)?\s*(?:個|个)?\s*{_WEEK}末")
_WEEKEND_EN = lazy_compile(r"(?<![A-Za-z])(?:(this\s+coming|this|next|last|coming|the|following)\s+)?weekend(?![A-Za-z])",
                         re.IGNORECASE)
# 這周 is also "around here" (這周邊, 這周圍): only a week when nothing of that kind follows.
_WEEK_ZH = lazy_compile(rf"(下下|下|上|這|这|本|頂|落)\s*(?:個|个)?\s*{_WEEK}"
                       rf"(?![一二三四五六日1-7末幾几邊边圍围遭全到年歲岁刊報报]|天(?![氣气](?![溫温象])))")   # 這禮拜天氣: the week
_WEEK_EN = lazy_compile(r"(?<![A-Za-z])(this\s+coming|this|next|last|the\s+coming|coming|the\s+following)\s+week(?![A-Za-z])",
                      re.IGNORECASE)

# What a count of days may stand before with no 的 (「兩週天氣」, 「五天潮汐」): the data asked for.
_DATA_AFTER = alternation(table("count_before_data"))
# "the rest of the week": today to Sunday, as "this week"; "the week ahead": 7 days from today, as "the coming week".
_REST_OF_WEEK_EN = lazy_compile(r"(?<![A-Za-z])(?:the\s+)?(?:rest\s+of\s+(?:the|this)\s+week|(week)\s+ahead)(?![A-Za-z])",
                                re.IGNORECASE)
_ZH_COUNT = r"(\d{1,2}|[一二兩两三四五六七八九十]{1,3}|幾|几)"
_NEXT_DAYS_ZH = lazy_compile(
    # (Taiwanese Hokkien: 紲落來三工, the next three days)
    rf"(?:未來|未来|接下來|接下来|紲落來|續落來|往後|往后|今後|今后|之後|之后|最近|近|這|这)\s*(?:的)?\s*{_ZH_COUNT}\s*(?:個|个)?\s*"
    rf"(天|日|工|{_WEEK})|{_ZH_COUNT}\s*(天|日|{_WEEK})\s*(?:之|以)?(?:內|内)"
    # a count alone before what is asked: 「五天的潮汐」, 「兩週的潮汐表」 (not 三天後, a day)
    # (「二十五日的潮汐」 after a month is its 25th; 「五日潮汐」 with no 的 a day of the month too)
    rf"|(?<![\d一二兩两三四五六七八九十幾几月])(\d{{1,2}}|[一二兩两三四五六七八九十]{{1,3}})\s*(?:個|个)?\s*(天|日|{_WEEK})"
    # Japanese writes the count's worth or length after it (「3日分」, 「5日間」)
    rf"(?:\s*的|分|間|间|(?<!日)\s*(?={_DATA_AFTER}))"
    # the whole week, as said and in Hokkien (「一整個禮拜」, 「規禮拜」, 「歸个禮拜」): seven days from today
    rf"|(一整|整|規|规|歸|归)\s*(?:個|个)?\s*({_WEEK})(?![一二三四五六日天1-7末])")
_WHOLE = frozenset("一整 整 規 规 歸 归".split())
_EN_COUNT = (r"(\d{1,2}|(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few|" + alternation(w for w in EN_NUMBERS if " " not in w)
             + ")")
_NEXT_DAYS_EN = lazy_compile(
    rf"(?<![A-Za-z])(?:(?:next|coming|following)\s+{_EN_COUNT}\s+(day|week)s?"
    rf"|(?:next|coming|following)\s+(fortnight)|(fortnight)(?:'s|ly)?\s+(?:forecast|outlook)"
    rf"|within\s+{_EN_COUNT}\s+(day|week)s?|{_EN_COUNT}[-\s](day|week)\s+(?:forecast|outlook)"
    rf"|(?<![A-Za-z]in\s){_EN_COUNT}\s+(day|week)s?\s+of)(?![A-Za-z])",
    re.IGNORECASE)
# in two weeks / in a fortnight / a week from now / two days later: one day, counted in words.
_OFFSET_WORDS_EN = lazy_compile(
    rf"(?<![A-Za-z])(?:in\s+{_EN_COUNT}\s+(day|week|fortnight)s?"
    rf"|{_EN_COUNT}\s+(day|week|fortnight)s?\s+(later|from\s+now|from\s+today|after|ago|before))(?![A-Za-z])",
    re.IGNORECASE)
_WEEK_CHARS = lazy_compile(r"[週周禮礼星]")
_DAY_CHARS = lazy_compile(r"[天日週周禮礼星工]")
_EN_UNIT = lazy_compile(r"[\s-](?:day|week|fortnight)")   # every English count pattern has one ("today" has not)
_UNITS = {"day": 1, "week": 7, "fortnight": 14}
MAX_ASKED = 366   # the longest "next N days" kept before the cut to MAX_DAYS (the cut is said)

# Joining two days: a joiner word, then the second day.
_JOINERS = table("range_joiners")
_JOIN = lazy_compile(r"\s*(?:" + "|".join(
    rf"(?<![A-Za-z]){re.escape(j)}(?![A-Za-z])" if j.isascii() and j.isalpha() else re.escape(j)
    for j in sorted(_JOINERS, key=len, reverse=True)) + r")\s*", re.IGNORECASE)
JOIN = _JOIN   # a joiner at a position (dates.py: a range started by a weaker tier's day word)
# A joiner ending where a day word starts: the gate before looking for the day word it joins.
JOIN_BEFORE = lazy_compile(r"(?:" + "|".join(
    rf"(?<![A-Za-z]){re.escape(j)}" if j.isascii() and j.isalpha() else re.escape(j)
    for j in sorted(_JOINERS, key=len, reverse=True)) + r")\s*$", re.IGNORECASE)
_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ZH_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6,
               "1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6}
_ENDS_WEEKDAY_ZH = lazy_compile(rf"{_WEEK}\s*([一二三四五六日天1-7])$")
# a weekday's chat abbreviation, on either side of a joiner ("sat n sun": Sunday, next to Saturday)
_ABBR_EN = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6}
_DAY_NAMES_EN = {**{d: i for i, d in enumerate(_WEEKDAYS_EN)}, **_ABBR_EN}
_ENDS_WEEKDAY_EN = lazy_compile(r"(?<![A-Za-z])(" + "|".join(sorted(_DAY_NAMES_EN, key=len, reverse=True)) + r")\.?$",
                                re.IGNORECASE)
_SECOND_ZH = lazy_compile(rf"{_WEEK}\s*([一二三四五六日天1-7])|([一二三四五六日天])(?![出落期照間间夜光曬晒本子常氣气文數数月])")
_SECOND_ZH_BARE = lazy_compile(r"(日)(?![出落期照間间夜光曬晒本子常月])")   # 週六日: no joiner, only 日
_SECOND_EN = lazy_compile(r"(?:(?:next|this|on)\s+)?(" + "|".join(sorted(_DAY_NAMES_EN, key=len, reverse=True))
                          + r")(?![A-Za-z])", re.IGNORECASE)


def weekend(today: date, shift: int) -> tuple[date, int]:
    """Return (first day, days) of the weekend ``shift`` weeks on (0: this weekend, see the module doc)."""
    wd = today.weekday()
    if shift == 0:
        if wd == 6:
            return today, 1
        return (today, 2) if wd == 5 else (today + timedelta(days=5 - wd), 2)
    monday = today - timedelta(days=wd)
    return monday + timedelta(weeks=shift, days=5), 2


def week(today: date, shift: int | None) -> tuple[date, int]:
    """Return (first day, days) of a week: 0 the rest of this one, n the Monday-to-Sunday n weeks on,
    None the 7 days from today."""
    if shift is None:
        return today, 7
    if shift == 0:
        return today, (7 - today.weekday()) if today.weekday() < 6 else 7
    return today - timedelta(days=today.weekday()) + timedelta(weeks=shift), 7


def _weekends(text: str, today: date, gates: Gates) -> Iterator[Found]:
    if "末" in text and _WEEK_CHARS.search(text) is not None:
        for m in _WEEKEND_ZH.finditer(text):
            day, days = weekend(today, _SHIFT_ZH[m[1] or ""])
            yield Found(day, False, True, m.span(), days)
    if gates.en("weekend"):
        for m in _WEEKEND_EN.finditer(text):
            day, days = weekend(today, _SHIFT_EN.get((m[1] or "").lower(), 0))
            yield Found(day, False, True, m.span(), days)


def _weeks(text: str, today: date, gates: Gates) -> Iterator[Found]:
    for m in _WEEK_ZH.finditer(text) if _WEEK_CHARS.search(text) is not None else ():
        day, days = week(today, _SHIFT_ZH[m[1]])
        yield Found(day, False, True, m.span(), days)
    if gates.en("week"):
        for m in _WEEK_EN.finditer(text):
            word = " ".join(m[1].lower().split())
            shift = None if word in ("the coming", "coming", "this coming") else _SHIFT_EN.get(word.split()[-1], 0)
            day, days = week(today, shift)
            yield Found(day, False, True, m.span(), days)
        for m in _REST_OF_WEEK_EN.finditer(text):
            day, days = week(today, None if m[1] else 0)
            yield Found(day, False, True, m.span(), days)


def _next_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    for m in _NEXT_DAYS_ZH.finditer(text) if _DAY_CHARS.search(text) is not None else ():
        count, unit = next((m[i], m[i + 1]) for i in (1, 3, 5, 7) if m[i])
        n = (1 if count in _WHOLE else number_word(count)) * (1 if unit in ("天", "日", "工") else 7)
        if n > 0:   # kept whole: the hint cuts it, and the answer says so (未來二十天)
            yield Found(today, False, True, m.span(), min(n, MAX_ASKED))
    if gates.low is None or not (gates.traps or _EN_UNIT.search(gates.low)):
        return
    for m in _NEXT_DAYS_EN.finditer(text):
        if m[3] or m[4]:   # "the next fortnight", "fortnight forecast"
            yield Found(today, False, True, m.span(), _UNITS["fortnight"])
            continue
        count = next(g for g in (m[1], m[5], m[7], m[9]) if g)
        unit = next(g for g in (m[2], m[6], m[8], m[10]) if g)
        n = number_word(" ".join(count.split())) * _UNITS[unit.lower()]
        if n > 0:
            yield Found(today, False, True, m.span(), min(n, MAX_ASKED))
    for m in _OFFSET_WORDS_EN.finditer(text):
        count, unit = (m[1], m[2]) if m[2] else (m[3], m[4])
        n = number_word(" ".join(count.split())) * _UNITS[unit.lower()]
        if m[5] and m[5].lower() in ("ago", "before"):
            n = -n
        yield Found(today + timedelta(days=n), False, True, m.span(), week=m.span())   # "in two weeks": one day


def range_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield every weekend, week, next-N-days and worded offset in ``text``."""
    if _WEEK_CHARS.search(text) is not None or gates.en("week"):
        yield from _weekends(text, today, gates)
        yield from _weeks(text, today, gates)
    yield from _next_days(text, today, gates)


def _weekday_of(text: str, found: Found) -> int | None:
    """Return the weekday a found day word ends with (星期六 → 5, next Saturday → 5), else None."""
    said = text[found.span[0]:found.span[1]]
    m = _ENDS_WEEKDAY_ZH.search(said)
    if m is not None:
        return _ZH_WEEKDAY[m[1]]
    m = _ENDS_WEEKDAY_EN.search(said)
    return _DAY_NAMES_EN.get(m[1].lower()) if m is not None else None


# A count of days from a day on: 「明天起三天」, 「後天開始連續五天」, "tomorrow for three days"; counted from it, as
# Cantonese says (「由今日計三日內」, 「聽日起計五日」, 「从今天算起三天」).
_FOR_N_ZH = lazy_compile(rf"\s*(?:起計|起计|計起|计起|起算|算起|起|開始|开始|計|计|算|から|부터)\s*(?:的)?\s*(?:連續|连续|共|一共)?\s*{_ZH_COUNT}\s*(?:個|个)?\s*"
                         rf"(天|日間|日|일간|일\s*동안|일|{_WEEK}(?![一二三四五六日天1-7末]))")   # 「聽日開始一個禮拜」: seven days;
# Japanese and Korean the same way: 「明日から3日間」, 「내일부터 5일간」
_FOR_N_EN = lazy_compile(rf"\s*(?:,\s*)?(?:and\s+)?for\s+(?:the\s+)?(?:next\s+)?{_EN_COUNT}\s+days?(?![A-Za-z])", re.IGNORECASE)


def join_range(text: str, first: Found, later: Callable[[int], Found | None]) -> Found:
    """Return ``first`` stretched to a second day joined to it (星期六跟星期天, 18號到20號, today and
    tomorrow) or over a count of days from it (明天起三天), or ``first`` unchanged. ``later(pos)``
    gives the day word starting at ``pos``, if any."""
    if first.day is None:
        return first
    end = first.span[1]
    counted = _FOR_N_ZH.match(text, end) or _FOR_N_EN.match(text, end)
    if counted is not None:
        unit = 7 if counted.lastindex == 2 and _WEEK_CHARS.match(counted[2]) else 1
        if (n := number_word(" ".join(counted[1].split())) * unit) > 1:
            return first._replace(span=(first.span[0], counted.end()), days=clamp_days(n))
    joined = _JOIN.match(text, end)
    last: date | None = None
    stop = end
    if _weekday_of(text, first) is not None:
        m = (_SECOND_ZH.match(text, joined.end()) or _SECOND_EN.match(text, joined.end())) if joined else \
            _SECOND_ZH_BARE.match(text, end)
        if m is not None:
            word = next(g for g in m.groups() if g)
            target = _ZH_WEEKDAY.get(word)
            if target is None:
                target = _DAY_NAMES_EN.get(word.lower())
            if target is not None:
                ahead = (target - first.day.weekday()) % 7
                last, stop = first.day + timedelta(days=ahead), m.end()
    if last is None and joined is not None:
        second = later(joined.end())
        if second is not None and second.day is not None:
            last, stop = second.day + timedelta(days=second.days - 1), second.span[1]
    if last is None:
        return first
    days = (last - first.day).days + 1
    if days <= first.days or days > MAX_DAYS:
        return first
    return first._replace(span=(first.span[0], stop), days=clamp_days(days))


# Where a clause ends: a mark, or a blank beside a Chinese character (「週末要去 Kaikoura 看鯨魚 那邊禮拜天日出幾點」).
_CLAUSE_END = lazy_compile(r"[,，.。!！?？;；:：、\n]|(?<=[\u3400-\u9fff])\s+|\s+(?=[\u3400-\u9fff])")


def _clause(text: str, span: tuple[int, int]) -> str:
    """Return the clause of `text` holding `span`."""
    start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, span[0])), default=0)
    end = next((m.start() for m in _CLAUSE_END.finditer(text, span[1])), len(text))
    return text[start:end]


def _weekend_day(text: str, best: Found, found: list[Found]) -> Found | None:
    """Return the one weekend day written apart from a weekend word as that weekend's day, when its
    clause asks for data and the weekend's does not (「週末要去 Kaikoura 看鯨魚 那邊禮拜天日出幾點」: the
    weekend says when the trip is, Sunday's sunrise is asked); else None ("Semporna weather this weekend?
    diving Mabul sat": the weekend asked, Saturday an aside)."""
    said = text[best.span[0]:best.span[1]]
    if best.days != 2 or best.day is None or not any(p.fullmatch(said) for p in (_WEEKEND_ZH, _WEEKEND_EN)):
        return None
    apart = [f for f in found if f.weekday and f.days == 1 and (f.span[1] <= best.span[0] or f.span[0] >= best.span[1])]
    if len(apart) != 1 or apart[0].day is None or (ahead := (apart[0].day.weekday() - best.day.weekday()) % 7) > 1:
        return None
    from core.understand.signals import detect_signals   # the keyword tables: only for a weekend and its day
    if not detect_signals(_clause(text, apart[0].span)).data or detect_signals(_clause(text, best.span)).data:
        return None
    return apart[0]._replace(day=best.day + timedelta(days=ahead))


def _asked_apart(text: str, best: Found, found: list[Found]) -> Found | None:
    """Return the one day (no weekday) a data clause asks, apart from a span of days whose clause asks nothing
    (「下週去首爾 釜山海雲台明天潮汐」: next week is when the trip is, tomorrow's tides are asked); else None."""
    apart = [f for f in found if f.days == 1 and not f.weekday and (f.span[1] <= best.span[0] or f.span[0] >= best.span[1])]
    if best.days < 2 or len(apart) != 1:
        return None
    from core.understand.signals import detect_signals   # the keyword tables: only for a span and a day apart
    if not detect_signals(_clause(text, apart[0].span)).data or detect_signals(_clause(text, best.span)).data:
        return None
    return apart[0]


def _week_word(text: str, found: Found) -> bool:
    """True when `found` is a week word (next week, 下週), a span holding weekdays; a weekend is not narrowed by
    a weekday beside it ("this weekend? diving Mabul sat": the weekend asked, Saturday an aside)."""
    said = text[found.span[0]:found.span[1]]
    return found.days > 1 and (any(p.fullmatch(said) for p in (_WEEK_ZH, _WEEK_EN)) or _abroad_week(said))


def _abroad_week(said: str) -> bool:
    """Return whether `said` is a week word of the languages travellers write ("nächste Woche", "la semaine
    prochaine", "volgende week"): a weekday beside it is that week's day there too."""
    return " ".join(said.lower().split()) in _abroad_weeks()


@functools.cache
def _abroad_weeks() -> frozenset[str]:
    """Return the abroad table's week words, lower-cased, one space between words."""
    return frozenset(" ".join(str(w).lower().split()) for w in table("abroad")["weeks"])


# a clause ends: "flying to Bora Bora next week - what time is sunset there today?"
CLAUSE_END = lazy_compile(r"\s[-–—]\s|[,.;:!?，。；：！？]")


def travel_clause(text: str, span: tuple[int, int]) -> bool:
    """Return whether the clause holding `span` says the asker travels (flying, je pars, salgo, 飛, 出發)."""
    ends = [m.end() for m in CLAUSE_END.finditer(text, 0, span[0])]
    after = CLAUSE_END.search(text, span[1])
    clause = text[ends[-1] if ends else 0:after.start() if after is not None else len(text)]
    return _travel().search(clause) is not None


@functools.cache
def _travel() -> re.Pattern[str]:
    """Words saying the asker travels, in any language: English and Romance ones as whole words."""
    words = {*word_list("clock_words.yaml", "trip_words"), *word_list("understanding.yaml", "trip_context_before_romance"),
             *word_list("understanding.yaml", "trip_route_before_en"), *word_list("day_words.yaml", "trip_day_words")}
    return re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" if w.isascii() else re.escape(w)
                               for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)


def in_the_week(text: str, best: Found, found: Iterable[Found],
                later: Callable[[int], Found | None]) -> tuple[Found, tuple[tuple[int, int], ...]]:
    """Return a weekday written beside a week word as that week's day ("off to Rhodes next week, sunset
    Thursday?", 「下週去澎湖 週四日落」: next week's Thursday, not the whole week nor the coming Thursday),
    with the week word's span (understood too); else (`best`, ()). `found` are the question's relative day words."""
    found = [f for f in found if f.day is not None]
    if (day := _weekend_day(text, best, found) or _asked_apart(text, best, found)) is not None:
        return day, (best.span,)
    week = best if _week_word(text, best) else next((f for f in found if _week_word(text, f)), None)
    if week is None or week.day is None:
        return best, ()
    # a weekday the asker sets out on, in a clause of its own, is the trip's day, not one asked in the week
    # ("meteo la prossima settimana? parto lunedì", "I fly out Saturday, weather next week?"): the week is asked
    trip = [f for f in found if f.weekday and travel_clause(text, f.span) and not travel_clause(text, week.span)]
    if best in trip:
        return week, ()
    apart = [f for f in found if f.weekday and f not in trip and not (f.span[0] < week.span[1] and week.span[0] < f.span[1])]
    day = best if best.weekday and best in apart else next(iter(apart), None)
    if day is None or day.day is None or (ahead := (day.day.weekday() - week.day.weekday()) % 7) >= week.days:
        return best, ()
    moved = day._replace(day=week.day + timedelta(days=ahead))
    return (moved if day is best else join_range(text, moved, later)), (week.span,)


# A count of days before the day it starts on ("3 days starting tomorrow", "4 days from Monday"), or a span
# of days followed by its first day ("the next 3 days from Friday").
_COUNT_BEFORE = lazy_compile(rf"(?<![A-Za-z])(?:the\s+)?(?:next\s+)?{_EN_COUNT}\s+days?\s*,?\s*(?:starting|beginning|"
                             rf"commencing|from)(?:\s+(?:on|from|with))?\s*$", re.IGNORECASE)
_STARTING_AFTER = lazy_compile(r"\s*,?\s*(?:starting|beginning|commencing|from)(?:\s+(?:on|from|with))?\s+", re.IGNORECASE)


# A span's first day written after it in Chinese: 「從明天開始」, 「由聽日起」, 「明天起」.
_FROM_ZH = lazy_compile(r"(?:從|从|由|自)\s*")
_START_ZH = lazy_compile(r"\s*(?:起算|開始|开始|起)")


def counted_from(text: str, best: Found, later: Callable[[int], Found | None], today: date) -> Found:
    """Return `best` as the first of a count of days written around it ("3 days starting tomorrow": 3 days
    from tomorrow; "the next 3 days from Friday": 3 days from Friday; 「基隆一週潮汐表 從明天開始」: the week
    from tomorrow), else `best` unchanged."""
    if best.day is None:
        return best
    if not text.isascii():
        return _started_later_zh(text, best, later, today)
    before = _COUNT_BEFORE.search(text, 0, best.span[0]) if best.days == 1 else None
    if before is not None and (n := number_word(" ".join(before[1].split()))) > 1:
        return best._replace(span=(before.start(), best.span[1]), days=min(n, MAX_ASKED))
    after = _STARTING_AFTER.match(text, best.span[1]) if best.days > 1 else None
    first = later(after.end()) if after is not None else None
    if first is None or first.day is None or first.days != 1:
        return best
    return best._replace(day=first.day, span=(best.span[0], first.span[1]), weekday=first.weekday)


def _started_later_zh(text: str, best: Found, later: Callable[[int], Found | None], today: date) -> Found:
    """Return a count of days from today (一週, 未來三天) moved to the first day written after it with a word
    saying it starts there (「從明天開始」, 「後天起」), that day's words kept as understood; else `best`."""
    if best.days < 2 or best.day != today or best.weekday:
        return best
    for begin in _FROM_ZH.finditer(text, best.span[1]):
        first = later(begin.end())
        if first is not None and first.day is not None and first.days == 1 and first.day > today:
            said = _START_ZH.match(text, first.span[1])
            return best._replace(day=first.day, start=(begin.start(), said.end() if said else first.span[1]))
    for said in _START_ZH.finditer(text, best.span[1]):
        for at in range(max(best.span[1], said.start() - 8), said.start()):
            first = later(at)
            if first is not None and first.day is not None and first.days == 1 and first.day > today \
                    and first.span[1] == said.start():
                return best._replace(day=first.day, start=(first.span[0], said.end()))
    return best
