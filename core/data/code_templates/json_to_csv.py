"""Convert JSON (a list of objects, or an object holding one) to CSV with the standard library.

Needs: Python 3 only. Nested values are written as JSON text in their cell.
"""
import csv
import json
import sys

# --- parameters (ODBchat fills these in) ---
IN_FILE = "data.json"   # "-" reads standard input
OUT_FILE = "data.csv"
# --- end of parameters ---


def records(data):
    """The list of row objects in `data`: the list itself, or the first list an object holds."""
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list)), [data])
    return [row if isinstance(row, dict) else {"value": row} for row in data]


def cell(value):
    """A CSV cell: nested lists and objects as JSON text."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else value


def main():
    source = sys.stdin if IN_FILE == "-" else open(IN_FILE, encoding="utf-8")
    with source:
        rows = records(json.load(source))
    columns = list(dict.fromkeys(key for row in rows for key in row))   # every key, first seen first
    with open(OUT_FILE, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        writer.writerows({k: cell(v) for k, v in row.items()} for row in rows)
    print(f"wrote {len(rows)} rows, {len(columns)} columns to {OUT_FILE}")


if __name__ == "__main__":
    main()
