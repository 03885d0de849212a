"""Zones written as words next to a clock time: "10am EST", 「美東時間晚上8點」, "21:00 UTC+1",
「日本時間下午3點是這裡幾點」. A conversion takes its two sides from these and from the places
named (core/tools/time_convert.py); "here" (這裡, my time) is the asker's own zone.

The words are in ``core/data/zone_words.yaml``.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from core.data import DATA_DIR, read_yaml
from core.understand.clock_times import alternation, find_clocks

HERE = "here"   # the tz of a mention that is the asker's own zone


class ZoneMention(NamedTuple):
    """A zone written in the question: where, the IANA name or ±HH:MM (or HERE), and the words."""

    span: tuple[int, int]
    tz: str
    word: str


@functools.cache
def _words() -> dict[str, str]:
    """Return each zone word, lower-cased, with its zone (HERE for the asker's own)."""
    table = read_yaml(DATA_DIR / "zone_words.yaml")
    out = {str(w).lower(): tz for tz, ws in table["zones"].items() for w in ws}
    out.update({str(w).lower(): HERE for w in table["here"]})
    return out


# UTC or GMT with an offset ("GMT+1", "UTC-05:00") is a fixed offset, not a word of the table.
_OFFSET = re.compile(r"(?<![a-z])(?:utc|gmt)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?(?![\d])", re.IGNORECASE)


_ZULU = re.compile(r"(?<=\d)[zZ](?![A-Za-z])")


@functools.cache
def _capitals() -> dict[str, str]:
    """Return the zone abbreviations that are also words ("WIT"), as written, with their zone."""
    table = read_yaml(DATA_DIR / "zone_words.yaml")
    return {str(w): tz for tz, ws in table.get("zones_capitals", {}).items() for w in ws}


@functools.cache
def _shared() -> tuple[dict[str, tuple[str, ...]], re.Pattern[str]]:
    """Return the abbreviations several zones share ("IST"), with the zones each may be, and their pattern."""
    table = read_yaml(DATA_DIR / "zone_words.yaml")
    shared = {str(w): tuple(map(str, zs)) for w, zs in table.get("zones_shared", {}).items()}
    return shared, re.compile(rf"(?<![A-Za-z'’])(?:{alternation(list(shared))})(?![A-Za-z])")


@functools.cache
def _also() -> dict[str, dict[str, str]]:
    """Return each zone abbreviation that names another zone's clock too, with that clock's name per language."""
    table = read_yaml(DATA_DIR / "zone_words.yaml").get("zones_also", {})
    return {str(w): {str(k): str(v) for k, v in names.items()} for w, names in table.items()}


def zones_also(word: str, lang: str) -> str:
    """Return what else a zone abbreviation read as one zone names, in ``lang`` ("PST": the Philippines' clock), else ""."""
    return _also().get(word, {}).get("zh" if lang == "zh" else "en", "")


def shared_zone(text: str) -> tuple[str, str] | None:
    """Return (abbreviation, the zones it may be, joined) for the first abbreviation in capitals several zones share
    ("IST": India, Ireland, Israel), or None: a zone the asker must name."""
    shared, pattern = _shared()
    m = pattern.search(text)
    return (m[0], ", ".join(shared[m[0]])) if m else None


def their_clock(text: str) -> bool:
    """Return whether the question says the place keeps another clock than the asker's ("high tide today, their
    time?", "waktu sana", "giờ bên đó"): `their_clock_words`, whole words (s20)."""
    return _their_clock().search(text) is not None


@functools.cache
def _their_clock() -> re.Pattern[str]:
    words = [str(w) for w in read_yaml(DATA_DIR / "zone_words.yaml")["their_clock_words"]]
    return re.compile(rf"(?<![^\W\d_])(?:{alternation(words)})(?![^\W\d_])", re.IGNORECASE)


def shared_is_home(word: str, tz: str) -> bool:
    """Return whether the shared abbreviation `word` names, among its zones (`zones_shared_home`), the asker's own zone
    `tz` ("IST" asked in Mumbai is India's): read as the asker's clock, not asked back (s20). The zone itself, not its
    offset: a Londoner's summer clock is Ireland's too, yet a Londoner's "IST" is most often India's."""
    homes = read_yaml(DATA_DIR / "zone_words.yaml").get("zones_shared_home", {}).get(word, ())
    return tz in {str(z) for z in homes}


@functools.cache
def _pattern() -> re.Pattern[str]:
    capitals = alternation(list(_capitals()))
    # not after an apostrophe nor before a hyphen: French 「c'est」, 「est-il」 (it is, is it) hold no EST
    return re.compile(f"(?<!['’])(?:{alternation(list(_words()))}|(?-i:{capitals}))(?!-)", re.IGNORECASE)


@functools.cache
def _not_after() -> dict[str, re.Pattern[str]]:
    """Return each zone word that is a verb after some words, with the pattern of those words ending a text."""
    table = read_yaml(DATA_DIR / "zone_words.yaml")
    return {str(w).lower(): re.compile(rf"(?:{alternation([str(b) for b in before])})\s*$", re.IGNORECASE)
            for w, before in table.get("not_a_zone_after", {}).items()}


def _a_verb_here(text: str, m: re.Match[str]) -> bool:
    """Whether the zone word matched is the verb it also is, after its subject (French 「il est」)."""
    before = _not_after().get(m[0].lower())
    return before is not None and before.search(text, 0, m.start()) is not None


@functools.cache
def _beside_clock() -> tuple[dict[str, str], re.Pattern[str]]:
    """Return the bare zone words read only right after a clock time ("9pm Eastern"), with their zone,
    and their pattern (no place's word after them: "3pm Pacific Beach"; no hyphen: French 「14h est-ce」)."""
    table = read_yaml(DATA_DIR / "zone_words.yaml")
    out = {str(w).lower(): tz for tz, ws in table.get("beside_clock", {}).items() for w in ws}
    capitals = {str(w): tz for tz, ws in table.get("beside_clock_capitals", {}).items() for w in ws}
    place_words = alternation([str(w) for w in table.get("beside_clock_not_before", ())])
    out.update({w.lower(): tz for w, tz in capitals.items()})
    return out, re.compile(f"(?:{alternation([w for w in out if w.upper() not in capitals])}"
                           f"|(?-i:{alternation(list(capitals))})(?![A-Za-z]))(?!-)(?!\\s+{place_words})", re.IGNORECASE)


def _after_a_clock(text: str, taken: list[tuple[int, int]]) -> list[ZoneMention]:
    """Return the bare zone words written right after a clock time ("at 9pm Eastern", "3 pm Pacific")."""
    words, pattern = _beside_clock()
    hits = [m for m in pattern.finditer(text) if not any(a < m.end() and m.start() < b for a, b in taken)]
    if not hits:   # the clock parser runs only where such a word is written
        return []
    ends = [c.span[1] for c in find_clocks(text, after_at=False) if c.valid]
    return [ZoneMention(m.span(), words[m[0].lower()], m[0]) for m in hits
            if any(0 <= m.start() - end <= 2 and not text[end:m.start()].strip() for end in ends)]


@functools.lru_cache(maxsize=4096)   # a pure function of the text, read by several steps of one question
def zone_mentions(text: str) -> tuple[ZoneMention, ...]:
    """Return the zones written in `text` as words or offsets, in the order written."""
    found: list[ZoneMention] = []
    for m in _OFFSET.finditer(text):
        found.append(ZoneMention(m.span(), f"{m[1]}{int(m[2]):02d}:{m[3] or '00'}", m[0]))
    found += [ZoneMention(m.span(), "UTC", m[0]) for m in _ZULU.finditer(text)]   # 0900Z
    taken = [m.span for m in found]
    for m in _pattern().finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken) or _a_verb_here(text, m):
            continue
        word = " ".join(m[0].split())
        found.append(ZoneMention(m.span(), _capitals().get(word) or _words()[word.lower()], m[0]))
    found += _after_a_clock(text, [m.span for m in found])
    return tuple(sorted(found))


