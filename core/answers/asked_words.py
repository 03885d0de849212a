"""The travellers' words in an explanation question, as the notes write them (stopwords.yaml): their topic words
(`words_abroad`: "muertas" is neap, "Klimatologie" climatology) and phrases (`phrases_abroad`: "pleine mer" is high
water), read in questions only, so the notes' own words and weights stay theirs."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from core.data import read_yaml

_STOPWORDS = Path(__file__).parent / "knowledge" / "stopwords.yaml"
_BETWEEN = r"[\s'’-]+"   # a blank, an apostrophe or a hyphen between a phrase's words alike


@lru_cache(maxsize=1)
def words_abroad() -> dict[str, str]:
    """Return the travellers' topic words (accents off, lower case) and the word the notes write for each."""
    data = read_yaml(_STOPWORDS) or {}
    return {str(k).lower(): str(v).lower() for k, v in (data.get("words_abroad") or {}).items()}


@lru_cache(maxsize=1)
def _phrases() -> tuple[re.Pattern[str], dict[str, str]]:
    """Return the pattern of the travellers' phrases, longest first, whole words in any case, and what each is in
    English, by its words joined with one space."""
    table = {" ".join(str(k).lower().split()): str(v) for k, v in ((read_yaml(_STOPWORDS) or {}).get("phrases_abroad") or {}).items()}
    alternation = "|".join(_BETWEEN.join(map(re.escape, k.split())) for k in sorted(table, key=len, reverse=True))
    return re.compile(rf"(?<![a-z])(?:{alternation or '(?!)'})(?![a-z])", re.IGNORECASE), table


def in_english(text: str) -> str:
    """Return `text` (accents already off) with each of the travellers' phrases in the English the notes write."""
    pattern, table = _phrases()
    # blanks around: a phrase found inside a run of Thai (น้ำเกิดน้ำตายคืออะไร) is a word of its own
    return pattern.sub(lambda m: f' {table[" ".join(re.split(_BETWEEN, m.group(0).lower()))]} ', text)
