"""The one clock-time parser: "9點", "晚上九點", "早上6點半", "6:30", "6pm", "18:00", "下午3點15分",
"noon", "中午", "半夜12點", "at 6", in zh-TW and English.

Used by every reader of clock times (time.convert, subscriptions, the `clock` signal), so a
time reads the same everywhere. The words are in `core/data/clock_words.yaml`.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple
from core.understand.clock_thai import thai_clocks
from core.understand.clock_words import words


Span = tuple[int, int]

_LATIN = "A-Za-zÀ-ÖØ-öø-ɏḀ-ỿ"   # Latin letters, accented ones among them (Latin-1, Extended-A/B, Vietnamese's)


def alternation(items: list[str]) -> str:
    """Return a regex alternation of `items`, longest first; Latin words only match whole words."""
    runs: list[tuple[str, str, list[str]]] = []   # (left boundary, right boundary, bodies)
    for item in sorted(set(items), key=len, reverse=True):
        # an accented letter is a letter too: Portuguese 「está」 holds no EST
        left = rf"(?<![{_LATIN}])" if item[:1].isascii() and item[:1].isalpha() else ""
        right = rf"(?![{_LATIN}])" if item[-1:].isascii() and item[-1:].isalnum() else ""
        body = re.escape(item).replace(r"\ ", r"\s+")
        if runs and runs[-1][:2] == (left, right):
            runs[-1][2].append(body)
        else:
            runs.append((left, right, [body]))
    # Neighbours with the same boundaries share one pair (the same matches, in the same order):
    # a pair per word made these patterns slow to compile in every process.
    parts = [f"{left}(?:{'|'.join(bodies)}){right}" if left or right else "|".join(bodies)
             for left, right, bodies in runs]
    return "(?:" + "|".join(parts) + ")" if parts else "(?!)"


def _both(node: dict[str, list[str]]) -> list[str]:
    return [*(node.get("zh") or []), *(node.get("en") or [])]


@functools.cache
def zh_numerals() -> str:
    """Return the characters of Chinese numerals (digits, then the multipliers) as one string."""
    return "".join(words()["numbers_zh"]) + "".join(words()["multipliers_zh"])


def zh_number(text: str) -> int | None:
    """Return the value of Arabic digits or a Chinese numeral up to the hundreds (二十, 一百二十), or None."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    digits: dict[str, int] = words()["numbers_zh"]
    multipliers: dict[str, int] = words()["multipliers_zh"]
    total, current = 0, 0
    for ch in text:
        if ch in digits:
            current = digits[ch]
        elif ch in multipliers:
            total += (current or 1) * multipliers[ch]
            current = 0
        else:
            return None
    return total + current if text else None


class ClockTime(NamedTuple):
    """A clock time found in text; `valid` is False for impossible ones (25:00, 6:61, 13pm).

    `span` covers the time as written, with a part-of-day word right before it ("晚上9點").
    """

    hour: int
    minute: int
    span: Span
    valid: bool
    text: str

    @property
    def hhmm(self) -> str:
        """Return the time as "HH:MM"."""
        return f"{self.hour:02d}:{self.minute:02d}"


class _Patterns(NamedTuple):
    zh: re.Pattern[str]
    en: re.Pattern[str]
    named: re.Pattern[str]
    parts: dict[str, re.Pattern[str]]
    part_before: re.Pattern[str]
    part_word: re.Pattern[str]
    said_at: re.Pattern[str]
    said_hour: re.Pattern[str]   # "jam 9", "pukul 7", "alas 6": the word itself says an hour
    letter: re.Pattern[str]      # "23h30", "10h", "15 Uhr", "15.30 Uhr": the clock as Europe writes it
    letter_after: re.Pattern[str]
    letter_before: re.Pattern[str]
    part_after: re.Pattern[str]   # "8 de la tarde", "9 ng gabi": a part of the day right after a lone number says an hour
    article: re.Pattern[str]      # "las 22": an article before a lone number says an hour ...
    article_then: re.Pattern[str]   # ... when a place, a clause's end or the minutes follow ("de Buenos Aires"), not a noun


