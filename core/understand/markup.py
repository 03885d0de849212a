"""Markup pasted around a question (HTML tags from a web page or a rich-text client)."""
from __future__ import annotations

import html
import re

# An opening, closing or self-closing HTML tag: a letter right after "<" (so "a < b" and "<3" stay).
_TAG_RE = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]{0,200})?/?>")


def strip_markup(text: str) -> str:
    """Return `text` without HTML tags and with entities (&amp;) decoded: "<code>基隆潮汐</code>"
    is a tide question, not a code request."""
    if "<" not in text and "&" not in text:
        return text
    return re.sub(r"\s{2,}", " ", html.unescape(_TAG_RE.sub(" ", text))).strip()
