"""Tide chart labels never overlap: the boxes of every text drawn (read back from the figure after
drawing: title, footer, legend, axis labels, highs and lows, sun and moon times, "now", each day's
spring/neap word) are pairwise disjoint, for one day, a week, and days whose sunrise and moonrise
are minutes apart. Multi-day charts explain their unlabelled sun and moon ticks in a legend and
say spring/neap per day (a week can run from 大潮 into 小潮)."""
from __future__ import annotations

from datetime import date, timedelta
from itertools import combinations
from typing import Any

import pytest

from core.charts.draw import DrawnChart
from core.charts.spring_neap import day_range
from core.config import Settings
from core.envelope import Question
from core.router import Router
from core.tools import tide_chart
from metocean.timezones import parse_tz


@pytest.fixture(scope="module")
def router() -> Router:
    return Router(Settings(odbchat_backend="local"), llm=None)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[DrawnChart]:
    """Every chart the tool draws (the real drawing, its result kept for reading)."""
    kept: list[DrawnChart] = []
    real = tide_chart.draw_chart

    def keep(spec: Any) -> DrawnChart:
        kept.append(real(spec))
        return kept[-1]

    monkeypatch.setattr(tide_chart, "draw_chart", keep)
    return kept


async def _chart(router: Router, place: str, when: str, days: int = 1, lang: str = "zh") -> Any:
    answer = await router.answer(Question(query="潮汐圖", tz="Asia/Taipei", query_time=when, lang=lang,
                                          tool="tide.chart", days=days, place=place))
    assert answer.tool == "tide.chart" and answer.error is None and answer.result["drawn"], answer.text
    return answer


def _overlaps(chart: DrawnChart) -> list[tuple[str, str]]:
    """Return the pairs of drawn texts whose boxes intersect, and each text lying on a mark (a sun
    or moon tick, the "now" line, a ▲ ▼ marker); touching edges do not count."""
    def hit(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    assert chart.labels and chart.marks
    pairs = [(s, t) for (s, a), (t, b) in combinations(chart.labels, 2) if hit(a, b)]
    return pairs + [(s, mark) for s, a in chart.labels for mark, b in chart.marks if hit(a, b)]


def _texts(chart: DrawnChart) -> list[str]:
    return [text for text, _ in chart.labels]


@pytest.mark.parametrize("place, when, lang, expected", [
    # Keelung today with "now" three minutes after sunrise: the sunrise label, the moonset tick and
    # the "now" line all within half an hour.
    ("基隆", "2026-11-25T06:20:00+08:00", "zh", ["日出 06:17", "月落 06:49", "日落 17:03", "月出 17:29", "現在 06:20"]),
    # Sunrise 06:27 and moonrise 06:35, sunset 17:04 and moonset 17:03 (new moon).
    ("Keelung", "2026-12-09T09:00:00+08:00", "en", ["Sunrise 06:27", "Moonrise 06:35", "Sunset 17:04",
                                                    "Moonset 17:03", "now 09:00"]),
    ("高雄", "2025-11-14T11:00:00+08:00", "zh", ["現在 11:00"]),
    ("San Francisco", "2025-11-20T18:30:00-08:00", "en", ["now 18:30"]),
])
async def test_one_day_labels_do_not_overlap_and_all_are_shown(router: Router, drawn: list[DrawnChart], place: str,
                                                               when: str, lang: str, expected: list[str]) -> None:
    answer = await _chart(router, place, when, lang=lang)
    chart = drawn[-1]
    assert _overlaps(chart) == []
    texts = _texts(chart)
    assert all(word in texts for word in expected), texts
    assert chart.hidden == []            # every label found a clear place
    extremes = len(answer.result["highs"]) + len(answer.result["lows"])
    assert sum(1 for text in texts if "cm" in text and ":" in text) == extremes   # each high and low is labelled


async def test_a_week_has_per_day_spring_neap_a_legend_and_no_overlap(router: Router, drawn: list[DrawnChart]) -> None:
    answer = await _chart(router, "基隆", "2026-11-25T10:00:00+08:00", days=7)
    chart = drawn[-1]
    assert _overlaps(chart) == []
    texts = _texts(chart)
    assert "日出／日落" in texts and "月出／月落" in texts       # the legend of the unlabelled ticks
    # One spring/neap word per day, the day's own: this week runs from 大潮 into 小潮.
    ranges = answer.result["ranges"]
    assert [r["date"] for r in ranges] == [(date(2026, 11, 25) + timedelta(days=i)).isoformat() for i in range(7)]
    words = {"spring": "大潮", "mid": "中潮", "neap": "小潮"}
    notes = [text for text in texts if text in words.values()]
    assert notes == [words[r["range"]] for r in ranges]
    assert notes[0] == "大潮" and notes[-1] == "小潮"
    title = texts[0] if texts[0].startswith("基隆潮汐") else next(t for t in texts if t.startswith("基隆潮汐"))
    assert not any(word in title for word in words.values())    # no one word for the whole week
    assert answer.result["moon"] is None and not any(w in answer.text.splitlines()[0] for w in words.values())
    assert chart.hidden == [] and len([t for t in texts if t.count(":") == 1 and len(t) == 5]) == \
        len(answer.result["highs"]) + len(answer.result["lows"])


async def test_one_day_chart_keeps_its_spring_neap_in_the_title(router: Router, drawn: list[DrawnChart]) -> None:
    answer = await _chart(router, "基隆", "2026-12-01T10:00:00+08:00")
    texts = _texts(drawn[-1])
    assert any(t.startswith("基隆潮汐") and t.endswith("小潮") for t in texts), texts
    assert "日出／日落" not in texts                              # one day: the ticks are labelled, no legend
    assert answer.result["ranges"] == [{"date": "2026-12-01", "range": "neap"}]


def test_day_range_is_each_days_own() -> None:
    tz = parse_tz("Asia/Taipei")[0]
    last_quarter = {"closest": {"time": "2026-12-01T14:09:00+08:00", "phase": "Last Quarter"}}
    full = {"closest": {"time": "2026-11-24T22:53:00+08:00", "phase": "Full Moon"}}
    assert day_range({"moonphase": full}, date(2026, 11, 25), tz) == "spring"
    assert day_range({"moonphase": last_quarter}, date(2026, 12, 1), tz) == "neap"
    assert day_range({}, date(2026, 12, 1), tz) is None
