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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from core.charts.fonts import chart_family
from core.charts.layout import Candidate, Label, mark_boxes, place, text_boxes
from core.charts.spec import ChartSpec, Extreme

if TYPE_CHECKING:   # matplotlib loads on the first drawing, not on import
    from matplotlib.transforms import Bbox

WIDTH_PX, HEIGHT_PX, DPI = 1200, 700, 100
HOUR = 3600.0
# Okabe-Ito colours (Okabe & Ito 2008, "Color Universal Design").
CURVE, HIGH, LOW, NOW = "#0072B2", "#D55E00", "#0072B2", "#009E73"
SUN, MOON, NIGHT, TEXT = "#E69F00", "#CC79A7", "#1F2A44", "#222222"
NIGHT_ALPHA, TWILIGHT_ALPHA = 0.22, 0.10
SLIDES_PT = (-8.0, 8.0, -16.0, 16.0, -28.0, 28.0)   # sideways shifts a label may take to clear a mark


@dataclass(frozen=True)
class DrawnChart:
    """The PNG and what was actually plotted: the marks read back from the figure's artists."""

    png: bytes
    width: int
    height: int
    highs: list[tuple[float, float]]    # (unix s, cm) of each ▲ drawn
    lows: list[tuple[float, float]]     # (unix s, cm) of each ▼ drawn
    # every text shown, with its box in pixels (x0, y0, x1, y1; origin bottom left), read from the figure
    labels: list[tuple[str, tuple[float, float, float, float]]] = field(default_factory=list)
    # every mark a label must clear (sun-tick, moon-tick, now-line, high, low), its box as above
    marks: list[tuple[str, tuple[float, float, float, float]]] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)   # labels left out: no place clear of the others


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


def _pt(px: float) -> float:
    """Return a distance in display pixels as points (annotation offsets are in points)."""
    return px * 72.0 / DPI


def _ticks(ax: Any, spec: ChartSpec, top: float, span: float, area: "Bbox") -> list[Label]:
    """Draw the short sun (orange) and moon (purple) ticks along the top; return their labels to
    place (right of the tick, else left, else a row lower)."""
    labels: list[Label] = []
    row_pt = _pt(0.07 * span * _px_per_cm(ax))
    for ticks, colour, row in ((spec.sun_ticks, SUN, 0), (spec.moon_ticks, MOON, 1)):
        for at, label in ticks:
            x = float(_hours(spec, at))
            y0 = top - (0.02 + 0.07 * row) * span
            y1 = y0 - 0.045 * span
            ax.plot([x, x], [y0, y1], color=colour, lw=3, solid_capstyle="butt", zorder=4,
                    gid="sun-tick" if row == 0 else "moon-tick")
            if not label:
                continue
            text = ax.annotate(label, xy=(x, (y0 + y1) / 2), xytext=(0, 0), textcoords="offset points", color=colour,
                               fontsize=12, zorder=7,
                               bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.8})
            candidates: list[Candidate] = []
            for k in range(4):   # beside the tick, then one, two, three rows lower
                candidates += [(8.0, -k * row_pt, "left", "center"), (-8.0, -k * row_pt, "right", "center")]
            labels.append(Label(text, candidates, area))
    return labels


def _px_per_cm(ax: Any) -> float:
    """Return how many display pixels one centimetre of height is on `ax` (limits already set)."""
    (_, y0), (_, y1) = ax.transData.transform([(0.0, 0.0), (0.0, 1.0)])
    return abs(float(y1 - y0))


def _mark(ax: Any, spec: ChartSpec, extremes: list[Extreme], kind: str,
          area: "Bbox") -> tuple[list[tuple[float, float]], list[Label]]:
    """Draw the ▲ highs or ▼ lows; return what was plotted (read back from the artist) and their
    labels to place (above a high / below a low, slid sideways, farther out, else the other side)."""
    chosen = [e for e in extremes if e.kind == kind]
    if not chosen:
        return [], []
    xs = _hours(spec, np.array([e.at for e in chosen]))
    ys = np.array([e.height_cm for e in chosen])
    size_pt = 12 if not spec.small_labels else 9
    (line,) = ax.plot(xs, ys, ls="none", marker="^" if kind == "HIGH" else "v", ms=size_pt,
                      color=HIGH if kind == "HIGH" else LOW, mec="white", mew=1.2, zorder=5, gid=kind.lower())
    fontsize = 10 if spec.small_labels else 14
    up = kind == "HIGH"
    sign, va = (1.0, "bottom") if up else (-1.0, "top")
    near = size_pt * 0.5 + 4.0
    labels: list[Label] = []
    for x, y, e in zip(xs, ys, chosen):
        text = ax.annotate(e.label, xy=(float(x), float(y)), xytext=(0, sign * near), textcoords="offset points",
                           fontsize=fontsize, color=HIGH if up else LOW, zorder=6, linespacing=1.1)
        candidates: list[Candidate] = []
        for lift in (near, near + 16.0, near + 32.0):   # at the mark, slid sideways, then farther out
            candidates += [(0.0, sign * lift, "center", va), (-4.0, sign * lift, "right", va),
                           (4.0, sign * lift, "left", va)]
            candidates += [(dx, sign * lift, "center", va) for dx in SLIDES_PT]
        candidates += [(0.0, -sign * near, "center", "top" if up else "bottom"),   # the other side
                       (near + 2.0, 0.0, "left", "center"), (-near - 2.0, 0.0, "right", "center")]
        labels.append(Label(text, candidates, area))
    drawn_x, drawn_y = line.get_data()
    return [(spec.start + float(x) * HOUR, float(y)) for x, y in zip(drawn_x, drawn_y)], labels


