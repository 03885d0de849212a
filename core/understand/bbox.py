"""Bounding boxes as the tools take them: four numbers in any corner order, checked and sorted."""
from __future__ import annotations

import math
from collections.abc import Sequence


def normalize_bbox(values: Sequence[float]) -> tuple[float, float, float, float]:
    """(lon0, lat0, lon1, lat1) sorted ascending; raises ValueError saying what is wrong.

    Accepts lon0,lat0,lon1,lat1 in any corner order; a lat-first list
    (``[20,118,25,123]``) is recognised by range and swapped.
    """
    if len(values) != 4:
        raise ValueError(f"bbox needs 4 numbers, got {len(values)}")
    try:
        x0, y0, x1, y1 = (float(v) for v in values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bbox values must be numbers: {exc}") from None
    if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
        raise ValueError("bbox values must be finite")
    if max(abs(x0), abs(x1)) <= 90 < min(abs(y0), abs(y1)) and max(abs(y0), abs(y1)) <= 180:
        x0, y0, x1, y1 = y0, x0, y1, x1  # written lat-first
    lon0, lon1 = sorted((x0, x1))
    lat0, lat1 = sorted((y0, y1))
    if lon0 < -180 or lon1 > 180:
        raise ValueError(f"longitude out of range [-180, 180]: {lon0}..{lon1}")
    if lat0 < -90 or lat1 > 90:
        raise ValueError(f"latitude out of range [-90, 90]: {lat0}..{lat1}")
    if lon0 == lon1 or lat0 == lat1:
        raise ValueError("bbox has zero width or height")
    return lon0, lat0, lon1, lat1
