"""Regex patterns compiled on first use.

The date and coordinate modules hold ~60 patterns, most of them run only on a question with a
digit or a Latin letter; compiling them all at import cost every process ~40 ms, most of it for
patterns a question like 「基隆今天潮汐」 never runs. A lazy pattern compiles when first used and
then holds the compiled pattern's own bound methods, so later calls cost what a compiled
pattern's do.
"""
from __future__ import annotations

import re
from typing import Any, cast

_ATTRIBUTES = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner",
               "pattern", "flags", "groups", "groupindex")


class _LazyPattern:
    def __init__(self, source: str, flags: int) -> None:
        self._source, self._flags = source, flags

    def __getattr__(self, name: str) -> Any:
        # Only reached for an attribute not yet held, i.e. on first use.
        compiled = re.compile(self._source, self._flags)
        for attribute in _ATTRIBUTES:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self._source!r}, {self._flags!r})"


def lazy_compile(source: str, flags: int = 0) -> re.Pattern[str]:
    """Return a pattern that behaves as `re.compile(source, flags)` and is compiled on first use."""
    return cast(re.Pattern[str], _LazyPattern(source, flags))