@functools.cache
def _time_word() -> re.Pattern[str]:
    words = read_yaml(DATA_DIR / "zone_words.yaml")["time_words"]
    return re.compile(r"\s*(?:" + "|".join(re.escape(str(w)) for w in words) + ")", re.IGNORECASE)


@functools.cache
def _time_words() -> tuple[str, ...]:
    return tuple(str(w) for w in read_yaml(DATA_DIR / "zone_words.yaml")["time_words"])


def without_time_word(word: str) -> str:
    """Return a zone word without the time word ending it ("Perth time" → "Perth", 「日本時間」 → 「日本」) or opening
    it ("waktu Inggris" → "Inggris", "بتوقيت مكة" → "مكة"); a word that is nothing else ("time") or holds none is
    returned as written."""
    for end in _time_words():
        if word.lower().endswith(end) and word[:-len(end)].strip():
            return word[:-len(end)].strip()
    for start in _time_words_before():
        if word.lower().startswith(start + " ") and word[len(start):].strip():
            return word[len(start):].strip()
    return word


@functools.cache
def _time_words_before() -> tuple[str, ...]:
    """Return the time words written before a place ("hora de", "waktu", "بتوقيت"), the longest first."""
    words = read_yaml(DATA_DIR / "zone_words.yaml")["time_words_before"]
    return tuple(sorted((str(w) for w in words), key=len, reverse=True))


