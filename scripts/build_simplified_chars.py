"""Write core/data/simplified_chars.txt: the characters only Simplified Chinese uses.

A question holding none of them is left as written; one holding any is converted to Traditional
(Taiwan) by OpenCC before it is understood (core/understand/script.py). The set comes from
OpenCC's own tables: a character OpenCC's Simplified→Traditional conversion changes, its
Traditional→Simplified conversion leaves unchanged, and Big5 (cp950, Taiwan's Traditional
character set) cannot write: 台, 后, 里 are everyday Traditional too and stay. The few Simplified
forms Big5 also holds that Taiwan's writing never uses as themselves (气, 几) are listed by hand in
understanding.yaml (`simplified_also`). Run after upgrading the `opencc` pin.
"""
from __future__ import annotations

from pathlib import Path

import opencc

OUT = Path(__file__).resolve().parent.parent / "core" / "data" / "simplified_chars.txt"


def _big5(char: str) -> bool:
    try:
        char.encode("cp950")
    except UnicodeEncodeError:
        return False
    return True


def main() -> None:
    to_trad, to_simp = opencc.OpenCC("s2tw"), opencc.OpenCC("t2s")
    chars = [chr(c) for c in range(0x4E00, 0xA000)]
    trad = to_trad.convert("\n".join(chars)).split("\n")
    simp = to_simp.convert("\n".join(chars)).split("\n")
    only = [c for c, t, s in zip(chars, trad, simp) if t != c and s == c and not _big5(c)]
    OUT.write_text("# Simplified-only characters (scripts/build_simplified_chars.py, from OpenCC " +
                   opencc.__version__ + ")\n" + "".join(only) + "\n", encoding="utf-8")
    print(f"{len(only)} characters → {OUT}")


if __name__ == "__main__":
    main()
