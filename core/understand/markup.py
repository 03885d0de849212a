"""Markup pasted around a question (HTML tags from a web page or a rich-text client)."""
from __future__ import annotations

import html
import re

# An opening, closing or self-closing HTML tag: a letter right after "<" (so "a < b" and "<3" stay).
_TAG_RE = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]{0,200})?/?>")
# A fenced block of code the asker pasted (```…```): the program as it is, not what they ask of it.
_FENCED_RE = re.compile(r"```[^`]*```")


def strip_markup(text: str) -> str:
    """Return `text` without HTML tags and with entities (&amp;) decoded: "<code>基隆潮汐</code>"
    is a tide question, not a code request."""
    if "```" in text:
        text = _code_last(text)
    if "<" not in text and "&" not in text:
        return text
    return re.sub(r"\s{2,}", " ", html.unescape(_TAG_RE.sub(" ", text))).strip()


def _code_last(text: str) -> str:
    """Return `text` with its fenced code blocks moved after the words around them: the asker's words say the
    days, place and output wanted (「改成 3/16~3/22 一週」), the quoted program only what it does now (its one day),
    so they are read first; the fences stay, marking a code question."""
    blocks = _FENCED_RE.findall(text)
    if not blocks:
        return text
    words = _FENCED_RE.sub(" ", text).strip()
    return "\n".join([words, *blocks]) if words else text
