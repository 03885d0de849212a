"""Words the chat reads besides questions (core/data/chat_words.yaml): a thank-you or a bare emoji
(one short line back), the argument confirming a destructive command, "all" of a list, and a
command typed in Chinese (`/潮汐 基隆` is `/tide 基隆`)."""
from __future__ import annotations

from functools import lru_cache
from typing import Literal

from core.words.strings import t


@lru_cache(maxsize=1)
def _chat_words() -> dict[str, object]:
    from core.data import DATA_DIR, read_yaml

    return read_yaml(DATA_DIR / "chat_words.yaml")


def _words(group: str) -> frozenset[str]:
    return frozenset(str(w).lower() for w in _chat_words()[group])  # type: ignore[attr-defined]


def is_confirmation(arg: str | None) -> bool:
    """Return True when a command's argument confirms it (`/forget yes`, `/forget 確定`)."""
    return (arg or "").strip().lower() in _words("confirm")


def means_every(arg: str | None) -> bool:
    """Return True when a command's argument means all of them (`/unalert all`, `/unalert 全部`)."""
    return (arg or "").strip().lower() in _words("every")


def command_alias(name: str) -> str | None:
    """Return the command a name typed in Chinese stands for (`潮汐` → `tide`), None when none."""
    aliases: dict[str, str] = _chat_words()["command_aliases"]  # type: ignore[assignment]
    return aliases.get(name.strip())


def small_talk(text: str, lang: Literal["zh", "en"]) -> str | None:
    """Return a one-line reply to a message that asks nothing (only emoji and punctuation, or a
    thank-you or a nod from core/data/chat_words.yaml), None for anything else."""
    body = (text or "").strip()
    bare = "".join(ch for ch in body if ch.isalnum() or ch.isspace()).strip().lower()
    if body and (not bare or " ".join(bare.split()) in _words("small_talk")):
        return t(lang, "chat.small_talk")
    return None
