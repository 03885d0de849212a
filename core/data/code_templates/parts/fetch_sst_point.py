def fetch(lon, lat, start, end):
    """FIELD (°C, MUR SST or its anomaly) at (lon, lat) for every day from start to end; None: no data that day."""
    arguments = {"longitude": lon, "latitude": lat, "fields": [FIELD]}
    return [{"date": day, FIELD: (answer or {}).get(FIELD)}
            for day, answer in asyncio.run(each_day("ghrsst.point_value", arguments, start, end))]
