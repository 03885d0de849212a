"""Placing a chart's labels so that none overlaps another label or a mark (a collision pass).

Each label is a matplotlib annotation anchored at its mark (a high, a sun tick, the "now" line)
with a list of candidate offsets, best first. In priority order, each label takes the first
candidate whose box — measured by the renderer, so fonts, CJK widths and line breaks are exact —
touches no label already placed and no mark (tick lines, ▲ ▼ markers, the "now" line: the
artists drawn with a MARK_IDS gid, read back from the axes), and stays inside its area. A
label with no clean candidate is hidden: its mark stays, and a hidden label is better than one
written over another.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # matplotlib loads on the first drawing, not on import
    from matplotlib.transforms import Bbox

PAD_PX = 3.0        # clear space kept around every label

Candidate = tuple[float, float, str, str]   # (dx, dy) in points from the anchor, ha, va


@dataclass
class Label:
    """One annotation to place: its candidates (best first) and the area it must stay in."""

    artist: Any                      # matplotlib.text.Annotation
    candidates: list[Candidate]
    area: "Bbox"                     # display coordinates
    placed: bool = field(default=False)


def _box(artist: Any, renderer: Any) -> "Bbox":
    """Return the artist's window extent, padded by the clear space (and by its background box's
    pad when it has one: measuring the patch itself costs a layout per try)."""
    box = artist.get_window_extent(renderer)
    patch = artist.get_bbox_patch()
    extra = 0.0
    if patch is not None:
        extra = float(getattr(patch.get_boxstyle(), "pad", 0.3)) * renderer.points_to_pixels(artist.get_fontsize())
    return box.padded(PAD_PX + extra)


def _inside(box: "Bbox", area: "Bbox") -> bool:
    return area.x0 <= box.x0 and box.x1 <= area.x1 and area.y0 <= box.y0 and box.y1 <= area.y1


def _clear(box: "Bbox", taken: "list[Bbox]") -> bool:
    return not any(box.overlaps(other) for other in taken)


def place(labels: list[Label], marks: "list[Bbox]", renderer: Any) -> "list[Bbox]":
    """Move each label (in list order) to its first clean candidate, hiding those with none.
    Returns the boxes of the labels shown (display pixels, padded)."""
    taken: list[Bbox] = []
    for label in labels:
        label.placed = False
        for dx, dy, ha, va in label.candidates:
            label.artist.xyann = (dx, dy)
            label.artist.set_horizontalalignment(ha)
            label.artist.set_verticalalignment(va)
            box = _box(label.artist, renderer)
            if _inside(box, label.area) and _clear(box, taken) and _clear(box, marks):
                label.placed = True
                taken.append(box)
                break
        label.artist.set_visible(label.placed)
    return taken


def point_mark(x_px: float, y_px: float, size_px: float) -> "Bbox":
    """Return the box of a marker of `size_px` centred at (x, y) in display pixels."""
    from matplotlib.transforms import Bbox

    half = size_px / 2
    return Bbox.from_extents(x_px - half, y_px - half, x_px + half, y_px + half)


MARK_IDS = ("sun-tick", "moon-tick", "now-line", "high", "low")   # gids of the drawn marks labels must clear


def mark_boxes(ax: Any, renderer: Any) -> "list[tuple[str, Bbox]]":
    """Return (gid, box in pixels) of every mark drawn on `ax`: tick and "now" lines whole, each ▲ ▼
    marker on its own (a line of markers is as many marks as points)."""
    out = []
    for line in ax.get_lines():
        gid = line.get_gid()
        if gid not in MARK_IDS or not line.get_visible():
            continue
        if line.get_marker() not in (None, "None", "none", ""):
            size = line.get_markersize() * line.get_figure().dpi / 72.0
            for x, y in ax.transData.transform(line.get_xydata()):
                out.append((gid, point_mark(float(x), float(y), size)))
        else:
            out.append((gid, line.get_window_extent(renderer)))
    return out


def text_boxes(figure: Any, renderer: Any) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Return (text, (x0, y0, x1, y1) in pixels) of every text shown in `figure`: its own texts
    (title, footer), each axes' texts and annotations, legend entries, and the tick labels in view."""
    texts = [*figure.texts, *(text for legend in figure.legends for text in legend.get_texts())]
    for ax in figure.axes:
        texts += ax.texts
        x0, x1 = sorted(ax.get_xlim())
        y0, y1 = sorted(ax.get_ylim())
        texts += [label for label in ax.get_xticklabels() if x0 <= label.get_position()[0] <= x1]
        texts += [label for label in ax.get_yticklabels() if y0 <= label.get_position()[1] <= y1]
        texts.append(ax.yaxis.label)
    out = []
    for artist in texts:
        if artist.get_visible() and artist.get_text().strip():
            box = artist.get_window_extent(renderer)
            out.append((artist.get_text(), (float(box.x0), float(box.y0), float(box.x1), float(box.y1))))
    return out
