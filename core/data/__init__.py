"""The core's data files (keywords, places, regions, weather codes, code templates); `DATA_DIR` is their folder."""
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent
