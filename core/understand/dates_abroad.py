"""Day words in the languages travellers write: German, Dutch, French, Spanish, Portuguese, Italian,
Indonesian/Malay and Tagalog — today and tomorrow ("morgen", "demain", "mañana", "amanhã"), weekdays ("Samstag",
"zaterdag", "sábado"), weekends and weeks ("Wochenende", "la semaine prochaine"), and dates written
day first ("28.11.", "3. Dezember", "le 5 décembre", "28/11").

The words are in ``abroad`` of ``core/data/day_words.yaml``. They are found as whole words of Latin
letters, accented ones among them ("morgen" is not read inside "übermorgen"), the longest phrase
first ("heute Morgen" is this morning, not tomorrow; "guten Morgen" is a greeting and no day), and
read into the same ``Found`` records as the English words, in the same tier (dates.py).
"""
from __future__ import annotations

import functools
import re
from datetime import timedelta
from datetime import date
from typing import Iterable, Iterator, NamedTuple

from core.understand.compile_on_first_use import LazyPattern, lazy_compile
from core.understand.dates_ranges import MAX_ASKED, week, weekend
from core.understand.language import GLUED_SCRIPTS, SPACED_SCRIPTS
from core.understand.dates_words import FEW_DAYS, Found, Gates, month_day, month_day_of_year, table, weekday_in_week, written_day

# A Latin letter, accented ones among them: a word is found only between two non-letters.
LATIN = "a-zA-Zß-öø-ɏḀ-ỿÀ-ÖØ-Þ"
SPACED = SPACED_SCRIPTS   # Greek, Hebrew, Arabic, Devanagari, Tamil, Sinhala: no ASCII letter in their words


class _Word(NamedTuple):
    """What one word says: its kind (relative, weekdays, weekends, weeks, or none) and its numbers."""

    kind: str
    value: int
    days: int = 1


def key(word: str) -> str:
    """Return a word as the table keeps it: lower-cased, one space between words, ’ written '."""
    return " ".join(word.lower().replace("\u2019", "'").split())


@functools.cache
def _words() -> dict[str, _Word]:
    """Return every day word of the table with what it says."""
    abroad = table("abroad")
    out: dict[str, _Word] = {}
    for word, value in abroad["relative"].items():
        if value is None:
            out[key(word)] = _Word("none", 0)
        elif isinstance(value, list):
            out[key(word)] = _Word("relative", int(value[0]), int(value[1]))
        else:
            out[key(word)] = _Word("relative", int(value))
    for kind in ("weekdays", "weekends", "weeks"):
        out.update((key(word), _Word(kind, int(value))) for word, value in abroad[kind].items())
    return out


def weekday_words() -> dict[str, int]:
    """Return the travellers' weekday words (lower-cased, one space between words) with their weekday (Monday 0)."""
    return {word: w.value for word, w in _words().items() if w.kind == "weekdays"}


_ARABIC_LETTERS = "\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff"   # Arabic, Persian and Urdu letters (not their marks)


def _source() -> str:
    words = sorted(_words(), key=len, reverse=True)
    body = "|".join(re.escape(w).replace(r"\ ", r"\s+").replace("'", "['\u2019]") for w in words)
    # a word of a spaced South Asian script begins a word there (कल is not inside कलकत्ता); its end may take a case;
    # a glued Thai word is no day after พระ/ดาว (พระจันทร์นี้ is this moon)
    glued = "".join(f"(?<!{re.escape(w)})" for w in table("abroad")["not_after"])
    # (s20) ... while the Arabic script's words take no case there: a whole word (Urdu کل, tomorrow, is not in کلفٹن)
    # (s22) a Hebrew day word may come after a prefix letter glued to it (ביום שלישי: on Tuesday; בשבת; ומחר), and is
    # whole (מחר, tomorrow, is not in מחרוזת)
    hebrew = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words if _HEBREW.search(w))
    prefixed = rf"|(?<=(?<![{LATIN}{SPACED}])[{_HEBREW_PREFIXES}])(?:{hebrew})"
    return rf"(?:(?<![{LATIN}{SPACED}]){glued}(?:{body}){prefixed})(?![{LATIN}{_ARABIC_LETTERS}\u05d0-\u05ea])"


_HEBREW = re.compile("[\u0590-\u05ff]")
_HEBREW_PREFIXES = "ובלהמכש"   # and, in, to, the, from, as, that: letters Hebrew writes glued to the word after them


