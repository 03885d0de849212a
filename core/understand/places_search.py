"""Places whose names start with or hold what the user has typed so far: the place picker's
suggestions (Discord's autocomplete), Taiwan first."""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from core.understand.places import Place, _place
from core.understand.places_index import Rec, index
from core.understand.places_text import fold


def search_places(prefix: str, limit: int = 25) -> list[Place]:
    """Places whose zh or en name starts with ``prefix``, then those containing it (Taiwan, then by weight)."""
    q = fold(prefix).strip().lower()
    if not q or limit <= 0:
        return []
    idx = index()
    names, blob, offsets = idx.sorted_names()
    # Exact name first, then Taiwan, then shorter names, then bigger places.
    rank = lambda t: (t[0] != q, not t[1].taiwan, len(t[0]), -t[1].weight)  # noqa: E731
    i = bisect_left(names, (q,))
    starts: list[tuple[str, Rec]] = []
    while i < len(names) and names[i][0].startswith(q) and len(starts) < 2000:
        starts.extend((names[i][0], r) for r in idx.candidates(names[i][0], names[i][1]))
        i += 1
    out: list[Place] = []
    seen: set[str] = set()

    def take(found: list[tuple[str, Rec]]) -> None:
        for _, rec in sorted(found, key=rank):
            if len(out) >= limit:
                return
            if rec.key not in seen:
                seen.add(rec.key)
                out.append(_place(rec, (0, 0)))

    take(starts)
    if len(out) < limit and "\n" not in q:
        inner: list[tuple[str, Rec]] = []
        pos = blob.find(q)
        while pos >= 0 and len(inner) < 2000:
            j = bisect_right(offsets, pos) - 1
            if pos != offsets[j]:  # prefix hits were taken above
                inner.append((names[j][0], idx.rec(names[j][1])))
            pos = blob.find(q, offsets[j + 1] if j + 1 < len(offsets) else len(blob))
        take(inner)
    return out
