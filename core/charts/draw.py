"""Drawing a `ChartSpec` into a PNG with matplotlib's Agg backend (no pyplot, no global figure).

`draw_chart` is synchronous and CPU-bound: adapters call it through `asyncio.to_thread`, so the
event loop never waits on it. Each call builds its own Figure (thread-safe without a lock); the
font and the style below are set up once per process. Colours are the Okabe-Ito palette,
distinguishable with every common colour-vision deficiency, and highs and lows also differ in
shape (▲ / ▼), so nothing depends on colour alone.
"""
from __future__ import annotations

import functools
import io
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from core.charts.fonts import chart_family
from core.charts.spec import ChartSpec, Extreme

WIDTH_PX, HEIGHT_PX, DPI = 1200, 700, 100
HOUR = 3600.0
# Okabe-Ito colours (Okabe & Ito 2008, "Color Universal Design").
CURVE, HIGH, LOW, NOW = "#0072B2", "#D55E00", "#0072B2", "#009E73"
SUN, MOON, NIGHT, TEXT = "#E69F00", "#CC79A7", "#1F2A44", "#222222"
NIGHT_ALPHA, TWILIGHT_ALPHA = 0.22, 0.10


@dataclass(frozen=True)
class DrawnChart:
    """The PNG and what was actually plotted: the marks read back from the figure's artists."""

    png: bytes
    width: int
    height: int
    highs: list[tuple[float, float]]    # (unix s, cm) of each ▲ drawn
    lows: list[tuple[float, float]]     # (unix s, cm) of each ▼ drawn


@functools.cache
def _style() -> dict[str, Any]:
    """Return the rc settings every chart uses (font registered once, large type for phones)."""
    return {"font.family": chart_family(), "font.size": 15, "axes.titlesize": 22, "axes.labelsize": 16,
            "xtick.labelsize": 14, "ytick.labelsize": 14, "axes.edgecolor": "#888888",
            "axes.spines.top": False, "axes.spines.right": False, "text.color": TEXT,
            "axes.labelcolor": TEXT, "xtick.color": TEXT, "ytick.color": TEXT, "svg.fonttype": "none"}


def _hours(spec: ChartSpec, at: float | np.ndarray) -> Any:
    """x of an instant: hours since the chart's start (elapsed time, so DST days are drawn true)."""
    return (np.asarray(at) - spec.start) / HOUR


def _shade(ax: Any, spec: ChartSpec) -> None:
    for spans, alpha in ((spec.nights, NIGHT_ALPHA), (spec.twilights, TWILIGHT_ALPHA)):
        for a, b in spans:
            ax.axvspan(_hours(spec, a), _hours(spec, b), color=NIGHT, alpha=alpha, lw=0, zorder=0)
    for x in spec.day_lines:
        ax.axvline(_hours(spec, x), color="#888888", lw=1.0, ls=":", zorder=1)


def _ticks(ax: Any, spec: ChartSpec, top: float, span: float) -> None:
    """Short sun (orange) and moon (purple) ticks along the top, labelled when there is room."""
    for ticks, colour, row in ((spec.sun_ticks, SUN, 0), (spec.moon_ticks, MOON, 1)):
        for at, label in ticks:
            x = _hours(spec, at)
            y0 = top - (0.02 + 0.07 * row) * span
            ax.plot([x, x], [y0, y0 - 0.045 * span], color=colour, lw=3, solid_capstyle="butt", zorder=4)
            if label:
                width = _hours(spec, spec.end)
                ha = "left" if x < 0.06 * width else "right" if x > 0.94 * width else "center"
                ax.text(x, y0 - 0.05 * span, label, color=colour, fontsize=12, ha=ha, va="top", zorder=4,
                        bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.75})


