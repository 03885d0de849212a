"""What a tide chart shows, already worded and placed in time: the drawing step's only input.

Times are UTC unix seconds; every label is a finished string in the reply language (the
composer words them from the strings files), so the drawing knows nothing of languages.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # annotations only
    import numpy as np

Span = tuple[float, float]          # (start, end) unix seconds
Tick = tuple[float, str]            # (instant, label)


@dataclass(frozen=True)
class Extreme:
    """A high or low water as drawn: instant (unix s), height (cm), kind and its label."""

    at: float
    height_cm: float
    kind: Literal["HIGH", "LOW"]
    label: str


@dataclass(frozen=True)
class ChartSpec:
    """One chart: the curve, its marks, the shading and the words around it."""

    start: float
    end: float
    times: np.ndarray
    heights_cm: np.ndarray
    extremes: list[Extreme]
    title: str
    footer: list[str]
    y_label: str
    x_ticks: list[Tick]
    now: float | None = None
    now_label: str = ""
    nights: list[Span] = field(default_factory=list)
    twilights: list[Span] = field(default_factory=list)
    sun_ticks: list[Tick] = field(default_factory=list)
    moon_ticks: list[Tick] = field(default_factory=list)
    day_lines: list[float] = field(default_factory=list)   # local midnights inside a multi-day chart
    min_span: float = 20.0                                 # the least height range shown (20 cm in the unit)
    small_labels: bool = False                             # many days: shorter, smaller extreme labels
    day_notes: list[Tick] = field(default_factory=list)    # each day's spring/neap word, at its local noon
    legend: list[tuple[Literal["sun", "moon"], str]] = field(default_factory=list)  # unlabelled ticks explained
