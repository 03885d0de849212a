def fetch(lon, lat, start, end):
    """Open-Meteo's daily forecast at (lon, lat) for the days from start to end (within 16 days of today)."""
    columns = {"t_min": "temperature_2m_min", "t_max": "temperature_2m_max", "rain_pct": "precipitation_probability_max",
               "rain_mm": "precipitation_sum", "wind_max_kmh": "wind_speed_10m_max"}
    params = {"latitude": lat, "longitude": lon, "timezone": TZ, "start_date": start, "end_date": end,
              "daily": ",".join(columns.values())}
    reply = httpx.get(API_URL, params=params, timeout=30)
    reply.raise_for_status()
    daily = reply.json()["daily"]
    rows = []
    for i, day in enumerate(daily["time"]):
        if start <= day <= end:
            rows.append({"date": day, **{name: (daily.get(key) or [None] * (i + 1))[i] for name, key in columns.items()}})
    return rows
