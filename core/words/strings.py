"""Reply strings of both languages, loaded once from `data/i18n.yaml`."""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import yaml
from core.data import DATA_DIR

_DATA = DATA_DIR / "i18n.yaml"


@functools.cache
def _tables() -> dict[str, Any]:
    return yaml.safe_load(_DATA.read_text(encoding="utf-8"))


def t(lang: str, key: str, **fields: Any) -> str:
    """Return the `lang` string at dotted `key`, formatted with `fields`."""
    node: Any = _tables()["zh" if lang == "zh" else "en"]
    for part in key.split("."):
        node = node[part]
    return str(node).format(**fields) if fields else str(node)


def moon_phase_name(phase: str, lang: str) -> str:
    """Return the moon-phase name in `lang` (unknown names pass through unchanged)."""
    if lang != "zh":
        return "Last Quarter" if phase == "Third Quarter" else phase
    return _tables()["moon_phase_zh"].get(phase, phase)


@functools.cache
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    return [(re.compile(p["en"]), p["zh"]) for p in _tables()["message_patterns"]]


def translate_message(message: str, lang: str) -> str:
    """Return an upstream note in `lang`: a known sentence translated whole, else its terms."""
    if lang != "zh":
        return message
    for pattern, template in _patterns():
        m = pattern.match(message.strip())
        if m:
            groups = {k: translate_message(v, lang) if k == "ref" else v for k, v in m.groupdict().items()}
            return template.format(**groups)
    out = message
    for en, zh in _tables()["terms_zh"].items():
        out = out.replace(en, zh)
    return out
