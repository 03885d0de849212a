def text(value):
    """A cell as text: numbers with two decimals at most, None as "-"."""
    if value is None:
        return "-"
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def print_rows(rows):
    """Print the rows as a table with a header line."""
    if not rows:
        print("No data for this place and period.")
        return
    columns = list(rows[0])
    widths = {c: max(len(c), *(len(text(row.get(c))) for row in rows)) for c in columns}
    print("  ".join(c.ljust(widths[c]) for c in columns).rstrip())
    for row in rows:
        print("  ".join(text(row.get(c)).ljust(widths[c]) for c in columns).rstrip())
