"""Length-preserving folding of a question before its detectors read it: full-width ASCII forms as ASCII
(！ → !, ３ → 3), Arabic-Indic and Persian digits as ASCII ones (٢٥ → 25), Arabic script's punctuation as ASCII's
(؟ → ?) and the Korean units of a date after a number as the Han ones the date parser reads
(12월 25일 → 12月 25日, 3일 후 → 3日後) and native counts of days (이틀 뒤 → 二日後 ). One character for one, so every span found stays valid."""
from __future__ import annotations

import functools
import re

from core.understand.compile_on_first_use import lazy_compile
from core.understand.native_counts import fold_native_counts

_FOLD: dict[int, int | str] = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}  # ！..～ → !..~
_FOLD.update({0x3000: " ", 0x2212: "-", 0x301C: "~", 0x2013: "-", 0x2014: "-",
              0x00BA: "°", 0x02DA: "°", 0x2019: "'", 0x201D: '"',
              # Arabic script's own question mark, comma and semicolon (؟ ، ؛), written glued to the word before
              0x061F: "?", 0x060C: ",", 0x061B: ";"})
# (s20) Arabic-Indic and Persian digits (٢٥, ۲۵) as ASCII ones, for the numbers of a box, a date or a clock
_FOLD.update({c: 0x30 + c - 0x0660 for c in range(0x0660, 0x066A)})
_FOLD.update({c: 0x30 + c - 0x06F0 for c in range(0x06F0, 0x06FA)})
_FOLD_STR = {chr(k): (chr(v) if isinstance(v, int) else v) for k, v in _FOLD.items()}
_FOLDABLE = lazy_compile("[" + "".join(re.escape(c) for c in sorted(_FOLD_STR)) + "]")


# Korean writes a month and day with 월 and 일 after the number (12월 25일), and days later as 일 후 / 일 뒤
# (3일 후): read as 月, 日 and 日後, one character for one (the blank moved after 日後).
_KOREAN_DATE_UNIT = lazy_compile(r"(?<=\d)(?:일\s?[후뒤]|[월일])")


def _han_unit(match: re.Match[str]) -> str:
    written = match[0]
    if len(written) > 1:
        return "日後" + " " * (len(written) - 2)
    return "月" if written == "월" else "日"


@functools.lru_cache(maxsize=4096)   # a pure function of the text: every detector folds the question again
def fold_width(text: str) -> str:
    """``text`` with full-width ASCII forms folded to ASCII and Korean date units after a number (12월 25일) as
    月 and 日, one char for one char (spans stay valid)."""
    if ("월" in text or "일" in text) and _KOREAN_DATE_UNIT.search(text):
        text = _KOREAN_DATE_UNIT.sub(_han_unit, text)
    text = fold_native_counts(text)   # 이틀 뒤 (in two days), ふつか後: 二日後, as the offset parser reads it
    # str.translate costs a dict lookup per character; most questions hold none or a few
    # foldable characters (a "？"), which a C-speed scan finds and str.replace folds.
    found = _FOLDABLE.findall(text)
    if not found:
        return text
    if len(found) > 4:
        return text.translate(_FOLD)
    for ch in set(found):  # no folded character is foldable again, so the order does not matter
        text = text.replace(ch, _FOLD_STR[ch])
    return text
