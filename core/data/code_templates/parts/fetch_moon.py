def clock(stamp):
    """HH:MM of an ISO time, or "-" when the event does not happen that day."""
    return stamp[11:16] if stamp else "-"


def fetch(lon, lat, start, end):
    """Moonrise, moonset and the moon phase at (lon, lat) for every day from start to end, local times in TZ."""
    rows = []
    for day, answer in asyncio.run(each_day("tide.forecast", {"longitude": lon, "latitude": lat, "tz": TZ}, start, end)):
        moon, phase = (answer or {}).get("moon") or {}, (answer or {}).get("moonphase") or {}
        rows.append({"date": day, "moonrise": clock(moon.get("rise") or moon.get("moonrise")),
                     "moonset": clock(moon.get("set") or moon.get("moonset")),
                     "phase": phase.get("current", "-"), "illumination": phase.get("illumination", "-")})
    return rows