# Each pattern twice: on the lower-cased text (the common case, several times faster), and in any case
# on the text as written where lower() would move the letters (İ ı ſ K).
_PATTERN, _PATTERN_ANY = lazy_compile(_source()), lazy_compile(_source(), re.IGNORECASE)
_THAI = re.compile(f"[{GLUED_SCRIPTS}{SPACED}]")


def _finditer(low: LazyPattern, any_case: LazyPattern, text: str,
              gates: Gates) -> Iterator[re.Match[str]]:
    """Yield the matches of a pattern in `text` (spans of `text`), on its lower-cased copy when that is exact."""
    if gates.low is not None and not gates.traps:
        return low.finditer(gates.low)
    return any_case.finditer(text)


def _alt(words: Iterable[str]) -> str:
    return "|".join(re.escape(key(w)).replace(r"\ ", r"\s+").replace("'", "['\u2019]")
                    for w in sorted(words, key=len, reverse=True))


@functools.cache
def _months() -> dict[str, int]:
    return {key(word): int(month) for word, month in table("abroad")["months"].items()}


@functools.cache
def _ordinal_days() -> dict[str, int]:
    """Return the words saying a month's first day ("primo", "premier", "ersten") with the day they say."""
    return {key(word): int(day) for word, day in table("abroad")["ordinal_days"].items()}


def _dates_source() -> str:
    months = "|".join(re.escape(m) for m in sorted(_months(), key=len, reverse=True))
    # the day, a dot, Greek's ordinal η/ης, "de" or Tagalog's "ng", the month's name, and a year (3. Dezember 2026,
    # 3 de diciembre de 2026, 25η Μαρτίου, ika-2 ng Enero)
    # (the first said in words, or as French and Italian write it: "primo maggio", "1er mai", "1° maggio")
    first = _alt(_ordinal_days())
    named = (rf"(?<![\d.,/])(\d{{1,2}}|(?<![{LATIN}])(?:{first}))(?:\.|[ºª°]|er(?=\s)|ης?(?=\s))?\s*(?:(?:de|ng)\s+)?"
             rf"({months})(?![{LATIN}])(?:,?\s*(?:de\s+)?(\d{{4}})(?!\d))?")
    # day.month. with its dot after (28.11., 28.11.2026): not a decimal or a coordinate
    dotted = r"(?<![\d.,])(?<!\d\s)(\d{1,2})\.(\d{1,2})\.(?:(\d{4})(?!\d)|(?![\d.]))"
    # day/month where month/day cannot be (28/11, 28/11/2026)
    slashed = r"(?<![\d./])(1[3-9]|2\d|3[01])/(\d{1,2})(?:/(\d{4}))?(?![\d/.])"
    return rf"{named}|{dotted}|{slashed}"


_DATES, _DATES_ANY = lazy_compile(_dates_source()), lazy_compile(_dates_source(), re.IGNORECASE)


def may_hold_date(text: str, gates: Gates) -> bool:
    """Return whether `text` may hold a date written day first: a digit, or a word saying a month's first day."""
    low = gates.low if gates.low is not None else text.lower()
    return gates.digit or any(word in low for word in _ordinal_days())


