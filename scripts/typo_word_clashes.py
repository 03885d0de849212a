"""List the English words a place's near spelling would take for a place (typos_latin), for the
``typo_not_places_en`` list in core/data/understanding.yaml.

Usage: python scripts/typo_word_clashes.py [WORDS_FILE]  (default /usr/share/dict/words, Debian's
wamerican list; a development aid only: the bot reads the list it helped write, not this file).
Prints the lower-case words of 5 to 10 letters that are near spellings of a Taiwan place's Latin name or
of a well-known place abroad, with the name each would be read as.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.understand.places_lower import words  # noqa: E402
from core.understand.typos_latin import _match, _names  # noqa: E402


def main(argv: list[str]) -> int:
    path = Path(argv[0] if argv else "/usr/share/dict/words")
    found = sorted({w for w in (line.strip() for line in path.read_text("utf-8", "replace").splitlines())
                    if w.isalpha() and w.isascii() and w.islower() and 5 <= len(w) <= 10})
    known = words().known
    for home in (True, False):
        names = _names(home)
        for word in found:
            if word not in known and (key := _match(word, names)) is not None:
                print(f"{word}\t{key}\t{'Taiwan' if home else 'abroad'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
