"""Tide heights on the reference the user reads: mean sea level or chart datum, in cm, m or ft.

Results keep the upstream's shape (`height_cm` above MSL; CWA's points add `height_chart_cm`, and
a station with a known chart datum says how far below MSL it lies). `Heights` turns one of those
into the user's number and unit, and names the reference in words, so every answer, table and
chart says what its heights are measured from.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from core.words.strings import t

Datum = Literal["msl", "chart"]
Units = Literal["cm", "m", "ft"]
DATUMS: tuple[Datum, ...] = ("msl", "chart")
UNITS: tuple[Units, ...] = ("cm", "m", "ft")
_CM_PER = {"cm": 1.0, "m": 100.0, "ft": 30.48}
_DECIMALS = {"cm": 0, "m": 2, "ft": 1}
_NAMED_DATUMS = ("CWA", "LAT", "MLLW")   # chart datums with their own words (heights.datum.<name>)


@dataclass(frozen=True)
class Heights:
    """How to say heights: the unit, the datum asked for, and the chart datum where it is known."""

    units: Units = "cm"
    datum: Datum = "msl"
    chart_name: str | None = None      # "CWA", "LAT", "MLLW", ...: the chart datum here, when known
    chart_below_msl_cm: float | None = None

    @property
    def on_chart(self) -> bool:
        """Return True when heights are said above chart datum (asked for, and known here)."""
        return self.datum == "chart" and self.chart_below_msl_cm is not None

    @property
    def chart_unknown(self) -> bool:
        """Return True when chart datum was asked for but none is known here (heights stay on MSL)."""
        return self.datum == "chart" and self.chart_below_msl_cm is None

    @property
    def is_default(self) -> bool:
        """Return True for centimetres above MSL, what every answer said before the choice existed."""
        return self.units == "cm" and not self.on_chart and not self.chart_unknown

    def cm(self, item: Any) -> float | None:
        """Return a height (an extreme's dict, or cm above MSL) in cm above the reference; None when absent."""
        if isinstance(item, dict):
            if self.on_chart and isinstance(item.get("height_chart_cm"), (int, float)):
                return float(item["height_chart_cm"])   # the official table's own figure
            item = item.get("height_cm", item.get("height"))
        try:
            msl = float(item)
        except (TypeError, ValueError):
            return None
        return msl + self.chart_below_msl_cm if self.on_chart else msl   # type: ignore[operator]

    def number(self, item: Any) -> str:
        """Return the height as a number in the user's unit ("123", "1.23", "4.0"), "?" when absent."""
        cm = self.cm(item)
        return "?" if cm is None else f"{cm / _CM_PER[self.units]:.{_DECIMALS[self.units]}f}"

    def say(self, item: Any) -> str:
        """Return the height with its unit ("123 cm", "1.23 m", "4.0 ft")."""
        return f"{self.number(item)} {self.units}"

    def scale(self, cm_above_msl: Any) -> Any:
        """Return a curve (numpy array or float, cm above MSL) on the reference and in the unit."""
        shifted = cm_above_msl + self.chart_below_msl_cm if self.on_chart else cm_above_msl
        return shifted / _CM_PER[self.units]

    def size(self, cm: float) -> float:
        """Return a height difference of `cm` centimetres in the user's unit."""
        return cm / _CM_PER[self.units]

    def reference(self, lang: str) -> str:
        """Return the reference in words: 「平均海平面」, "chart datum (MLLW)"..."""
        if not self.on_chart:
            return t(lang, "heights.msl")
        name = self.chart_name or ""
        return t(lang, f"heights.datum.{name}") if name in _NAMED_DATUMS else t(lang, "heights.datum.other", name=name)

    def line(self, lang: str) -> str:
        """Return the sentence naming the unit and reference (and, when chart datum is unknown, saying so)."""
        said = t(lang, "heights.line", unit=t(lang, f"heights.unit.{self.units}"), ref=self.reference(lang))
        return f"{said}{t(lang, 'heights.chart_unknown')}" if self.chart_unknown else said

    def axis(self, lang: str) -> str:
        """Return the chart's y-axis label: height, unit and reference."""
        return t(lang, "heights.axis", unit=t(lang, f"heights.unit.{self.units}"), ref=self.reference(lang))


def chart_datum_of(result: dict[str, Any]) -> tuple[str | None, float | None]:
    """Return (name, cm below MSL) of the chart datum the result's station carries, or (None, None)."""
    station = result.get("station")
    datum = station.get("chart_datum") if isinstance(station, dict) else None
    if isinstance(datum, dict) and isinstance(datum.get("msl_above_cm"), (int, float)):
        return str(datum.get("name") or ""), float(datum["msl_above_cm"])
    return None, None


def heights_for(result: dict[str, Any], datum: str | None, units: str | None) -> Heights:
    """Return how to say the heights of `result` for a user who chose `datum` and `units` (None: defaults)."""
    name, below = chart_datum_of(result)
    return Heights(units=units if units in UNITS else "cm", datum="chart" if datum == "chart" else "msl",  # type: ignore[arg-type]
                   chart_name=name, chart_below_msl_cm=below)
