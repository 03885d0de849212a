"""The daylight rule of the threshold alerts on `tide.forecast` payloads as both upstream builds write them."""
from __future__ import annotations

from datetime import datetime

import pytest

from core.subscriptions.smart_times import Threshold, in_daylight, qualifying
from metocean.contract import TideForecastResult

LOWS = {"lows": [{"time": "2026-12-01T06:10:00+08:00", "height_cm": -80.0},
                 {"time": "2026-12-01T08:42:00+08:00", "height_cm": -56.0},
                 {"time": "2026-12-01T17:20:00+08:00", "height_cm": -70.0}]}


def _day(**parts: object) -> TideForecastResult:
    """One day's result as the client reads either upstream build into the model."""
    return TideForecastResult.model_validate({"region": [121.74, 25.13], "date": "2026-12-01", "timezone": "+08:00",
                                              **parts})


def _at(hhmm: str) -> datetime:
    return datetime.fromisoformat(f"2026-12-01T{hhmm}:00+08:00")


@pytest.mark.parametrize("sun", [{"rise": "2026-12-01T06:21:00+08:00", "set": "2026-12-01T17:03:00+08:00"},
                                 {"sunrise": "2026-12-01T06:21:00+08:00", "sunset": "2026-12-01T17:03:00+08:00"}])
def test_only_lows_between_sunrise_and_sunset_and_below_the_height(sun: dict[str, str]) -> None:
    result = _day(sun=sun, tide=LOWS)
    assert in_daylight(result, _at("06:21")) and in_daylight(result, _at("17:03"))
    assert not in_daylight(result, _at("06:20")) and not in_daylight(result, _at("17:04"))
    got = qualifying(result, Threshold("low", "below", -50.0, daylight=True))
    assert [round(e.height_cm or 0) for e in got] == [-56]          # not the -80 before sunrise, nor the -70 after sunset
    assert qualifying(result, Threshold("low", "below", -60.0, daylight=True)) == ()   # -56 is above -60
    assert len(qualifying(result, Threshold("low", "below", -50.0))) == 3


def test_no_sun_times_is_not_daylight() -> None:
    result = _day(tide=LOWS)   # sun data unavailable upstream: no daylight can be confirmed, nothing announced
    assert qualifying(result, Threshold("low", "below", -50.0, daylight=True)) == ()
