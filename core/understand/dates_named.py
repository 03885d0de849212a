"""Named days: a bare day of the month (18號, the 18th), a day of another month (下個月3號, the 3rd of next month),
festivals and holidays (端午節, Christmas) and lunar dates (農曆初一, 正月十五, 農曆8月15).

A bare day of the month is this month's when it is today or later, else the next month's (a forecast
bot is asked about days to come). A festival or lunar date is the next one on or after today (the latest one said as just past: dates_past.py). Festivals come from the ``holidays`` package's Taiwan calendar where it names the day, lunar ones
from ``lunardate`` (core/understand/lunar_calendar.py); both compute locally, are imported on first use, and download nothing.
"""
from __future__ import annotations

import functools
import re
from calendar import isleap
from datetime import date, datetime, time, timedelta, timezone
from typing import Any, Iterator

from core.understand.dates_around import around
from core.understand.dates_calendars import country_days, easter_day, islamic_day
from core.understand.dates_homonyms import weather_not_day
from core.understand.dates_moon import moon_days
from core.understand.dates_past import in_the_past
from core.understand.lunar_calendar import lunar_to_solar, next_lunar, solar_to_lunar
from core.understand.dates_lunar_vi import vietnamese_lunar
from core.understand.dates_words import (MAX_DAYS, Found, Gates, WordFinder, alternation, latin, month_day, needles,
                                        table, year_beside, zh_number)
from core.understand.compile_on_first_use import lazy_compile

_ZH_DAY = r"(?:[一二三四五六七八九十]{1,3}|廿[一二三四五六七八九]?|卅)"
_ZH_DAY_SEEN = lazy_compile(r"[號号日]")

# 18號 / 18日 / 十八號: a day of the month only when what follows says so (18號碼頭 is a pier).
_FOLLOWERS = tuple(table("day_of_month_followers"))
_PUNCT = set(table("day_of_month_punctuation")) | set(" \t\n")
_BARE_DAY = lazy_compile(r"(\d(?<![\dA-Za-z.:/#第編编號号]\d)\d?)\s*[號号日]")
_BARE_DAY_ZH = lazy_compile(r"(?<![\dA-Za-z#第編编號号一二三四五六七八九十廿])(" + _ZH_DAY + r")\s*[號号]")  # 十八號

# 18號到20號 / 18-20日: a range within a month (into the next when the second is smaller).
_BARE_DAY_RANGE = lazy_compile(r"(\d(?<![\dA-Za-z.:/#第編编號号]\d)\d?)\s*[號号日]?\s*(?:到|至|-|~|–)\s*(\d{1,2})\s*[號号日]")

# 下個月3號, 下月3日, 這個月的18號, 本月18日.
_MONTH_SHIFT = {"下下": 2, "下": 1, "這": 0, "这": 0, "本": 0, "上": -1}
_OTHER_MONTH_ZH = lazy_compile(r"(下下|下|上|這|这|本)\s*(?:個|个)?\s*月\s*(?:的\s*)?(\d{1,2}|" + _ZH_DAY + r")\s*[號号日]?")

_ORD = r"(?:st|nd|rd|th)"
_EN_SHIFT = {"next": 1, "this": 0, "last": -1}
# the 3rd of next month / 3rd of next month / next month('s) 3rd / next month on the 3rd.
_OTHER_MONTH_EN = lazy_compile(
    rf"(?<![A-Za-z])(?:(?:on\s+)?the\s+)?(\d{{1,2}}){_ORD}?\s+(?:of\s+)?(next|this|last)\s+month(?![A-Za-z])"
    rf"|(?<![A-Za-z])(next|this|last)\s+month(?:'s)?\s*,?\s+(?:on\s+)?(?:(?:the\s+)?(\d{{1,2}}){_ORD}|the\s+(\d{{1,2}}))(?![\dA-Za-z])",
    re.IGNORECASE)
