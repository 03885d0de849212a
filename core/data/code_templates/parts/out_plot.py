from datetime import datetime


def number(value):
    """A plottable number: "HH:MM" as hours of the day, None (no data) as NaN."""
    if value is None or value == "-":
        return float("nan")
    if isinstance(value, str) and ":" in value:
        hours, minutes = value.split(":")[:2]
        return int(hours) + int(minutes) / 60
    return float(value)


def show(rows):
    """Print the rows, then plot PLOT_COLUMNS against time and save the figure to OUT_FILE."""
    if not rows:
        print("No data for this place and period.")
        return
    print_rows(rows)
    key = list(rows[0])[0]
    try:
        import matplotlib
        matplotlib.use("Agg")   # no window needed: the figure is saved
        import matplotlib.pyplot as plt
    except ImportError:
        print("pip install matplotlib to draw the plot")
        return
    groups = {}   # one line per place when the rows come from several ("place" column)
    for row in rows:
        groups.setdefault(row.get("place", ""), []).append(row)
    fig, ax = plt.subplots(figsize=(9, 4))
    for place, group in groups.items():
        times = [datetime.fromisoformat(row[key]) for row in group]
        for column in PLOT_COLUMNS:
            label = f"{column} {place}".strip() if len(groups) > 1 else column
            ax.plot(times, [number(row.get(column)) for row in group], marker=".", label=label)
    ax.set_title(f"{VARIABLE} at {PLACE}, {START} to {END} ({TZ})")
    ax.legend()
    fig.autofmt_xdate()
    fig.savefig(OUT_FILE, dpi=120, bbox_inches="tight")
    print(f"saved {OUT_FILE}")