def time_word_end(text: str, at: int) -> int:
    """Return where a time word written at `at` ends (「紐約時間」, "Tokyo time"), else `at`."""
    found = _time_word().match(text, at)
    return found.end() if found else at


@functools.cache
def _time_word_before() -> re.Pattern[str]:
    words = read_yaml(DATA_DIR / "zone_words.yaml")["time_words_before"]
    return re.compile(r"(?<![^\W\d_])(?:" + "|".join(re.escape(str(w)) for w in words) + r")\s*$", re.IGNORECASE)


def time_word_start(text: str, at: int) -> int:
    """Return where a time word written just before `at` starts ("hora de Madrid", "heure de Paris", "giờ Seoul"),
    else `at`: not one ending a longer word that is none ("bây giờ Seoul": now in Seoul)."""
    found = _time_word_before().search(text[max(0, at - 16):at])
    if found is None:
        return at
    start = max(0, at - 16) + found.start()
    before = text[max(0, start - 16):at].lower().rstrip()
    return at if before.endswith(_time_word_before_not()) else start


def starts_with_time_word(text: str) -> bool:
    """Return whether `text` begins with a time word written before a place ("giờ Seoul", "hora de Madrid")."""
    low = text.lower()
    return any(low.startswith(f"{w} ") for w in read_yaml(DATA_DIR / "zone_words.yaml")["time_words_before"])


@functools.cache
def _time_word_before_not() -> tuple[str, ...]:
    """Return the longer words a time word before a place ends that make no zone (`time_words_before_not`)."""
    return tuple(str(w) for w in read_yaml(DATA_DIR / "zone_words.yaml")["time_words_before_not"])


# Read in the keyword groups' text, where a place's name is blanked: "Perth time" is seen as spaces before "time".
_PLACE_TIME = re.compile(r"(?:\s\s+|^\s+)(?:time|時間)(?![a-z])"
                         r"|(?<![a-z])(?:hora|heure|horário|horario|ora) d[ei]\s\s\s+"   # "heure de Paris"
                         r"|(?<=\d[hH]) d[ei]\s\s\s+")   # "14h de Brasília": that place's hour
# A zone asked by a name the table lacks: "in darwin time", "to cairns time", "→ manila time", "what's that in Sydney?".
_IN_TIME = re.compile(r"(?:(?<![a-z])(?:in|into|to)\s+|(?:→|->|=>)\s*)(?!(?:the|what|that|this|no|good|real|due|same|some|any|my)\s)"
                      r"(?:(?!in\s)[a-z]+\s+){1,2}time(?![a-z])|(?<![a-z])(?:that|this)(?:'s|’s| is)?\s+in(?![a-z])")
# ... and a place alone at the end after an arrow or "to" ("18:30 Tokyo → Bangkok?", "Osaka 9am to Perth"), a place
# written right before a clock time ("Osaka 9am"): each a side of a conversion when the other is written too.
_TO_PLACE = re.compile(r"(?:(?<![a-z])to|→|->|=>)\s{3,}(?=[?？!.。\s]*$)")
_PLACE_CLOCK = re.compile(r"(?:^|(?<=\s))\s{3,}(?=\d{1,2}(?::\d\d|\s*[ap]\.?m\b))|(?<=\d|m)\s{3,}(?=\S)")
# ... and a name labelling the clock right after it ("Tokyo time 18:30 → Bangkok"), no everyday word before "time"
@functools.cache
def _name_time() -> re.Pattern[str]:
    words = read_yaml(DATA_DIR / "understanding.yaml")["not_places_before_time"]
    return re.compile(rf"(?<![a-z])(?!(?:{alternation([str(w) for w in words])})\s)[a-z]{{3,}}\s+time(?=\s*\d)")


