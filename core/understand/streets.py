"""A street named after a city (「上海街」 in Hong Kong, 「南京東路」 in Taipei, "Peking Road"): the street, not the city.

Hong Kong, Taipei and many other cities name streets after cities elsewhere; a question about "Shanghai Street"
asks about the street in the asker's city, never about Shanghai 1,200 km away. When the gazetteer found a city and a
street word follows its name, the longer name is returned as a piece of it, and the question is asked back (the
street may be in any city). The words are in ``core/data/understanding.yaml`` (``street_words``).
"""
from __future__ import annotations

import functools
import re

from core.data import word_list
from core.understand.leftover import Run
from core.understand.places import Place


@functools.cache
def _street() -> re.Pattern[str]:
    """The street words that may follow a city's name: Chinese and Japanese glued to it (optionally after a direction,
    「南京東路」), English after a space ("Shanghai Street")."""
    glued = "|".join(map(re.escape, sorted(word_list("understanding.yaml", "street_words_zh"), key=len, reverse=True)))
    apart = "|".join(map(re.escape, word_list("understanding.yaml", "street_words_en")))
    not_after = "|".join(map(re.escape, word_list("understanding.yaml", "street_words_not")))
    return re.compile(rf"(?!{not_after})(?:[東西南北中东]?(?:{glued})[一二三四五六七八九十]?段?|\s+(?:{apart})\b)", re.IGNORECASE)


def street_of(text: str, place: Place, runs: tuple[Run, ...]) -> str | None:
    """Return the street's name (「上海街」, "Shanghai Street") when a street word follows a city's name in `text` and is
    all that is left unread there (`runs`: the question's unread words), else None (the name stands alone, or the word
    begins an unread name: 「大阪道頓堀」 is Dotonbori in Osaka)."""
    start, end = place.span
    if place.kind not in ("world_city", "city", "town", "region") or end <= start:
        return None
    found = _street().match(text, end)
    if found is None or not any(not text[end:r.start].strip() and r.end == found.end() for r in runs):
        return None
    return text[start:found.end()].strip()
