"""Hourly weather forecast at one point from Open-Meteo, printed per day and plotted.

Needs: pip install httpx (and matplotlib for the plot).
"""
import httpx

# --- parameters (ODBchat fills these in) ---
API_URL = "https://api.open-meteo.com/v1/forecast"
LON = 121.75
LAT = 25.15
FORECAST_DAYS = 7
PLACE = "Keelung"
# --- end of parameters ---


def main():
    params = {
        "latitude": LAT, "longitude": LON, "forecast_days": FORECAST_DAYS, "timezone": "auto",
        "hourly": "temperature_2m,precipitation_probability,precipitation,wind_speed_10m",
        "daily": "temperature_2m_max,temperature_2m_min,precipitation_probability_max,precipitation_sum",
    }
    response = httpx.get(API_URL, params=params, timeout=30)
    response.raise_for_status()
    data = response.json()
    daily = data["daily"]
    for i, day in enumerate(daily["time"]):
        print(f"{day}  {daily['temperature_2m_min'][i]}–{daily['temperature_2m_max'][i]} °C  "
              f"rain {daily['precipitation_probability_max'][i]}%  {daily['precipitation_sum'][i]} mm")

    try:
        import matplotlib.pyplot as plt
    except ImportError:
        print("pip install matplotlib to plot the forecast")
        return
    hourly = data["hourly"]
    fig, ax = plt.subplots()
    ax.plot(hourly["time"], hourly["temperature_2m"], color="tab:red", label="temperature (°C)")
    ax2 = ax.twinx()
    ax2.bar(hourly["time"], hourly["precipitation_probability"], color="tab:blue", alpha=0.3)
    ax2.set_ylabel("precipitation probability (%)")
    ax.set_title(f"Open-Meteo forecast for {PLACE} ({LON}, {LAT})")
    ax.set_xticks(hourly["time"][::24])
    fig.autofmt_xdate()
    fig.savefig("weather.png", dpi=120, bbox_inches="tight")
    print("saved weather.png")


if __name__ == "__main__":
    main()
