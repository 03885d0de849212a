def clock(stamp):
    """HH:MM of an ISO time, or "-" when the event does not happen that day."""
    return stamp[11:16] if stamp else "-"


def fetch(lon, lat, start, end):
    """Sunrise and sunset at (lon, lat) for every day from start to end, local times in TZ."""
    rows = []
    for day, answer in asyncio.run(each_day("tide.forecast", {"longitude": lon, "latitude": lat, "tz": TZ}, start, end)):
        sun = (answer or {}).get("sun") or {}
        rows.append({"date": day, "sunrise": clock(sun.get("rise") or sun.get("sunrise")),
                     "sunset": clock(sun.get("set") or sun.get("sunset"))})
    return rows
