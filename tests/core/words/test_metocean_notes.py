"""Coded notes and the engine's limits, end to end through `Router.answer` with the local engine.

The engine reports notes as codes (metocean/notes.py); the reply words them from the strings
files. Days outside the ephemeris are a clear INVALID_ARGUMENT, said politely in zh and en.
"""
from __future__ import annotations

import re

import pytest

from core.envelope import Question
from core.router import Router
from core.words.strings import t, table
from core.words.tide import TideView, render_tide
from metocean import astro

QT = "2025-11-12T10:00:00+08:00"
CJK = re.compile(r"[\u4e00-\u9fff]")


async def _ask(router: Router, query: str):
    return await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT))


@pytest.mark.parametrize("query", ["基隆 9999-01-01 潮汐", "基隆 0001-01-01 的潮汐", "Keelung tide on 9999-12-31",
                                   "Keelung tide on 0001-01-01", "Keelung tide on 1850-06-01"])
async def test_days_outside_the_ephemeris_get_a_clear_polite_reply(router, query):
    answer = await _ask(router, query)
    first, last = (d.isoformat() for d in astro.supported_days())
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast"
    assert answer.error and "supported range" in answer.error
    assert first in answer.text and last in answer.text  # the range is said, in either language
    assert t(answer.lang, "internal_error") not in answer.text
    if CJK.search(query):
        assert answer.lang == "zh" and "日期超出可計算的範圍" in answer.text
        assert "supported" not in answer.text  # no English inside the Chinese reply
    else:
        assert answer.lang == "en" and "out of the supported range" in answer.text


def test_the_zh_wording_names_the_engines_own_range():
    first, last = (d.isoformat() for d in astro.supported_days())
    rule = next(p for p in table("zh", "error_patterns") if p["en"].startswith("date out of the supported range"))
    assert first in rule["zh"] and last in rule["zh"]


@pytest.mark.parametrize(("query", "lang"), [("台北今天潮汐", "zh"), ("Taipei tide today", "en")])
async def test_inland_city_answers_as_upstream_does_and_says_why(router, query, lang):
    answer = await _ask(router, query)
    result = answer.result or {}
    assert result["tide"] == {"highs": [], "lows": []} and "reference" not in result and "station" not in result
    assert [n["code"] for n in result["notes"]] == ["inland"]
    lead = next(line for line in answer.text.splitlines() if line.startswith(t(lang, "no_tide")))
    assert t(lang, "tide_notes.inland") in lead
    assert t(lang, "sunrise") in answer.text  # sun and moon still answered


@pytest.mark.parametrize(("query", "lang"), [("基隆今天潮汐", "zh"), ("Keelung tide today", "en")])
async def test_height_note_is_worded_from_its_code(router, query, lang):
    answer = await _ask(router, query)
    assert answer.result["notes"] == [{"code": "heights_msl", "station": "Keelung", "source": "TICON-4"}]
    station = "基隆" if lang == "zh" else "Keelung"   # the station named in the reply's language
    assert t(lang, "tide_notes.heights_msl", station=station, source="TICON-4") in answer.text
    if lang == "zh":
        assert "relative to" not in answer.text


def _result(**extra):
    base = {"date": "2025-11-12", "tide": {"highs": [{"time": "2025-11-12T12:00:00+00:00", "height_cm": 20.0}],
                                           "lows": []},
            "sun": {"rise": "2025-11-12T06:00:00+00:00"}}
    return dict(base, **extra)


SUMMARY = TideView(mode="summary", show_tide=True)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_render_table_for_coded_notes(lang):
    utc = render_tide(_result(notes=[{"code": "utc_assumed"}], messages=["anything"]), SUMMARY, lang)
    assert t(lang, "tide_notes.utc_assumed") in utc and "anything" not in utc  # codes win over prose
    unknown = render_tide(_result(notes=[{"code": "from_the_future", "x": 1}]), SUMMARY, lang)
    assert "from_the_future" not in unknown
    no_tide = _result(tide={"highs": [], "lows": []},
                      notes=[{"code": "no_station", "radius_km": 50.0}, {"code": "heights_msl", "station": "X",
                                                                         "source": "S"}])
    text = render_tide(no_tide, SUMMARY, lang)
    assert text.startswith(t(lang, "no_tide")) and "X" not in text  # no height note without heights
    down = render_tide(_result(sun={}, notes=[{"code": "sun_moon_unavailable", "reason": "boom"}],
                               backend={"usno_status": "boom"}), SUMMARY, lang)
    assert t(lang, "sun_moon_unavailable") in down and "boom" not in down


def test_upstream_prose_is_still_translated():
    prose = _result(messages=["Note: Tide heights are relative to NTDE 1983-2001 MSL and provided for reference only."])
    assert "註：潮高以NTDE 1983-2001 平均海水面為基準，僅供參考。" in render_tide(prose, SUMMARY, "zh")