@functools.cache
def _patterns() -> _Patterns:
    w = words()
    nums = zh_numerals()
    zh_num = f"(?:(?<![\\d/])\\d{{1,2}}|[{nums}]{{1,3}})"   # not a date's day (12/3 시드니)
    hour = "|".join(f"{re.escape(m)}(?![{''.join(w['not_hour_after'])}])" if m in ("時", "时", "시") else re.escape(m)
                    for m in sorted(w["hour_markers"], key=len, reverse=True))
    minute, half = re.escape(w["minute_marker"]), re.escape(w["half"])
    not_minute = "".join(w["not_minute_after"])
    duration = alternation(w["duration_after"])
    zh = re.compile(
        f"(?P<h>{zh_num})\\s*(?:{hour})"
        f"(?:\\s*(?P<half>{half})|\\s*(?P<m>{zh_num})\\s*{minute}(?![{not_minute}])"
        # minutes with no 分: digits, or numerals that end the phrase (「六點十五的」, not the 八 of 「6點 八斗子」)
        f"|(?P<m2>(?<![\\d/])\\d{{1,2}}|[{nums}]{{1,3}}(?=$|[的左右前後后到至,，。？?！!\\s~～-]))(?![{nums}\\d]|\\s*{duration}))?")
    oclock = alternation(w["oclock"])
    # not after "+": 「+5:45」 is a zone's offset from UTC, no clock time
    en = re.compile(r"(?<![\d:.：+])(?P<h>\d{1,3})(?:\s*[:：]\s*(?P<m>\d{1,3}))?"
                    r"(?:\s*(?P<ap>[ap]\.?\s?m\.?)(?![A-Za-z]))?"
                    rf"(?P<oc>\s*{oclock})?(?![\d.])", re.IGNORECASE)
    named = re.compile(alternation([x for node in (*w["named_times"].values(), w["new_year_moment"]) for x in _both(node)])
                       + "|" + _year_reached().pattern, re.IGNORECASE)
    parts = {name: re.compile(alternation(_both(node)), re.IGNORECASE) for name, node in w["day_parts"].items()}
    every_part = [x for node in w["day_parts"].values() for x in _both(node) if not x[:1].isascii()]
    part_before = re.compile(alternation(every_part) + r"\s*$")
    part_word = re.compile(alternation(every_part))
    said_at = re.compile(alternation(w["at_words"]) + r"\s*$", re.IGNORECASE)
    said_hour = re.compile(alternation(w["hour_words_before"]) + r"\s*$", re.IGNORECASE)
    after = alternation(w["hour_words_after"])
    letter = re.compile(rf"(?<![\d:.：\w])(?P<h>[01]?\d|2[0-3])(?:\s?h\s?(?P<m>[0-5]\d)(?!\d)"
                        rf"|[.:h](?P<m2>[0-5]\d)\s*{after}|\s*{after}|h(?P<bare>)(?![A-Za-z\d]))", re.IGNORECASE)
    letter_after = re.compile(r"\s*" + alternation(w["hour_letter_after"]), re.IGNORECASE)
    # ... or the hour first in the question or its clause ("9h em noronha é que horas em brasília?")
    letter_before = re.compile("(?:" + alternation([*w["hour_letter_before"], *w["hour_words_before"]]) + r"|^|[,;.!?¿¡(])\s*$",
                               re.IGNORECASE)
    part_after = re.compile(r"\s*" + alternation(w["hour_parts_after"]) + r"(?![^\W\d_])", re.IGNORECASE)
    article = re.compile(alternation(w["hour_article_before"]) + r"\s*$", re.IGNORECASE)
    article_then = re.compile(r"\s*(?:[,;.!?]|$|(?:" + alternation(w["hour_article_then"]) + r")(?![^\W\d_]))", re.IGNORECASE)
    return _Patterns(zh, en, named, parts, part_before, part_word, said_at, said_hour, letter, letter_after,
                     letter_before, part_after, article, article_then)


_CLAUSE_END = re.compile(r"[，,;；。？?！!]")


