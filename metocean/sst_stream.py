"""Averaging a griddap .json table while it arrives, never holding the whole reply.

A box as large as the globe comes back as up to a million rows (~50 MB of JSON; ~600 MB once
parsed into Python lists). Rows are `["<time>", lat, lon, value]`; this reads the body in
chunks, picks each row's last value with one regular expression per chunk, and keeps only the
running sum and count, the first row's time, and an unfinished row carried to the next chunk.
Memory stays at a chunk or two whatever the box, and a reply larger than `max_bytes` is cut off.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

import numpy as np

_NUMBER = r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_ROW = re.compile(rf'\[\s*"([^"]*)"\s*,\s*{_NUMBER}\s*,\s*{_NUMBER}\s*,\s*({_NUMBER}|null|NaN)\s*\]')
_CARRY_LIMIT = 4096  # an unfinished row is far shorter; more means this is not a row table


class TooLarge(Exception):
    """The reply passed the byte cap."""


class NotATable(Exception):
    """The reply is not a griddap row table."""


@dataclass
class BoxSum:
    """What a box reply adds up to: `first_time` of its first row, the sum and count of its
    finite values, and `rows` read (land and ice rows hold null/NaN: counted in rows only)."""

    first_time: str | None = None
    total: float = 0.0
    count: int = 0
    rows: int = 0

    def mean(self) -> float | None:
        """Return the mean of the finite values, None when there were none."""
        return self.total / self.count if self.count else None


async def sum_rows(chunks: AsyncIterator[str], max_bytes: int) -> BoxSum:
    """Return the BoxSum of a griddap .json table read from text `chunks`.

    Raises TooLarge past `max_bytes` characters, NotATable when no row table is found.
    """
    result = BoxSum()
    carry = ""
    seen = 0
    head = True
    async for chunk in chunks:
        seen += len(chunk)
        if seen > max_bytes:
            raise TooLarge(f"reply larger than {max_bytes} bytes")
        text = carry + chunk
        if head:
            at = text.find('"rows"')
            if at < 0:
                if len(text) > _CARRY_LIMIT:
                    raise NotATable("no rows in the reply")
                carry = text
                continue
            head, text = False, text[at:]
        end = 0
        values: list[str] = []
        for match in _ROW.finditer(text):
            if result.first_time is None:
                result.first_time = match.group(1)
            values.append(match.group(2))
            end = match.end()
        carry = text[end:]
        if len(carry) > _CARRY_LIMIT:
            raise NotATable("unreadable row in the reply")
        if values:
            result.rows += len(values)
            numbers = np.array([v for v in values if v not in ("null", "NaN")], dtype=float)
            numbers = numbers[np.isfinite(numbers)]
            result.total += float(numbers.sum())
            result.count += int(numbers.size)
    if head:
        raise NotATable("no rows in the reply")
    return result
