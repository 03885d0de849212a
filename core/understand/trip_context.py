"""A place named as a trip's context: where the traveller changes planes, lands, stays or sets out from.

"曼谷轉機去普吉 Patong 海溫" asks Patong's sea; Bangkok is where the plane is changed. "flying into Faro
then driving to Lagos, tides tomorrow" asks Lagos'; 「住墾丁 去小琉球玩 明天浪大嗎」 asks 小琉球's. Such a
place loses to the other place named (core/understand/places.py) and is no second place to ask about
(core/understand/leftover.py). The words are ``trip_context_*`` in core/data/understanding.yaml.
"""
from __future__ import annotations

import functools
import re

from core.data import word_list


def _alternation(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(the words before a name, the words after it), English, French, Spanish and Portuguese as whole
    words, Chinese as written."""
    en_before = _alternation(word_list("understanding.yaml", "trip_context_before_en")
                             + word_list("understanding.yaml", "trip_context_before_romance"))
    en_after = _alternation(word_list("understanding.yaml", "trip_context_after_en"))
    zh_before = _alternation(word_list("understanding.yaml", "trip_context_before_zh"))
    zh_after = _alternation(word_list("understanding.yaml", "trip_context_after_zh"))
    before = re.compile(rf"(?:(?<![\w'])(?:{en_before})\s+(?:the\s+)?|(?:{zh_before})\s*)$", re.IGNORECASE)
    after = re.compile(rf"\s*(?:(?:{en_after})\b|(?:{zh_after}))", re.IGNORECASE)
    return before, after


@functools.cache
def _route() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a travel word right before a name, "to" right after it): "flying Perth to Bali"."""
    travel = _alternation(word_list("understanding.yaml", "trip_route_before_en"))
    onward = _alternation(word_list("understanding.yaml", "trip_route_after_en"))
    return (re.compile(rf"(?<![\w'])(?:{travel})\s+(?:from\s+)?$", re.IGNORECASE),
            re.compile(rf"\s*(?:{onward})(?!\w)", re.IGNORECASE))


def trip_context(text: str, span: tuple[int, int]) -> bool:
    """Return whether the place written at `span` of `text` is the trip's context (changed planes at,
    landed in, stayed in, set out from), not the place asked about."""
    before, after = _patterns()
    start, end = span
    route_before, route_after = _route()
    return before.search(text, max(0, start - 30), start) is not None or after.match(text, end) is not None or (
        route_before.search(text, max(0, start - 30), start) is not None and route_after.match(text, end) is not None)