_ORDINAL = lazy_compile(r"\d(?:st|nd|rd|th)")
_EN_FOLLOW = "|".join(map(re.escape, table("en_day_followers")))
# the 18th / on the 18th / on 18th, unless a noun follows (the 18th century, the 3rd floor).
_THE_DAY_EN = lazy_compile(
    rf"(?<![A-Za-z])(?:on\s+(?:the\s+)?|the\s+)(\d{{1,2}}){_ORD}(?![A-Za-z\d])"
    rf"(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|this|last)[a-z]*)"
    rf"(?=\s*$|\s*[^\sA-Za-z]|\s+(?:{_EN_FOLLOW})(?![A-Za-z]))", re.IGNORECASE)

# Lunar dates: 農曆八月十五 / 農曆8月15 / 農曆8/15 / 正月初一 / 臘月廿三 / 農曆十五 / 初一.
_LUNAR_MONTHS: dict[str, int] = {str(k): int(v) for k, v in table("lunar_months").items()}
_LUNAR_PREFIX = alternation(table("lunar_prefixes"))
_LUNAR_DAY_WORDS: dict[str, int] = {str(k): int(v) for k, v in table("lunar_day_words").items()}   # Korean 보름 (15th), 초하루 (1st)
_LUNAR_DAY = r"(初[一二三四五六七八九十]|" + alternation(_LUNAR_DAY_WORDS) + "|" + _ZH_DAY + r"|\d{1,2})"
_LUNAR_FULL = lazy_compile(
    rf"(?:(?:{_LUNAR_PREFIX})\s*(十一|十二|[正一二三四五六七八九十冬臘腊]|\d{{1,2}})\s*(?:月|월|/)"
    rf"|(正|冬|臘|腊)月)\s*{_LUNAR_DAY}(?![がヶケ箇賀]日)\s*(?:[日號号](?!出|落))?")   # 「正月三が日」: Japan's 1-3 January
# A bare day of the month's second half is the lunar day (「十五暗時月娘幾點出來」, 「廿三 幾點滇流」) before a night or moon word,
# 那天, 前後, a blank or (after 下個: 「下個十五維港」) a name, no unit; or the text's end (十五分 is a count); 十 gates it too.
_LUNAR_BARE = (r"(?<![\d一二三四五六七八九十百千萬万月第約约幾几廿初卅.])(十[一二三四五六七八九]|二十[一二三四五六七八九]?|"
               r"廿[一二三四五六七八九]|三十)(?=暗|晚|夜|月[娘亮圓圆]|的月|那[天工暝日]|前後|前后|\s*$|"
               r"\s+(?![天日號号點点分度個个歲岁年月週周次秒公米尺呎吋%\d])|(?<=[下這这呢今][個个]..)(?![天日號号點点分度個个歲岁年月週周次秒公米尺呎吋%\d十]))")
_LUNAR_DAY_ONLY = lazy_compile(rf"(?:{_LUNAR_PREFIX})\s*{_LUNAR_DAY}\s*(?:[日號号](?!出|落))?|(?<![當当最起])(初[一二三四五六七八九十])(?![一二三四五六七八九十中直定樣样般起旦些])|{_LUNAR_BARE}")
_LUNAR_SEEN = lazy_compile(r"[農农陰阴舊旧正冬臘腊初十廿음]")
_LUNAR_PAIR = lazy_compile(table("lunar_pair"))
_VI_LUNAR_SEEN = lazy_compile(r"r[aằ]m|gi[eê]ng|ch[aạ]p|[aâ]m|[aâ]l\b")   # the Vietnamese lunar finder's gate   # 「初一十五」: every lunar month's 1st and 15th, no one day

# Festivals: every word of every festival in two regexes (CJK literals; English with word edges).
_FESTIVALS: list[dict[str, Any]] = table("festivals")
_FESTIVAL_OF: dict[str, dict[str, Any]] = {w.lower(): f for f in _FESTIVALS for w in f["words"]}
_FESTIVAL_OF.update({"".join(w.split()): f for w, f in list(_FESTIVAL_OF.items()) if not latin(w)})   # 새해 첫 해돋이: found spaced, looked up unspaced
_FESTIVAL_BY_ID: dict[str, dict[str, Any]] = {str(f["id"]): f for f in _FESTIVALS}
# the keys are lower case: Greek and Cyrillic words ("Πάσχα", "Великден") are found in any case
_FEST_CJK = lazy_compile(alternation(w for w in _FESTIVAL_OF if not latin(w)), re.IGNORECASE)
_FEST_EN = WordFinder(w for w in _FESTIVAL_OF if latin(w))
_THAT_DAY_AFTER = lazy_compile(r"\s*(?:" + alternation(table("that_day")) + ")")   # 「大雪嗰日」: the day, not snow
_FEST_CJK_SEEN = lazy_compile("[" + "".join(sorted({w[0] for w in _FESTIVAL_OF if not latin(w)})) + "]", re.IGNORECASE)
_FEST_EN_NEEDLES = needles(w for w in _FESTIVAL_OF if latin(w))
_YEAR_IN = lazy_compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_GREETING_AFTER = tuple(table("greeting_after"))
_GREETING_BEFORE = lazy_compile(r"(?:" + "|".join(table("greeting_before")) + r")\s+$", re.IGNORECASE)


