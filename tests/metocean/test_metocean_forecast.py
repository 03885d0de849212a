"""`tide.forecast` of the local engine (metocean/forecast.py): shape, places, zones, state."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest

from metocean.config import EngineConfig
from metocean.errors import ToolFailure
from metocean.contract import TideForecastArgs, TideForecastResult
from metocean import forecast
from metocean.forecast import UTC_NOTE, tide_forecast

KEELUNG = (121.75, 25.15)
KAOHSIUNG = (120.28, 22.61)
INLAND = (120.97, 23.47)  # Yushan area, far from any tide station
KEELUNG_ID = "ticon/keelung-341-twn-uhslc_fd"
ISO_SECONDS = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$")
HMS = re.compile(r"^\d{2}:\d{2}:\d{2}$")


def _run(**kw) -> dict:
    return tide_forecast(TideForecastArgs(**kw))


def _hms_seconds(text: str) -> int:
    h, m, s = (int(x) for x in text.split(":"))
    return h * 3600 + m * 60 + s


def _check_day(r: dict, day: str, offset: str) -> None:
    TideForecastResult.model_validate(r)
    events = r["tide"]["highs"] + r["tide"]["lows"]
    assert events, "a coastal station has extremes every day"
    for e in events:
        assert ISO_SECONDS.match(e["time"]) and e["time"].startswith(day) and e["time"].endswith(offset)
        assert round(e["height_cm"], 2) == e["height_cm"]
    if r["tide"]["highs"] and r["tide"]["lows"]:  # a diurnal day may hold only one of them
        assert max(h["height_cm"] for h in r["tide"]["highs"]) > min(lo["height_cm"] for lo in r["tide"]["lows"])
    assert r["backend"] == {"usno_status": "", "tide_api_status": "OK"}


def test_keelung_point():
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], date="2025-11-12", tz="Asia/Taipei")
    _check_day(r, "2025-11-12", "+08:00")
    assert r["region"] == [121.75, 25.15] and r["date"] == "2025-11-12"
    assert r["timezone"] == "+08:00" and r["tz_name"] == "Asia/Taipei"
    assert r["station"]["name"] == "Keelung" and r["station"]["distance_km"] < 2
    assert r["station"]["source"] == "TICON-4" and r["station"]["license"] == "cc-by-4.0"
    assert r["reference"] == "Keelung (TICON-4) harmonic constants, relative to MSL"
    assert r["messages"] == ["Note: Tide heights are relative to MSL (harmonic prediction from Keelung "
                             "(TICON-4) constants) and provided for reference only."]
    assert r["moonphase"]["current"] == "Last Quarter" and r["moonphase"]["illumination"] == "51%"
    assert set(r["sun"]) == {"begin_civil_twilight", "rise", "transit", "set", "end_civil_twilight"}
    assert "state_now" not in r["tide"]  # no query_time


def test_keelung_by_station_id():
    r = _run(station_id=KEELUNG_ID, date="2025-11-12", tz="Asia/Taipei")
    _check_day(r, "2025-11-12", "+08:00")
    assert r["station"]["id"] == KEELUNG_ID and r["station"]["distance_km"] == 0
    assert r["region"] == pytest.approx([121.75, 25.15], abs=0.05)


def test_kaohsiung():
    r = _run(longitude=KAOHSIUNG[0], latitude=KAOHSIUNG[1], date="2025-11-12", tz="Asia/Taipei")
    _check_day(r, "2025-11-12", "+08:00")
    assert r["station"]["name"] == "Kaohsiung"


def test_inland_point_has_no_tides_but_sun_and_moon():
    r = _run(longitude=INLAND[0], latitude=INLAND[1], date="2025-11-12", tz="Asia/Taipei")
    TideForecastResult.model_validate(r)
    assert r["tide"] == {"highs": [], "lows": []}
    assert "station" not in r and "reference" not in r
    assert r["messages"] == ["This point is on land away from the sea; tide predictions are not available here."]
    assert r["notes"][0]["code"] == "inland" and r["notes"][0]["nearest"]["distance_km"] > 50
    assert "rise" in r["sun"]


# The keys of upstream's tide.forecast answer, and the local-only extras.
UPSTREAM_KEYS = {"region", "date", "timezone", "tz_name", "reference", "sun", "moon", "moonphase", "tide",
                 "messages", "backend"}
LOCAL_ONLY = {"station", "notes"}


@pytest.mark.parametrize(("where", "point"), [
    ("inland Taiwan, far from any station", INLAND),
    ("Taipei: on land, 23 km from the Keelung station", (121.56, 25.04)),
    ("Denver", (-104.99, 39.74)),
    ("far ocean, no station within 50 km", (150.0, 20.0)),
    ("mid-Pacific", (-140.0, 0.0)),
])
def test_no_tide_answers_have_upstreams_inland_shape(where, point):
    r = _run(longitude=point[0], latitude=point[1], date="2025-11-12", tz="Asia/Taipei",
             query_time="2025-11-12T10:00:00+08:00")
    TideForecastResult.model_validate(r)
    # Upstream's inland answer: empty highs and lows, nothing else in the tide block (no state
    # without extremes); the local engine adds no station, and no `reference` (it names a station).
    assert r["tide"] == {"highs": [], "lows": []}, where
    assert set(r) == (UPSTREAM_KEYS - {"reference"}) | {"notes"}, where
    assert r["backend"] == {"usno_status": "", "tide_api_status": "OK"}
    assert set(r["sun"]) == {"begin_civil_twilight", "rise", "transit", "set", "end_civil_twilight"}
    assert set(r["moonphase"]) == {"current", "illumination", "closest"}
    assert len(r["messages"]) == len(r["notes"]) == 1 and isinstance(r["messages"][0], str)
    assert r["notes"][0]["code"] in ("inland", "no_station")


def test_coastal_answer_has_upstreams_keys_plus_local_extras():
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], date="2025-11-12", tz="Asia/Taipei",
             query_time="2025-11-12T10:00:00+08:00")
    assert set(r) == UPSTREAM_KEYS | LOCAL_ONLY
    assert set(r["tide"]) == {"highs", "lows", "state_now", "since_extreme", "until_extreme", "last_extreme",
                              "next_extreme"}
    assert r["notes"] == [{"code": "heights_msl", "station": "Keelung", "source": "TICON-4"}]


def test_open_sea_is_not_inland_and_river_gauges_keep_their_tides():
    from metocean.land import is_inland

    for lon, lat in (KEELUNG, KAOHSIUNG, (150.0, 20.0), (121.44, 25.17), (-71.06, 42.36)):
        assert not is_inland(lon, lat), (lon, lat)
    for lon, lat in (INLAND, (-104.99, 39.74), (121.56, 25.04), (2.35, 48.86)):
        assert is_inland(lon, lat), (lon, lat)
    # A station right at an inland point (a gauge up a river) still answers for it.
    from metocean.tides import load_stations

    gauge = next(s for s in load_stations() if is_inland(s.longitude, s.latitude))
    r = _run(longitude=gauge.longitude, latitude=gauge.latitude, date="2025-11-12", tz="Z")
    assert r["station"]["id"] == gauge.id and (r["tide"]["highs"] or r["tide"]["lows"])


def test_radius_is_configurable():
    r = tide_forecast(TideForecastArgs(longitude=121.70, latitude=25.20, date="2025-11-12", tz="8"),
                      EngineConfig(tide_station_radius_km=1.0))
    assert r["tide"]["highs"] == [] and "within 1 km" in r["messages"][0]
    assert r["notes"][0]["code"] == "no_station" and r["notes"][0]["radius_km"] == 1.0
    assert r["notes"][0]["nearest"]["name"] == "Keelung"


@pytest.mark.parametrize("kw", [{"date": "0001-01-01"}, {"date": "9999-12-31"}, {"date": "1899-12-31"},
                                {"date": "2053-08-01"}, {"query_time": "0001-01-01T00:30:00+08:00"},
                                {"query_time": "9999-12-31T23:30:00-08:00"}])
def test_days_outside_the_ephemeris_are_refused_clearly(kw):
    with pytest.raises(ToolFailure) as err:
        _run(longitude=KEELUNG[0], latitude=KEELUNG[1], tz="Asia/Taipei", **kw)
    assert err.value.code == "INVALID_ARGUMENT"
    assert err.value.message == ("date out of the supported range: dates from 1900-01-01 to 2053-07-31 "
                                 "can be computed")


@pytest.mark.parametrize("day", ["1900-01-01", "2053-07-31"])
def test_the_ends_of_the_supported_range_answer(day):
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], tz="-12", date=day)
    assert r["date"] == day and r["sun"] and r["moonphase"]["current"] and r["tide"]["highs"]


@pytest.mark.parametrize(("tz", "label", "name"), [
    ("Asia/Taipei", "+08:00", "Asia/Taipei"),
    ("+08:00", "+08:00", None),
    ("8", "+08:00", None),
    ("-5.5", "-05:30", None),
    ("Z", "+00:00", None),
])
def test_tz_forms(tz, label, name):
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], date="2025-11-12", tz=tz)
    assert r["timezone"] == label
    assert r.get("tz_name") == name
    _check_day(r, "2025-11-12", label)
    assert r["sun"]["rise"].endswith(label)
    if tz == "Z":
        assert r["messages"][0] == UTC_NOTE and r["notes"][0] == {"code": "utc_assumed"}
    else:
        assert UTC_NOTE not in r["messages"]


def test_dst_zone_offset_of_the_day():
    r = _run(longitude=-74.01, latitude=40.70, date="2025-07-04", tz="America/New_York")
    assert r["timezone"] == "-04:00" and r["tz_name"] == "America/New_York"
    _check_day(r, "2025-07-04", "-04:00")


@pytest.mark.parametrize("tz", [None, "", "  ", "absent"])
def test_missing_tz_is_an_error(tz):
    # The contract model requires tz (its schema says so); the engine's validation words it as upstream.
    from metocean.engine import validate

    given = {"longitude": KEELUNG[0], "latitude": KEELUNG[1]} | ({} if tz == "absent" else {"tz": tz})
    with pytest.raises(ToolFailure) as err:
        validate("tide.forecast", given)
    assert err.value.code == "INVALID_ARGUMENT"
    assert err.value.message == "timezone (tz) required (use IANA name or numeric offset)"
    assert "tz" in TideForecastArgs.model_json_schema()["required"]


def test_bad_inputs():
    for kw in ({"tz": "Mars/Olympus"}, {"tz": "8", "query_time": "yesterday-ish"}, {"tz": "8", "date": "2025-02-30"}):
        with pytest.raises(ToolFailure) as err:
            _run(longitude=KEELUNG[0], latitude=KEELUNG[1], **kw)
        assert err.value.code == "INVALID_ARGUMENT"
    with pytest.raises(ToolFailure) as err:
        _run(station_id="ticon/nowhere", tz="8")
    assert err.value.code == "INVALID_ARGUMENT" and "ticon/nowhere" in err.value.message


def test_state_now_brackets_across_midnight():
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], date="2025-11-12", tz="Asia/Taipei",
             query_time="2025-11-12T00:10:00+08:00")
    tide = r["tide"]
    now = datetime.fromisoformat("2025-11-12T00:10:00+08:00")
    last = datetime.fromisoformat(tide["last_extreme"]["time"])
    nxt = datetime.fromisoformat(tide["next_extreme"]["time"])
    assert last < now < nxt
    assert last.date().isoformat() == "2025-11-11"  # the bracket starts on the previous day
    assert HMS.match(tide["since_extreme"]) and HMS.match(tide["until_extreme"])
    assert _hms_seconds(tide["since_extreme"]) == (now - last).total_seconds()
    assert _hms_seconds(tide["until_extreme"]) == (nxt - now).total_seconds()
    assert tide["state_now"] == ("rising" if tide["last_extreme"]["type"] == "LOW" else "falling")
    assert tide["last_extreme"]["type"] != tide["next_extreme"]["type"]


def test_state_now_late_evening_reaches_next_day():
    r = _run(station_id=KEELUNG_ID, date="2025-11-12", tz="Asia/Taipei", query_time="2025-11-12T23:55:00+08:00")
    assert "state_now" in r["tide"]
    assert datetime.fromisoformat(r["tide"]["next_extreme"]["time"]) > datetime.fromisoformat(
        "2025-11-12T23:55:00+08:00")


def test_query_time_on_another_day_gives_no_state():
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], date="2025-11-13", tz="Asia/Taipei",
             query_time="2025-11-12T10:00:00+08:00")
    assert r["date"] == "2025-11-13"
    assert not {"state_now", "since_extreme", "until_extreme", "last_extreme", "next_extreme"} & set(r["tide"])


def test_date_defaults_to_local_day_of_query_time():
    # 23:30 UTC on the 12th is already the 13th in Taipei.
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], tz="Asia/Taipei", query_time="2025-11-12T23:30:00Z")
    assert r["date"] == "2025-11-13" and r["tide"]["state_now"] in ("rising", "falling")


def test_date_defaults_to_today_in_tz():
    from zoneinfo import ZoneInfo
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], tz="Pacific/Kiritimati")
    assert r["date"] in {(datetime.now(ZoneInfo("Pacific/Kiritimati")) + timedelta(minutes=m)).date().isoformat()
                         for m in (-1, 0)}


def test_sun_moon_failure_is_reported_in_band(monkeypatch):
    def broken(*a, **k):
        raise ToolFailure("UNAVAILABLE", "ephemeris could not be loaded: disk on fire")
    monkeypatch.setattr(forecast.astro, "sun_moon", broken)
    r = _run(longitude=KEELUNG[0], latitude=KEELUNG[1], date="2025-11-12", tz="Asia/Taipei")
    assert not {"sun", "moon", "moonphase"} & set(r)
    assert r["backend"]["usno_status"] == "ephemeris could not be loaded: disk on fire"
    assert r["messages"][0].startswith("Sun/Moon data unavailable at this time (ephemeris could not be loaded")
    assert r["messages"][0].endswith("Tide extrema are provided below.")
    assert r["notes"][0] == {"code": "sun_moon_unavailable", "reason": "ephemeris could not be loaded: disk on fire"}
    assert r["tide"]["highs"]


def test_tide_engine_failure_is_unavailable(monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("constants missing")
    monkeypatch.setattr(forecast, "tide_extremes", broken)
    forecast._station_days.cache_clear()  # a station's day already computed would not ask the engine
    with pytest.raises(ToolFailure) as err:
        _run(longitude=KEELUNG[0], latitude=KEELUNG[1], date="2025-11-12", tz="Asia/Taipei")
    assert err.value.code == "UNAVAILABLE" and err.value.message.startswith("Tide backend unavailable")
