import csv


def show(rows):
    """Write the rows to OUT_FILE as CSV (UTF-8, a header line first)."""
    if not rows:
        print("No data for this place and period.")
        return
    with open(OUT_FILE, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {len(rows)} rows to {OUT_FILE}")
