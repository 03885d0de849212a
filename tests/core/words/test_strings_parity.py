"""Both reply languages have the same strings: a key missing from one file would reach the user
as "internal error" (t() raises), so the key trees of strings.zh.yaml and strings.en.yaml match."""
from __future__ import annotations

from typing import Any

import yaml

from core.data import DATA_DIR


# Tables that turn English text from a tool or upstream into Chinese: English needs none.
ZH_ONLY = ("error_patterns", "upstream_patterns", "upstream_terms")


def _keys(tree: Any, prefix: str = "") -> set[str]:
    """Every key path of a nested mapping ("chat.commands.tide"); leaves end a path."""
    if not isinstance(tree, dict):
        return {prefix}
    return set().union(*(_keys(value, f"{prefix}.{key}" if prefix else str(key)) for key, value in tree.items()))


def _load(lang: str) -> Any:
    return yaml.safe_load((DATA_DIR / f"strings.{lang}.yaml").read_text(encoding="utf-8"))


def test_zh_and_en_have_the_same_keys() -> None:
    zh = {key for key in _keys(_load("zh")) if key.split(".")[0] not in ZH_ONLY}
    en = _keys(_load("en"))
    assert sorted(zh - en) == [] and sorted(en - zh) == []


def test_the_zh_only_tables_are_zh_only() -> None:
    en = _load("en")
    assert all(name in _load("zh") and name not in en for name in ZH_ONLY)


def test_key_paths_reach_the_leaves() -> None:
    assert _keys({"a": {"b": "x", "c": {"d": "y"}}, "e": "z"}) == {"a.b", "a.c.d", "e"}
