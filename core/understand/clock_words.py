"""The clock words of ``core/data/clock_words.yaml``, read once: the one reader both ``clock_times`` (every clock
time) and ``clock_thai`` (Thai watches) take their words from, so neither imports the other for them."""
from __future__ import annotations

import functools
from typing import Any

from core.data import DATA_DIR, read_yaml


@functools.cache
def words() -> dict[str, Any]:
    """Return the word lists of `clock_words.yaml` (loaded once)."""
    return read_yaml(DATA_DIR / "clock_words.yaml")
