def clock(stamp):
    """HH:MM of an ISO time, or "-" when there is none."""
    return stamp[11:16] if stamp else "-"


def fetch(lon, lat, start, end):
    """The days from start to end on which one of the moon phases PHASES falls (local days in TZ), with its local time."""
    rows = []
    for day, answer in asyncio.run(each_day("tide.forecast", {"longitude": lon, "latitude": lat, "tz": TZ}, start, end)):
        phase = (answer or {}).get("moonphase") or {}
        if phase.get("current") in PHASES:
            closest = phase.get("closest") or {}
            rows.append({"date": day, "phase": phase["current"], "time": clock(closest.get("time"))})
    return rows
