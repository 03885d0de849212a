"""Tide charts (issue 12) in memory: the router with the built-in engine draws Keelung
(semidiurnal), San Francisco (mixed) and Pensacola (diurnal); the drawn highs and lows sit at the
engine's own times; an inland place gets no picture and the tide answer's no-data reply; the
shipped font has every glyph the zh-TW labels use."""
from __future__ import annotations

import struct
from datetime import datetime, timedelta

import numpy as np
import pytest

from core.charts.fonts import missing_glyphs
from core.charts.spring_neap import moon_age, tide_range
from core.config import Settings
from core.envelope import Question
from core.router import Router
from core.words.strings import table
from metocean.curve import cosine_curve, water_level
from metocean.tides import tide_extremes
from metocean.timezones import parse_tz

QT = "2025-11-14T11:00:00+08:00"


@pytest.fixture(scope="module")
def router() -> Router:
    return Router(Settings(odbchat_backend="local"), llm=None)


def png_size(data: bytes) -> tuple[int, int]:
    """Return (width, height) from a PNG's IHDR chunk; AssertionError when it is no PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


async def chart(router: Router, days: int = 1, lang: str = "auto", **where) -> object:
    return await router.answer(Question(query=where.pop("query", "潮汐圖"), tz="Asia/Taipei", query_time=QT,
                                        lang=lang, tool="tide.chart", days=days, **where))


def _strings(node: object) -> str:
    if isinstance(node, dict):
        return "".join(_strings(v) for v in node.values())
    if isinstance(node, list):
        return "".join(_strings(v) for v in node)
    return str(node)


def test_the_shipped_font_has_every_glyph_of_the_zh_labels() -> None:
    drawn = {k: v for k, v in table("zh", "chart").items() if not k.startswith("caption")}  # captions are text
    zh = _strings(drawn) + "".join(_strings(table("zh", key)) for key in ("moon_phase_names", "local_time.weekdays"))
    used = zh + "".join(table("zh", k) for k in ("sunrise", "sunset", "moonrise", "moonset")) + "基隆淡水高雄花蓮澎湖"
    assert "潮" in used and "航" in used
    assert missing_glyphs(used) == set()
    assert missing_glyphs("\U0001FAE8") == {"\U0001FAE8"}   # the check can fail: a glyph Noto CJK lacks


def _engine_extremes(station_id: str, tz: str, day: str, days: int) -> list[tuple[float, float, str]]:
    zone = parse_tz(tz)[0]
    start = datetime.fromisoformat(f"{day}T00:00").replace(tzinfo=zone)
    end = (start.replace(tzinfo=None) + timedelta(days=days)).replace(tzinfo=zone)
    return [(e.time.timestamp(), e.height_cm, e.kind) for e in tide_extremes(station_id, start, end)]


@pytest.mark.parametrize("where, days, per_day_highs", [
    ({"place": "基隆"}, 1, 2),                              # semidiurnal: two highs a day
    ({"place": "San Francisco"}, 2, 2),                     # mixed: two unequal highs a day
    ({"point": (-87.21, 30.40)}, 3, 1),                     # Pensacola, diurnal: one high a day
])
async def test_drawn_extremes_sit_at_the_engines_times(router: Router, where: dict, days: int,
                                                       per_day_highs: int) -> None:
    answer = await chart(router, days, **where)
    assert answer.tool == "tide.chart" and answer.error is None, answer.text
    assert png_size(answer.image) == (1200, 700)
    assert 20_000 < len(answer.image) < 400_000
    result = answer.result
    assert "png" not in result and "image" not in answer.to_json_dict()
    assert result["drawn"] and result["curve"] == "harmonic" and result["days"] == days
    expected = _engine_extremes(result["station"]["id"], answer.arguments["tz"], result["date"], days)
    drawn = sorted([(t, h, "HIGH") for t, h in result["marks"]["highs"]] + [(t, h, "LOW") for t, h in result["marks"]["lows"]])
    assert len(drawn) == len(expected) and len(expected) >= 2 * days * per_day_highs - 1
    for (t_drawn, h_drawn, k_drawn), (t_engine, h_engine, k_engine) in zip(drawn, expected):
        assert k_drawn == k_engine and abs(t_drawn - t_engine) <= 1.0 and abs(h_drawn - h_engine) < 0.01
    highs_per_day = sum(1 for e in expected if e[2] == "HIGH") / days
    assert abs(highs_per_day - per_day_highs) <= 0.5


async def test_the_curve_is_the_engines_and_peaks_at_each_extreme(router: Router) -> None:
    answer = await chart(router, place="基隆")
    result = answer.result
    zone = parse_tz(answer.arguments["tz"])[0]
    start = datetime.fromisoformat(f"{result['date']}T00:00").replace(tzinfo=zone)
    level = water_level(result["station"]["id"], start, start + timedelta(days=1))
    for t, h in result["marks"]["highs"]:
        near = np.abs(level.times - t) < 3 * 3600
        assert level.heights_cm[near].max() <= h + 0.5   # nothing higher within 3 h of a drawn high


async def test_caption_and_text_say_place_day_and_spring_neap(router: Router) -> None:
    zh = await chart(router, place="基隆")
    assert zh.text.splitlines()[0].startswith("📈 基隆潮汐圖") and "2025-11-14" in zh.text.splitlines()[0]
    assert any(word in zh.text.splitlines()[0] for word in ("大潮", "中潮", "小潮"))
    en = await chart(router, lang="en", place="Keelung", query="tide chart")
    assert "tide chart" in en.text.splitlines()[0] and "high tide" in en.text


async def test_inland_place_gets_no_picture_and_the_tide_answers_reply(router: Router) -> None:
    answer = await chart(router, place="台中")
    forecast = await router.answer(Question(query="潮汐", tz="Asia/Taipei", query_time=QT, tool="tide.forecast",
                                            place="台中"))
    assert answer.image is None and answer.result["drawn"] is False
    assert "此點位並無潮汐資料" in answer.text
    assert answer.text == forecast.text


async def test_a_chart_of_boston_is_on_bostons_clock_and_day(router: Router) -> None:
    answer = await chart(router, place="Boston", lang="en", query="tide chart")
    assert answer.arguments["tz"] == "America/New_York" and answer.arguments["date"] == "2025-11-13"
    assert answer.image is not None


def test_cosine_curve_passes_flat_through_every_extreme_and_knows_nothing_outside() -> None:
    times, heights = [0.0, 6 * 3600.0, 12.5 * 3600.0], [100.0, -50.0, 80.0]
    grid = np.linspace(-3600.0, 13.5 * 3600.0, 2000)
    curve = cosine_curve(times, heights, grid)
    assert np.isnan(curve[grid < 0]).all() and np.isnan(curve[grid > times[-1]]).all()
    for t, h in zip(times, heights):
        assert abs(float(cosine_curve(times, heights, np.array([t]))[0]) - h) < 1e-9
        slope = cosine_curve(times, heights, np.array([t - 60.0, t + 60.0]))
        assert np.nanmax(np.abs(slope - h)) < 0.01   # flat at the turn
    inside = curve[np.isfinite(curve)]
    assert inside.min() >= -50.0 - 1e-9 and inside.max() <= 100.0 + 1e-9


@pytest.mark.parametrize("when, phase, expected", [
    ("2025-11-05T21:19:00+08:00", "Full Moon", "spring"),     # full moon day
    ("2025-11-20T14:47:00+08:00", "New Moon", "spring"),
    ("2025-11-12T13:28:00+08:00", "Last Quarter", "neap"),   # quarter moon: neap
])
def test_spring_and_neap_follow_the_moons_age(when: str, phase: str, expected: str) -> None:
    at = datetime.fromisoformat(when)
    assert tide_range(moon_age({"closest": {"time": when, "phase": phase}}, at)) == expected
    mid = moon_age({"closest": {"time": when, "phase": phase}}, at + timedelta(days=5))
    assert tide_range(mid) == "mid"
    assert tide_range(moon_age({}, at)) is None
