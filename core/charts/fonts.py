"""The chart's font: Noto Sans CJK (zh-TW face) from the `noto-cjk-sans-otc` package, registered once.

The font ships inside a pip package (SIL OFL 1.1), so nothing is downloaded at run time and a
fresh machine draws the same glyphs. The collection holds JP/KR/SC/TC/HK faces; zh-TW labels
use the TC face (Taiwan's glyph shapes), and English labels the same face, so one font is loaded.
"""
from __future__ import annotations

import functools
import threading
from pathlib import Path

TC_FAMILY = "Noto Sans CJK TC"
_lock = threading.Lock()


def font_path() -> Path:
    """Return the path of the shipped Noto Sans CJK collection (.ttc)."""
    import noto_cjk_sans_otc

    return Path(str(noto_cjk_sans_otc.FONT_PATH))


@functools.cache
def _registered() -> str:
    import matplotlib

    matplotlib.use("Agg", force=False)  # no display: the chart is a PNG only
    from matplotlib import font_manager

    font_manager.fontManager.addfont(str(font_path()))  # every face of the collection, TC included
    return TC_FAMILY


def chart_family() -> str:
    """Return the font family name charts use, registering the shipped font on first call (thread-safe)."""
    with _lock:
        return _registered()


def missing_glyphs(text: str) -> set[str]:
    """Return the characters of `text` (spaces aside) the chart font has no glyph for (empty: none missing)."""
    from matplotlib import ft2font

    chart_family()
    face = ft2font.FT2Font(str(font_path()), face_index=_tc_index())
    cmap = face.get_charmap()
    return {ch for ch in set(text) if not ch.isspace() and ord(ch) not in cmap}


@functools.cache
def _tc_index() -> int:
    from matplotlib import ft2font

    path = str(font_path())
    count = ft2font.FT2Font(path).num_faces
    for index in range(count):
        if ft2font.FT2Font(path, face_index=index).family_name == TC_FAMILY:
            return index
    raise LookupError(f"{TC_FAMILY} is not in {path}")
