"""The keyword scan (core/understand/word_scan.py) finds what each group's words written as one
case-insensitive regex find (the oracle below: the matcher the scan replaced)."""
from __future__ import annotations

import functools
import random
import re

import pytest

from core.data import read_yaml
from core.understand import signals
from core.understand.signals import detect_signals, group_names
from core.understand.word_scan import WordScan
from paths import DATA



# A Latin letter, accented ones among them (ß-ö, ø-ɏ, Vietnamese's Ḁ-ỿ): an edge no word stands across.
_LATIN = "[A-Za-zß-öø-ɏḀ-ỿ]"
# (s24) Greek is read without its accents on both sides (signals.fold): the reference drops them too
_GREEK_BARE = str.maketrans("άέήίόύώΐΰϊϋΆΈΉΊΌΎΏΪΫ", "αεηιουωιυιυΑΕΗΙΟΥΩΙΥ")


def _bare(text: str) -> str:
    return text.translate(_GREEK_BARE)


@functools.cache
def _regex(group: str) -> re.Pattern[str]:
    parts = []
    words = signals.group_words(group)
    for w in sorted(map(_bare, words), key=len, reverse=True):
        esc = re.escape(w).replace(r"\ ", r"\s+")
        parts.append(esc if signals.is_cjk(w) else rf"(?<!{_LATIN}){esc}(?!{_LATIN})")
    return re.compile("|".join(parts), re.IGNORECASE)


def _reference_has(group: str, text: str) -> bool:
    text = _bare(text)
    spec = signals._table()[group]
    if "exclude" in spec:
        for word in spec["exclude"]:
            text = re.sub(re.escape(word), "", text, flags=re.IGNORECASE)
        if spec.get("single_char") and spec["single_char"] in text:
            return True
    if "parser" in spec or "pattern" in spec:
        return signals._matcher(group).search(text.lower()) is not None
    if "together" in spec:   # a word of every list, and none of its together_not words ("low water" is the tide)
        not_words = tuple(map(str, spec.get("together_not", ())))
        return all(_list_regex(tuple(map(str, words))).search(text) is not None for words in spec["together"]) \
            and not (not_words and _list_regex(not_words).search(text) is not None)
    return _regex(group).search(text) is not None


@functools.cache
def _list_regex(words: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for w in sorted(map(_bare, words), key=len, reverse=True):
        esc = re.escape(w).replace(r"\ ", r"\s+")
        parts.append(esc if signals.is_cjk(w) else rf"(?<!{_LATIN}){esc}(?!{_LATIN})")
    return re.compile("|".join(parts), re.IGNORECASE)


def _reference(text: str) -> tuple[str, ...]:
    return signals._signals(g for g in group_names() if _reference_has(g, text)).on


def _questions() -> list[str]:
    out = []
    for path in sorted(DATA.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        out += [m.group(1) for m in re.finditer(r'\bq:\s*"([^"]+)"', text)]
        out += [m.group(1) for m in re.finditer(r"^\s*-\s*\[?\"([^\"]+)\"", text, re.M)]
    return out


def _words() -> list[str]:
    table = read_yaml(signals._DATA)
    # exclude words too (潮州 must not read as a tide question, 潮州的潮汐 must)
    return [w for name in group_names() for key in ("words", "abroad", "exclude") for w in table[name].get(key, [])]


def test_every_held_question_gets_the_reference_signals() -> None:
    questions = _questions()
    assert len(questions) > 500
    for q in questions:
        assert detect_signals(q).on == _reference(q), q


def test_words_in_any_company_get_the_reference_signals() -> None:
    """Each word glued to letters, digits, CJK, punctuation and odd whitespace, in odd case."""
    rng = random.Random(21)
    words = _words()
    neighbours = ["", " ", "s", "a", "X", "1", "潮", "的", "?", "，", "\t", "  ", "\n", "é", "-", "'", "ñ"]
    for _ in range(4000):
        parts = []
        for word in rng.sample(words, rng.randint(1, 3)):
            if rng.random() < 0.3:
                word = word.upper() if rng.random() < 0.5 else word.title()
            if " " in word and rng.random() < 0.5:
                word = word.replace(" ", rng.choice(["  ", "\t", " \n "]))
            parts.append(rng.choice(neighbours) + word + rng.choice(neighbours))
        text = rng.choice(neighbours).join(parts)
        assert detect_signals(text).on == _reference(text), repr(text)


def test_an_english_word_needs_its_boundaries_a_cjk_word_none() -> None:
    scan = WordScan({"rain": ["rain", "下雨"], "sea": ["sea surface"]}, cjk=signals.is_cjk)
    assert scan.scan("terrain") == set()
    assert scan.scan("rains") == set()
    assert scan.scan("rain?") == {"rain"}
    assert scan.scan("明天下雨嗎") == {"rain"}
    assert scan.scan("3rain") == {"rain"}             # a digit is no letter
    assert scan.scan("the sea \t surface") == {"sea"}
    assert scan.scan("the seasurface") == set()
    assert scan.scan("rain", only="sea") == set()


def test_a_word_with_other_spacing_is_refused() -> None:
    with pytest.raises(ValueError):
        WordScan({"g": ["sea  surface"]}, cjk=signals.is_cjk)


def test_letters_a_case_insensitive_reader_takes_for_ascii_fold_to_them() -> None:
    for text in ("\u017funrise in Keelung", "\u212aeelung tide", "rain\u0130", "TIDE\u0131S", "is it raining"):
        assert detect_signals(text).on == _reference(text), repr(text)
    assert detect_signals("\u017funrise in Keelung").astro
    assert not detect_signals("rain\u0130").weather