def _followed_as_day(text: str, end: int) -> bool:
    """True when what follows a bare "18號" reads as a day (end, punctuation, a day word)."""
    rest = text[end:]
    word = rest.lstrip(" ")
    if not word:
        return True
    if word is not rest and word[0].isascii() and word[0].isalnum():
        return False  # "3號 buoy": a number before an English word
    if rest[0] in _PUNCT or word.startswith(_FOLLOWERS) or (word is not rest and not word[0].isascii()):
        return True
    from core.understand.places_index import cjk_name_starts   # 「28號那霸」: the 28th, at Naha (read on first use)
    return "\u3400" <= rest[0] <= "\u9fff" and cjk_name_starts(rest)


_COUNT_BEFORE = ("未來", "未来", "接下來", "接下来", "往後", "往后", "之後", "之后", "最近", "近", "今後", "今后")


def _bare_days(text: str, today: date, digit: bool) -> Iterator[Found]:
    found = list(_BARE_DAY.finditer(text)) if digit else []
    if "號" in text or "号" in text:
        found += _BARE_DAY_ZH.finditer(text)
    for m in found:
        if text[max(0, m.start() - 1):m.start()] == "月":
            continue  # 11月25日 is a written date, found elsewhere
        if text[max(0, m.start() - 4):m.start()].rstrip().endswith(_COUNT_BEFORE):
            continue  # 未來7日 is seven days, counted (dates_ranges), not the 7th
        if not _followed_as_day(text, m.end()):
            continue
        n = zh_number(m[1])
        if 1 <= n <= 31:
            yield Found(month_day(today, n, None), True, False, m.span())


def _bare_day_ranges(text: str, today: date) -> Iterator[Found]:
    for m in _BARE_DAY_RANGE.finditer(text):
        if text[max(0, m.start() - 1):m.start()] == "月" or not _followed_as_day(text, m.end()):
            continue
        first, last = int(m[1]), int(m[2])
        start = month_day(today, first, None) if 1 <= first <= 31 and 1 <= last <= 31 else None
        if start is None or first == last:
            continue
        end = month_day(start, last, None)  # the first such day on or after the range's start
        if end is not None and (end - start).days < MAX_DAYS:
            yield Found(start, True, False, m.span(), (end - start).days + 1)


def _other_months_zh(text: str, today: date) -> Iterator[Found]:
    for m in _OTHER_MONTH_ZH.finditer(text):
        n = zh_number(m[2])
        if 1 <= n <= 31:
            yield Found(month_day(today, n, _MONTH_SHIFT[m[1]]), True, False, m.span())


def _english_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    if gates.en("month"):
        for m in _OTHER_MONTH_EN.finditer(text):
            word, n = (m[2], m[1]) if m[1] else (m[3], m[4] or m[5])
            shift = _EN_SHIFT.get(word.lower())
            if shift is not None and 1 <= int(n) <= 31:
                yield Found(month_day(today, int(n), shift), True, False, m.span())
    if gates.traps or _ORDINAL.search(gates.low or "") is not None:
        for m in _THE_DAY_EN.finditer(text):
            if 1 <= int(m[1]) <= 31:
                yield Found(month_day(today, int(m[1]), None), True, False, m.span())


