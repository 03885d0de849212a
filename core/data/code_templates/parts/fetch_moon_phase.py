def clock(stamp):
    """HH:MM of an ISO time, or "-" when there is none."""
    return stamp[11:16] if stamp else "-"


def fetch(lon, lat, start, end):
    """The days from start to end on which the moon phase PHASE falls (local days in TZ), with its local time."""
    rows = []
    for day, answer in asyncio.run(each_day("tide.forecast", {"longitude": lon, "latitude": lat, "tz": TZ}, start, end)):
        phase = (answer or {}).get("moonphase") or {}
        if phase.get("current") == PHASE:
            closest = phase.get("closest") or {}
            rows.append({"date": day, "phase": PHASE, "time": clock(closest.get("time"))})
    return rows
