"""Convert a wall-clock time from one zone to another (and back) with the standard library's zoneinfo.

Needs: Python 3.9+ (on Windows also: pip install tzdata).
"""
from datetime import datetime
from zoneinfo import ZoneInfo

# --- parameters (ODBchat fills these in) ---
VARIABLE = "time"
OUTPUT = "print"
GIVEN = "2025-11-14T03:00:00"  # a wall-clock time in FROM_TZ, ISO 8601
FROM_TZ = "UTC"
TO_TZ = "Asia/Taipei"
TIMES = ["2025-11-14T03:00:00", "2025-11-14T09:00:00", "2025-11-14T15:00:00"]  # a list, converted at once
# --- end of parameters ---


def convert(given_iso, from_zone, to_zone):
    """The wall-clock time `given_iso` in `from_zone` as a time in `to_zone` (daylight saving included)."""
    moment = datetime.fromisoformat(given_iso).replace(tzinfo=ZoneInfo(from_zone))
    return moment.astimezone(ZoneInfo(to_zone))


def convert_all(stamps, from_zone, to_zone):
    """The wall-clock times `stamps` (ISO 8601, in `from_zone`) as times in `to_zone`: a list, in order."""
    return [convert(stamp, from_zone, to_zone) for stamp in stamps]


def main():
    there = convert(GIVEN, FROM_TZ, TO_TZ)
    print(f"{GIVEN} {FROM_TZ} = {there:%Y-%m-%d %H:%M} {TO_TZ} (UTC{there:%z})")
    back = convert(there.replace(tzinfo=None).isoformat(), TO_TZ, FROM_TZ)
    print(f"and back: {back:%Y-%m-%d %H:%M} {FROM_TZ}")
    for stamp, there in zip(TIMES, convert_all(TIMES, FROM_TZ, TO_TZ)):
        print(f"{stamp} {FROM_TZ} -> {there:%Y-%m-%d %H:%M} {TO_TZ}")
    print(f"now: {datetime.now(ZoneInfo(FROM_TZ)):%Y-%m-%d %H:%M} {FROM_TZ} = "
          f"{datetime.now(ZoneInfo(TO_TZ)):%Y-%m-%d %H:%M} {TO_TZ}")


if __name__ == "__main__":
    main()
