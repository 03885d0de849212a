"""Daily sea surface temperature (GHRSST MUR) at one point, from the ODB GHRSST REST API.

Needs: pip install httpx (and matplotlib for the plot).
"""
import httpx

# --- parameters (ODBchat fills these in) ---
API_URL = "https://eco.odb.ntu.edu.tw/api/ghrsst"
LON = 121.75
LAT = 25.15
START = "2025-11-10"
END = "2025-11-16"
# --- end of parameters ---


def main():
    params = {"lon0": LON, "lat0": LAT, "start": START, "end": END, "append": "sst,sst_anomaly"}
    response = httpx.get(API_URL, params=params, headers={"User-Agent": "metocean-mcp"}, timeout=30)
    response.raise_for_status()
    rows = response.json()  # one object per day: {"date", "sst", "sst_anomaly", ...}
    for row in rows:
        print(f"{row['date']}  SST {row.get('sst')} °C  anomaly {row.get('sst_anomaly')} °C")

    try:
        import matplotlib.pyplot as plt
    except ImportError:
        print("pip install matplotlib to plot the series")
        return
    if rows:
        plt.plot([r["date"] for r in rows], [r.get("sst") for r in rows], marker="o")
        plt.title(f"GHRSST MUR SST at ({LON}, {LAT})")
        plt.ylabel("°C")
        plt.gcf().autofmt_xdate()
        plt.savefig("sst_point.png", dpi=120, bbox_inches="tight")
        print("saved sst_point.png")


if __name__ == "__main__":
    main()
