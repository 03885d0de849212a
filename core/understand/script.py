"""Simplified Chinese read as Traditional before anything else understands a question.

A question holding a character only Simplified Chinese uses (``core/data/simplified_chars.txt``,
built from OpenCC's tables by ``scripts/build_simplified_chars.py``) is converted by OpenCC
(``s2tw``); every other question is returned as written, so Traditional and English questions
never load the converter. The conversion keeps the text's length (spans stay valid); when a
phrase rule would change it, the question is kept as written.
"""
from __future__ import annotations

import functools

from core.data import DATA_DIR, word_list


@functools.cache
def _simplified() -> frozenset[str]:
    """Return the characters that mark a question as Simplified: OpenCC's Simplified-only ones, and the few Big5 holds
    that Taiwan's writing never uses for their Traditional words (气 for 氣: 「上海明天天气」; understanding.yaml)."""
    lines = (DATA_DIR / "simplified_chars.txt").read_text(encoding="utf-8").splitlines()
    also = "".join(word_list("understanding.yaml", "simplified_also"))
    return frozenset("".join(line for line in lines if not line.startswith("#")) + also)


@functools.cache
def _converter() -> object:
    import opencc  # only for a question written in Simplified characters

    return opencc.OpenCC("s2tw")


@functools.lru_cache(maxsize=4096)
def to_traditional(text: str) -> str:
    """Return ``text`` in Traditional characters when it holds Simplified-only ones, else ``text``."""
    if text.isascii() or _simplified().isdisjoint(text):
        return text
    converted: str = _converter().convert(text)  # type: ignore[attr-defined]
    return converted if len(converted) == len(text) else text