def _day_part(text: str, span: Span, ap: str | None) -> str | None:
    """Return 'am', 'pm', 'noon' or 'midnight' said with the time: its own am/pm, a word just before
    it, or anywhere in the text up to the end of the time's clause."""
    if ap:
        return "pm" if ap.lower().startswith("p") else "am"
    before = text[max(0, span[0] - 6):span[0]]
    # the word nearest the time wins (「今晚凌晨1點」: 凌晨's small hours, not tonight's evening)
    near = [(m.end(), -m.start(), -i, part, m.group())   # at one end, the longer word (半夜, not its 夜), then PARTS' order
            for i, part in enumerate(PARTS) if (m := _last(_patterns().parts[part], before))]
    if near:
        return _night(*max(near)[3:])
    # a part of the day in a later clause is another clock's: 「紐約9:30開盤，今晚台灣幾點」 (tonight is Taiwan's)
    later = _CLAUSE_END.search(text, span[1])
    scope = text[:later.start()] if later else text
    # ... nor another clock's own am/pm ("leaves 10:00 pm and lands 02:30 local": no pm for 02:30; "3:00 petang": its own)
    # ... nor a word that is a part of the day only right after an hour (German "am 1. November", "I am"): `own_only_parts`
    own_only = {str(w).lower() for w in words()["own_only_parts"]}
    return next((_night(part, m.group()) for part in PARTS for m in _patterns().parts[part].finditer(scope)
                 if (not _OWN_AP.search(scope, 0, m.start()) or _its_own(scope, span, m.start()))
                 and (m.group().lower() not in own_only or _its_own(scope, span, m.start()))), None)


_OWN_AP = re.compile(r"\d\s?$")   # a part word right after a number is that number's am/pm


def _its_own(text: str, span: Span, at: int) -> bool:
    """Whether the part word at `at` is written right after the time at `span` (its own: "3:00 petang")."""
    return span[1] <= at and not text[span[1]:at].strip()


PARTS = ("midnight", "noon", "pm", "am")


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    return next(reversed(list(pattern.finditer(text))), None)


def _night(part: str, word: str) -> str:
    """Return "night" for an evening said with a night word (「今晚」, "tonight"): its 12 and 1-4 are small hours."""
    return "night" if part == "pm" and _patterns().parts["night"].fullmatch(word) else part


def _clock(hour: int, minute: int, part: str | None, twelve_hour: bool) -> tuple[int, int, bool]:
    """Return (hour, minute, valid) once the part of the day is applied."""
    if twelve_hour and not 1 <= hour <= 12:
        return hour, minute, False
    if part == "night" and (hour == 12 or 1 <= hour <= 4):   # 「今晚1點」, "1 tonight": after midnight
        hour %= 12
    elif part in ("pm", "noon", "night") and 1 <= hour < 12:
        hour += 12
    elif part in ("am", "midnight") and hour == 12:
        hour = 0
    return hour, minute, 0 <= hour <= 23 and 0 <= minute <= 59


def part_after(text: str, end: int) -> re.Match[str] | None:
    """Return the part of the day written right after a clock time ending at `end` ("de la tarde", "'s avonds", "in the
    evening"), or None."""
    return _patterns().part_after.match(text, end)


def _with_part_word(text: str, start: int) -> int:
    """Return where the time starts once a part-of-day word written right before it is included."""
    m = _patterns().part_before.search(text[:start])
    return m.start() if m else start