def _festival_day(festival: dict[str, Any], year: int) -> date | None:
    """Return the festival's day in Gregorian ``year`` (None when the calendars do not know it or it has none)."""
    if "holiday" in festival:
        found = country_days("TW", "", year).get(festival["holiday"])
        if found is not None:
            return found
    if "calendar" in festival:   # a day another country's calendar keeps (Chuseok, Diwali, Hanukkah)
        country, name = festival["calendar"]
        found = country_days(country, "", year).get(name)
        if found is not None:   # shifted: a night that begins the day at sundown is the evening before it
            return found + timedelta(days=int(festival.get("shift", 0)))
    if "lunar" in festival:
        month, day = festival["lunar"]
        shift = int(festival.get("shift", 0))
        for lunar_year in (year - 1, year):  # a lunar year starts in Jan/Feb: the festival may fall in either
            found = lunar_to_solar(lunar_year, month, day)
            if found is not None and (found := found + timedelta(days=shift)).year == year:
                return found
    if "solar" in festival:
        month, day = festival["solar"]
        return date(year, month, day) if (month, day) != (2, 29) or isleap(year) else None   # 29 Feb: leap years
    return _computed_day(festival, year)


def _computed_day(festival: dict[str, Any], year: int) -> date | None:
    """Return a day computed by rule: a solar term from the Sun (Skyfield), the nth weekday of a
    month (母親節, Thanksgiving) or before a day (Advent Sundays), a day from Easter (Western, or
    Orthodox with `orthodox`), or a day of the Islamic calendar."""
    if "solar_term" in festival:
        from metocean.solar_terms import solar_term_day  # the ephemeris: only for a solar term

        term = solar_term_day(year, int(festival["solar_term"]))
        # shifted: a day before the term (節分, the eve of 立春)
        return None if term is None else term + timedelta(days=int(festival.get("shift", 0)))
    if "cycle_day" in festival:   # the nth day of a heavenly stem from a solar term's day (初伏: 夏至's third 庚 day)
        from metocean.solar_terms import cycle_day_after

        rule = festival["cycle_day"]   # a stem (庚 of 三伏) or a branch (丑 of 土用); the day in the zone it is kept in
        zone = timezone(timedelta(hours=float(rule.get("utc_hours", 8))))
        return cycle_day_after(year, float(rule["after_term"]), int(rule["nth"]), stem=rule.get("stem"),
                               branch=rule.get("branch"), tz=zone, until=rule.get("until_term"))
    if "nth_weekday" in festival:
        month, weekday, nth = festival["nth_weekday"]
        shift = timedelta(days=int(festival.get("shift", 0)))   # a day after one (Black Friday after Thanksgiving)
        if nth > 0:
            first = date(year, month, 1)
            return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1)) + shift
        last = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7) + shift
    if "before" in festival:   # the nth weekday strictly before a day: [month, day, weekday, n]
        month, day, weekday, nth = festival["before"]
        last = date(year, month, day) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7 + 7 * (nth - 1))
    if "easter" in festival:
        return easter_day(year, bool(festival.get("orthodox"))) + timedelta(days=int(festival["easter"]))
    if "islamic" in festival:
        return islamic_day(str(festival["islamic"]), year, int(festival.get("shift", 0)))
    return None


def _next_moon(phases: list[str], today: date) -> date | None:
    """Return the local day (UTC+8, as the lunar calendar is reckoned here) of the next of `phases`
    ("Full Moon", "New Moon") after today, from the engine's moon-phase table."""
    from metocean.astro import next_phases  # the ephemeris: only for a moon word
    from metocean.errors import ToolFailure

    try:
        found = next_phases(datetime.combine(today, time(23, 59)), "Asia/Taipei", count=4)
    except ToolFailure:
        return None
    return next((moment.date() for moment, name in found if name in phases), None)


def next_festival(festival: dict[str, Any], today: date) -> date | None:
    """Return the festival's next day on or after ``today`` (None when the calendars do not reach it)."""
    if "moon" in festival:
        day = _next_moon(list(festival["moon"]), today)
        return None if day is None else day + timedelta(days=int(festival.get("shift", 0)))
    if "next_of" in festival:   # "the equinox" said bare: March's or September's, whichever comes first
        return min((d for each in festival["next_of"] if (d := next_festival(each, today)) is not None), default=None)
    for year in (today.year, today.year + 1):
        try:
            found = _festival_day(festival, year)
        except (ValueError, OverflowError, KeyError, NotImplementedError):
            return None
        if found is not None and found >= today:
            return found
    return None


