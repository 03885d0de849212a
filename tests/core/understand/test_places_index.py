"""The gazetteer's binary index (core/data/places_index.bin) against its YAML sources.

The runtime reads only the binary file; scripts/build_places_index.py builds it from the YAML
files people edit. These tests fail when someone edits a YAML file and forgets to rebuild, and
when the file's records differ in any field from the records the YAML gives.
"""
from __future__ import annotations

import sys

import pytest
from paths import SCRIPTS

sys.path.insert(0, str(SCRIPTS))

from build_places_index import YamlIndex, decoded  # noqa: E402

from core.understand.places_index import INDEX_FILE, Index  # noqa: E402


@pytest.fixture(scope="module")
def both() -> tuple[YamlIndex, Index]:
    return YamlIndex(), Index()


def test_index_file_is_built_from_the_current_yaml(both: tuple[YamlIndex, Index]) -> None:
    source, built = both
    tables = source.tables()
    got = decoded(built)
    stale = [k for k in tables if got[k] != tables[k]]
    assert not stale, f"{INDEX_FILE.name} is stale in {stale}: run python scripts/build_places_index.py"


def test_every_name_gives_the_same_records_as_the_yaml(both: tuple[YamlIndex, Index]) -> None:
    source, built = both
    for table in ("cjk", "en"):
        old, new = getattr(source, table), getattr(built, table)
        pairs = list(new.items())
        assert sorted(old) == sorted(k for k, _ in pairs)
        got = dict(pairs)
        for key, value in old.items():
            assert built.rec(got[key]) == source.rec(value), (table, key)
        # The runtime's lookup finds each name: English is a binary search over the file's keys,
        # exact for every key when they are in strictly increasing byte order (checked whole),
        # and tried on a spread of keys (one in 50) rather than all 150,000 at Python speed.
        keys = [k.encode() for k, _ in pairs] if table == "en" else []
        assert all(a < b for a, b in zip(keys, keys[1:])), table
        assert all(new[k] == v for k, v in pairs[::50]) and pairs[-1][0] in new, table
    for key, values in source.homonyms.items():
        assert tuple(map(built.rec, built.homonyms[key])) == tuple(map(source.rec, values)), key


def _zone_country_from_yaml(source: YamlIndex, zone: str) -> str | None:
    """The scan core/understand/slots.py made over the YAML world rows before the binary file."""
    needle = f"|{zone}|"
    for i, row in enumerate(source.rows):
        if (isinstance(row, str) and needle in row) or not isinstance(row, str):
            rec = source.rec(i)
            if rec.tz == zone:
                return rec.cc
    return None


@pytest.mark.parametrize("zone", ["America/New_York", "Europe/Paris", "Asia/Taipei", "Asia/Tokyo", "Pacific/Honolulu",
                                  "Australia/Sydney", "America/Argentina/Buenos_Aires", "Mars/Olympus_Mons"])
def test_zone_country_reads_world_rows_by_population(both: tuple[YamlIndex, Index], zone: str) -> None:
    source, built = both
    assert built.zone_country(zone) == _zone_country_from_yaml(source, zone)


def test_zone_country_examples(both: tuple[YamlIndex, Index]) -> None:
    _, built = both
    assert (built.zone_country("America/New_York"), built.zone_country("Europe/Paris")) == ("US", "FR")


def test_the_file_stays_small() -> None:
    # Small enough for the repository and a fast cold start (blocks load lazily); raised from 7 MB in session 9
    # for the next round of hand-kept spots.
    assert INDEX_FILE.stat().st_size < 8_000_000