def find_clocks(text: str, *, bare: bool = False, after_at: bool = True) -> list[ClockTime]:
    """Return every clock time in `text`, in order of position (impossible ones with valid=False).

    A lone number counts as an hour only with am/pm or o'clock, after "at" (when `after_at`),
    or when `bare` (a command argument such as `/daily 6`). "noon", "midnight", "正午" alone
    are times too.
    """
    p = _patterns()
    hits: list[ClockTime] = []
    if not text.isascii():   # Bengali and Devanagari digits (রাত ১১টা) read as ASCII ones, one for one: spans stay
        text = _ascii_digits(text)
    for m in p.zh.finditer(text):
        hour = zh_number(m.group("h"))
        minute = 30 if m.group("half") else zh_number(m.group("m") or m.group("m2") or "0")
        if hour is None or minute is None:
            continue
        start = _with_part_word(text, m.start())
        if m.group(0).strip() in words()["ambiguous_zh"] and start == m.start() and not bare:
            continue
        h, mi, ok = _clock(hour, minute, _day_part(text, m.span(), None), False)
        hits.append(ClockTime(h, mi, (start, m.end()), ok, text[start:m.end()]))
    for m in p.en.finditer(text):
        said_at = after_at and p.said_at.search(text[:m.start()]) is not None or \
            p.said_hour.search(text[max(0, m.start() - 8):m.start()]) is not None
        said_at = said_at or p.part_after.match(text, m.end()) is not None and not (
            m.start() and text[m.start() - 1].isalnum())   # "6h30 da manhã": the minutes of a lettered time
        said_at = said_at or p.article.search(text[max(0, m.start() - 8):m.start()]) is not None \
            and p.article_then.match(text, m.end()) is not None   # "las 22 de Buenos Aires", not "las 3 playas"
        if not (m.group("m") or m.group("ap") or m.group("oc") or said_at or bare):
            continue
        if any(a <= m.start() < b for (a, b) in (h.span for h in hits)):
            continue
        ap = m.group("ap")
        h, mi, ok = _clock(int(m.group("h")), int(m.group("m") or 0), _day_part(text, m.span(), ap), bool(ap))
        start = _with_part_word(text, m.start())
        hits.append(ClockTime(h, mi, (start, m.end()), ok and len(m.group("h")) <= 2, text[start:m.end()].strip()))
    hits += _lettered(text, [h.span for h in hits])
    for m in _dotted_after_hour_word().finditer(text):
        if not any(a < m.end("m") and m.start("h") < b for (a, b) in (h.span for h in hits)):
            h, mi, ok = _clock(int(m.group("h")), int(m.group("m")), _day_part(text, m.span("h"), None), False)
            hits.append(ClockTime(h, mi, (m.start("h"), m.end("m")), ok, text[m.start("h"):m.end("m")]))
    for m in _hhmm().finditer(text):
        h_, m_ = (m.group("h"), m.group("m")) if m.group("h") else (m.group("h2"), m.group("m2"))
        span = m.span("h") if m.group("h") else (m.start("h2"), m.end("m2"))
        if not any(a < span[1] and span[0] < b for (a, b) in (h.span for h in hits)):
            hits.append(ClockTime(int(h_), int(m_), span, True, text[span[0]:span[1]]))
    hits += [ClockTime(h, mi, span, True, said) for h, mi, span, said in thai_clocks(text, [h.span for h in hits])]
    for m in p.named.finditer(text):
        if any(a - 1 <= m.start() <= b or m.start() <= a <= m.end() + 2 for (a, b) in (h.span for h in hits)):
            continue  # "中午12點": the number says the time
        hhmm = next((k for k, node in words()["named_times"].items()
                     if m.group(0).lower() in [x.lower() for x in _both(node)]), "00:00")   # else the New Year's
        hits.append(ClockTime(int(hhmm[:2]), int(hhmm[3:]), m.span(), True, m.group(0)))
    return sorted(hits, key=lambda c: c.span[0])


def _ascii_digits(text: str) -> str:
    """Return ``text`` with every decimal digit of another script (১, ३, ๓) written as its ASCII digit, else as is."""
    return "".join(str(int(c)) if c.isdecimal() and not c.isascii() else c for c in text) \
        if any(c.isdecimal() and not c.isascii() for c in text) else text


_LETTER_GATE = re.compile(r"\d\s?[hHuU.:bBgGबটব]")   # h, Uhr/uur, baje, giờ, बजे, Bengali টা / বাজে
@functools.cache
def _duration_after() -> re.Pattern[str]:
    """Return the pattern of "de"/"of" and a thing hours are counted of ("10h de voo", "3h de décalage", "9h of
    flight": a duration); any other word after "de" is the clock of a place or a part of the day ("14h de Brasília",
    "9h de la tarde")."""
    nouns = "|".join(re.escape(str(w)) for w in words()["duration_nouns"])
    return re.compile(rf"\s*(?:de|of)\s+(?:{nouns})(?![^\W\d_])", re.IGNORECASE)


