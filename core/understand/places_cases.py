"""Town names written with their case ending: "pogoda w Gdańsku", "zachód słońca w Sopocie", "w Londynie", "u Splitu",
"v Praze", "Helsingissä", "Budapesten".

Polish, Czech, Croatian, Finnish and Hungarian end a town's name in its case. A word no name answers to is tried with
the ending replaced by its base form, by the rules of ``case_endings`` in core/data/places_world_rules.yaml: only
right after the language's place preposition (or, where the language has none, capitalised), and only a town of the
language's countries or a big city abroad by its name in any language the
gazetteer holds (Londyn, Rzym): an everyday word after the
preposition ("w sobotę", "u subotu", "w morzu") stays a word.
"""
from __future__ import annotations

import functools
from typing import NamedTuple

from core.data import DATA_DIR, read_yaml
from core.understand.places_index import FAME_HAND, Rec, index
from core.understand.places_text import Tokens


class _Rule(NamedTuple):
    """One language's case endings (see ``case_endings`` in places_world_rules.yaml)."""

    after: frozenset[str]
    countries: frozenset[str]
    least: int
    home_pop: int
    lower_pop: int
    abroad_pop: int
    not_names: frozenset[str]
    endings: tuple[tuple[str, str], ...]
    adjective: tuple[tuple[str, str], ...]   # a two-word name's first word in its case ("w Nowym Jorku")
    lower_case: bool                          # a rule without a preposition reads lower-case words too ("izmirde")
    known: tuple[int, int] | None             # (pop, fame) of a coastal town abroad known well enough ("w Hurghadzie")


@functools.cache
def _rules() -> tuple[_Rule, ...]:
    """Return the languages' rules, read once."""
    return tuple(_Rule(frozenset(r.get("after", ())), frozenset(r["countries"]), int(r["min_letters"]),
                       int(r["home_min_pop"]), int(r["lower_min_pop"]), int(r["abroad_min_pop"]),
                       frozenset(r.get("not_names", ())),
                       tuple((str(e), str(b)) for e, b in r["endings"]),
                       tuple((str(e), str(b)) for e, b in r.get("adjective_endings", ())),
                       bool(r.get("lower_case", False)),
                       (int(r["abroad_known"]["pop"]), int(r["abroad_known"]["fame"])) if "abroad_known" in r else None)
                 for r in read_yaml(DATA_DIR / "places_world_rules.yaml").get("case_endings", ()))


def inflected_name(toks: Tokens, j: int, over: int | None = None) -> tuple[str, int, int] | None:
    """Return (key, row, last word's index) of the town the ``j``-th word names with its case ending (alone, or with
    the next word when the name is two words: "w Nowym Jorku"), or None when no rule reads it so.

    ``over``: the row of a place the word names as written; the case reading is returned over it only after the
    language's preposition, for a town of the language's countries, when no place of the name as written is in them
    ("u Puli": Croatia's Pula in the locative, not Taiwan's Puli)."""
    words, low = toks.words, toks.low
    word, written = low[j], words[j][2]
    # the preposition right before it, one blank apart ("w Gdańsku"); none when the word opens a clause
    before = low[j - 1] if j > 0 and words[j][0] - words[j - 1][1] == 1 else ""
    capital = written[:1].isupper()
    for rule in _rules():
        if rule.after and before not in rule.after or not rule.after and (over is not None or not (capital or rule.lower_case)):
            continue   # a rule without a preposition never reads a word a place holds as written
        if over is not None and any(rec.cc in rule.countries for rec in index().candidates(word, over)):
            continue
        for stem in _stems(word, rule.endings):
            if len(stem) < rule.least or stem in rule.not_names:
                continue
            row = _town(stem, rule, capital)
            if row is not None and (over is None or _home(stem, row, rule)):
                return stem, row, j
        if rule.adjective and over is None and j + 1 < len(low) and words[j + 1][0] - words[j][1] == 1:
            # a two-word name declines both words: the adjective's ending and the noun's ("Nowym Jorku": Nowy Jork)
            for first in _stems(word, rule.adjective):
                for second in (low[j + 1], *_stems(low[j + 1], rule.endings)):
                    row = _town(f"{first} {second}", rule, capital)
                    if row is not None:
                        return f"{first} {second}", row, j + 1
    return None


def _stems(word: str, endings: tuple[tuple[str, str], ...]) -> list[str]:
    """Return the word with each ending it has replaced by its base form, in the rule's order."""
    return [word[:len(word) - len(ending)] + base for ending, base in endings if word.endswith(ending) and len(word) > len(ending)]


def _home(key: str, row: int, rule: _Rule) -> bool:
    """Return True when the name ``key`` names a town of the rule's countries."""
    return any(rec.cc in rule.countries for rec in index().candidates(key, row))


def _town(key: str, rule: _Rule, capital: bool) -> int | None:
    """Return the row of the town ``key`` names for ``rule``: one of its countries big enough, or a hand-kept spot of
    them written capitalised ("Yyterissä": Pori's beach, few living there), or a big city abroad (by its own name or
    one in another language the gazetteer holds: Londyn, Rzym) or a well-known seaside town abroad written
    capitalised ("w Hurghadzie"); None when none."""
    idx = index()
    row = idx.en.get(key)
    least = rule.home_pop if capital else rule.lower_pop
    abroad = capital or not rule.lower_case   # a lower-case word a rule reads without a preposition: home towns only
    # a hand-kept beach or harbour was added for its name, so its name in case is no everyday word
    if row is not None and any(rec.cc in rule.countries and (rec.pop >= least or capital and rec.fame >= FAME_HAND)
                               or abroad and (rec.pop >= rule.abroad_pop or capital and _known(rec, rule))
                               for rec in idx.candidates(key, row)):
        return int(row)
    return None


def _known(rec: Rec, rule: _Rule) -> bool:
    """Return whether ``rec`` is a coastal town abroad known well enough (the rule's ``abroad_known``) to be read in
    case: a holiday town many languages name ("w Hurghadzie"), not a village a stem happens to spell."""
    return rule.known is not None and rec.coastal and rec.pop >= rule.known[0] and rec.fame >= rule.known[1]
