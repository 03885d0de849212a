"""Every reply sentence of both languages, loaded once from `data/strings.{zh,en}.yaml`.

`t(lang, key, **fields)` is the one way code gets a sentence; dotted keys reach nested
tables. The zh file also carries the terms of the upstream server's English notes
(`upstream_terms`); its sentences are read into coded notes by the client, not here.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from core.data import DATA_DIR, read_yaml

LANGS = ("zh", "en")


@functools.cache
def _table(lang: str) -> dict[str, Any]:
    return read_yaml(DATA_DIR / f"strings.{lang}.yaml")


def t(lang: str, key: str, **fields: Any) -> str:
    """Return the `lang` string at dotted `key` (zh for "zh", English otherwise), formatted with `fields`."""
    node: Any = _table("zh" if lang == "zh" else "en")
    for part in key.split("."):
        node = node[part]
    return str(node).format(**fields) if fields else str(node)


def table(lang: str, key: str) -> Any:
    """Return the raw (unformatted) node at dotted `key`: a list or mapping of strings."""
    node: Any = _table("zh" if lang == "zh" else "en")
    for part in key.split("."):
        node = node[part]
    return node


def moon_phase_name(phase: str, lang: str) -> str:
    """Return the moon-phase name in `lang` (unknown names pass through unchanged)."""
    return table(lang, "moon_phase_names").get(phase, phase)


def upstream_terms(text: str, lang: str) -> str:
    """Return upstream's English words (a datum such as "NTDE 1983-2001 MSL") with its terms in `lang`."""
    if lang != "zh":
        return text
    for en, zh in _table("zh")["upstream_terms"].items():
        text = text.replace(en, zh)
    return text


@functools.cache
def _error_patterns() -> list[tuple[re.Pattern[str], str, str]]:
    return [(re.compile(p["en"], re.IGNORECASE), p["zh"], str(p.get("says", ""))) for p in _table("zh")["error_patterns"]]


def detail_repeats(code: str, detail: str) -> bool:
    """Return True when a failure's detail only says what its code's reason says ("cannot
    connect" under UNAVAILABLE): one clear sentence, not the same thing twice."""
    for pattern, _, says in _error_patterns():
        if pattern.search(detail):
            return says == code
    return False


def error_detail(detail: str, lang: str) -> str | None:
    """Return a tool's (English) failure detail for a reply in `lang`: as is in English; in zh the
    known detail in Chinese, or None so that no English sentence lands inside a Chinese reply."""
    if lang != "zh":
        return detail
    for pattern, text, _ in _error_patterns():
        if pattern.search(detail):
            return text
    return None
