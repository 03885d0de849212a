"""Reading subscription requests: lead times, high/low words and what makes a message one, in
zh-TW and English (clock times come from the one clock parser, `clock_times`).

Pure functions over text; the words are in `core/data/subscription_words.yaml`. What a
request means as a whole is `core.decide.subscription`.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any, Literal, NamedTuple


from core.understand.clock_times import Span, alternation, find_clock, words as clock_words, zh_number, zh_numerals
from core.data import read_yaml

Extreme = Literal["high", "low"]

_WORDS_FILE = Path(__file__).resolve().parents[1] / "data" / "subscription_words.yaml"


@functools.cache
def words() -> dict[str, Any]:
    """Return the word lists of `subscription_words.yaml` (loaded once)."""
    return read_yaml(_WORDS_FILE)


def _both(node: dict[str, list[str]]) -> list[str]:
    return [*(node.get("zh") or []), *(node.get("en") or [])]


@functools.cache
def _pattern(*keys: str) -> re.Pattern[str]:
    """Return the compiled alternation of the word lists at the (nested) `keys`."""
    node: Any = words()
    for key in keys:
        node = node[key]
    items = _both(node) if isinstance(node, dict) else list(node)
    return re.compile(alternation(items), re.IGNORECASE)


def _has(text: str, *keys: str) -> bool:
    return _pattern(*keys).search(text) is not None


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


# --------------------------------------------------------------------------- lead times

class Lead(NamedTuple):
    """A lead time found in text: whole minutes (negative when said with a minus) and its spans."""

    minutes: int
    spans: tuple[Span, ...]


@functools.cache
def _lead_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    units = words()["units"]
    en_num = alternation(list(words()["numbers_en"]))
    hour_en, minute_en = alternation(units["hour"]["en"]), alternation(units["minute"]["en"])
    en = re.compile(
        rf"(?P<sign>-\s*)?(?P<n>\d+(?:\.\d+)?|{en_num})\s*-?\s*(?:(?P<hr>{hour_en})|(?P<min>{minute_en}))"
        rf"(?:\s+(?P<half>{alternation(words()['and_a_half_en'])}))?", re.IGNORECASE)
    minus = alternation(["-", *words().get("minus_zh", [])])
    zh = re.compile(
        rf"(?P<sign>{minus})?\s*(?P<n>\d+(?:\.\d+)?|[{zh_numerals()}]+)?\s*{alternation(words()['counter_zh'])}?"
        rf"\s*(?P<half>{re.escape(words()['half_zh'])})?\s*"
        rf"(?:(?P<hr>{alternation(units['hour']['zh'])})|(?P<min>{alternation(units['minute']['zh'])}))")
    half = re.compile(alternation(words()["half_en"]), re.IGNORECASE)
    bare = re.compile(r"(?<![\w.:])(-?)\s*(\d+(?:\.\d+)?)(?![\w.:])")
    return en, zh, half, bare


def find_lead(text: str, *, bare: bool = False) -> Lead | None:
    """Return the lead time said in `text` (30分鐘, 半小時, 一個半小時, 1 hour, half an hour, 1h30m), or None.

    Several amounts add up ("1小時30分"). With `bare`, a lone number is minutes (`/alert 基隆 high 30`).
    """
    en, zh, half, lone = _lead_patterns()
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
        alone = lone.search(text)
        if alone:
            total, negative = float(alone.group(2)), bool(alone.group(1))
            spans.append((alone.start(1) if negative else alone.start(2), alone.end(2)))
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


# --------------------------------------------------------------------------- smart alerts

Direction = Literal["below", "above"]


class Height(NamedTuple):
    """A height said in text: its value in `unit` (None: no unit said), and its span."""

    value: float
    unit: Literal["cm", "m", "ft"] | None
    span: Span


def find_direction(text: str) -> tuple[Direction, Span] | None:
    """Return ('below' | 'above', span) for the first direction word ("低於", "above") in `text`, or None."""
    found = [(m.start(), kind, m.span()) for kind in ("below", "above")
             for m in [_pattern("direction", kind).search(text)] if m]
    if not found:
        return None
    _, kind, span = min(found)
    return kind, span  # type: ignore[return-value]


@functools.cache
def _height_pattern() -> re.Pattern[str]:
    units = words()["height_units"]
    unit = "|".join(f"(?P<{name}>{alternation(items)})" for name, items in units.items())
    return re.compile(rf"(?P<sign>{alternation(words()['minus'])})?\s*(?<![\d:.])(?P<n>\d+(?:\.\d+)?)(?![\d:.])"
                      rf"(?:\s*(?:{unit}))?", re.IGNORECASE)


def find_height(text: str, after: int = 0) -> Height | None:
    """Return the height said in `text` ("-60", "負60公分", "-0.6 m", "2 ft"): the first one at or after
    `after` (where the direction word ends), else the last one before it ("60公分以下"); None when none."""
    hits = list(_height_pattern().finditer(text))
    chosen = next((m for m in hits if m.start("n") >= after), None) or next(
        (m for m in reversed(hits) if m.start("n") < after), None)
    if chosen is None:
        return None
    value = float(chosen.group("n")) * (-1 if chosen.group("sign") else 1)
    unit = next((name for name in ("cm", "m", "ft") if chosen.group(name)), None)
    return Height(value, unit, (chosen.start("sign") if chosen.group("sign") else chosen.start("n"), chosen.end()))  # type: ignore[arg-type]


def find_words(text: str, key: str) -> Span | None:
    """Return the span of the first word of list `key` (daylight, spring, evening_before) in `text`, or None."""
    m = _pattern(key).search(text)
    return m.span() if m else None


def is_threshold_request(text: str) -> bool:
    """Return True when `text` asks for a message when a low (high) tide is below (above) a height."""
    found = find_direction(text)
    return (_has(text, "remind") and find_extreme(text) is not None and found is not None
            and find_height(text, found[1][1]) is not None)


def is_spring_request(text: str) -> bool:
    """Return True when `text` asks for spring-tide (大潮) messages ("大潮提醒 富基漁港"): a spring word and
    a word of reminding ("告訴我基隆什麼時候大潮" is a question, not a subscription)."""
    return _has(text, "spring") and _has(text, "remind_nouns")


def is_subscription_request(text: str | None) -> bool:
    """Return True when a free-text message asks for a daily tide message, a tide alert, a threshold
    alert or spring-tide messages.

    A daily request has a repeat word, a tide word and a clock time ("send me the tides every
    morning at 6"); an alert request has a remind word, a before word and a high/low word.
    Questions about tides ("when is high tide every day?", without a clock time) are not
    requests: the router answers them.
    """
    body = (text or "").strip()
    if not body or len(body) > 300:
        return False
    if is_alert_request(body) or is_threshold_request(body) or is_spring_request(body):
        return True
    return _has(body, "repeat") and _has(body, "tide") and find_clock(body) is not None


@functools.cache
def _vocabulary() -> re.Pattern[str]:
    w, c = words(), clock_words()
    items = [*_both(w["repeat"]), *_both(w["remind"]), *_both(w["before"]), *_both(w["tide"]),
             *_both(w["filler"]), *w["half_en"], *w["and_a_half_en"], w["half_zh"], *w["counter_zh"],
             *c["hour_markers"], *c["oclock"], *c["at_words"]]
    items += [*_both(w["daylight"]), *_both(w["spring"]), *_both(w["remind_nouns"]), *_both(w["evening_before"])]
    for node in (w["extremes"], w["units"], w["direction"], c["day_parts"], c["named_times"]):
        for lists in node.values():
            items += _both(lists)
    for unit_words in w["height_units"].values():
        items += unit_words
    return re.compile(alternation(items), re.IGNORECASE)


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
