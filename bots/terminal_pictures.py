"""Pictures drawn inside the terminal, only where the terminal says it can: iTerm2's inline images
(`TERM_PROGRAM=iTerm.app`, also WezTerm) and kitty's graphics protocol (`TERM=xterm-kitty` or
`KITTY_WINDOW_ID`). Anywhere else nothing is drawn: the saved PNG's path is printed instead."""
from __future__ import annotations

import base64
import os
from typing import Literal, TextIO

Protocol = Literal["iterm2", "kitty"]
#: kitty takes a picture's base64 in chunks of at most 4096 bytes.
KITTY_CHUNK = 4096


def picture_protocol(out: TextIO, env: dict[str, str] | None = None) -> Protocol | None:
    """Return the inline-picture protocol of the terminal behind `out`, None when it is not a
    terminal or none is detected (never guessed: unknown escapes would print as junk)."""
    try:
        if not out.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    env = dict(os.environ) if env is None else env
    if env.get("TERM") == "xterm-kitty" or env.get("KITTY_WINDOW_ID"):
        return "kitty"
    if env.get("TERM_PROGRAM") in ("iTerm.app", "WezTerm"):
        return "iterm2"
    return None


def inline_picture(png: bytes, protocol: Protocol) -> str:
    """Return the escape sequence drawing the PNG `png` inline with `protocol`."""
    data = base64.b64encode(png).decode("ascii")
    if protocol == "iterm2":
        return f"\x1b]1337;File=inline=1;size={len(png)};preserveAspectRatio=1:{data}\a"
    chunks = [data[i:i + KITTY_CHUNK] for i in range(0, len(data), KITTY_CHUNK)] or [""]
    out = []
    for i, chunk in enumerate(chunks):
        more = 1 if i < len(chunks) - 1 else 0
        head = f"a=T,f=100,m={more}" if i == 0 else f"m={more}"
        out.append(f"\x1b_G{head};{chunk}\x1b\\")
    return "".join(out)