# A clock time's place written after "in" (blanked: "2pm in [Paris] in [Seoul] time"): that clock's side, never the other.
_IN_PLACE = re.compile(r"(?<![a-z])in\s+(?!(?:the|a|an|my|your|our|his|her|their|winter|summer|spring|autumn|fall)\s)"
                      r"(?:\s\s+|[a-z]+(?:\s[a-z]+)?(?=\s+in\s))")


# A place's name (blanked) right after a clock time, another zone written elsewhere: "2pm [London] → Manila time".
_PLACE_AFTER = re.compile(r" {4,}(?=\S|$)")
_PLACE_AFTER_ANY = re.compile(r"(?:\d|[ap]\.?m\.?|[hH]) {4,}\S")


@functools.cache
def _day_between() -> frozenset[str]:
    return frozenset(str(w) for w in read_yaml(DATA_DIR / "zone_words.yaml")["day_between"])


def _beside(text: str, clock: tuple[int, int], zone: tuple[int, int]) -> bool:
    """True when a zone is written right beside a clock time, or with one day word between them."""
    start, end = (clock[1], zone[0]) if clock[1] <= zone[0] else (zone[1], clock[0])
    between = text[start:end] if start <= end else "-"
    return len(between) <= 2 or " ".join(between.split()) in _day_between()


def writes_conversion(text: str) -> bool:
    """True when `text` (folded, places blanked) writes a clock time with its zone beside it and another
    zone ("14:30 french time, what's that uk time", "13:05 Perth time in SG time"): a conversion."""
    zones = [(m.span, m.tz) for m in zone_mentions(text)]
    zones += [(m.span(), "") for p in (_PLACE_TIME, _IN_TIME, _TO_PLACE, _PLACE_CLOCK, _name_time()) for m in p.finditer(text)
              if not any(a < m.end() and m.start() < b for (a, b), _ in zones)]
    if not zones or len(zones) < 2 and _IN_PLACE.search(text) is None and _PLACE_AFTER_ANY.search(text) is None:
        # the common case, decided before the clocks
        return False
    for clock in find_clocks(text, after_at=False):
        if not clock.valid:
            continue
        beside = [z for z in zones if _beside(text, clock.span, z[0])]
        if any(other[1] != z[1] or not z[1] for z in beside for other in zones if other[0] != z[0]):
            return True
        if any(_beside(text, clock.span, m.span()) and not any(a < m.end() and m.start() < b for (a, b), _ in zones)
               for m in _IN_PLACE.finditer(text)):
            return True   # "what is 2pm today in Paris in Seoul time": the place's clock and a zone (two above)
        if (after := _PLACE_AFTER.match(text, clock.span[1])) and not any(a < after.end() and after.start() < b
                                                                          for (a, b), _ in zones):
            return True   # "2pm London on 4 April → Manila time": a place's name right after the clock is its side
    return False


def names_zone(text: str) -> bool:
    """True when `text` writes a zone other than the asker's own ("EST", 日本時間, "UTC+1")."""
    return any(m.tz != HERE for m in zone_mentions(text))


def written_zone(text: str, span: tuple[int, int] | None) -> str | None:
    """Return the zone of a zone word written over the place's name at `span` (美國東岸 over 美國), or None."""
    if span is None:
        return None
    start, end = span
    return next((m.tz for m in zone_mentions(text) if m.tz != HERE and m.span[0] < end and start < m.span[1]), None)


@functools.cache
def _glued() -> re.Pattern[str]:
    """Return the pattern of a hyphen gluing a place to its time word ("Sydney-tijd", "Lissabon-Zeit", "Perth-time")."""
    words = read_yaml(DATA_DIR / "zone_words.yaml")["glued_time_words"]
    return re.compile(rf"(?<=[A-Za-z\u00C0-\u024F])-(?=(?:{alternation(words)})(?![A-Za-z\u00C0-\u024F]))", re.IGNORECASE)


def unglued_time_word(text: str) -> str:
    """Return `text` with a place's time word glued to it by a hyphen set apart by a space, the same length ("15:00
    Sydney-tijd" reads as "Sydney tijd": the place is found, its clock the time's; glued, the place went unread and
    the time was converted from the asker's own clock)."""
    return _glued().sub(" ", text) if "-" in text else text

