"""Whose clock a conversion's time is on, and whose time it asks for (`time.convert`'s two sides).

- A zone written beside the clock time is the time's: "1pm AEDT", 「日本時間下午3點」, "9am Boston time"
  (a place with its time word), "13:05 Perth time".
- The zone whose time is asked is the other side: "what's that in Perth time", "in SG time",
  「台灣那時候幾點」, 「香港係幾點」; else another zone written as one ("what's that uk time").
- Other places are what the question is about, not clocks: "Zoom with Woods Hole at 9am Boston time",
  "Sydney to Hobart starts 1pm AEDT … in Perth time?"; a place on the same clock as a zone written
  adds nothing.
- Where one zone only is named, the asker's own is the other side: the time is the asker's
  (「我明天早上九點打電話回家 台灣那時候幾點」) unless written with that zone.
"""
from __future__ import annotations

import functools
import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, NamedTuple

from core.understand.clock_times import alternation, words as clock_words
from core.understand.places import Place, find_place, find_place_and_region
from core.understand.zone_words import HERE, time_word_end, time_word_start, without_time_word, zone_mentions
from metocean.timezones import parse_tz

if TYPE_CHECKING:
    from core.asked import Asked

Clock = tuple[int, int]   # where the clock time is written
GLOSS_GAP = 3            # " (" between a clock and its gloss
MAX_PLACES = 4            # places read in one question ("Sydney to Hobart … in Perth time": three)
LEAD_GAP = 32             # characters a zone written before its clock time may stand from it ("美東時間的話，會議是下週二早上9點")
PARTED = 99               # added to the gap of a zone a sentence's end parts from the clock time ("Monday 9am. Berlin time?")
_SENTENCE_END = re.compile(r"[。？！?!]|\.(?:\s|$)")
_CLOCK_STOP = re.compile(r"[ap]m\.$", re.IGNORECASE)   # "Monday 9am. Berlin time?": the full stop the clock's span holds


class Side(NamedTuple):
    """One zone the question names: where, the zone, the place's name to show, and how it is written."""

    span: tuple[int, int]
    tz: str
    label: str | None
    written: bool         # a zone written as a word (EST, 日本時間), not a place
    timed: bool = False   # a place written with its time word ("Boston time", 「東京時間」)

    @property
    def zone_like(self) -> bool:
        """True when it is written as a clock (a zone word, or a place with its time word)."""
        return self.written or self.timed


def _other_places(query: str, first: Place) -> list[Place]:
    """Return the other places named besides `first` (each name blanked wherever written), in no order."""
    blanked = _blank_name(query, query, first)
    for m in zone_mentions(blanked):   # 台灣時間 is a zone already, not a place besides `first`
        blanked = blanked[:m.span[0]] + " " * (m.span[1] - m.span[0]) + blanked[m.span[1]:]
    found: list[Place] = []
    seen = {first.key}
    for _ in range(2 * MAX_PLACES):
        # The asker's home country named alone ("what time in Taiwan" asked from Tokyo) is a clock too.
        other = find_place(blanked) or find_place_and_region(blanked, home="")[0]
        if other is None or not other.tz or len(found) == MAX_PLACES - 1:
            break
        if other.key not in seen:   # a place named again in another language, 「馬德里 … (Madrid 15:00)」, is one clock
            found.append(other)
            seen.add(other.key)
        blanked = _blank_name(blanked, query, other)
    return found


def _blank_name(blanked: str, query: str, place: Place) -> str:
    """Return `blanked` with `place`'s name as written in `query` blanked wherever it stands."""
    written = query[place.span[0]:place.span[1]]
    return blanked.replace(written, " " * len(written)) if written.strip() else blanked


