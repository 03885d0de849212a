"""A name written short, as locals shorten a longer town name (used by ``places_rank``).

Santa Cruz is what the Canaries call both Santa Cruz de Tenerife and Santa Cruz de la Palma (``short_names`` in
places_world_rules.yaml); São Francisco is how Brazil shortens São Francisco do Sul and also its own name for San
Francisco. A winner found only by such a short form is no answer while another town of the short name, or a city
many times bigger and better known holding the name written, is as likely meant: both are offered.
"""
from __future__ import annotations

import functools

from core.understand.places_index import Rec, index
from core.understand.places_text import en_key

SHORT_CITY_POP = 5     # a city this many times the short-named winner's people ...
SHORT_CITY_FAME = 3    # ... and known by this many times its names, holding the name written, rivals it


@functools.cache
def short_names() -> dict[str, frozenset[str]]:
    """Return each short name locals give several towns (places_world_rules.yaml `short_names`) → those towns' names."""
    return {en_key(k): frozenset(map(en_key, v)) for k, v in index().rules.get("short_names", {}).items()}


def short_name_rivals(best: Rec, key: str, others: tuple[Rec, ...], rivals: tuple[Rec, ...]) -> tuple[Rec, ...]:
    """Return ``rivals`` with the towns the short name ``key`` also stands for: the others of a `short_names` entry
    holding ``best`` (Santa Cruz), and, when ``best`` answers to ``key`` only as a short form of its longer name (São
    Francisco for São Francisco do Sul), a city abroad many times bigger and better known holding ``key`` itself."""
    added: list[Rec] = []
    if en_key(best.en) in (held := short_names().get(key, ())):
        added += [c for c in others if en_key(c.en) in held]
    if key.isascii() and en_key(best.en) != key and best.kind == "world_city":
        added += [c for c in others if c.kind == "world_city" and c.cc != best.cc and c.pop >= SHORT_CITY_POP * best.pop
                  and c.fame >= SHORT_CITY_FAME * best.fame and (c.coastal or not best.coastal)]
    return (*rivals, *(c for c in added if c.key != best.key and c not in rivals))