def abroad_dates(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield each date written day first in ``text``, as Europe writes it: "28.11.", "3. Dezember", "le 5
    décembre", "3 de diciembre de 2026", "28/11" (a day over 12 first: never month/day), and a month's days as one
    run ("du 1 au 3 novembre")."""
    for m in _finditer(_DATES, _DATES_ANY, text, gates):
        if m[2]:
            day, month, year = _ordinal_days().get(key(m[1])) or int(m[1]), _months().get(key(m[2])), m[3]
        elif m[5]:
            day, month, year = int(m[4]), int(m[5]), m[6]
        else:
            day, month, year = int(m[7]), int(m[8]), m[9]
        if month is not None and 1 <= month <= 12:   # a day the month lacks (31/11, 31. November) is asked
            found = written_day(month_day_of_year(today, month, day, year), m, today, day)
            yield _from_first(text, m.start(), found, day) if m[2] else found
    for m in (*_OF_MONTH.finditer(text), *_DAY_WORD.finditer(text)):   # "el 18", "o dia 18", "ngày 18", "18 तारीख"
        if 1 <= (day := int(m[1] or m[2])) <= 31:
            yield Found(month_day(today, day, None), True, False, m.span())
    yield from abroad_runs(text, today)   # "del 1 al 4 de noviembre": the run, not its last day alone


def _runs_source() -> str:
    """The pattern of a month's days written as one run in the travellers' languages: "del 1 al 4 de noviembre",
    "du 1 au 3 novembre", "de 1 a 3 de novembro", "vom 1. bis 3. November" (groups: the first day, the last, the month)."""
    joiners = _alt(["al", "au", "a", "à", "hasta el", "hasta", "até", "ao", "bis", "tot", "t/m", "-", "–", "~"])
    months = "|".join(re.escape(m) for m in sorted(_months(), key=len, reverse=True))
    return (rf"(?<![{LATIN}\d./])(\d{{1,2}})\.?\s*(?:{joiners})\s*(?:el\s+|le\s+)?(\d{{1,2}})\.?\s+(?:de\s+|of\s+)?({months})"
            rf"(?![{LATIN}])")


_RUNS = lazy_compile(_runs_source(), re.IGNORECASE)


def abroad_runs(text: str, today: date) -> Iterator[Found]:
    """Yield each run of one month's days written day first in the travellers' languages (see _runs_source): from the
    first day, as many days as it holds (not the last day alone: "del 1 al 4 de noviembre" is four days)."""
    for m in _RUNS.finditer(text):
        first, last, month = int(m[1]), int(m[2]), _months().get(key(m[3]))
        start = month_day_of_year(today, month, first) if month is not None else None
        if start is not None and first < last <= 31 and last - first < MAX_ASKED:
            yield Found(start, True, False, m.span(), last - first + 1)


# (s24) a month's days written as one run, the month named once after the last, as Europe writes it ("od 1 do 7
# października", "du 1er au 7 octobre", "vom 1. bis 7. Oktober", "dal 1 al 7 ottobre", "fra 1. til 7. november")
_FIRST_OF_RUN = lazy_compile(r"(?<![\d.,/])(\d{1,2})(?:\.|[ºª°]|er|ης?)?\s*(?:-|–|~|do|au|bis|al|a|til|till|to|tot|t/m|ao|à|até|"
                             r"hasta|fino al|έως|ως|до|по)\s*$", re.IGNORECASE)


def _from_first(text: str, start: int, last: Found, day: int) -> Found:
    """Return `last` (a day written with its month) stretched back to the month's first day written before it with a
    joiner ("od 1 do 7 października": the 1st to the 7th); `last` as it was when none is."""
    m = _FIRST_OF_RUN.search(text, max(0, start - 24), start)
    if m is None or last.day is None or not 1 <= (first := int(m[1])) < day:
        return last
    return last._replace(day=last.day - timedelta(days=day - first), span=(m.start(), last.span[1]),
                         days=min(day - first + 1, MAX_ASKED))


def _counts_source() -> str:
    abroad = table("abroad")
    count = rf"(?:\d{{1,2}}|{_alt(abroad['numbers'])})"
    unit, nxt, within = _alt(abroad["units"]), _alt(abroad["next"]), _alt(abroad["within"])
    later, after, link = _alt(abroad["within_after"]), _alt(abroad["next_after"]), _alt(abroad["linkers"])
    # in 3 Tagen | 3 hari lagi | [die nächsten] 3 [prochains] jours [ke depan] | 4 na araw | [los] próximos días (a few)
    # | the unit before its count, as Swahili and Arabic write it: siku tatu zijazo, الأيام الثلاثة القادمة (the next
    # three days); baada ya siku tatu (in three days)
    return (rf"(?<![{LATIN}\d])(?:(?:{within})\s+(?P<in_n>{count})\s+(?P<in_unit>{unit})"
            rf"|(?P<later_n>{count})\s+(?P<later_unit>{unit})\s+(?:{later})"
            rf"|(?:(?:{nxt})\s+)?(?P<n>{count})\s+(?:(?:{nxt}|{link})\s+)?(?P<unit>{unit})(?:\s+(?:{after}))?"
            rf"|(?P<first_unit>{unit})\s+(?P<first_n>{count})\s+(?:{after})"
            rf"|(?:{within})\s+(?P<in_first_unit>{unit})\s+(?P<in_first_n>{count})"
            rf"|(?:{nxt})\s+(?P<few_unit>{unit}))(?![{LATIN}])")


_COUNTS, _COUNTS_ANY = lazy_compile(_counts_source()), lazy_compile(_counts_source(), re.IGNORECASE)


def _of_month_source() -> str:
    abroad = table("abroad")
    follow, months = _alt(abroad["day_of_month_followers"]), "|".join(re.escape(m) for m in _months())
    # "el 18", "el día 18", "o dia 18", "le 18": the day of this month or the next, unless a month, a unit or a
    # clock follows ("el 18 de diciembre" is a date; "le 18h", "el 18%" no day)
    return (rf"(?<![{LATIN}\d])(?:(?:el|le)\s+(?:(?:día|dia|jour)\s+)?|(?:día|dia)\s+)(\d{{1,2}})(?![\d.,:/%°ºªhH])"
            rf"(?!\s*(?:de\s+)?(?:{months})(?![{LATIN}]))(?=\s*$|\s*[^\s{LATIN}\d]|\s+(?:{follow})(?![{LATIN}]))")


_OF_MONTH = lazy_compile(_of_month_source(), re.IGNORECASE)


def _day_word_source() -> str:
    abroad = table("abroad")
    months = "|".join(re.escape(m) for m in sorted(_months(), key=len, reverse=True))
    before, after, unit = (_alt(abroad[k]) for k in ("day_of_month_before", "day_of_month_after", "day_of_month_not_after"))
    # "วันที่ 31", "ngày 31", "tanggal 31", "ika-31" | "31 तारीख", "৩১ তারিখ" (any script's digits): a day of the month,
    # unless a month follows (a date, read above), or a unit or a clock ("ngày 3 lần", "tối 8 giờ")
    return (rf"(?<![{LATIN}\d])(?:(?:{before})\s*(\d{{1,2}})(?![\d.,:/])(?!\s*(?:(?:de|ng)\s+)?(?:{months}|{unit})(?![{LATIN}]))"
            rf"|(?<![\d.,/])(\d{{1,2}})\s*(?:{after}))")


_DAY_WORD = lazy_compile(_day_word_source(), re.IGNORECASE)


def _one_of_two_source() -> str:
    abroad = table("abroad")
    return rf"(?<![{LATIN}\d])(?:\d{{1,2}}|{_alt(abroad['numbers'])})\s+(?:{_alt(abroad['count_or'])})\s+$"


_ONE_OF_TWO = lazy_compile(_one_of_two_source(), re.IGNORECASE)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else int(table("abroad")["numbers"].get(key(word), 0))


def abroad_counts(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield each count of days in another language: a span from today ("die nächsten 3 Tage", "les 5
    prochains jours", "3 hari ke depan"; "los próximos días" is a few, 3) or a day counted from today ("in 3
    Tagen", "dans 3 jours", "3 hari lagi")."""
    units = {key(w): int(n) for w, n in table("abroad")["units"].items()}
    for m in _finditer(_COUNTS, _COUNTS_ANY, text, gates):
        if _ONE_OF_TWO.search(text, 0, m.start()):
            continue   # "un ou deux jours": a rough length, no span asked
        g = m.groupdict()
        for n, unit in (("in_n", "in_unit"), ("later_n", "later_unit"), ("in_first_n", "in_first_unit")):
            if g[unit]:   # a day counted from today
                yield Found(today + timedelta(days=_number(g[n]) * units[key(g[unit])]), False, True, m.span())
                break
        else:
            count, unit = (g["n"], g["unit"]) if g["unit"] else (g["first_n"], g["first_unit"])
            if unit is None:
                yield Found(today, False, True, m.span(), FEW_DAYS * units[key(g["few_unit"])])
            elif (days := _number(count) * units[key(unit)]) > 0:
                yield Found(today, False, True, m.span(), min(days, MAX_ASKED))


def _next_source(where: str) -> str:
    words = _alt(table("abroad")[f"weekday_next_{where}"])
    return rf"(?<![{LATIN}])(?:{words})\s+$" if where == "before" else rf"\s+(?:{words})(?![{LATIN}])"


_NEXT_BEFORE, _NEXT_AFTER = lazy_compile(_next_source("before"), re.IGNORECASE), lazy_compile(_next_source("after"), re.IGNORECASE)


@functools.cache
def _glued_next() -> tuple[str, ...]:
    """Return the words saying "the next one" written glued to a weekday word (Thai หน้า, ที่จะถึงนี้), the longest
    first."""
    return tuple(sorted((key(w) for w in table("abroad")["weekday_next_glued"]), key=len, reverse=True))


def _next_beside(text: str, start: int, end: int) -> tuple[int, int]:
    """Return the span of a weekday with the word saying "the next one" beside it ("sábado que vem", "el próximo
    sábado", "samedi prochain"), or the weekday's own span when none is."""
    if (after := _NEXT_AFTER.match(text, end)) is not None:
        return start, after.end()
    # glued after a weekday word that is whole without it ("วันเสาร์ที่จะถึงนี้": the coming Saturday)
    if (glued := next((w for w in _glued_next() if key(text[end:end + len(w)]) == w), None)) is not None:
        return start, end + len(glued)
    if (before := _NEXT_BEFORE.search(text[max(0, start - 16):start])) is not None:
        return start - len(before[0]), end
    return start, end


@functools.cache
def _kal_past() -> tuple[frozenset[str], re.Pattern[str]]:
    """Return the words that are tomorrow or yesterday (Hindi kal) and the pattern of a past verb that makes them
    yesterday (``kal_past`` of day_words.yaml)."""
    spec = table("kal_past")
    edge = f"{LATIN}{SPACED}{_ARABIC_LETTERS}"
    return (frozenset(key(w) for w in spec["words"]),
            re.compile(rf"(?<![{edge}])(?:{_alt(spec['past'])})(?![{edge}])", re.IGNORECASE))


def past_verb(text: str) -> bool:
    """Return whether `text` says a past verb of Hindi, Urdu or Bengali (tha, था, تھا, ছিল): the day asked is gone."""
    return _kal_past()[1].search(text) is not None


def abroad_days(text: str, today: date, gates: Gates) -> Iterator[Found]:
    """Yield each day word of another language in ``text`` as a ``Found`` (a greeting such as
    "guten Morgen" yields nothing, and hides the "Morgen" in it)."""
    if gates.low is None and _THAI.search(text) is None:   # every word holds an ASCII letter, or is Thai (พรุ่งนี้), Hindi …
        return
    for m in _finditer(_PATTERN, _PATTERN_ANY, text, gates):
        word = _words().get(key(m[0]))
        if word is None or word.kind == "none":
            continue
        if word.kind == "relative":
            back = key(m[0]) in _kal_past()[0] and past_verb(text)   # "kal … tha": yesterday
            yield Found(today + timedelta(days=-1 if back else word.value), False, True, m.span(), word.days)
        elif word.kind == "weekdays":
            start, end = _next_beside(m.string, m.start(), m.end())
            # "sábado que vem", "เสาร์หน้า": the first one after today
            next_one = (start, end) != m.span() or key(m[0]).endswith(_glued_next())
            after = today + timedelta(days=1) if next_one else today
            yield Found(weekday_in_week(after, word.value, None), False, True, (start, end), weekday=True)
        else:
            first, days = weekend(today, word.value) if word.kind == "weekends" else week(today, word.value)
            yield Found(first, False, True, m.span(), days)
    yield from abroad_counts(text, today, gates)


# A slashed day read day first in a question written as Vietnam, South Asia, Thailand, the Arabic world, Malaysia and
# Indonesia write (day_words.yaml slash_day_first)
_DAY_FIRST = lazy_compile("[" + str(table("slash_day_first")["letters"]) + r"]|(?<![a-z])(?:"
                          + "|".join(map(re.escape, table("slash_day_first")["words"])) + r")(?![a-z])", re.IGNORECASE)
_NOW_YIELDS = frozenset(str(w).lower() for w in table("now_yields"))


def is_now_word(word: str) -> bool:
    """Return True when `word` says "now" rather than a day (abhi, sekarang, ngayon, এখন): today's date it gives is
    no day asked of a place's calendar ("is it Saturday there yet")."""
    return word.strip().lower() in _NOW_YIELDS


def slash_day_first(text: str) -> bool:
    """Return True when a slashed day in `text` is day first (1/11: 1 November): written in Vietnamese, a South
    Asian, Thai or Arabic script, or with a Malay or Indonesian date word."""
    return _DAY_FIRST.search(text) is not None


def slashed_days(found: Iterator[re.Match[str]], day_first: bool, today: date) -> Iterator[Found]:
    """Yield the days of slashed month/day matches (`day_first`: day/month); a day the month lacks is asked."""
    first = 2 if day_first else 1   # the month's group
    for m in found:
        month, day = int(m[first]), int(m[3 - first])
        yield written_day(month_day_of_year(today, month, day), m, today, day, 1 <= month <= 12)


def after_now(text: str, found: list[Found], best: Found, today: date) -> Found:
    """Return the first later day named after `best` when `best` is a word for today that also says "now" (Tagalog
    ngayon, Malay sekarang: where the asker is now, "nasa Cebu ako ngayon, ulan ba bukas?"); else `best`."""
    if best.day != today or text[best.span[0]:best.span[1]].lower() not in _NOW_YIELDS:
        return best
    return min((f for f in found if f.day is not None and f.day > today and f.span[0] >= best.span[1]),
               key=lambda f: f.span[0], default=best)
