"""The tool registry: one module per tool, and each tool's normalize/render table-driven.

Runs in memory: the local engine answers in-process, no server is started.
"""
from __future__ import annotations

import importlib
from datetime import datetime

import pytest

from core.asked import Asked
from core.decide.llm_plan import PLAN_SCHEMA
from core.decide.plan import Plan
from core.decide.plan_record import PlanArgs
from core.envelope import Question
from core.tools.catalog import CATALOG
from core.understand.signals import detect_signals
from core.understand.slots import extract_slots

QT = datetime.fromisoformat("2026-11-22T10:00:00+08:00")


def asked_for(query: str, *, tool: str, lang: str | None = None, tz: str = "Asia/Taipei",
              variant: str | None = None) -> Asked:
    """An Asked record as the router builds it, with the plan set to `tool`."""
    qt = QT.astimezone(__import__("zoneinfo").ZoneInfo(tz)) if "/" in tz else QT
    asked = Asked(question=Question(query=query), query=query,
                  lang=lang or ("zh" if any(ord(c) > 0x2E80 for c in query) else "en"), tz=tz, query_time=qt)
    asked.slots = extract_slots(query, qt)
    asked.signals = detect_signals(query, masked_spans=asked.slots.masked_spans())
    asked.plan = Plan("mcp_tools", tool, PlanArgs(), "test", variant=variant)
    return asked


def test_one_module_per_tool_and_every_reader_uses_the_catalog() -> None:
    for name, tool in CATALOG.items():
        module = importlib.import_module("core.tools." + name.replace(".", "_"))
        assert module.TOOL is tool
        assert tool.title("zh") != tool.title("en") and tool.description and tool.source and tool.colour
    assert PLAN_SCHEMA["properties"]["mcp"]["properties"]["tool"]["enum"] == sorted(CATALOG)


@pytest.mark.parametrize("tool, query, expected", [
    ("tide.forecast", "基隆明天潮汐", {"date": "2026-11-23", "tz": "Asia/Taipei"}),
    ("tide.forecast", "(121.75,25.15) 潮汐", {"longitude": 121.75, "latitude": 25.15, "date": "2026-11-22"}),
    # Whose clock: Boston's own zone and day (10:00 in Taipei is 21:00 the day before in Boston).
    ("tide.forecast", "Boston sunset today", {"tz": "America/New_York", "date": "2026-11-21",
                                              "query_time": "2026-11-21T21:00:00-05:00"}),
    ("tide.forecast", "Sydney tide tomorrow", {"tz": "Australia/Sydney", "date": "2026-11-23"}),
    # The open sea keeps the asker's clock.
    ("tide.forecast", "(125.0,20.0) tide", {"tz": "Asia/Taipei", "date": "2026-11-22"}),
    ("ghrsst.point_value", "(121.5,25.0) 現在海溫", {"method": "nearest", "fields": ["sst", "sst_anomaly"]}),
    ("ghrsst.point_value", "(121.5,25.0) 2026-11-01 海溫", {"method": "exact", "date": "2026-11-01"}),
    ("weather.forecast", "後天基隆會下雨嗎", {"forecastDays": 3, "timezone": "Asia/Taipei"}),
    ("time.now", "東京現在幾點", {"tz": "Asia/Tokyo", "place": "Tokyo"}),
    ("time.convert", "台北和倫敦差幾小時", {"from_tz": "Asia/Taipei", "to_tz": "Europe/London"}),
    ("time.convert", "東京晚上8點是台北幾點", {"from_tz": "Asia/Tokyo", "to_tz": "Asia/Taipei", "time": "20:00"}),
])
def test_normalize(tool: str, query: str, expected: dict) -> None:
    asked = asked_for(query, tool=tool)
    slots = asked.slots
    raw = PlanArgs()
    if slots.point:
        raw = PlanArgs(longitude=slots.point.lon, latitude=slots.point.lat)
    elif slots.place:
        raw = PlanArgs(longitude=slots.place.lon, latitude=slots.place.lat)
    args = CATALOG[tool].normalize(raw, asked)   # the call's model
    assert isinstance(args, CATALOG[tool].args)
    dumped = args.model_dump(mode="json", by_alias=True)
    assert {k: dumped.get(k) for k in expected} == expected


async def test_time_convert_runs_and_words_both_sides() -> None:
    asked = asked_for("東京晚上8點是台北幾點", tool="time.convert")
    tool = CATALOG["time.convert"]
    args = tool.normalize(PlanArgs(), asked)
    run = await tool.execute(None, args, None, asked.query_time)  # type: ignore[arg-type]
    assert run.result.target.time == "19:00" and run.result.difference == "-01:00"
    reply = tool.render(run.result, args, asked)
    text = reply.text()
    assert reply.headline == text and not reply.lines   # one sentence
    assert "東京 20:00" in text and "台北 19:00" in text and "慢 1 小時" in text


@pytest.mark.parametrize("result, lang, expected", [
    ({"time": "10:05:30", "date": "2026-11-22", "weekday": "Sunday", "utc_offset": "+09:00", "tz": "Asia/Tokyo",
      "iso": "2026-11-22T10:05:30+09:00"}, "en", "It is 10:05 on Sunday, 2026-11-22 (Asia/Tokyo, UTC+09:00)."),
])
def test_time_now_render(result: dict, lang: str, expected: str) -> None:
    asked = asked_for("what time is it", tool="time.now", lang=lang)
    tool = CATALOG["time.now"]
    reply = tool.render(tool.result.model_validate(result), tool.arguments({}), asked)
    assert reply.text() == reply.headline == expected and reply.footer and reply.footer.tz == "Asia/Tokyo"


def test_tide_render_names_the_place_and_whose_clock() -> None:
    asked = asked_for("波士頓今天日落", tool="tide.forecast", variant="sun_moon_only")
    tool = CATALOG["tide.forecast"]
    args = tool.normalize(PlanArgs(longitude=-71.06, latitude=42.36), asked)
    result = tool.result.model_validate({"date": args.date, "timezone": "-05:00", "region": [-71.06, 42.36],
                                         "sun": {"rise": "2026-11-21T06:42:00-05:00", "set": "2026-11-21T16:17:00-05:00"}})
    reply = tool.render(result, args, asked)
    text = reply.text()
    assert reply.headline.startswith("地點：波士頓") and "當地時間" in reply.lines[0] and "America/New_York" in reply.lines[0]
    assert reply.footer and reply.footer.place == "波士頓" and reply.footer.tz == "America/New_York"
    assert "日落 16:17" in text