def _lunar_day(token: str) -> int:
    return _LUNAR_DAY_WORDS.get(token) or zh_number(token[1:] if token.startswith("初") else token.replace("卅", "三十"))


def _lunar(text: str, today: date) -> Iterator[Found]:
    """Lunar dates with a month (農曆八月十五, 正月初一): they must beat the Gregorian 8月15日 inside them."""
    for m in _LUNAR_FULL.finditer(text):
        month_word, day = m[1] or m[2], _lunar_day(m[3])
        month = int(month_word) if month_word.isdigit() else _LUNAR_MONTHS.get(month_word, 0)
        if 1 <= month <= 12 and 1 <= day <= 30:
            yield Found(next_lunar(month, day, today), True, False, m.span())


def _lunar_days(text: str, today: date) -> Iterator[Found]:
    """A lunar day of any month (農曆十五, 初一): the next one; none inside the pair naming every month's
    new- and full-moon days."""
    pairs = [m.span() for m in _LUNAR_PAIR.finditer(text)]
    for m in _LUNAR_DAY_ONLY.finditer(text):
        day = _lunar_day(m[1] or m[2] or m[3])
        inside = any(start < m.end() and m.start() < end for start, end in pairs)
        if 1 <= day <= 30 and not inside:
            yield Found(next_lunar(None, day, today), True, False, m.span())


def greeting(text: str, start: int, end: int) -> bool:
    """True when a festival word is part of a greeting (聖誕節快樂, Merry Christmas)."""
    return text.startswith(_GREETING_AFTER, end) or _GREETING_BEFORE.search(text, 0, start) is not None


def _festivals(text: str, today: date, gates: Gates) -> Iterator[Found]:
    said: list[tuple[tuple[int, int], str]] = []
    if _FEST_CJK_SEEN.search(text) is not None:
        said += ((m.span(), "".join(m[0].split())) for m in _FEST_CJK.finditer(text))
    if gates.en(*_FEST_EN_NEEDLES):
        said += _FEST_EN.finditer(text, gates)
    for span, word in said:
        festival = _FESTIVAL_OF.get(word.lower())
        that = _THAT_DAY_AFTER.match(text, span[1]) if festival is not None and not latin(word) else None
        if festival is None or greeting(text, *span) or that is None and weather_not_day(text, span, word):
            continue
        if word.endswith("の日") and text.startswith(("の出", "の入"), span[1]):
            continue   # 「松山の日の入り」, 「熱海の日の出」: a town's sunset, no Mountain or Marine Day
        year, span = year_beside(text, span, today.year)
        day = _in_year(festival, year) if year else None
        if year == today.year and not written_year(text, span):
            day = _lunar_year_now(festival, day, today)
        day = day or next_festival(festival, today)
        # A festival the calendars do not reach is a day word not understood, not a silent today.
        yield Found(day, True, False, span, int(festival.get("days", 1)), moment=festival_moment(festival, day),
                    festival=str(festival["id"])) if day else Found(today, False, True, span, 1, word,
                                                                    festival=str(festival["id"]))   # the place's calendar may


def _lunar_year_now(festival: dict[str, Any], day: date | None, today: date) -> date | None:
    """Return the day 「今年」 names for a lunar festival: this calendar year's ``day``, unless passed while the lunar year
    now running still holds it (「今年尾牙」 asked in November: January's to come; 「今年中秋」 stays September's)."""
    if day is None or day >= today or "lunar" not in festival:
        return day
    later, now = _in_year(festival, today.year + 1), solar_to_lunar(today)
    then = None if later is None else solar_to_lunar(later)
    return later if later is not None and now is not None and then is not None and then.year == now.year else day


def written_year(text: str, span: tuple[int, int]) -> int:
    """Return the year written inside a named day's ``span`` of ``text`` ("Christmas 2027": 2027), else 0."""
    found = _YEAR_IN.search(text, *span)
    return int(found[0]) if found is not None else 0


