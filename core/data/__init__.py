"""The core's data files (keywords, places, regions, weather codes, code templates); `DATA_DIR` is their folder.

YAML is the source and is what people edit. A parsed file is kept beside it the way Python keeps
bytecode (`__pycache__/<name>.<python tag>.marshal`, stamped with the file's size and mtime), so a
cold process reads a few kilobytes of marshal instead of importing and running a YAML parser: at
start-up that is ~45 ms of a one-question process. `make install` writes every cache
(`python -m core.data`); otherwise one is written on first read unless PYTHONDONTWRITEBYTECODE is
set. A missing, stale or unreadable cache just means the YAML is parsed.
"""
from __future__ import annotations

import functools
import marshal
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent
CORE_DIR = DATA_DIR.parent


# What a parsed copy is kept with besides the file's stamp: a new number when parsing changes makes old copies stale.
_PARSE_VERSION = 2   # 2 (s20): only true/false are booleans


@functools.cache
def data_loader(pure: bool = False) -> Any:
    """Return the safe YAML loader class that reads only true/false as booleans (YAML 1.2), so that data words
    yes/no/on/off stay words: Norway's code NO, French 「on est」, the Japanese particle の read as "no"; built on
    libyaml's loader when installed, on the pure-Python one with `pure` (a machine without libyaml)."""
    import re

    import yaml

    # libyaml's safe loader when installed: the same documents as yaml.safe_load, ~8x faster.
    base = yaml.SafeLoader if pure else getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    bool_tag = "tag:yaml.org,2002:bool"
    loader: Any = type("DataLoader", (base,), {})
    loader.yaml_implicit_resolvers = {first: [(tag, rx) for tag, rx in resolvers if tag != bool_tag]
                                      for first, resolvers in base.yaml_implicit_resolvers.items()}
    loader.add_implicit_resolver(bool_tag, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
    return loader


def parse_yaml(text: str) -> Any:
    """Return the YAML document in `text`, parsed safely (only true/false read as booleans)."""
    import yaml  # only on a cache miss

    return yaml.load(text, Loader=data_loader())  # noqa: S506 - a safe loader


def cache_path(path: Path) -> Path:
    """Return where the parsed copy of the YAML file at `path` is kept."""
    return path.parent / "__pycache__" / f"{path.name}.{sys.implementation.cache_tag}.marshal"


def _stamp(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns, _PARSE_VERSION


def _cached(path: Path, stamp: tuple[int, int, int]) -> tuple[bool, Any]:
    try:
        with open(cache_path(path), "rb") as handle:
            saved, doc = marshal.load(handle)
    except (OSError, EOFError, ValueError, TypeError):
        return False, None
    return tuple(saved) == stamp, doc


def write_cache(path: Path, doc: Any, stamp: tuple[int, int, int] | None = None) -> bool:
    """Keep `doc` (the parse of `path`) beside it; return False when it cannot be kept (a value
    marshal cannot hold, a read-only folder), which only means the next read parses again."""
    target = cache_path(path)
    try:
        data = marshal.dumps((stamp or _stamp(path), doc))
        target.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)  # readers see the old copy or the whole new one
    except (OSError, ValueError):
        return False
    return True


def read_yaml(path: Path) -> Any:
    """Return the YAML document in the UTF-8 file at `path`, parsed safely (from its cache when fresh)."""
    stamp = _stamp(path)
    fresh, doc = _cached(path, stamp)
    if fresh:
        return doc
    doc = parse_yaml(path.read_text(encoding="utf-8"))
    if not sys.dont_write_bytecode:
        write_cache(path, doc, stamp)
    return doc


@functools.cache
def word_list(name: str, key: str) -> tuple[str, ...]:
    """Return the words listed under `key` in the data file `name` (a string's characters when it is one string)."""
    return tuple(str(word) for word in read_yaml(DATA_DIR / name)[key])


def write_all_caches(root: Path = CORE_DIR) -> int:
    """Parse every YAML file under `root` and keep its cache; return how many were written."""
    written = 0
    for path in sorted(root.rglob("*.yaml")):
        if "__pycache__" not in path.parts:
            written += write_cache(path, parse_yaml(path.read_text(encoding="utf-8")))
    return written
