"""Issue 29 in the core's words: the zh chart footer names the station in zh; typed coordinates
beat the gazetteer's point in the place line (the README's own example)."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from core.charts.compose import ChartRequest, compose
from core.envelope import Question
from core.router import Router
from metocean.contract import StationInfo, TideForecastResult


def test_the_zh_chart_footer_names_the_station_in_zh() -> None:
    tz = ZoneInfo("Asia/Taipei")
    start = datetime(2025, 11, 14, tzinfo=tz)
    station = StationInfo(id="keelung", name="Keelung", distance_km=2.9, source="TICON-4", license="CC-BY-4.0",
                          longitude=121.7522, latitude=25.1552)
    day = TideForecastResult(region=[121.7522, 25.1552], date="2025-11-14", timezone="+08:00", station=station)
    request = ChartRequest(days=[day], first_day=date(2025, 11, 14), tz=tz, zone="Asia/Taipei",
                           start=start, end=start.replace(day=15), times=[], heights_cm=[], cosine=False,
                           place="基隆", lang="zh", now=start)
    footer = compose(request).footer
    assert any("潮位站：基隆" in line for line in footer), footer
    assert not any("Keelung" in line for line in footer), footer


async def test_typed_coordinates_beat_the_gazetteer(router: Router) -> None:
    answer = await router.answer(Question(query="太麻里(22.55N, 120.95E)日出時間？", tz="Asia/Taipei",
                                                query_time="2025-11-14T09:00:00+08:00"))
    assert answer.arguments["latitude"] == 22.55 and answer.arguments["longitude"] == 120.95
    assert "22.55°N, 120.95°E" in answer.text and "22.61°N" not in answer.text, answer.text
