"""The gazetteer's index file as bytes, and back: the encoding ``scripts/build_places_index.py`` writes and
``core.understand.places_index`` reads (row blocks compressed, name tables as sorted keys and int arrays).
"""
from __future__ import annotations

import json
import sys
import zlib
from array import array
from typing import Any

from core.understand.places_index import MAGIC, ROWS_PER_BLOCK, Index, Rec


def rec_line(rec: Rec) -> str:
    """Return one record as the index file's row text (fields joined by "|"; floats exact)."""
    fields = [rec.key, rec.zh, rec.en, repr(rec.lon), repr(rec.lat), rec.tz, rec.kind, str(rec.pop),
              "1" if rec.taiwan else "0", rec.cc, rec.admin, "1" if rec.coastal else "0", str(rec.fame),
              f"{rec.sea[0]!r},{rec.sea[1]!r}" if rec.sea else ""]
    assert not any("|" in f or "\n" in f for f in fields), fields
    return "|".join(fields)


def _ints(values: list[int]) -> bytes:
    out = array("i", values)
    if sys.byteorder != "little":
        out.byteswap()
    return out.tobytes()


def encode(tables: dict[str, Any]) -> bytes:
    """Return the index file for ``tables`` (see ``scripts/build_places_index.py``)."""
    rows = tables["rows"]
    blocks = [zlib.compress("\n".join(rows[i:i + ROWS_PER_BLOCK]).encode(), 9)
              for i in range(0, len(rows), ROWS_PER_BLOCK)]
    offsets = [0]
    for b in blocks:
        offsets.append(offsets[-1] + len(b))
    hom_flat: list[int] = []
    hom_start = [0]
    for v in tables["homonyms"].values():
        hom_flat += v
        hom_start.append(len(hom_flat))
    lens_flat: list[int] = []
    lens_start = [0]
    for v in tables["cjk_lens"].values():
        lens_flat += v
        lens_start.append(len(lens_flat))
    keys = lambda d: "\n".join(d).encode()  # noqa: E731
    assert all(k.isascii() for k in tables["en"]), "English keys are ASCII (en_key)"
    en = sorted(tables["en"].items())  # the order lookups bisect (ASCII: as bytes compare)
    en_offsets = [0]
    for k, _ in en:
        en_offsets.append(en_offsets[-1] + len(k.encode()))
    sections = {
        "row_blocks": b"".join(blocks), "block_offsets": _ints(offsets),
        "cjk_keys": keys(tables["cjk"]), "cjk_values": _ints(list(tables["cjk"].values())),
        "en_keys": "".join(k for k, _ in en).encode(), "en_offsets": _ints(en_offsets),
        "en_values": _ints([v for _, v in en]),
        "homonym_keys": keys(tables["homonyms"]), "homonym_start": _ints(hom_start), "homonym_values": _ints(hom_flat),
        "lens_keys": keys(tables["cjk_lens"]), "lens_start": _ints(lens_start), "lens_values": _ints(lens_flat),
        "multi_keys": keys(tables["en_multi"]), "multi_values": _ints(list(tables["en_multi"].values())),
        "context": zlib.compress(tables["context"].encode(), 9),
    }
    head: dict[str, Any] = {k: tables[k] for k in ("n_world", "cjk_one", "weak", "lower_stop", "upper_only",
                                                 "nicknames", "capitalised", "numbered")}
    head["n_rows"] = len(rows)
    pos, spans = 0, {}
    for name, blob in sections.items():
        spans[name] = [pos, len(blob)]
        pos += len(blob)
    head["sections"] = spans
    return MAGIC + json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode() + b"\n" + b"".join(
        sections.values())


def decoded(idx: Index) -> dict:
    """Return the tables an index file holds, in the form of ``YamlIndex.tables()``."""
    return {"rows": idx.all_rows(), "n_world": idx.n_world, "cjk": idx.cjk, "en": dict(idx.en.items()),
            "homonyms": idx.homonyms,
            "cjk_lens": idx.cjk_lens, "cjk_one": sorted(idx.cjk_one), "en_multi": idx.en_multi,
            "weak": sorted(idx.weak), "lower_stop": sorted(idx.lower_stop), "upper_only": sorted(idx.upper_only),
            "nicknames": sorted(idx.nicknames), "capitalised": sorted(idx.capitalised), "numbered": list(idx.numbered),
            "context": idx.context_text}
