def fetch(lon, lat, start, end):
    """Open-Meteo's daily forecast at (lon, lat) for the days from start to end (at most 16 days from today)."""
    ahead = (date.fromisoformat(end) - date.today()).days + 1
    params = {"latitude": lat, "longitude": lon, "timezone": TZ, "forecast_days": max(1, min(16, ahead)),
              "daily": "temperature_2m_min,temperature_2m_max,precipitation_probability_max,precipitation_sum,"
                       "wind_speed_10m_max"}
    reply = httpx.get(API_URL, params=params, timeout=30)
    reply.raise_for_status()
    daily = reply.json()["daily"]
    rows = []
    for i, day in enumerate(daily["time"]):
        if start <= day <= end:
            rows.append({"date": day, "t_min": daily["temperature_2m_min"][i], "t_max": daily["temperature_2m_max"][i],
                         "rain_pct": daily["precipitation_probability_max"][i],
                         "rain_mm": daily["precipitation_sum"][i], "wind_max_kmh": daily["wind_speed_10m_max"][i]})
    return rows