def _mark(ax: Any, spec: ChartSpec, extremes: list[Extreme], kind: str, span: float) -> list[tuple[float, float]]:
    """Draw the ▲ highs or ▼ lows with their labels; return what was plotted, read back from the artist."""
    chosen = [e for e in extremes if e.kind == kind]
    if not chosen:
        return []
    xs = _hours(spec, np.array([e.at for e in chosen]))
    ys = np.array([e.height_cm for e in chosen])
    (line,) = ax.plot(xs, ys, ls="none", marker="^" if kind == "HIGH" else "v", ms=12 if not spec.small_labels else 9,
                      color=HIGH if kind == "HIGH" else LOW, mec="white", mew=1.2, zorder=5)
    size = 10 if spec.small_labels else 14
    offset = (0.04 if kind == "HIGH" else -0.04) * span
    width = _hours(spec, spec.end)
    for x, y, e in zip(xs, ys, chosen):
        # A label at either edge leans inward, so it neither leaves the plot nor covers the axis.
        ha = "left" if x < 0.03 * width else "right" if x > 0.97 * width else "center"
        ax.text(x, y + offset, e.label, fontsize=size, ha=ha, va="bottom" if kind == "HIGH" else "top",
                color=HIGH if kind == "HIGH" else LOW, zorder=6, linespacing=1.1)
    drawn_x, drawn_y = line.get_data()
    return [(spec.start + float(x) * HOUR, float(y)) for x, y in zip(drawn_x, drawn_y)]


class _Template:
    """One figure, its axes, title and footer, built once per drawing thread and reused: a chart
    only adds its own artists and removes them afterwards (building a figure and its ticks
    anew costs about as much as drawing it)."""

    def __init__(self) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.fig = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI)
        self.canvas = FigureCanvasAgg(self.fig)
        self.ax = self.fig.add_axes((0.075, 0.2, 0.9, 0.68))
        self.ax.grid(axis="y", color="#DDDDDD", lw=0.8, zorder=0)
        self.ax.axhline(0, color="#888888", lw=0.8, zorder=1)
        self.title = self.fig.suptitle("", x=0.5, y=0.965, fontsize=22)
        self.footer = [self.fig.text(0.5, 0.085 - 0.04 * i, "", ha="center", va="center", fontsize=13,
                                     color="#444444") for i in range(2)]

    def draw(self, spec: ChartSpec) -> DrawnChart:
        ax = self.ax
        before = set(ax.get_children())
        try:
            finite = spec.heights_cm[np.isfinite(spec.heights_cm)]
            low, high = (float(finite.min()), float(finite.max())) if finite.size else (-100.0, 100.0)
            span = max(high - low, 20.0)
            bottom, top = low - 0.22 * span, high + 0.42 * span   # room for the labels and the sun/moon ticks
            ax.set_xlim(0, _hours(spec, spec.end))
            ax.set_ylim(bottom, top)
            _shade(ax, spec)
            ax.plot(_hours(spec, spec.times), spec.heights_cm, color=CURVE, lw=3.2, zorder=3)
            highs = _mark(ax, spec, spec.extremes, "HIGH", span)
            lows = _mark(ax, spec, spec.extremes, "LOW", span)
            _ticks(ax, spec, top, top - bottom)
            if spec.now is not None and spec.start <= spec.now <= spec.end:
                x = _hours(spec, spec.now)
                ax.axvline(x, color=NOW, lw=2.5, ls="--", zorder=4)
                ax.text(x, top, spec.now_label, color=NOW, fontsize=14, ha="center", va="bottom", zorder=6,
                        clip_on=False)   # above the plot: never on a high or low label
            ax.set_xticks([float(_hours(spec, at)) for at, _ in spec.x_ticks], [label for _, label in spec.x_ticks])
            ax.set_ylabel(spec.y_label)
            self.title.set_text(spec.title)
            for text, line in zip(self.footer, spec.footer + ["", ""]):
                text.set_text(line)
            buffer = io.BytesIO()
            self.canvas.print_png(buffer)
        finally:
            for artist in set(ax.get_children()) - before:
                artist.remove()
        return DrawnChart(buffer.getvalue(), WIDTH_PX, HEIGHT_PX, highs, lows)


_local = threading.local()


def draw_chart(spec: ChartSpec) -> DrawnChart:
    """Return the chart of `spec` as a WIDTH_PX x HEIGHT_PX PNG and the marks plotted (sync, CPU-bound).

    Call it from a worker thread (core.charts.worker.off_loop): each thread keeps its own figure
    template, and matplotlib's style is process-wide, so one drawing thread is the intended use.
    """
    import matplotlib

    with matplotlib.rc_context(_style()):
        template = getattr(_local, "template", None)
        if template is None:
            template = _local.template = _Template()
        return template.draw(spec)
