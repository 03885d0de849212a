"""Convert a time between UTC and a local zone (and back) with the standard library's zoneinfo.

Needs: Python 3.9+ (on Windows also: pip install tzdata).
"""
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

# --- parameters (ODBchat fills these in) ---
TZ = "Asia/Taipei"
UTC_TIME = "2025-11-14T03:00:00"  # a UTC time, ISO 8601
# --- end of parameters ---


def utc_to_local(utc_iso, zone):
    """The UTC time `utc_iso` as a wall-clock time in `zone` (daylight saving included)."""
    moment = datetime.fromisoformat(utc_iso).replace(tzinfo=timezone.utc)
    return moment.astimezone(ZoneInfo(zone))


def local_to_utc(local_iso, zone):
    """The wall-clock time `local_iso` in `zone` as UTC."""
    moment = datetime.fromisoformat(local_iso).replace(tzinfo=ZoneInfo(zone))
    return moment.astimezone(timezone.utc)


def main():
    local = utc_to_local(UTC_TIME, TZ)
    print(f"{UTC_TIME} UTC = {local:%Y-%m-%d %H:%M} {TZ} (UTC{local:%z})")
    back = local_to_utc(local.replace(tzinfo=None).isoformat(), TZ)
    print(f"and back: {back:%Y-%m-%d %H:%M} UTC")
    # Timestamps from a data file, e.g. a tide table in UTC:
    for stamp in ("2025-11-14T00:00:00", "2025-11-14T12:30:00"):
        print(stamp, "UTC ->", utc_to_local(stamp, TZ).strftime("%Y-%m-%d %H:%M %Z"))


if __name__ == "__main__":
    main()
