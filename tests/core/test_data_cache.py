"""The parsed-YAML cache of core.data: the same documents as parsing, never a stale one."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from core.data import CORE_DIR, cache_path, parse_yaml, read_yaml, write_all_caches, write_cache


def _yaml(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "words.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_data_file_reads_the_same_from_its_cache_as_parsed() -> None:
    files = [p for p in CORE_DIR.rglob("*.yaml") if "__pycache__" not in p.parts]
    assert len(files) >= 15
    for path in files:
        parsed = parse_yaml(path.read_text(encoding="utf-8"))
        assert write_cache(path, parsed), path
        assert read_yaml(path) == parsed, path


def test_a_changed_file_is_parsed_again_not_read_from_its_old_cache(tmp_path: Path) -> None:
    path = _yaml(tmp_path, "tide: [潮汐, tide]\n")
    write_cache(path, read_yaml(path))
    path.write_text("tide: [潮汐, tide, tides]\n", encoding="utf-8")   # another size
    assert read_yaml(path) == {"tide": ["潮汐", "tide", "tides"]}
    os.utime(path, ns=(1, 1))                                          # same size, another mtime
    write_cache(path, {"tide": ["stale"]}, (path.stat().st_size, 2))
    assert read_yaml(path)["tide"] == ["潮汐", "tide", "tides"]


def test_a_damaged_cache_means_parsing(tmp_path: Path) -> None:
    path = _yaml(tmp_path, "a: 1\n")
    cache_path(path).parent.mkdir()
    cache_path(path).write_bytes(b"\x00garbage")
    assert read_yaml(path) == {"a": 1}


def test_the_cache_is_written_on_first_read_unless_bytecode_writing_is_off(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = _yaml(tmp_path, "a: [1, 2]\n")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert read_yaml(path) == {"a": [1, 2]} and not cache_path(path).exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert read_yaml(path) == {"a": [1, 2]} and cache_path(path).exists()


def test_a_value_marshal_cannot_hold_is_parsed_each_time(tmp_path: Path) -> None:
    path = _yaml(tmp_path, "day: 2026-11-25\n")   # YAML reads an unquoted date as datetime.date
    assert not write_cache(path, read_yaml(path))
    assert str(read_yaml(path)["day"]) == "2026-11-25"


def test_write_all_caches_covers_a_tree(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    _yaml(tmp_path, "a: 1\n")
    (tmp_path / "sub" / "b.yaml").write_text("b: 2\n", encoding="utf-8")
    assert write_all_caches(tmp_path) == 2


def test_every_data_file_reads_the_same_without_libyaml() -> None:
    # parse_yaml takes libyaml's loader when installed; a machine without it must read the same data
    import yaml

    from core.data import data_loader

    for path in (p for p in CORE_DIR.rglob("*.yaml") if "__pycache__" not in p.parts):
        text = path.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=data_loader(pure=True)) == parse_yaml(text), path  # noqa: S506 - a safe loader


def test_only_true_and_false_are_booleans() -> None:
    # YAML 1.1's yes/no/on/off would make Norway's code NO, French "on" and a particle "no" booleans in the data
    assert parse_yaml("a: [NO, on, off, yes, true, False]\nNO: 1\n") == {"a": ["NO", "on", "off", "yes", True, False],
                                                                         "NO": 1}
