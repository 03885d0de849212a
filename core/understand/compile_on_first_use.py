"""Speed measure: the date and coordinate patterns are compiled when first used, not at import.

Those modules hold ~73 patterns, most of them run only on a question with a digit or a Latin
letter. Compiling all of them costs ~38 ms of CPU in every process; the cold question of the
speed table (`odbchat ask --backend local "基隆今天潮汐"`) uses 19 of them, ~10 ms. Measured with
and without (`benchmarks/speed_measures.py --only regex`, 2 shared cores, load ~2.7, 8 rounds): CPU
median 0.57 s with, 0.69 s without; another 10 rounds at load ~2: 0.61 s / 0.67 s. It goes when
that difference no longer shows.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any


class LazyPattern:
    """A regex pattern, compiled the first time one of its methods is called."""

    __slots__ = ("_source", "_flags", "_compiled")

    def __init__(self, source: str, flags: int) -> None:
        self._source, self._flags = source, flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        """Return the compiled pattern (compiling it on the first call)."""
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    @property
    def pattern(self) -> str:
        """Return the pattern's source."""
        return self._source

    def search(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        """Return `re.Pattern.search`'s match."""
        return self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        """Return `re.Pattern.match`'s match."""
        return self.compiled.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        """Return `re.Pattern.fullmatch`'s match."""
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> Iterator[re.Match[str]]:
        """Return `re.Pattern.finditer`'s matches."""
        return self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = 2**63 - 1) -> list[Any]:
        """Return `re.Pattern.findall`'s list."""
        return self.compiled.findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        """Return `re.Pattern.sub`'s text."""
        return self.compiled.sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        """Return `re.Pattern.split`'s pieces."""
        return self.compiled.split(string, maxsplit)

    def __repr__(self) -> str:
        return f"lazy_compile({self._source!r}, {self._flags!r})"


def lazy_compile(source: str, flags: int = 0) -> LazyPattern:
    """Return a pattern that behaves as `re.compile(source, flags)` and is compiled on first use."""
    return LazyPattern(source, flags)
