"""List the gazetteer's names abroad that are also ordinary lower-case English words, for the
``english_words`` list in core/data/places_lower_case.yaml.

Usage: python scripts/place_names_english_words.py [WORDS_FILE]  (default /usr/share/dict/words, Debian's
wamerican list; a development aid only: the bot reads the list it helped write, not this file).
A lower-case name beside a question's intent word is read as a place only when it is not one of these
("sunrise peniche tomorrow" is Peniche; "sunrise tours tomorrow" is no town in France).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.understand.places_index import index  # noqa: E402


def main(argv: list[str]) -> int:
    path = Path(argv[0] if argv else "/usr/share/dict/words")
    lines = (line.strip() for line in path.read_text("utf-8", "replace").splitlines())
    found = sorted({w for w in lines if w.isalpha() and w.isascii() and w.islower()})
    idx = index()
    print(", ".join(w for w in found if idx.en.get(w) is not None and not idx.rec(idx.en.get(w)).taiwan))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
