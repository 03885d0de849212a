"""A box written as two corners: two points joined by a word (「從 120E 21N 到 122E 23N」, "from 21N
118E to 23N 121E", "121.7,25.1 to 122.0,25.5"), or two named places called corners (「以彭佳嶼當
東北角、新竹當西南角」): the box between them, not the first point or place."""
from __future__ import annotations

import functools
import re

from core.understand.bbox import normalize_bbox
from core.understand.coords import BBox, Point, parse_point
from core.understand.places import Place, find_place
from core.understand.signals import detect_signals

# What may stand between the two corners (what a range of one coordinate uses, and more).
_JOIN = r"(?:到|至|和|與|跟|~|～|-|–|—|to|and|through|till|until)"
# A corner written in brackets, 「從(120,21)到(122,23)」: its closing and the next one's opening too.
_JOINER = re.compile(rf"[)\]）]?\s*{_JOIN}\s*[(\[（]?", re.IGNORECASE)


@functools.cache
def _corner_joiner() -> re.Pattern[str]:
    """A joining word, a corner's name (", SE corner 24N 122E", 「 東南角 22N」), or both."""
    corner = "|".join(re.escape(w) for w in sorted(_corner_words(), key=len, reverse=True))
    return re.compile(rf"[\s,，、;；]*(?:{_JOIN}[\s,，]*(?:{corner})?|(?:{corner}))\s*(?:[:：=]|為|是|at)?\s*",
                      re.IGNORECASE)


def _point_at(text: str, at: int) -> bool:
    found = parse_point(text[at:])
    return found is not None and found.span[0] == 0


def corners_box(folded: str, first: Point) -> BBox | None:
    """Return the box whose corners are `first` and the point written right after it behind a
    joining word or the second corner's name, or None when no second corner follows (or the two
    make no box)."""
    joined = _JOINER.match(folded, first.span[1])
    if joined is None or not _point_at(folded, joined.end()):
        joined = _corner_joiner().match(folded, first.span[1])
    if joined is None:
        return None
    rest = folded[joined.end():]
    second = parse_point(rest)
    if second is None or second.span[0] != 0:
        return None
    try:
        box = normalize_bbox([first.lon, first.lat, second.lon, second.lat])
    except ValueError:
        return None
    return BBox(*box, span=(first.span[0], joined.end() + second.span[1]))


def listed_box(folded: str) -> BBox | None:
    """Return the box written as four numbers after a box word ("bbox 120,21,122,23", 「範圍 120 21
    122 23」, "box (120,21,122,23)") or as four numbers in brackets with commas ("(-115,23,-106,32)": a
    point has two), lon-lat or lat-lon as `normalize_bbox` tells them apart, or None."""
    m = _listed().search(folded) or _bracketed().search(folded)
    if m is None:
        return None
    try:
        box = normalize_bbox([float(g) for g in m.groups()])
    except ValueError:
        return None
    return BBox(*box, span=m.span())


_N = r"([-+]?\d{1,3}(?:\.\d+)?)"


@functools.cache
def _bracketed() -> re.Pattern[str]:
    comma = r"\s*[,，]\s*"
    return re.compile(rf"[(\[（]\s*{_N}{comma}{_N}{comma}{_N}{comma}{_N}\s*[)\]）]")


@functools.cache
def _listed() -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in sorted(_box_words(), key=len, reverse=True))
    n = _N
    return re.compile(rf"(?:{words})\s*[:：=]?\s*[(\[（]?\s*{n}(?:\s*[,，]\s*|\s+){n}(?:\s*[,，]\s*|\s+){n}(?:\s*[,，]\s*|\s+){n}(?![\d.])",
                      re.IGNORECASE)


_V = r"([-+]?\d{1,3}(?:\.\d+)?)\s*°?\s*([NSEW](?![A-Za-z]))?"
_RANGE = rf"(?:between\s+)?{_V}\s*(?:and|to|-)\s*{_V}"
_BETWEEN = re.compile(rf"(?<![A-Za-z])between\s+{_V}\s*and\s*{_V}[\s,;]*(?:and\s+)?{_RANGE}", re.IGNORECASE)


