"""A data question that asks the chat itself to send its answer later ("email me the Hobart tide table every
Monday", 「可以每天早上自動傳高雄的天氣給我嗎」): the chat answers now and says first what it cannot do (mail,
message or schedule from here) and what does it (/daily on the chat platforms, a script of one's own). The words
are compose.yaml's (`cannot.delivery`, `sent_by_chat`), the code answers' own."""
from __future__ import annotations

import re
from functools import lru_cache

from core.answers.code_ask import compose_data, read_cannot
from core.words.strings import t

# What a program cannot do that the chat's answer has no part of (another language, a file format).
_CODE_ONLY = ("language", "file_format")


@lru_cache(maxsize=1)
def _sent_words() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in compose_data()["sent_by_chat"]), re.I)


def delivery_note(query: str, lang: str) -> str | None:
    """Return the line saying the chat cannot send this answer by mail, message or schedule (and what can), or
    None when the question asks no such sending."""
    _, deliveries, _, _ = read_cannot(query)
    kinds = tuple(kind for kind in deliveries if kind not in _CODE_ONLY)
    if not kinds or not _sent_words().search(query):
        return None
    words = compose_data()["text"]["zh" if lang == "zh" else "en"]
    things = str(words["or_joiner"]).join(str(words["things"][kind]) for kind in kinds)
    return t(lang, "declined.delivery", things=things)
