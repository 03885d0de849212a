"""Coordinate slots: find a lon/lat point or a lon/lat box in free chat text.

Handles the forms people actually type, in zh-TW and English: ``(121.5,25.0)``, ``121.5 25.0``,
lat-first ``25.2079, 121.4286``, hemisphere letters before or after (``22.55N, 120.95E``,
``N25 E121``), degree signs and DMS (``25°02′30″N 121°33′E``), full-width forms
(``（１２１．５，２５）``), Chinese labels (``東經121.5度 北緯25度``), labelled ``lat 25 lon 121``;
boxes as ``[118,20,123,25]`` or ranges ``118-123E 20-25N`` / ``lon 118~123 lat 20~25``.
How it works, in three passes over a length-preserving copy of the text (so every span is valid
in the caller's original string):
1. fold full-width characters to ASCII, one char for one char;
2. blank out dates, times and quantities (``2025/11/25``, ``06:30``, ``3天``, ``25°C``) so their
   digits can never be read as coordinates;
3. scan "components" (one number with its optional hemisphere/axis marker), then read
   neighbouring components as a pair (point) or two ranges (box).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Sequence

from core.understand.bbox import normalize_bbox
from core.understand.compile_on_first_use import LazyPattern, lazy_compile
from core.understand.coords_words import AR_AXES, AR_PRE, and_between, and_gap, between, decimal_points
from core.understand.width_fold import _FOLD, fold_width  # noqa: F401  (read here, and by its users from here)

__all__ = ["Point", "BBox", "parse_point", "parse_bbox", "parse_location", "normalize_bbox", "fold_width"]


@dataclass(frozen=True)
class Point:
    lon: float
    lat: float
    span: tuple[int, int]  # (start, end) char offsets in the text


@dataclass(frozen=True)
class BBox:
    lon0: float
    lat0: float
    lon1: float
    lat1: float
    span: tuple[int, int]


# --- pass 1: full-width folding (length preserving): core/understand/width_fold.py -----


# --- pass 2: mask dates, times and quantities --------------------------------

# Each of these would otherwise offer digits that look like lon/lat values.
_UNITS = r"""(?:
          [年月日號号時时點点天週周歲岁個个名位次級级]    # 11月, 3天, 5級
        | 小時|小时|分鐘|分钟|公里|公尺|公分|海浬|海里|節|节|米|毫米|毫巴|百帕
        | ℃ | ℉ | (?:°|度)\s*[CF](?![A-Za-z])           # temperatures, not hemispheres
        | % | (?:km|m|cm|mm|ft|kt|kts|knots?|hPa|mb|ms|m/s|days?|hours?|hrs?|h|min|mins|am|pm|years?)(?![A-Za-z])
      )"""
# The readable form (kept as the reference the fast form is tested against):
_NOT_COORD_SPEC = lazy_compile(
    r"""
      \d{4}[-/.]\d{1,2}[-/.]\d{1,2}                 # 2025-11-25, 2025/11/25, 2025.11.25
        (?:[T\s]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?
    | (?<![\d.])\d{1,2}/\d{1,2}(?:/\d{2,4})?(?![\d.])  # 11/25, 11/25/2025
    | (?<![\d.])\d{1,2}:\d{2}(?::\d{2})?            # 06:30
    | (?:攝氏|摄氏|華氏|华氏)\s*-?\d+(?:\.\d+)?\s*度?
    | -?\d+(?:\.\d+)?\s*""" + _UNITS,
    re.VERBOSE | re.IGNORECASE,
)
# The same matches, written so the regex engine can skip ahead: every alternative starts by
# consuming one character of a small set (a C-speed scan finds the candidates), lookbehinds
# then tell which alternative that character may start, and possessive quantifiers stop the
# quadratic backtracking over digit runs (a unit never starts with a digit, "." or a space).
_NOT_COORD = lazy_compile(
    r"""
    [-\d攝摄華华]
    (?: (?<=\d)\d{3}[-/.]\d{1,2}[-/.]\d{1,2}
          (?:[T\s]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?
      | (?<=\d)(?<![\d.]\d)\d?/\d{1,2}(?:/\d{2,4})?(?![\d.])
      | (?<=\d)(?<![\d.]\d)\d?:\d{2}(?::\d{2})?
      | (?<=[攝摄華华])氏\s*-?\d+(?:\.\d+)?\s*度?
      | (?:(?<=-)\d++|(?<=\d)\d*+)(?:\.\d++)?+\s*+""" + _UNITS + r"""
    )""",
    re.VERBOSE | re.IGNORECASE,
)


def _hashes(m: re.Match[str]) -> str:
    return "#" * (m.end() - m.start())


def _mask(text: str) -> str:
    return _NOT_COORD.sub(_hashes, decimal_points(text))   # "53,5–55°N": a decimal comma (coords_words)


# --- pass 3: components -------------------------------------------------------

# Markers name a hemisphere (sign + axis) or just an axis (lat/lon labels).
_MARKERS: dict[str, tuple[str, int]] = {}
for _words, _axis, _sign in (
    ("N North 北緯 北纬 北", "lat", 1), ("S South 南緯 南纬 南", "lat", -1),
    ("E East 東經 东经 東 东", "lon", 1), ("W West 西經 西经 西", "lon", -1),
    ("lat latitude 緯度 纬度", "lat", 0), ("lon lng long longitude 經度 经度", "lon", 0),
    # (s20) Arabic and Persian after the number ("٢٥-٢٨ شمالاً", "۵۰ درجه شرقی"): north, south, east, west, read by
    # their stems (the tanween and adjective endings dropped: شمالاً, شمالا, شمالی → شمال)
    ("شمال", "lat", 1), ("جنوب", "lat", -1), ("شرق", "lon", 1), ("غرب", "lon", -1),
):
    for _w in _words.split():
        _MARKERS[_w.lower()] = (_axis, _sign)
_MARKERS.update((_w, (_axis, 0)) for _w, _axis in AR_AXES.items())   # (s21) خط عرض 27: latitude 27 (coords_words)

_PRE = rf"(?:{AR_PRE}|北緯|北纬|南緯|南纬|東經|东经|西經|西经|緯度|纬度|經度|经度|[lL](?i:atitudes?|ongitudes?|at|ng|ong|on)\s*[:=]?|North|South|East|West|[NSEW])"
_SUF = (r"(?:North|South|East|West|[NSEW](?![A-Za-z0-9])|(?<=\d)[nsew](?![A-Za-z0-9])|(?<=[°度'′\"″秒])\s*[北南東东西](?![緯纬經经])"
        r"|(?:شمال|جنوب|شرق|غرب)[\u064Bا\u06CCي]*(?![\u0621-\u064A]))")
# the Arabic and Persian endings of a hemisphere word, dropped to find its stem in _MARKERS
_AR_TAIL = lazy_compile(r"[\u064Bا\u06CCي]+$")
_VAL = (r"(?:(?<![°度′″'])(?P<sign>[-+]))?(?P<deg>\d{1,3}(?:\.\d+)?)"
        r"(?:\s*[°度](?:\s*(?P<min>\d{1,2}(?:\.\d+)?)\s*(?:'|′|分)"
        r"(?:\s*(?P<sec>\d{1,2}(?:\.\d+)?)\s*(?:\"|″|''|秒))?)?)?")
_COMPONENT = lazy_compile(
    rf"(?<![A-Za-z0-9_.#])(?:(?P<pre>{_PRE})\s*)?{_VAL}(?![\d.])(?:\s*(?P<suf>{_SUF}))?"
)
# A bare number glued to letters ("3km", "B52") was not a coordinate.
_GLUED = lazy_compile(r"[A-Za-z_]")


@dataclass
class _Comp:
    value: float  # already signed by the hemisphere
    axis: str  # "lat" | "lon" | "" when unmarked
    start: int
    end: int
    decimal: bool  # had a fractional part or DMS: looks deliberate
    marked: bool  # had a hemisphere / axis / degree marker
    west_south: bool = False  # marker was S or W (it negated the value)


# Where a component can start: a character that starts a marker, a sign or a digit, not glued
# to a word or number before it (the lookbehind of _COMPONENT, checked after that character).
# A C-speed scan for these skips the positions where _COMPONENT could never match.
_COMPONENT_START = lazy_compile(r"[北南東东西緯纬經经خدlLNSEW+\-\d](?<![A-Za-z0-9_.#].)")   # خ د: خط عرض, دائرة


def _components(text: str) -> list[_Comp]:
    """All number components in masked, folded text, left to right."""
    out: list[_Comp] = []
    pos = 0
    find, match = _COMPONENT_START.search, _COMPONENT.match
    while (c := find(text, pos)) is not None:
        start = c.start()
        m = match(text, start)
        if m is None:
            pos = start + 1
            continue
        pre, suf, sign_text, deg_text, min_text, sec_text = m.group("pre", "suf", "sign", "deg", "min", "sec")
        end = m.end()
        if pre and suf and _marker(pre)[0] != _marker(suf)[0]:
            # "N25 E121": the E belongs to the next component, not this one.
            suf, end = None, _value_end(m)
        if pre or suf:
            (axis, sign), (_, hemisphere) = _marker(pre or suf), _marker(suf or "")   # خط عرض 27 شمالاً: lat, north
            sign = sign or hemisphere
            marked = True
        else:
            if end < len(text) and _GLUED.match(text, end):
                pos = end
                continue
            axis, sign = "", 0
            matched = text[start:end]
            marked = "°" in matched or "度" in matched
        value = float(deg_text)
        if min_text is not None:
            value = value + float(min_text) / 60 + float(sec_text or 0) / 3600
        if sign_text == "-":
            value = -value
        if sign < 0:
            value = -abs(value)
        out.append(_Comp(value, axis, start, end, "." in deg_text or min_text is not None, marked, sign < 0))
        pos = end
    return out


def _marker(word: str) -> tuple[str, int]:
    """Return (axis, sign) of a hemisphere or axis word ("N", "lat", شمالاً), ("", 0) for none."""
    return _MARKERS.get(_AR_TAIL.sub("", word.strip().rstrip(":=").strip().lower()), ("", 0))


def _value_end(m: re.Match[str]) -> int:
    """End of the number part of a component, with its degree/min/sec signs."""
    suf_start = m.start("suf")
    end = suf_start
    while end > m.end("deg") and m.string[end - 1].isspace():
        end -= 1
    return end


# Text allowed between the two numbers of a pair, and between two ranges.
# ("85W-75W y 5S-5N", "10W à 0 et 40N-45N": the travellers' and, to; Spanish, Portuguese, French, German, Dutch,
# Italian, Turkish, Greek, Arabic, Hebrew)
_PAIR_GAP = lazy_compile(r"\s*(?:[,;/、]|and|與|与|和|y|e|et|und|en|ve|και|و|ו)?\s*", re.IGNORECASE)
_RANGE_GAP = lazy_compile(r"\s*(?:-|–|—|~|to|至|到|a|à|al|hasta|até|bis|tot|ως|עד|إلى|الى|و)\s*", re.IGNORECASE)   # و: بين 50 و56
# Words that make two plain numbers plainly a coordinate pair.
_COORD_WORDS = lazy_compile(r"座標|坐標|坐标|經緯|经纬|位置|coord|lat|lon|location|position|@", re.IGNORECASE)
# Bracket groups; a group of 3+ numbers is a box or a list, never a point.
_GROUP = lazy_compile(r"[(\[{][^()\[\]{}]*[)\]}]")
_NUMBER = lazy_compile(r"\d+(?:\.\d+)?")


def _gap_is(pattern: LazyPattern, text: str, a: _Comp, b: _Comp) -> bool:
    return pattern.fullmatch(text, a.end, b.start) is not None


def _orient(a: _Comp, b: _Comp) -> tuple[float, float] | None:
    """(lon, lat) for two components, by their markers, else by range; None if impossible.

    Unmarked, the pair is read in whichever order is possible: "25.15 121.75" and
    "121.75,25.15" are the same point (a latitude is never above 90). When both orders are
    possible (both values within ±90: Europe, Africa, the Atlantic), the written order is
    taken as lon, lat, as the bot's examples write it ("(121.75,25.15)"); a hemisphere letter
    (25N 10E) or a label (lat 25 lon 10) settles it the other way."""
    if a.axis and b.axis and a.axis == b.axis:
        return None
    if a.axis == "lat" or b.axis == "lon":
        lon, lat = b.value, a.value
    elif a.axis == "lon" or b.axis == "lat":
        lon, lat = a.value, b.value
    elif abs(a.value) <= 90 < abs(b.value):  # lat-first, told apart by range
        lon, lat = b.value, a.value
    else:
        lon, lat = a.value, b.value
    if -180 <= lon <= 180 and -90 <= lat <= 90:
        return lon, lat
    return None


def _prepare(text: str) -> str:
    return _mask(fold_width(text))


# Every component, box or point needs a digit: text without one is answered at once.
_DIGIT = lazy_compile(r"\d")


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    for s, e in spans:
        text = text[:s] + "#" * (e - s) + text[e:]
    return text


def parse_point(text: str) -> Point | None:
    """The first lon/lat point written in ``text`` (span in the original text), or None.

    Boxes and bracket groups of three or more numbers are skipped, so
    ``[118,20,123,25]`` is not a point.
    """
    if _DIGIT.search(text) is None:
        return None
    work = _prepare(text)
    box, comps = _find_bbox(work)
    return _find_point(work, box, comps)


def parse_location(text: str, folded: str | None = None) -> tuple[BBox | None, Point | None]:
    """(box, None) when ``text`` writes a box, else (None, the first point or None).

    The same answers as ``parse_bbox`` and ``parse_point``, with one preparation pass for both.
    ``folded``, when given, must be ``fold_width(text)``.
    """
    if _DIGIT.search(text) is None:
        return None, None
    return _location(fold_width(text) if folded is None else folded)


@functools.lru_cache(maxsize=4096)  # a pure function of the text; BBox and Point are frozen
def _location(folded: str) -> tuple[BBox | None, Point | None]:
    work = _mask(folded)
    box, comps = _find_bbox(work)
    if box is not None:
        return box, None
    return None, _find_point(work, None, comps)


def _find_point(work: str, box: BBox | None, comps: list[_Comp] | None) -> Point | None:
    """The first point in prepared text; ``comps`` are its components when already scanned."""
    if box is not None:
        work = _blank(work, [box.span])
        comps = None
    groups = [m.span() for m in _GROUP.finditer(work) if len(_NUMBER.findall(m.group())) >= 3]
    if groups:
        work = _blank(work, groups)
        comps = None
    if comps is None:
        comps = _components(work)
    keyword: bool | None = None
    for a, b in zip(comps, comps[1:]):
        if not _gap_is(_PAIR_GAP, work, a, b) or and_gap(work, a.end, b.start) and (
                between(work, a.start) or bool(a.axis) != bool(b.axis)):
            continue   # "entre 45 et 47N", "خطي طول 32 و34 شرقاً": one range, not a point
        if not (a.marked or b.marked):
            if keyword is None:
                keyword = _COORD_WORDS.search(work) is not None
            if not (keyword or _in_parens(work, a, b)):
                # Two bare numbers: only when they look deliberate.
                gap = work[a.end:b.start]
                if "," in gap or "/" in gap:
                    if not (a.decimal or b.decimal or max(abs(a.value), abs(b.value)) > 90):
                        continue
                elif not (a.decimal or b.decimal) or not (
                    (a.decimal and b.decimal) or max(abs(a.value), abs(b.value)) > 90
                ):
                    continue
        lonlat = _orient(a, b)
        if lonlat is not None:
            return Point(lonlat[0], lonlat[1], (a.start, b.end))
    return None


def _in_parens(text: str, a: _Comp, b: _Comp) -> bool:
    before = text[:a.start].rstrip()
    after = text[b.end:].lstrip()
    return before.endswith(("(", "[")) and after.startswith((")", "]"))


_BRACKET4 = lazy_compile(
    r"\[\s*(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)\s*\]"
)


def _find_bbox(work: str) -> tuple[BBox | None, list[_Comp] | None]:
    """The first box in prepared text, and the text's components when they were scanned."""
    for m in _BRACKET4.finditer(work):
        try:
            box = normalize_bbox([float(g) for g in m.groups()])
        except ValueError:
            continue
        return BBox(*box, span=m.span()), None
    comps = _components(work)
    for i in range(len(comps) - 3):
        a0, a1, b0, b1 = comps[i:i + 4]
        worded = between(work, a0.start)   # "entre 45 et 47N, 2 et 5W": ranges joined by "and" (coords_words)
        if not ((_gap_is(_RANGE_GAP, work, a0, a1) or worded and and_gap(work, a0.end, a1.start))
                and (_gap_is(_PAIR_GAP, work, a1, b0) or and_between(work, a1.end, b0.start))
                and (_gap_is(_RANGE_GAP, work, b0, b1) or (worded or between(work, b0.start)) and and_gap(work, b0.end, b1.start))):
            continue
        ra, rb = _range(a0, a1), _range(b0, b1)
        if ra is None or rb is None:
            continue
        (axis_a, lo_a, hi_a), (axis_b, lo_b, hi_b) = ra, rb
        if axis_a and axis_a == axis_b:
            continue
        if axis_a == "lat" or axis_b == "lon":
            values = [lo_b, lo_a, hi_b, hi_a]
        else:
            values = [lo_a, lo_b, hi_a, hi_b]
        try:
            box = normalize_bbox(values)
        except ValueError:
            continue
        return BBox(*box, span=(a0.start, b1.end)), comps
    return None, comps


def _range(a: _Comp, b: _Comp) -> tuple[str, float, float] | None:
    """(axis, lo, hi) of a range "a-b"; a marker on either end applies to both."""
    if a.axis and b.axis and a.axis != b.axis:
        return None
    axis = a.axis or b.axis
    va, vb = a.value, b.value
    # "160-155W": the W written once negates both ends.
    if b.west_south and not a.axis and va > 0:
        va = -va
    if a.west_south and not b.axis and vb > 0:
        vb = -vb
    return axis, va, vb


def parse_bbox(text: str) -> BBox | None:
    """The first lon/lat box written in ``text`` as a 4-number square bracket or two ranges, or None."""
    if _DIGIT.search(text) is None:
        return None
    return _find_bbox(_prepare(text))[0]


# A bracketed or labelled number pair that is not a valid point: "(200, 95)", "lon 200 lat 95".
_PAIR = lazy_compile(r"[(\[（]\s*([+-]?\d+(?:\.\d+)?)\s*[,，\s]\s*([+-]?\d+(?:\.\d+)?)\s*[)\]）]"
                   r"|(?:lon|lng|經度|经度)\s*[:=]?\s*([+-]?\d+(?:\.\d+)?)\D{0,6}?(?:lat|緯度|纬度)\s*[:=]?\s*([+-]?\d+(?:\.\d+)?)",
                   re.IGNORECASE)


def has_out_of_range_point(text: str) -> bool:
    """Return True when the text writes a coordinate pair outside longitude -180..180 / latitude -90..90."""
    if _DIGIT.search(text) is None:
        return False
    for m in _PAIR.finditer(fold_width(text)):
        a, b = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
        x, y = float(a), float(b)
        if not (-180 <= x <= 180 and -90 <= y <= 90) and not (-90 <= x <= 90 and -180 <= y <= 180):
            return True
    return False
