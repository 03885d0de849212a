"""The rich menu's picture: six tiles (3 × 2) drawn with the project's own CJK font.

LINE shows the picture and maps taps by rectangles (bots/line_bot/rich_menu.py); the picture
must be 2500 × 1686 px and under 1 MB. Drawn with matplotlib on flat colours, so the PNG is small.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from core.words.strings import t

#: LINE's full-size rich menu, in pixels.
WIDTH, HEIGHT = 2500, 1686
COLUMNS, ROWS = 3, 2
_DPI = 100


@dataclass(frozen=True)
class Tile:
    """One tap area: its key (strings `line_menu.<key>`), colour and icon."""

    key: str
    colour: str
    icon: str


#: The six areas, left to right, top to bottom.
TILES: tuple[Tile, ...] = (
    Tile("tide", "#0b6fa4", "wave"), Tile("location", "#138a72", "pin"), Tile("chart", "#3a5ba0", "curve"),
    Tile("week", "#6a4c93", "grid"), Tile("daily", "#c26a1b", "clock"), Tile("help", "#51606f", "gear"),
)


def tile_bounds(index: int) -> tuple[int, int, int, int]:
    """Return (x, y, width, height) in pixels of tile `index` (0-5), edges shared without gaps."""
    col, row = index % COLUMNS, index // COLUMNS
    x0, x1 = WIDTH * col // COLUMNS, WIDTH * (col + 1) // COLUMNS
    y0, y1 = HEIGHT * row // ROWS, HEIGHT * (row + 1) // ROWS
    return x0, y0, x1 - x0, y1 - y0


def _icon(ax, kind: str, cx: float, cy: float, r: float) -> None:  # type: ignore[no-untyped-def]
    """Draw a simple white icon centred at (cx, cy) with radius r (pixels, y up)."""
    import numpy as np
    from matplotlib.patches import Circle, FancyBboxPatch, Polygon

    white = dict(color="white", lw=14, solid_capstyle="round")
    if kind == "wave":
        x = np.linspace(cx - r, cx + r, 200)
        for dy in (0.25 * r, -0.35 * r):
            ax.plot(x, cy + dy + 0.28 * r * np.sin((x - cx) / r * 2 * np.pi), **white)
    elif kind == "pin":
        ax.add_patch(Circle((cx, cy + 0.25 * r), 0.55 * r, fc="none", ec="white", lw=14))
        ax.add_patch(Polygon([(cx - 0.45 * r, cy - 0.05 * r), (cx + 0.45 * r, cy - 0.05 * r), (cx, cy - r)],
                             closed=True, fc="white", ec="white"))
        ax.add_patch(Circle((cx, cy + 0.25 * r), 0.2 * r, fc="white", ec="white"))
    elif kind == "curve":
        ax.plot([cx - r, cx - r, cx + r], [cy + r, cy - r, cy - r], **white)
        x = np.linspace(cx - 0.85 * r, cx + 0.9 * r, 200)
        ax.plot(x, cy + 0.45 * r * np.cos((x - cx) / r * 1.6 * np.pi), **white)
    elif kind == "grid":
        ax.add_patch(FancyBboxPatch((cx - r, cy - 0.8 * r), 2 * r, 1.6 * r, boxstyle="round,pad=0,rounding_size=20",
                                    fc="none", ec="white", lw=14))
        ax.plot([cx - r, cx + r], [cy + 0.4 * r, cy + 0.4 * r], **white)
        for i in range(7):
            ax.add_patch(Circle((cx - 0.75 * r + i * 0.25 * r, cy - 0.2 * r), 0.07 * r, fc="white", ec="white"))
    elif kind == "clock":
        ax.add_patch(Circle((cx, cy), r, fc="none", ec="white", lw=14))
        ax.plot([cx, cx], [cy, cy + 0.65 * r], **white)
        ax.plot([cx, cx + 0.45 * r], [cy, cy - 0.2 * r], **white)
    else:  # gear: a ring with teeth
        ax.add_patch(Circle((cx, cy), 0.6 * r, fc="none", ec="white", lw=30))
        for a in np.linspace(0, 2 * np.pi, 8, endpoint=False):
            ax.plot([cx + 0.75 * r * np.cos(a), cx + r * np.cos(a)], [cy + 0.75 * r * np.sin(a), cy + r * np.sin(a)],
                    color="white", lw=40, solid_capstyle="butt")


def draw_menu(lang: str) -> bytes:
    """Return the menu picture for `lang` ("zh" or "en") as PNG bytes (2500 × 1686)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    from core.charts.fonts import chart_family

    family = chart_family()
    fig = Figure(figsize=(WIDTH / _DPI, HEIGHT / _DPI), dpi=_DPI)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(0, HEIGHT)
    ax.axis("off")
    for index, tile in enumerate(TILES):
        x, y, w, h = tile_bounds(index)
        bottom = HEIGHT - y - h   # matplotlib's y grows upwards
        ax.add_patch(Rectangle((x, bottom), w, h, fc=tile.colour, ec="white", lw=6))
        cx, cy = x + w / 2, bottom + h * 0.62
        _icon(ax, tile.icon, cx, cy, min(w, h) * 0.2)
        label = t(lang, f"line_menu.{tile.key}")
        ax.text(cx, bottom + h * 0.2, label, ha="center", va="center", color="white", family=family,
                fontsize=64 if lang == "zh" else 54, fontweight="bold")
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=_DPI)
    return out.getvalue()