def _in_year(festival: dict[str, Any], year: int) -> date | None:
    """Return the festival's day in ``year`` (None when a calendar does not reach it or it goes by the moon)."""
    if "moon" in festival:
        return None
    if "next_of" in festival:   # "the equinox 2027": that year's first
        return min((d for each in festival["next_of"] if (d := _in_year(each, year)) is not None), default=None)
    try:
        return _festival_day(festival, year)
    except (ValueError, OverflowError, KeyError, NotImplementedError):
        return None


def festival_words() -> frozenset[str]:
    """Return every festival word of ``core/data/day_words.yaml``, lower-cased (the festival finder reads them)."""
    return frozenset(_FESTIVAL_OF)


def names_day(word: str, day: date) -> bool:
    """Return whether festival ``word`` falls on ``day`` in its year ("Boxing Day" said beside "yesterday", Dec 26)."""
    festival = _FESTIVAL_OF.get(" ".join(word.lower().split()))
    return festival is not None and _in_year(festival, day.year) == day


def festival_by_id(festival_id: str) -> dict[str, Any] | None:
    """Return the festival of ``core/data/day_words.yaml`` with id ``festival_id``, or None."""
    return _FESTIVAL_BY_ID.get(festival_id)


def festival_moment(festival: dict[str, Any], day: date) -> datetime | None:
    """Return the instant a solar term's day is named by (its day differs between zones), else None."""
    if "next_of" in festival:   # the one of the terms that falls on `day`
        return next((festival_moment(each, day) for each in festival["next_of"] if _in_year(each, day.year) == day), None)
    if "solar_term" not in festival:
        return None
    from metocean.solar_terms import solar_term_moment

    moment = solar_term_moment(day.year, int(festival["solar_term"]))
    # a day before the term (節分): the same hour a day earlier, so its day in any zone is the term's day's eve
    return None if moment is None else moment + timedelta(days=int(festival.get("shift", 0)))


def named_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield every day of a month and lunar date with a month in ``text`` (they rank with written dates)."""
    if gates.digit or _ZH_DAY_SEEN.search(text):
        if "月" in text:
            yield from _other_months_zh(text, today)
        if _ZH_DAY_SEEN.search(text):
            yield from _bare_days(text, today, gates.digit)
            if gates.digit:
                yield from _bare_day_ranges(text, today)
    if gates.low is not None and gates.digit:
        yield from _english_days(text, today, gates)
    if _LUNAR_SEEN.search(text):
        yield from map(functools.partial(around, text), _lunar(text, today))
    if gates.low is not None and _VI_LUNAR_SEEN.search(gates.low):   # rằm tháng Chạp, mùng 8 tháng Giêng, 15/8 âm lịch
        yield from (around(text, f) for f in vietnamese_lunar(text, today)   # a festival's own name stays the festival's
                    if " ".join(text[f.span[0]:f.span[1]].lower().split()) not in _FESTIVAL_OF)


def festival_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield festivals and lunar days of any month in ``text``. They rank after relative words:
    in "今天農曆十五" or "明天中秋節" the relative word says the day, the festival describes it."""
    found = in_the_past(text, _named(text, today, gates), today, lambda day: _named(text, day, gates))   # last Christmas
    moved = [around(text, f) for f in found]
    if any(m.day is not None and f.day is not None and m.day > f.day for f, m in zip(found, moved)):
        # a day after a named one, asked once the named day has passed ("the Sunday after Thanksgiving" on that
        # Sunday): this year's, while it is still to come, not next year's
        earlier = {f.span: f for f in _named(text, today - timedelta(days=_AFTER_REACH), gates)}
        for i, (f, m) in enumerate(zip(found, moved)):
            e = earlier.get(f.span)
            if e is not None and e.day is not None and f.day is not None and e.day < f.day and m.day is not None \
                    and m.day > f.day and (again := around(text, e)).day is not None and again.day >= today:
                moved[i] = again
    yield from moved


# How far after a named day a day counted from it can fall ("the Sunday after", "two weeks after").
_AFTER_REACH = 31


def _named(text: str, today: date, gates: Gates) -> tuple[Found, ...]:
    """Return the festivals, lunar and moon days named in ``text``, each the next on or after ``today``."""
    lunar = _lunar_days(text, today) if _LUNAR_SEEN.search(text) else ()
    return (*lunar, *_festivals(text, today, gates), *moon_days(text, today))
