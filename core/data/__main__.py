"""`python -m core.data`: write the parsed copy of every YAML file of the core and of the settings
file (`make install` runs it)."""
import sys

from core.config import CONFIG_FILE
from core.data import parse_yaml, write_all_caches, write_cache

if __name__ == "__main__":
    written = write_all_caches()
    if CONFIG_FILE.is_file():
        written += write_cache(CONFIG_FILE, parse_yaml(CONFIG_FILE.read_text(encoding="utf-8")))
    print(f"{written} YAML caches written", file=sys.stderr)
    sys.exit(0)
