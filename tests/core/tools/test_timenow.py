"""time.now at a fixed instant: zones by name, by offset, by point (timezonefinder), and its replies."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from metocean.errors import ToolFailure
from core.tools.clock import TimeNowArgs
from core.words.local_time import render_time
from core.tools.clock import TimeNow, nautical_zone, time_now, tz_at

NOW = datetime(2025, 11, 14, 1, 5, 30, tzinfo=timezone.utc)



def _time_now(args: TimeNowArgs, **kw) -> dict:
    """The result as the envelope writes it."""
    return time_now(args, **kw).model_dump()

def test_tokyo():
    result = _time_now(TimeNowArgs(tz="Asia/Tokyo", place="東京"), now=NOW)
    assert result == {"time": "10:05:30", "date": "2025-11-14", "weekday": "Friday", "utc_offset": "+09:00",
                      "tz": "Asia/Tokyo", "iso": "2025-11-14T10:05:30+09:00", "place": "東京",
                      "after_minutes": None, "now": None, "now_offset": None}   # (s21) set for "in 4 hours" only
    TimeNow.model_validate(result)


def test_honolulu_is_still_yesterday():
    result = _time_now(TimeNowArgs(tz="Pacific/Honolulu"), now=NOW)
    assert (result["date"], result["weekday"], result["time"], result["utc_offset"]) == \
        ("2025-11-13", "Thursday", "15:05:30", "-10:00")


@pytest.mark.parametrize("tz, offset, clock", [
    ("+05:30", "+05:30", "06:35:30"),
    ("-3", "-03:00", "22:05:30"),
    ("UTC+8", "+08:00", "09:05:30"),
    ("Z", "+00:00", "01:05:30"),
])
def test_offsets(tz: str, offset: str, clock: str):
    result = _time_now(TimeNowArgs(tz=tz), now=NOW)
    assert result["utc_offset"] == offset and result["time"] == clock and result["tz"] == f"UTC{offset}"


def test_daylight_saving_follows_the_date():
    summer = _time_now(TimeNowArgs(tz="Europe/Zurich"), now=datetime(2025, 7, 1, 12, tzinfo=timezone.utc))
    winter = _time_now(TimeNowArgs(tz="Europe/Zurich"), now=NOW)
    assert (summer["utc_offset"], winter["utc_offset"]) == ("+02:00", "+01:00")


@pytest.mark.parametrize("lon, lat, zone", [
    (121.74, 25.13, "Asia/Taipei"),      # Keelung
    (139.69, 35.69, "Asia/Tokyo"),
    (-157.86, 21.31, "Pacific/Honolulu"),
    (7.4474, 46.9479, "Europe/Zurich"),  # Bern
    (-150.0, 0.0, "Etc/GMT+10"),         # open Pacific: nautical zone
])
def test_zone_at_a_point(lon: float, lat: float, zone: str):
    assert tz_at(lon, lat) == zone
    assert _time_now(TimeNowArgs(longitude=lon, latitude=lat), now=NOW)["tz"] == zone


def test_nautical_zone_sign_and_edges():
    assert nautical_zone(121.0) == "Etc/GMT-8" and nautical_zone(-150.0) == "Etc/GMT+10"
    assert nautical_zone(3.0) == "Etc/GMT" and nautical_zone(180.0) == "Etc/GMT-12"


def test_tz_wins_over_point_and_default_is_used_alone():
    both = _time_now(TimeNowArgs(tz="Asia/Tokyo", longitude=121.5, latitude=25.0), now=NOW)
    assert both["tz"] == "Asia/Tokyo"
    alone = _time_now(TimeNowArgs(), now=NOW, default_tz="Europe/Zurich")
    assert alone["tz"] == "Europe/Zurich" and alone["time"] == "02:05:30"
    assert _time_now(TimeNowArgs(), now=NOW)["tz"] == "Asia/Taipei"


def test_naive_now_is_utc():
    assert _time_now(TimeNowArgs(tz="Asia/Tokyo"), now=NOW.replace(tzinfo=None))["time"] == "10:05:30"


def test_unknown_zone_is_invalid_argument():
    with pytest.raises(ToolFailure) as info:
        _time_now(TimeNowArgs(tz="Mars/Olympus"), now=NOW)
    assert info.value.code == "INVALID_ARGUMENT" and "Mars/Olympus" in info.value.message


def test_clock_is_used_without_now():
    result = _time_now(TimeNowArgs(tz="UTC"))
    moment = datetime.fromisoformat(result["iso"])
    assert abs((datetime.now(timezone.utc) - moment).total_seconds()) < 5


# ---- replies --------------------------------------------------------------------------

def test_render_zh_tokyo():
    result = _time_now(TimeNowArgs(tz="Asia/Tokyo", place="東京"), now=NOW)
    assert render_time(TimeNow.model_validate(result), lang="zh") == "東京現在是 2025-11-14（星期五）10:05，時區 Asia/Tokyo（UTC+09:00）。"


def test_render_en_honolulu():
    result = _time_now(TimeNowArgs(tz="Pacific/Honolulu", place="Honolulu"), now=NOW)
    assert render_time(TimeNow.model_validate(result), lang="en") == \
        "In Honolulu it is 15:05 on Thursday, 2025-11-13 (Pacific/Honolulu, UTC-10:00)."
    assert render_time(TimeNow.model_validate(result), lang="zh").startswith("Honolulu 現在是 2025-11-13（星期四）15:05")


def test_render_offset_and_sea_show_the_offset_once():
    offset = _time_now(TimeNowArgs(tz="+05:30"), now=NOW)
    assert render_time(TimeNow.model_validate(offset), lang="en") == "It is 06:35 on Friday, 2025-11-14 (UTC+05:30)."
    sea = _time_now(TimeNowArgs(longitude=-150.0, latitude=0.0), now=NOW)
    assert render_time(TimeNow.model_validate(sea), lang="zh") == "現在是 2025-11-13（星期四）15:05，時區 UTC-10:00。"


def test_a_clock_hours_from_now_counts_real_hours_over_a_change():
    """(s21) 00:40 CET on the night Europe's clocks go forward, four hours on: 05:40 CEST, the change said."""
    night = datetime(2028, 3, 25, 23, 40, tzinfo=timezone.utc)
    result = time_now(TimeNowArgs(tz="Europe/Berlin", after_minutes=240), now=night)
    assert (result.date, result.time, result.utc_offset, result.now, result.now_offset) == \
        ("2028-03-26", "05:40:00", "+02:00", "00:40", "+01:00")
