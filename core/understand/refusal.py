"""The one rule for a question that cannot be asked at all, for the router and every adapter alike:
an empty one, or one over `MAX_QUERY_CHARS` (no real ocean question needs more, and it keeps
pasted junk away from the parsers and the LLM). Each caller words the refusal its own way."""
from __future__ import annotations

from typing import Literal

MAX_QUERY_CHARS = 1000

Refusal = Literal["empty", "too_long"]


def refusal_of(text: str | None) -> Refusal | None:
    """Return why `text` cannot be asked ("empty" or "too_long"), or None when it can."""
    body = (text or "").strip()
    if not body:
        return "empty"
    return "too_long" if len(body) > MAX_QUERY_CHARS else None
