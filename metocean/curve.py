"""The water level as a curve over an interval: what a tide chart draws.

A reference station's curve is the harmonic prediction itself (metocean.tides). A
subordinate station has no harmonic constants of its own (its offsets only move the
reference's highs and lows), so its curve is the cosine interpolation between its own
extremes — the usual way tide tables draw a secondary port, and the same rule a chart uses
for an upstream answer, which gives extremes only (`cosine_curve`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal, Sequence

import numpy as np

from metocean.tides import TideExtreme, load_stations, tide_extremes, tide_heights

CurveKind = Literal["harmonic", "cosine"]
STEP_SECONDS = 360.0   # 6 min: 240 points a day, finer than a phone's pixels across one day
EDGE = timedelta(days=1)   # extremes fetched either side, so the cosine reaches the interval's ends


@dataclass(frozen=True)
class WaterLevel:
    """Heights (cm relative to MSL) at `times` (UTC unix seconds) and the extremes inside the interval."""

    times: np.ndarray
    heights_cm: np.ndarray
    extremes: list[TideExtreme]
    kind: CurveKind


def cosine_curve(extreme_times: Sequence[float], extreme_heights: Sequence[float], grid: np.ndarray) -> np.ndarray:
    """Return heights on `grid` (unix seconds) by half-cosine interpolation between consecutive extremes.

    Between an extreme (t0, h0) and the next (t1, h1): h = h1 + (h0 - h1)(1 + cos(pi x)) / 2 with
    x = (t - t0)/(t1 - t0), so the curve is flat at each extreme and passes through every one.
    Outside the first and last extreme the value is NaN (nothing is known there). Needs >= 2 extremes.
    """
    t = np.asarray(extreme_times, dtype=np.float64)
    h = np.asarray(extreme_heights, dtype=np.float64)
    out = np.full(grid.shape, np.nan)
    if t.size < 2:
        return out
    order = np.argsort(t, kind="stable")
    t, h = t[order], h[order]
    inside = (grid >= t[0]) & (grid <= t[-1])
    g = grid[inside]
    i = np.clip(np.searchsorted(t, g, side="right") - 1, 0, t.size - 2)
    x = (g - t[i]) / np.maximum(t[i + 1] - t[i], 1.0)
    out[inside] = h[i + 1] + (h[i] - h[i + 1]) * (1.0 + np.cos(np.pi * x)) / 2.0
    return out


def time_grid(start: datetime, end: datetime, step_seconds: float = STEP_SECONDS) -> np.ndarray:
    """Return UTC unix seconds from `start` to `end` inclusive, every `step_seconds`."""
    t0, t1 = start.timestamp(), end.timestamp()
    grid = np.arange(t0, t1, step_seconds)
    return np.append(grid, t1)


def water_level(station_id: str, start: datetime, end: datetime, step_seconds: float = STEP_SECONDS) -> WaterLevel:
    """Return the water level at station `station_id` over [start, end] (aware datetimes).

    A reference station gives the harmonic curve (`kind="harmonic"`); a subordinate station
    the cosine curve through its own extremes (`kind="cosine"`). `extremes` are those in
    [start, end). Raises KeyError for an unknown station.
    """
    station = load_stations().get(station_id)
    if station is None:
        raise KeyError(f"unknown tide station {station_id!r}")
    grid = time_grid(start, end, step_seconds)
    extremes = tide_extremes(station_id, start, end)
    if station.kind != "subordinate":
        return WaterLevel(grid, tide_heights(station_id, grid), extremes, "harmonic")
    around = tide_extremes(station_id, start - EDGE, end + EDGE)
    heights = cosine_curve([e.time.timestamp() for e in around], [e.height_cm for e in around], grid)
    return WaterLevel(grid, heights, extremes, "cosine")
