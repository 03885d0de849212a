"""Which keyword groups' words occur in a text: one pass over the text with a prefix index.

It is the one way a keyword group's words are matched (signals.py folds the text first). On
folded text it gives each group's answer as a case-insensitive regex alternation of its words
would (a CJK word anywhere; a Latin-script word not inside a longer run of Latin letters, accented
ones among them — "mar" is not found in "marée", "morgen" not in "übermorgen"; a space in a word
matching any run of whitespace; tests/core/understand/test_word_scan.py holds that regex as its
oracle) without compiling ~1,400 words, which took ~45 ms of every cold process, and in ~40 µs a
question instead of ~53. Building the index takes ~1 ms.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping


# The lower-case Latin letters a word may not stand inside: a-z, and the accented letters of the
# European languages travellers write (Latin-1, Latin Extended-A/B, Vietnamese's Extended Additional).
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz") | frozenset(
    c for lo, hi in ((0xDF, 0x24F), (0x1E00, 0x1EFF)) for c in map(chr, range(lo, hi + 1)) if c.isalpha())


def is_letter(ch: str) -> bool:
    """True when `ch` is a lower-case Latin letter, accented or not: a word does not stand beside one."""
    return ch in _LETTERS


_is_letter = is_letter


def single_spaced(text: str) -> str:
    """Return `text` with each run of whitespace as one space (and none at the ends)."""
    return " ".join(text.split())


def scannable(word: str) -> bool:
    """True when a word can be scanned: non-empty and single-spaced (a word with other spacing
    would not equal its pattern, which reads the spaces literally)."""
    return bool(word) and single_spaced(word) == word


class WordScan:
    """The words of several groups, indexed by their first two characters (one-character words
    by their one); `scan` returns the groups with a word in a text."""

    def __init__(self, groups: Mapping[str, Iterable[str]], *, cjk: Callable[[str], bool]) -> None:
        self._by_two: dict[str, list[tuple[str, str, bool]]] = {}
        self._by_one: dict[str, list[tuple[str, str, bool]]] = {}
        for group, words in groups.items():
            for word in words:
                if not scannable(word):
                    raise ValueError(f"{group}: {word!r} is not single-spaced")
                entry = (word, group, not cjk(word))   # English words need a-z boundaries
                index = self._by_two if len(word) >= 2 else self._by_one
                index.setdefault(word[:2], []).append(entry)
        # Longest first, so a found group's shorter words are skipped sooner (order does not
        # change the answer: a group is found when any of its words is).
        for index in (self._by_two, self._by_one):
            for entries in index.values():
                entries.sort(key=lambda e: -len(e[0]))

    def scan(self, low: str, only: str | None = None) -> set[str]:
        """Return the groups (only `only`, when given) with a word in `low` (text already lower-cased)."""
        text = single_spaced(low)
        found: set[str] = set()
        n = len(text)
        by_two, by_one = self._by_two, self._by_one
        for i in range(n):
            starts_word = i == 0 or not _is_letter(text[i - 1])
            for entries in (by_two.get(text[i:i + 2]), by_one.get(text[i])):
                if not entries:
                    continue
                for word, group, english in entries:
                    if group in found or (only is not None and group != only):
                        continue
                    if english:
                        end = i + len(word)
                        if not starts_word or (end < n and _is_letter(text[end])):
                            continue
                    if text.startswith(word, i):
                        found.add(group)
        return found
