"""Named sea regions (``data/regions.yaml``): Taiwan Strait, 巴士海峽, Gulf of Mexico ... with boxes.

A region name found in a question is a box for data requests, and place names inside it
(台灣 in 台灣海峽, Mexico in Gulf of Mexico) are not places.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from core.data import DATA_DIR, read_yaml
from core.understand.places_text import HAN, Tokens, en_key, fold, multi_word, tokens, word_hits

BBox = tuple[float, float, float, float]
UNSPACED = re.compile("[\u0e00-\u0e7f]")   # Thai letters: a region's Thai name is found as a substring


class Regions(NamedTuple):
    """Region boxes and every alias, indexed for substring (CJK, Thai) and word (English) matching."""

    boxes: dict[str, BBox]
    by_name: dict[str, str]  # folded lower-case alias → key
    cjk_lens: dict[str, tuple[int, ...]]  # first char of a CJK alias → alias lengths, longest first
    en_multi: dict[str, int]
    cjk_first: re.Pattern[str]  # any first char of a CJK alias (a C-speed scan for candidates)


@lru_cache(maxsize=1)
def regions() -> Regions:
    """The sea regions, loaded once."""
    doc = read_yaml(DATA_DIR / "regions.yaml")
    boxes: dict[str, BBox] = {}
    by_name: dict[str, str] = {}
    for key, r in doc["regions"].items():
        x0, y0, x1, y1 = (float(v) for v in r["bbox"])
        boxes[key] = (x0, y0, x1, y1)
        for alias in (*r.get("zh", ()), *r.get("th", ())):   # Thai, like Chinese, runs its words together
            by_name[fold(alias)] = key
        for alias in r.get("en", ()):
            by_name[en_key(alias)] = key
    lens: dict[str, set[int]] = {}
    for name in by_name:
        if HAN.search(name) or UNSPACED.search(name):
            lens.setdefault(name[0], set()).add(len(name))
    return Regions(boxes, by_name, {c: tuple(sorted(v, reverse=True)) for c, v in lens.items()},
                   multi_word(by_name), re.compile("[" + "".join(map(re.escape, sorted(lens))) + "]" if lens else "(?!)"))


@lru_cache(maxsize=None)
def sea_only(key: str) -> bool:
    """Return whether region ``key`` names only a sea (regions.yaml ``land_too`` lists those naming land too): its
    warmth asked is its water's."""
    return key not in frozenset(read_yaml(DATA_DIR / "regions.yaml").get("land_too", ()))


def region_hits(work: str, toks: Tokens | None) -> list[tuple[int, int, str]]:
    """(start, end, key) of every region alias in folded text: CJK by substring, English by words."""
    regs = regions()
    lens_of, by_name = regs.cjk_lens, regs.by_name
    hits = [(i, i + n, by_name[work[i:i + n]])
            for m in regs.cjk_first.finditer(work) for i in (m.start(),)
            for n in lens_of[m.group()] if work[i:i + n] in by_name]
    if toks is not None:
        hits += [(a, b, key) for a, b, key, _, _ in word_hits(toks, by_name, regs.en_multi, str)]
    return hits


def outside_names(hits: list[tuple[int, int, str]], names: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """The region hits neither inside a name begun before them (「屏東海溫」 names no 東海) nor at the start of a
    longer name (「北海岸」, 「北海道」 name no 北海)."""
    return [r for r in hits if not any(a < r[0] < b or (a == r[0] and b > r[1]) for a, b in names)]


def first_region(hits: list[tuple[int, int, str]]) -> tuple[str, BBox] | None:
    """The region named first in the text; at the same start the longest alias (墨西哥灣流 over 墨西哥灣)."""
    if not hits:
        return None
    _, _, key = min(hits, key=lambda h: (h[0], -h[1]))
    return key, regions().boxes[key]


def region_bbox(text_or_key: str) -> tuple[str, BBox] | None:
    """(region key, (lon0, lat0, lon1, lat1)) for a region key or the first region named in the text, or None."""
    regs = regions()
    if text_or_key in regs.boxes:
        return text_or_key, regs.boxes[text_or_key]
    work = fold(text_or_key)
    return first_region(region_hits(work, tokens(work)))
