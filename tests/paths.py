"""Where things are, for every test: the repository, the tests, their data and the emulators.

Test modules live in folders that mirror the code (tests/core/understand/, tests/bots/line_bot/, ...),
so a path counted from a test's own file would depend on how deep it sits; these do not.
"""
from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
DATA = TESTS / "data"
EMULATORS = TESTS / "emulators"
BENCHMARKS = ROOT / "benchmarks"
SCRIPTS = ROOT / "scripts"