def _day_notes(ax: Any, spec: ChartSpec, bottom: float, area: Bbox) -> list[Label]:
    """Write each day's spring/neap word at its noon, along the bottom of the plot."""
    labels = []
    for at, note in spec.day_notes:
        text = ax.annotate(note, xy=(float(_hours(spec, at)), bottom), xytext=(0, 4), textcoords="offset points",
                           fontsize=12, color="#444444", zorder=6,
                           bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "#BBBBBB", "alpha": 0.85})
        labels.append(Label(text, [(dx, 4.0 + 16.0 * k, "center", "bottom") for k in range(4)
                                   for dx in (0.0, *SLIDES_PT)], area))
    return labels


def _legend(fig: Any, spec: ChartSpec) -> Any:
    """Add the legend of the unlabelled sun and moon ticks (multi-day charts) below the x axis; None without."""
    if not spec.legend:
        return None
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], ls="none", marker="|", ms=14, mew=3, color=SUN if kind == "sun" else MOON)
               for kind, _ in spec.legend]
    return fig.legend(handles, [label for _, label in spec.legend], loc="center", bbox_to_anchor=(0.5, 0.135),
                      ncol=len(handles), frameon=False, fontsize=12, handletextpad=0.3, columnspacing=2.0)


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
        self.title = self.fig.suptitle("", x=0.5, y=0.972, fontsize=22)
        self.footer = [self.fig.text(0.5, 0.085 - 0.04 * i, "", ha="center", va="center", fontsize=13,
                                     color="#444444") for i in range(2)]

    def draw(self, spec: ChartSpec) -> DrawnChart:
        ax = self.ax
        before = set(ax.get_children())
        legend = None
        try:
            finite = spec.heights_cm[np.isfinite(spec.heights_cm)]
            low, high = (float(finite.min()), float(finite.max())) if finite.size else (-100.0, 100.0)
            span = max(high - low, spec.min_span)
            bottom, top = low - 0.22 * span, high + 0.42 * span   # room for the labels and the sun/moon ticks
            ax.set_xlim(0, _hours(spec, spec.end))
            ax.set_ylim(bottom, top)
            ax.set_xticks([float(_hours(spec, at)) for at, _ in spec.x_ticks], [label for _, label in spec.x_ticks])
            ax.set_ylabel(spec.y_label)
            self.title.set_text(spec.title)
            for text, line in zip(self.footer, spec.footer + ["", ""]):
                text.set_text(line)
            renderer = self.canvas.get_renderer()
            inside = ax.get_window_extent(renderer)
            _shade(ax, spec)
            ax.plot(_hours(spec, spec.times), spec.heights_cm, color=CURVE, lw=3.2, zorder=3)
            highs, high_labels = _mark(ax, spec, spec.extremes, "HIGH", inside)
            lows, low_labels = _mark(ax, spec, spec.extremes, "LOW", inside)
            tick_labels = _ticks(ax, spec, top, top - bottom, inside)
            first: list[Label] = []
            if spec.now is not None and spec.start <= spec.now <= spec.end:
                x = float(_hours(spec, spec.now))
                ax.axvline(x, color=NOW, lw=2.5, ls="--", zorder=4, gid="now-line")
                now = ax.annotate(spec.now_label, xy=(x, top), xytext=(0, 3), textcoords="offset points", color=NOW,
                                  fontsize=14, zorder=6, annotation_clip=False)   # above the plot
                first.append(Label(now, [(0.0, 3.0, "center", "bottom"), (-4.0, 3.0, "right", "bottom"),
                                         (4.0, 3.0, "left", "bottom")], self.fig.bbox))
            labels = first + _day_notes(ax, spec, bottom, inside) + high_labels + low_labels + tick_labels
            marks = [box for _, box in mark_boxes(ax, renderer)] + [self.title.get_window_extent(renderer).padded(2)]
            place(labels, marks, renderer)
            legend = _legend(self.fig, spec)
            buffer = io.BytesIO()
            self.canvas.print_png(buffer)
            renderer = self.canvas.get_renderer()
            shown = text_boxes(self.fig, renderer)
            drawn_marks = [(gid, (float(b.x0), float(b.y0), float(b.x1), float(b.y1)))
                           for gid, b in mark_boxes(ax, renderer)]
            hidden = [label.artist.get_text() for label in labels if not label.placed]
        finally:
            for artist in set(ax.get_children()) - before:
                artist.remove()
            if legend is not None:
                legend.remove()
        return DrawnChart(buffer.getvalue(), WIDTH_PX, HEIGHT_PX, highs, lows, shown, drawn_marks, hidden)


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
