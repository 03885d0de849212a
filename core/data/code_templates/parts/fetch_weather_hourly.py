def fetch(lon, lat, start, end):
    """Open-Meteo's hourly forecast of HOURLY (column: Open-Meteo variable) at (lon, lat) from start to end."""
    params = {"latitude": lat, "longitude": lon, "timezone": TZ, "start_date": start, "end_date": end,
              "hourly": ",".join(HOURLY.values())}
    reply = httpx.get(API_URL, params=params, timeout=30)
    reply.raise_for_status()
    hourly = reply.json()["hourly"]
    rows = []
    for i, stamp in enumerate(hourly["time"]):
        if start <= stamp[:10] <= end:
            rows.append({"time": stamp, **{name: (hourly.get(key) or [None] * (i + 1))[i] for name, key in HOURLY.items()}})
    return rows
