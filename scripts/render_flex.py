"""Draw a LINE Flex bubble (the JSON a Flex message carries) as a phone-sized PNG, to look at a layout
without a phone: `python scripts/render_flex.py flex.json out.png`.

A small subset of LINE's Flex box model, enough for our messages: a bubble's header and body,
vertical and horizontal boxes with spacing, text (size, weight, colour, wrap, align, flex, gravity)
and separators; widths by LINE's flex rule (flex 0 takes its natural width, the others share the
rest by weight). Sizes follow LINE's (a mega bubble is 300 px wide), drawn at 2x.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

SCALE = 2
BUBBLE_WIDTH = {"nano": 120, "micro": 160, "kilo": 260, "mega": 300, "giga": 500}
TEXT_PX = {"xxs": 11, "xs": 13, "sm": 14, "md": 16, "lg": 19, "xl": 22, "xxl": 29}
SPACE_PX = {"none": 0, "xs": 2, "sm": 4, "md": 8, "lg": 12, "xl": 16, "xxl": 20}
PADDING = 20  # LINE's padding of a bubble's blocks


def _font(size: str, bold: bool) -> ImageFont.FreeTypeFont:
    import noto_cjk_sans_otc

    path = str(noto_cjk_sans_otc.FONT_PATH)
    index = 0
    for i in range(10):  # the collection's TC face (Taiwan's glyph shapes)
        try:
            face = ImageFont.truetype(path, 10, index=i)
        except OSError:
            break
        if face.getname()[0] == "Noto Sans CJK TC" and (face.getname()[1] == ("Bold" if bold else "Regular")
                                                       or not bold):
            index = i
            break
    return ImageFont.truetype(path, TEXT_PX.get(size, 14) * SCALE, index=index)


def _lines(node: dict[str, Any], width: float) -> list[str]:
    font = _font(node.get("size", "md"), node.get("weight") == "bold")
    out: list[str] = []
    for paragraph in str(node.get("text", "")).split("\n"):
        line = ""
        for ch in paragraph:
            if node.get("wrap") and line and font.getlength(line + ch) > width:
                out.append(line)
                line = ch
            else:
                line += ch
        out.append(line)
    return out


def _natural(node: dict[str, Any]) -> float:
    if node["type"] == "text":
        font = _font(node.get("size", "md"), node.get("weight") == "bold")
        return max(font.getlength(line) for line in str(node.get("text", "")).split("\n"))
    if node["type"] == "box" and node.get("layout") == "horizontal":
        return sum(_natural(c) for c in node["contents"])
    if node["type"] == "box":
        return max((_natural(c) for c in node["contents"]), default=0)
    return 0


def _line_h(node: dict[str, Any]) -> float:
    return TEXT_PX.get(node.get("size", "md"), 14) * SCALE * 1.4


def _widths(node: dict[str, Any], width: float) -> list[float]:
    kids = node["contents"]
    gap = SPACE_PX.get(node.get("spacing", "none"), 0) * SCALE * max(len(kids) - 1, 0)
    fixed = {i: _natural(c) for i, c in enumerate(kids) if c.get("flex", 1) == 0}
    rest = max(width - gap - sum(fixed.values()), 0)
    weights = sum(c.get("flex", 1) for c in kids if c.get("flex", 1) != 0) or 1
    return [fixed[i] if i in fixed else rest * c.get("flex", 1) / weights for i, c in enumerate(kids)]


def height(node: dict[str, Any], width: float) -> float:
    """Return the drawn height of `node` laid out `width` pixels wide."""
    if node["type"] == "text":
        return len(_lines(node, width)) * _line_h(node)
    if node["type"] == "separator":
        return SCALE
    spacing = SPACE_PX.get(node.get("spacing", "none"), 0) * SCALE
    if node.get("layout") == "horizontal":
        return max((height(c, w) for c, w in zip(node["contents"], _widths(node, width))), default=0)
    kids = node["contents"]
    return sum(height(c, width) for c in kids) + spacing * max(len(kids) - 1, 0)


def draw(canvas: ImageDraw.ImageDraw, node: dict[str, Any], x: float, y: float, width: float, room: float) -> None:
    """Draw `node` at (x, y) in a cell `width` wide and `room` high."""
    if node["type"] == "separator":
        canvas.line([(x, y), (x + width, y)], fill="#DDDDDD", width=SCALE)
        return
    if node["type"] == "text":
        font = _font(node.get("size", "md"), node.get("weight") == "bold")
        lines = _lines(node, width)
        top = y + (room - len(lines) * _line_h(node)) / 2 if node.get("gravity") == "center" else y
        for i, line in enumerate(lines):
            left = x + width - font.getlength(line) if node.get("align") == "end" else x
            canvas.text((left, top + i * _line_h(node)), line, font=font, fill=node.get("color", "#111111"))
        return
    spacing = SPACE_PX.get(node.get("spacing", "none"), 0) * SCALE
    if node.get("layout") == "horizontal":
        tall = height(node, width)
        for child, w in zip(node["contents"], _widths(node, width)):
            draw(canvas, child, x, y, w, tall)
            x += w + spacing
        return
    for child in node["contents"]:
        h = height(child, width)
        draw(canvas, child, x, y, width, h)
        y += h + spacing


def render(bubble: dict[str, Any]) -> Image.Image:
    """Return the bubble drawn on a white card, header above the body."""
    width = BUBBLE_WIDTH.get(bubble.get("size", "mega"), 300) * SCALE
    inner = width - 2 * PADDING * SCALE
    blocks = [bubble[b] for b in ("header", "body", "footer") if b in bubble]
    total = sum(height(b, inner) + 2 * PADDING * SCALE for b in blocks)
    image = Image.new("RGB", (int(width), int(total)), "white")
    canvas = ImageDraw.Draw(image)
    y = 0.0
    for block in blocks:
        draw(canvas, block, PADDING * SCALE, y + PADDING * SCALE, inner, height(block, inner))
        y += height(block, inner) + 2 * PADDING * SCALE
    return image


def main(argv: list[str]) -> int:
    """Draw the Flex message (or bubble) in argv[0] to the PNG argv[1]; return the exit status."""
    data = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    bubble = data.get("contents", data)
    render(bubble).save(argv[1])
    print(argv[1])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