def sides(asked: "Asked") -> list[Side]:
    """Return the zones the question names, places and zone words, in the order written: a zone word
    overlapping a place (美東時間) is the zone; of a place and a zone on one clock, the one written as a
    clock stands ("Zoom with Woods Hole at 9am Boston time": Boston's)."""
    query = asked.query
    zones = [Side(m.span, asked.tz if m.tz == HERE else m.tz, None if m.tz == HERE else without_time_word(m.word), True)
             for m in zone_mentions(query)]
    zones += [z for z in _adjective_zones(query) if not any(o.span[0] < z.span[1] and z.span[0] < o.span[1] for o in zones)]
    first = asked.slots.place if asked.slots else None
    hint = asked.slots.date if asked.slots else None
    # a day's words hold no second place ("Chủ nhật" is Sunday, not the town Chũ)
    without_day = query if hint is None else query[:hint.span[0]] + " " * (hint.span[1] - hint.span[0]) + query[hint.span[1]:]
    named = [first, *_other_places(without_day, first)] if first is not None else []
    places = []
    for place in named:
        if any(z.span[0] < place.span[1] and place.span[0] < z.span[1] for z in zones):
            continue
        span = _zone_span(query, place.span)
        places.append(Side(span, place.tz, _label(place, asked), False, span != place.span))
    out: list[Side] = []
    moment = asked.query_time
    for side in sorted([*zones, *places]):   # 「台灣時間 … 落地桃園 那是加州幾點」: Taoyuan keeps Taiwan's clock
        # "06:15 Berlin time (CET)": a zone word glossing a place's clock beside it is that clock ("3pm SGT is what
        # time in HKT" names two)
        # and a zone word in brackets ("Frankfurt 10:00 (CET)", 「大阪 15:00（日本時間）」) glosses the clock before it
        glossed = side.written and query[:side.span[0]].rstrip().endswith(("(", "（"))
        same = next((i for i, s in enumerate(out) if s.tz == side.tz or (
            (0 <= side.span[0] - s.span[1] <= GLOSS_GAP or glossed) and same_clock(s.tz, side.tz, moment))), None)
        if same is None:
            out.append(side)
        elif glossed and not out[same].zone_like:   # the place keeps its name and clock, written where its gloss is
            out[same] = out[same]._replace(span=side.span, timed=True)
        elif side.zone_like and not out[same].zone_like:
            out[same] = side
    return out


def _adjective_zones(query: str) -> list[Side]:
    """Return the places' clocks written with the place's adjective ("9 Uhr New Yorker Zeit": New York's clock), each a
    zone written as such; a name no place with a zone answers to is none."""
    found = []
    for m in _adjective_time().finditer(query):
        words = m["name"].split()
        for k in range(len(words)):   # "um 9 Uhr New Yorker Zeit": the name is the words nearest the time word
            name = " ".join(words[k:])
            place = find_place(name, home="")
            if place is not None and place.tz and place.span == (0, len(name)):
                found.append(Side((m.start() + m[0].find(name), m.end()), place.tz, place.name_en or name, True))
                break
    return found


@functools.cache
def _adjective_time() -> re.Pattern[str]:
    """Return the pattern of a capitalised name (one to three words) glued to an adjective's time word (zone_words.yaml
    `adjective_time_words`)."""
    from core.data import DATA_DIR, read_yaml

    words = [str(w) for w in read_yaml(DATA_DIR / "zone_words.yaml")["adjective_time_words"]]
    return re.compile(r"(?<![\w])(?P<name>(?:[A-ZÄÖÜ][\w'’.-]*\s){0,2}[A-ZÄÖÜ][\w'’.-]*?)(?i:"
                      + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + r")(?![\w])")


def same_clock(a: str, b: str, moment: datetime) -> bool:
    """Return whether zones `a` and `b` keep the same clock at `moment` and half a year on (Berlin and CET)."""
    if a == b:
        return True
    try:
        za, zb = parse_tz(a)[0], parse_tz(b)[0]
    except ValueError:
        return False
    return all(when.astimezone(za).utcoffset() == when.astimezone(zb).utcoffset()
               for when in (moment, moment + timedelta(days=182)))


def _zone_span(query: str, span: tuple[int, int]) -> tuple[int, int]:
    """Return where a place is written as a zone: the same name written again with a time word after it
    ("my colleague in Berlin … at 14:00 Berlin time") or before it ("reunión con Madrid … a las 9 hora de Madrid"),
    else its own span with any time word."""
    name, at = query[span[0]:span[1]], query.find(query[span[0]:span[1]], span[1])
    while name and at >= 0:
        start, end = time_word_start(query, at), time_word_end(query, at + len(name))
        if end > at + len(name) or start < at:
            return start, end
        at = query.find(name, at + len(name))
    return time_word_start(query, span[0]), time_word_end(query, span[1])


