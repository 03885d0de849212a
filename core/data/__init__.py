"""The core's data files (keywords, places, regions, weather codes, code templates); `DATA_DIR` is their folder."""
from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).resolve().parent
# libyaml's safe loader when installed: the same documents as yaml.safe_load, ~8x faster at start-up.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str) -> Any:
    """Return the YAML document in `text`, parsed safely."""
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader


def read_yaml(path: Path) -> Any:
    """Return the YAML document in the UTF-8 file at `path`, parsed safely."""
    return parse_yaml(path.read_text(encoding="utf-8"))