def _lettered(text: str, taken: list[Span]) -> list[ClockTime]:
    """Return the clock times written as Europe writes them ("23h30", "15 Uhr", "15.30 Uhr", "10h horário de
    Brasília", "às 10h"), where no other time is read; an hour with a bare h only beside an hour or time word."""
    if _LETTER_GATE.search(text) is None:   # most questions write no hour with an h or Uhr: decided first
        return []
    p = _patterns()
    out: list[ClockTime] = []
    for m in p.letter.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        if m.group("bare") is not None and not (p.letter_after.match(text, m.end()) or p.letter_before.search(
                text[max(0, m.start() - 16):m.start()])):
            continue   # "a 10h flight": hours, not a clock
        if m.group("bare") is not None and _duration_after().match(text, m.end()):
            continue
        h, mi, ok = _clock(int(m.group("h")), int(m.group("m") or m.group("m2") or 0),
                           _day_part(text, m.span(), None), False)
        start = _with_part_word(text, m.start())
        out.append(ClockTime(h, mi, (start, m.end()), ok, text[start:m.end()].strip()))
    return out


@functools.cache
def _hhmm() -> re.Pattern[str]:
    """Four digits of a 24-hour time with a zone or hours word after or a zone before them (0600 UTC)."""
    with_ = alternation(words()["hhmm_with"])
    return re.compile(rf"(?<![\d:.])(?P<h>[01]\d|2[0-3])\.?(?P<m>[0-5]\d)(?=\s*{with_})"
                      rf"|(?<![A-Za-z])(?:utc|gmt)\s*(?P<h2>[01]\d|2[0-3])(?P<m2>[0-5]\d)(?!\d)", re.IGNORECASE)


@functools.cache
def _dotted_after_hour_word() -> re.Pattern[str]:
    """Return the pattern of hours and minutes joined by a dot right after a word saying an hour ("jam 10.00",
    "pukul 14.30", "a las 9.15"): Indonesian and Malay write the clock so, and the word rules out a decimal."""
    return re.compile(rf"(?<![^\W\d_])(?:{alternation(words()['hour_words_before'])})\s*"
                      r"(?P<h>[01]?\d|2[0-3])\.(?P<m>[0-5]\d)(?![\d.]\d)", re.IGNORECASE)


def find_clock(text: str, *, bare: bool = False, after_at: bool = True) -> ClockTime | None:
    """Return the first clock time in `text` (see `find_clocks`), or None."""
    found = find_clocks(text, bare=bare, after_at=after_at)
    return found[0] if found else None


def has_clock(text: str) -> bool:
    """Return True when `text` writes a clock time with a clock marker (9點, 21:00, 9 pm, noon): the
    `clock` signal. A lone number after "at" does not count here."""
    # A Chinese-numeral hour alone (三點) is left out, as the keyword rule it replaces did.
    # (a Thai hour's word says its watch: บ่ายสองโมง, สองทุ่ม are clock times, numerals or not)
    return any(re.search(r"[0-9]", c.text) or " ".join(c.text.lower().split()) in _named_words() or _patterns().part_word.match(c.text)
               or "\u0e00" <= c.text[:1] <= "\u0e7f" for c in find_clocks(text, after_at=False))


@functools.cache
def _named_words() -> frozenset[str]:
    return frozenset(x.lower() for node in (*words()["named_times"].values(), words()["new_year_moment"])
                     for x in _both(node))


@functools.cache
def _year_reached() -> re.Pattern[str]:
    """Return the pattern of a year written as reached ("hit 2027", "rings in 2027", "masuk 2027"): its New Year."""
    return re.compile(rf"(?<![^\W\d_])(?:{alternation(words()['new_year_verbs'])})\s+(?:19|20)\d\d(?!\d)", re.IGNORECASE)


@functools.cache
def _moment_zones() -> dict[str, str]:
    """Return each New Year's moment that is one city's own, lower-cased, with that city's zone."""
    return {str(w).lower(): str(tz) for tz, ws in words().get("new_year_moment_zones", {}).items() for w in ws}


def moment_zone(text: str) -> str | None:
    """Return the zone whose midnight a New Year's moment written `text` is when it is one city's own ("the ball
    drops": New York's), else None."""
    return _moment_zones().get(" ".join(text.lower().split()))


def is_new_year_moment(text: str) -> bool:
    """True when a clock time was written as the moment the New Year comes ("the ball drops", 跨年倒數, "hit 2027")."""
    return " ".join(text.lower().split()) in {x.lower() for x in _both(words()["new_year_moment"])} or \
        _year_reached().fullmatch(" ".join(text.split())) is not None
