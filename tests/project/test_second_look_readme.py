"""Issue 29: the README a newcomer follows from a fresh clone — how to install and run the command,
every `odbchat` subcommand in the command table, whose clock the terminal and the bots use (as
config.yaml says), and the paste rule the terminal applies."""
from __future__ import annotations

import argparse

from bots.cli import build_parser
from core.config import get_settings
from paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_install_and_how_to_run_the_command() -> None:
    assert "make install" in README and ".venv/bin/odbchat" in README and "source .venv/bin/activate" in README


def test_every_subcommand_is_in_the_command_table() -> None:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    table = [line for line in README.splitlines() if line.startswith("| `odbchat ")]
    missing = [name for name in sub.choices if not any(f"`odbchat {name}" in row or f"/ `odbchat {name}" in row
                                                       for row in table)]
    assert not missing, missing


def test_the_zone_rule_matches_config_and_the_paste_rule_the_terminal() -> None:
    assert f"`{get_settings().odbchat_default_tz}` in `config.yaml`" in README
    assert "machine's zone" in README and "/tz 台灣" in README
    assert "no empty line needed" in README and "sent when an empty line follows" not in README
