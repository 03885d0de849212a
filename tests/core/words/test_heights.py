"""Heights on the reference the user reads: a NOAA station's chart-datum heights are its MSL heights
plus its MLLW offset, LAT at TICON stations, MSL said to stay where no chart datum is known."""
from __future__ import annotations

import pytest

from core.envelope import Question
from core.router import Router
from core.words.heights import Heights, heights_for
from metocean.tides import load_stations

# NOAA CO-OPS 9414290 San Francisco (epoch 1983-2001): MSL 2.773 m and MLLW 1.822 m above station datum.
SF_MLLW_BELOW_MSL_CM = (2.773 - 1.822) * 100


def test_station_chart_datums_come_from_the_station_data() -> None:
    stations = load_stations()
    name, metres = stations.chart_datum("noaa/9414290")
    assert name == "MLLW" and metres * 100 == pytest.approx(SF_MLLW_BELOW_MSL_CM, abs=0.01)
    assert stations.chart_datum("ticon/keelung-341-twn-uhslc_fd")[0] == "LAT"


async def test_a_noaa_stations_chart_datum_heights_match_its_mllw_offset(router: Router) -> None:
    ask = dict(query="San Francisco tide today", tz="America/Los_Angeles", query_time="2025-11-20T09:00:00-08:00")
    msl = await router.answer(Question(**ask))
    chart = await router.answer(Question(**ask, datum="chart"))
    feet = await router.answer(Question(**ask, datum="chart", units="ft"))
    station = chart.result["station"]
    assert station["id"].startswith("noaa/") and station["chart_datum"]["name"] == "MLLW"
    offset = station["chart_datum"]["msl_above_cm"]
    for item in msl.result["tide"]["highs"] + msl.result["tide"]["lows"]:
        assert f"{item['time'][11:16]} height {item['height_cm']:.0f} cm" in msl.text
        assert f"{item['time'][11:16]} height {item['height_cm'] + offset:.0f} cm" in chart.text
        assert f"{(item['height_cm'] + offset) / 30.48:.1f} ft" in feet.text
    assert "chart datum (MLLW, mean lower low water)" in chart.text
    assert "Heights in" not in msl.text   # the default answer reads as before


def test_where_no_chart_datum_is_known_heights_stay_on_msl_and_say_so() -> None:
    heights = heights_for({"tide": {}}, "chart", "m")
    assert heights.chart_unknown and heights.say({"height_cm": 123.4}) == "1.23 m"
    assert "stay on mean sea level" in heights.line("en") and "仍以平均海平面" in heights.line("zh")


def test_cwa_chart_figures_are_taken_as_printed() -> None:
    heights = Heights(units="cm", datum="chart", chart_name="CWA", chart_below_msl_cm=112.0)
    assert heights.say({"height_cm": -15, "height_chart_cm": 97}) == "97 cm"   # not -15 + 112
    assert heights.say({"height_cm": -15}) == "97 cm"
    assert Heights().say({"height_cm": 23.55}) == "24 cm" and Heights().is_default


async def test_a_calendar_in_feet_above_mllw_holds_the_same_figures(router: Router) -> None:
    ask = dict(query="San Francisco", tz="America/Los_Angeles", query_time="2025-11-20T09:00:00-08:00",
               tool="tide.calendar", days=1)
    msl = await router.answer(Question(**ask))
    feet = await router.answer(Question(**ask, datum="chart", units="ft"))
    ics = feet.reply.attachment.data.decode("utf-8").replace("\r\n ", "")
    offset = load_stations().chart_datum(feet.result["station"]["id"])[1] * 100
    for event in msl.result["events"]:
        if event.get("height_cm") is not None:
            assert f"tide {(event['height_cm'] + offset) / 30.48:.1f} ft (chart datum (MLLW" in ics
