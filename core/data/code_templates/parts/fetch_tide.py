def fetch(lon, lat, start, end):
    """The high and low tides at (lon, lat) from start to end, local times in TZ, oldest first."""
    rows = []
    arguments = {"longitude": lon, "latitude": lat, "tz": TZ}
    for day, answer in asyncio.run(each_day("tide.forecast", arguments, start, end)):
        tide = (answer or {}).get("tide") or {}
        for kind, key in (("HIGH", "highs"), ("LOW", "lows")):
            for item in tide.get(key, []):
                rows.append({"time": item["time"][:16].replace("T", " "), "kind": kind, "height_cm": item["height_cm"]})
    return sorted(rows, key=lambda row: row["time"])
