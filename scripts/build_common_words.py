"""Write core/data/common_words_zh.txt: everyday Chinese words and how often each is written, in Traditional.

The typo reader (core/understand/typos.py) reads a misspelt place or data word only in characters that no
everyday word of the sentence holds with a neighbour (「潮汐模式裡」: 模式, so 式裡 is no 嵵裡): the sentence is cut into
its most likely words with these counts (core/understand/ordinary_words.py). The words and counts are jieba's
dictionary (MIT licence, core/data/NOTICE.common_words), single characters and words of 2-4 characters written at
least MIN_COUNT times, converted to Traditional (Taiwan) by OpenCC. Needs `pip install jieba==0.42.1` (build only).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import jieba
import opencc

OUT = Path(__file__).resolve().parent.parent / "core" / "data" / "common_words_zh.txt"
MIN_COUNT = 100
HAN = range(0x4E00, 0xA000)


def main() -> None:
    source = Path(jieba.__file__).parent / "dict.txt"
    to_trad = opencc.OpenCC("s2tw")
    counts: Counter[str] = Counter()
    words: list[tuple[str, int]] = []
    for line in source.read_text(encoding="utf-8").splitlines():
        word, count = line.split(" ")[:2]
        if 1 <= len(word) <= 4 and int(count) >= MIN_COUNT and all(ord(c) in HAN for c in word):
            words.append((word, int(count)))
    converted = to_trad.convert("\n".join(w for w, _ in words)).split("\n")
    for (word, count), trad in zip(words, converted):
        counts[trad if len(trad) == len(word) else word] += count
    lines = [f"{w} {c}" for w, c in sorted(counts.items())]
    OUT.write_text(f"# Everyday words and counts (scripts/build_common_words.py, from jieba {jieba.__version__}'s "
                   "dictionary, MIT; Traditional by OpenCC s2tw)\n" + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} words → {OUT}")


if __name__ == "__main__":
    main()
