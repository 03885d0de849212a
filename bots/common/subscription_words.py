"""Reading subscription requests: clock times, lead times and high/low words in zh-TW and English.

Pure functions over text (no I/O besides loading `subscription_words.yaml` once): the
subscription commands and the free-text forms ("每天早上6點告訴我基隆潮汐", "remind me 30
minutes before low tide at Kaohsiung") use them to find what was asked; deciding what to do
with it is `bots.common.subscriptions`.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any, Literal, NamedTuple

import yaml

Extreme = Literal["high", "low"]
Span = tuple[int, int]

_WORDS_FILE = Path(__file__).with_name("subscription_words.yaml")


@functools.cache
def words() -> dict[str, Any]:
    """Return the word lists of `subscription_words.yaml` (loaded once)."""
    return yaml.safe_load(_WORDS_FILE.read_text(encoding="utf-8"))


@functools.cache
def _zh_numerals() -> str:
    """Return the characters of Chinese numerals (digits, then the multipliers) as one string."""
    return "".join(words()["numbers_zh"]) + "".join(words()["multipliers_zh"])


def _both(node: dict[str, list[str]]) -> list[str]:
    return [*node.get("zh", []), *node.get("en", [])]


def _alternation(items: list[str]) -> str:
    """Return a regex alternation of `items`, longest first; Latin words only match whole words."""
    parts = []
    for item in sorted(set(items), key=len, reverse=True):
        body = re.escape(item).replace(r"\ ", r"\s+")
        if item[:1].isascii() and item[:1].isalpha():
            body = r"(?<![A-Za-z])" + body
        if item[-1:].isascii() and item[-1:].isalnum():
            body += r"(?![A-Za-z])"
        parts.append(body)
    return "(?:" + "|".join(parts) + ")"


@functools.cache
def _pattern(*keys: str) -> re.Pattern[str]:
    """Return the compiled alternation of the word lists at the (nested) `keys`."""
    node: Any = words()
    for key in keys:
        node = node[key]
    items = _both(node) if isinstance(node, dict) else list(node)
    return re.compile(_alternation(items), re.IGNORECASE)


def _has(text: str, *keys: str) -> bool:
    return _pattern(*keys).search(text) is not None


# --------------------------------------------------------------------------- numbers

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


def _number(text: str) -> float | None:
    """Return the value of digits (with decimals), a Chinese numeral or an English number word."""
    low = text.strip().lower()
    try:
        return float(low)
    except ValueError:
        pass
    if low in words()["numbers_en"]:
        return float(words()["numbers_en"][low])
    value = zh_number(low)
    return float(value) if value is not None else None


# --------------------------------------------------------------------------- clock times

class ClockTime(NamedTuple):
    """A clock time found in text; `valid` is False for impossible ones (25:00, 6:61, 13pm)."""

    hour: int
    minute: int
    span: Span
    valid: bool
    text: str

    @property
    def hhmm(self) -> str:
        """Return the time as "HH:MM"."""
        return f"{self.hour:02d}:{self.minute:02d}"


@functools.cache
def _time_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    zh_num = f"(?:\\d{{1,2}}|[{_zh_numerals()}]{{1,3}})"
    zh = re.compile(
        f"(?P<h>{zh_num})\\s*(?:點鐘|點|時(?!候))"
        f"(?:\\s*(?P<half>半)|\\s*(?P<m>{zh_num})\\s*分(?!鐘)|\\s*(?P<m2>{zh_num})(?![{_zh_numerals()}\\d]|\\s*(?:分鐘|個|小時|鐘頭)))?")
    en = re.compile(r"(?<![\d:.])(?P<h>\d{1,3})(?:\s*[:：]\s*(?P<m>\d{1,3}))?(?:\s*(?P<ap>[ap]\.?\s?m\.?)(?![A-Za-z]))?"
                    r"(?P<oc>\s*o'?clock)?(?![\d.])", re.IGNORECASE)
    return zh, en


def _day_part(text: str, span: Span, ap: str | None) -> str | None:
    """Return 'am', 'pm' or 'noon' said with the time: its own am/pm, a word just before it, or anywhere."""
    if ap:
        return "pm" if ap.lower().startswith("p") else "am"
    before = text[max(0, span[0] - 6):span[0]]
    for scope in (before, text):
        for part in ("noon", "pm", "am"):
            if _has(scope, "day_parts", part):
                return part
    return None


def _clock(hour: int, minute: int, part: str | None, twelve_hour: bool) -> tuple[int, int, bool]:
    """Return (hour, minute, valid) once the part of the day is applied."""
    if twelve_hour and not 1 <= hour <= 12:
        return hour, minute, False
    if part in ("pm", "noon") and 1 <= hour < 12:
        hour += 12
    elif part == "am" and hour == 12:
        hour = 0
    return hour, minute, 0 <= hour <= 23 and 0 <= minute <= 59


def find_time(text: str, *, bare: bool = False) -> ClockTime | None:
    """Return the first clock time in `text` (6點, 晚上7點半, 06:30, 6:30 pm, at 6), or None.

    A lone number counts as an hour only after "at", with am/pm or o'clock, or when `bare`
    (a command argument such as `/daily 6`). Impossible times are returned with valid=False.
    """
    zh, en = _time_patterns()
    hits: list[ClockTime] = []
    for m in zh.finditer(text):
        hour = zh_number(m.group("h"))
        minute = 30 if m.group("half") else zh_number(m.group("m") or m.group("m2") or "0")
        if hour is None or minute is None:
            continue
        h, mi, ok = _clock(hour, minute, _day_part(text, m.span(), None), False)
        hits.append(ClockTime(h, mi, m.span(), ok, m.group(0)))
    for m in en.finditer(text):
        said_at = re.search(r"(?:\bat|在|於)\s*$", text[:m.start()], re.IGNORECASE) is not None
        if not (m.group("m") or m.group("ap") or m.group("oc") or said_at or bare):
            continue
        if any(h.span[0] <= m.start() < h.span[1] for h in hits):
            continue
        ap = m.group("ap")
        h, mi, ok = _clock(int(m.group("h")), int(m.group("m") or 0), _day_part(text, m.span(), ap), bool(ap))
        hits.append(ClockTime(h, mi, m.span(), ok and len(m.group("h")) <= 2, m.group(0).strip()))
    return min(hits, key=lambda h: h.span[0]) if hits else None


# --------------------------------------------------------------------------- lead times

class Lead(NamedTuple):
    """A lead time found in text: whole minutes (negative when said with a minus) and its spans."""

    minutes: int
    spans: tuple[Span, ...]


@functools.cache
def _lead_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    units = words()["units"]
    en_num = _alternation(list(words()["numbers_en"]))
    hour_en, minute_en = _alternation(units["hour"]["en"]), _alternation(units["minute"]["en"])
    en = re.compile(
        rf"(?P<sign>-\s*)?(?P<n>\d+(?:\.\d+)?|{en_num})\s*-?\s*(?:(?P<hr>{hour_en})|(?P<min>{minute_en}))"
        rf"(?:\s+(?P<half>{_alternation(words()['and_a_half_en'])}))?", re.IGNORECASE)
    zh = re.compile(
        rf"(?P<sign>-|負)?\s*(?P<n>\d+(?:\.\d+)?|[{_zh_numerals()}]+)?\s*個?\s*(?P<half>{words()['half_zh']})?\s*"
        rf"(?:(?P<hr>{_alternation(units['hour']['zh'])})|(?P<min>{_alternation(units['minute']['zh'])}))")
    half = re.compile(_alternation(words()["half_en"]), re.IGNORECASE)
    return en, zh, half


def find_lead(text: str, *, bare: bool = False) -> Lead | None:
    """Return the lead time said in `text` (30分鐘, 半小時, 一個半小時, 1 hour, half an hour, 1h30m), or None.

    Several amounts add up ("1小時30分"). With `bare`, a lone number is minutes (`/alert 基隆 high 30`).
    """
    en, zh, half = _lead_patterns()
    total, spans, negative = 0.0, [], False
    for m in half.finditer(text):  # first: "half an hour" holds "an hour"
        total += 30
        spans.append(m.span())
    for m in [*en.finditer(text), *zh.finditer(text)]:
        if any(a <= m.start() < b for a, b in spans):
            continue
        n = _number(m.group("n")) if m.group("n") else None
        if n is None and not m.group("half"):
            continue
        value = (n or 0.0) + (0.5 if m.group("half") else 0.0)
        total += value * (60 if m.group("hr") else 1)
        negative = negative or bool(m.group("sign"))
        spans.append(m.span())
    if not spans and bare:
        m = re.search(r"(?<![\w.:])(-?)\s*(\d+(?:\.\d+)?)(?![\w.:])", text)
        if m:
            total, negative = float(m.group(2)), bool(m.group(1))
            spans.append((m.start(1) if negative else m.start(2), m.end(2)))
    if not spans:
        return None
    minutes = round(total)
    return Lead(-minutes if negative else minutes, tuple(sorted(spans)))


# --------------------------------------------------------------------------- high / low, detection

def find_extreme(text: str) -> tuple[Extreme, Span] | None:
    """Return ('high' | 'low', span) for the first high/low tide word in `text`, or None."""
    found: list[tuple[int, Extreme, Span]] = []
    for kind in ("high", "low"):
        m = _pattern("extremes", kind).search(text)
        if m:
            found.append((m.start(), kind, m.span()))  # type: ignore[arg-type]
    if not found:
        return None
    _, kind, span = min(found)
    return kind, span


def is_alert_request(text: str) -> bool:
    """Return True when `text` asks for a message before high or low tide ("remind me 30 minutes before low tide")."""
    return _has(text, "remind") and _has(text, "before") and find_extreme(text) is not None


def is_subscription_request(text: str | None) -> bool:
    """Return True when a free-text message asks for a daily tide message or a tide alert.

    A daily request has a repeat word, a tide word and a clock time ("send me the tides every
    morning at 6"); an alert request has a remind word, a before word and a high/low word.
    Questions about tides ("when is high tide every day?", without a clock time) are not
    requests: the router answers them.
    """
    body = (text or "").strip()
    if not body or len(body) > 300:
        return False
    if is_alert_request(body):
        return True
    return _has(body, "repeat") and _has(body, "tide") and find_time(body) is not None


@functools.cache
def _vocabulary() -> re.Pattern[str]:
    w = words()
    items = [*_both(w["repeat"]), *_both(w["remind"]), *_both(w["before"]), *_both(w["tide"]),
             *_both(w["filler"]), *w["half_en"], *w["and_a_half_en"], w["half_zh"], *w["clock_hour_zh"]]
    for node in (w["extremes"], w["day_parts"], w["units"]):
        for lists in node.values():
            items += _both(lists)
    return re.compile(_alternation(items), re.IGNORECASE)


def leftover(text: str, spans: list[Span]) -> str:
    """Return what remains of `text` once the given spans and every known request word are taken
    out: the words of a place the gazetteer did not know, or "" when nothing is left."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = [" "] * (b - a)
    rest = _vocabulary().sub(" ", "".join(chars))
    rest = re.sub(r"[\d_]+|[^\w\s'-]", " ", rest)
    kept = [w.strip("'-") for w in rest.split()]
    return " ".join(w for w in kept if w)[:100]