def gap(side: Side, clock: tuple[int, int], day: tuple[int, int] | None = None, query: str | None = None) -> int:
    """Return how many characters part a zone from the clock time, a day word between not counted
    (「台灣時間明天早上9點」: the time is Taiwan's); with the `query`, PARTED more when a sentence ends between them
    ("PST: Monday 9am. Berlin time?": Berlin's time is asked, not Berlin's 9am)."""
    start, end = (side.span[1], clock[0]) if side.span[1] <= clock[0] else (clock[1], side.span[0])
    between = max(end - start, 0)
    inside = day is not None and start <= day[0] and day[1] <= end
    if inside:
        assert day is not None
        between -= day[1] - day[0]
    if query is not None and between > 0:
        text = query[start:day[0]] + " " + query[day[1]:end] if inside and day is not None else query[start:end]
        # a day word's span may hold the full stop after it ("3pm Saturday. Sydney time?"; "Sat." is its own)
        stop = inside and day is not None and len(said := query[day[0]:day[1]].strip()) > 4 and said[-1] in ".。?？!！"
        if stop or _SENTENCE_END.search(text) or start == clock[1] and _CLOCK_STOP.search(query, clock[0], clock[1]):
            return PARTED + max(between, 0)
    return max(between, 0)


def labels(query: str, side: Side, clock: Clock, day: Clock | None) -> bool:
    """Return whether the zone `side` labels the clock time: written right beside it, or written as a clock (a zone
    word, a place with its time word) before it in the same sentence with no word of the asker's own between
    (「美東時間的話，會議是下週二早上9點」, "PST: the call is Monday at 9am"; not 「美東時間…我早上9點」)."""
    reach = gap(side, clock, day, query)
    if reach <= 2 or not side.zone_like or side.span[1] > clock[0] or reach > LEAD_GAP:
        return reach <= 2
    return _mine().search(query, side.span[1], clock[0]) is None


def nearer(query: str, one: Side, other: Side, clock: Clock, day: Clock | None) -> bool:
    """Return whether the clock time is `one`'s rather than `other`'s by where they are written: `one` stands nearer
    it and `other` does not label it from before ("미국 동부 시간으로는 회의가 수요일 오전 9시인데 한국은 몇 시야": the
    US East's nine o'clock, Korea's time asked)."""
    return gap(one, clock, day, query) < gap(other, clock, day, query) and not (
        other.span[1] <= clock[0] and labels(query, other, clock, day))


@functools.cache
def _mine() -> re.Pattern[str]:
    """Return the pattern of the words saying a clock time is the asker's own (clock_words.yaml `mine_before_clock`)."""
    return re.compile(alternation([str(w) for w in clock_words()["mine_before_clock"]]), re.IGNORECASE)


def asks_its_time(query: str, side: Side) -> bool:
    """Return whether the question asks `side`'s time: 是幾點 or 那時候幾點 just after it, "what time in"
    or "what's that" just before it."""
    after = query[side.span[1]:side.span[1] + 24].lstrip(" 的").lower()   # startswith: long enough for "mein kitne baje"
    before = query[max(0, side.span[0] - 24):side.span[0]].rstrip().lower()
    return any(after.startswith(w) for w in clock_words()["asks_time_after"]) or any(
        before.endswith(w) for w in clock_words()["asks_time_before"])


def asks_there(query: str) -> bool:
    """Return whether the question asks the time "there" ("what time is it there", 那邊是幾點)."""
    low = query.lower()
    return any(w in low for w in clock_words()["asks_there"])


def by_the_clock(query: str, found: list[Side], clock: Clock, day: Clock | None) -> tuple[Side, Side | None] | None:
    """Return (the zone written beside the clock time, the zone whose time is asked — None for the
    asker's own), or None when no zone is written beside the time."""
    beside = [s for s in found if s.zone_like and gap(s, clock, day, query) <= 2 and not asks_its_time(query, s)]
    if not beside:
        return None
    src = min(beside, key=lambda s: gap(s, clock, day))
    if any(gap(s, clock, day, query) < gap(src, clock, day) for s in found):
        return None   # 「首爾下午3點換成台北時間」: the place written nearer is the time's
    rest = [s for s in found if s.tz != src.tz]
    dst = next((s for s in rest if asks_its_time(query, s)), None) or next((s for s in rest if s.zone_like), None)
    if dst is None and len(rest) == 1:
        dst = rest[0]   # "call with the Hsinchu team Monday 9:30 CET, what time is that for them"
    return src, dst


def _label(place: Place, asked: "Asked") -> str:
    return (place.name_zh or place.name_en) if asked.lang == "zh" else (place.name_en or place.name_zh)