def between_box(folded: str) -> BBox | None:
    """Return the box written as two ranges after "between" ("between 120 and 122E, 21 and 23N"),
    each range's axis by its hemisphere letter, or None."""
    m = _BETWEEN.search(folded)
    if m is None:
        return None
    (a0, ha0, a1, ha1, b0, hb0, b1, hb1) = m.groups()
    first, second = (ha0 or ha1 or "").upper(), (hb0 or hb1 or "").upper()
    signs = {"S": -1.0, "W": -1.0}
    lo_a, hi_a = (float(v) * signs.get(first, 1.0) for v in (a0, a1))
    lo_b, hi_b = (float(v) * signs.get(second, 1.0) for v in (b0, b1))
    lat_first = first in ("N", "S") or second in ("E", "W")
    values = [lo_b, lo_a, hi_b, hi_a] if lat_first else [lo_a, lo_b, hi_a, hi_b]
    try:
        box = normalize_bbox(values)
    except ValueError:
        return None
    return BBox(*box, span=m.span())


@functools.cache
def _corner_words() -> tuple[str, ...]:
    from core.data import DATA_DIR, read_yaml

    return tuple(str(w) for w in read_yaml(DATA_DIR / "understanding.yaml")["corner_words"])


@functools.cache
def _box_words() -> tuple[str, ...]:
    from core.data import DATA_DIR, read_yaml

    return tuple(str(w) for w in read_yaml(DATA_DIR / "understanding.yaml")["box_words"])


_MIN_SIDE = 0.5   # degrees: a box between two places nearly in line still has an area
_MAX_SIDE = 30.0   # degrees: the widest box two places' corners make in a clock question (the South China Sea spans ~20)


def names_a_box(text: str) -> bool:
    """True when the question calls what it asks about an area between things (框, between, 之間);
    Latin words whole ("Boxing Day" is no box)."""
    return _box_pattern().search(text) is not None


@functools.cache
def _box_pattern() -> re.Pattern[str]:
    from core.data import DATA_DIR, read_yaml

    joined = "|".join(re.escape(str(w)) for w in read_yaml(DATA_DIR / "understanding.yaml")["box_not_after"])
    not_after = rf"(?!\s*(?:{joined})(?![a-z]))"   # "between high and low tide" joins no places
    not_before = rf"(?<![{re.escape(str(read_yaml(DATA_DIR / 'understanding.yaml')['box_not_before']))}])"
    words = (rf"(?<![a-z]){re.escape(w)}(?![a-z]){not_after}" if w.isascii() else not_before + re.escape(w) + not_after
             for w in _box_words())
    return re.compile("|".join(words), re.IGNORECASE)


@functools.lru_cache(maxsize=4096)   # a pure function of the text: most questions name no box
def _box_asked(text: str) -> tuple[bool, bool]:
    """Return whether `text` names two corners, and whether it names a box between places (`names_a_box`)."""
    low = text.lower()
    corners = sum(low.count(word) for word in _corner_words()) >= 2
    return corners, corners or names_a_box(text)


def places_box(text: str, first: Place) -> BBox | None:
    """Return the box between two places the question calls its corners, or joins as the ends of
    an area (「從金門到澎湖拉一個框」, "between Keelung and Hualien"), or None."""
    corners, box_words = _box_asked(text)
    if not corners and not box_words:
        return None
    start, end = first.span
    second = find_place(text[:start] + " " * (end - start) + text[end:], prefer_coastal=False)
    if second is None or second.key == first.key:
        return None
    a, b = sorted((first.span, second.span))
    if not corners and _JOINER.fullmatch(text, a[1], b[0]) is None:
        return None
    west, east = sorted((first.lon, second.lon))
    south, north = sorted((first.lat, second.lat))
    if (east - west > _MAX_SIDE or north - south > _MAX_SIDE) and _asks_clocks(text):
        return None   # "the time difference between Tokyo and London": two clocks, no sea between them to average
    widen_x, widen_y = max(0.0, _MIN_SIDE - (east - west)) / 2, max(0.0, _MIN_SIDE - (north - south)) / 2
    try:
        box = normalize_bbox([round(west - widen_x, 3), round(south - widen_y, 3), round(east + widen_x, 3),
                              round(north + widen_y, 3)])
    except ValueError:
        return None
    return BBox(*box, span=(a[0], b[1]))


def _asks_clocks(text: str) -> bool:
    """True when the question asks about clocks (a time, a difference, a conversion): two far places are two
    clocks there, while a sea temperature "between Honolulu and San Diego" still averages the ocean between."""
    s = detect_signals(text)
    return s.time or s.time_now or s.time_convert or s.zone_word

