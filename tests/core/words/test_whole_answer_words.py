"""Issue 18, the words of an answer through `Router.answer` with the local engine: a borrowed
tide station said first, the week's and chart's station and clock, a pin titled by the place
there, today's moon phase only for today, zh names for stations and countries."""
from __future__ import annotations

import pytest

from core.envelope import Answer, Question
from core.router import Router
from core.words.strings import t

QT = "2025-11-20T10:00:00+08:00"


async def _ask(router: Router, query: str, **typed: object) -> Answer:
    typed.setdefault("tz", "Asia/Taipei")
    return await router.answer(Question(query=query, query_time=QT, **typed))


# ------------------------------------------------------------------ borrowed stations

@pytest.mark.parametrize("query, tool, typed, first", [
    ("淡水今天潮汐", "tide.forecast", {}, "最近的潮位站是基隆（35 公里），淡水的潮時潮高可能不同。"),
    ("tide at Tamsui tomorrow", "tide.forecast", {},
     "The nearest tide station is Keelung (35 km away); times and heights at Tamsui may differ."),
    ("/week", "tide.week", {"tool": "tide.week", "place": "淡水", "lang": "zh"},
     "最近的潮位站是基隆（35 公里），淡水的潮時潮高可能不同。"),
    ("/chart", "tide.chart", {"tool": "tide.chart", "place": "Tamsui", "lang": "en"},
     "The nearest tide station is Keelung (35 km away); times and heights at Tamsui may differ."),
])
async def test_borrowed_station_is_said_in_the_first_line(router: Router, query: str, tool: str,
                                                          typed: dict, first: str) -> None:
    answer = await _ask(router, query, **typed)
    assert answer.tool == tool and answer.error is None
    assert answer.text.splitlines()[0] == first and answer.reply.headline == first
    assert answer.reply.footer.station_km > 30


async def test_a_near_station_is_not_said_to_be_borrowed(router: Router) -> None:
    for answer in (await _ask(router, "基隆今天潮汐"), await _ask(router, "/week", tool="tide.week", place="基隆", lang="zh")):
        assert "最近的潮位站" not in answer.text and answer.reply.footer.station == "基隆"


async def test_week_names_its_station_and_whose_clock(router: Router) -> None:
    naha = await _ask(router, "/week", tool="tide.week", place="Naha", lang="en")
    assert naha.reply.footer.tz == "Asia/Tokyo" and "Asia/Taipei" not in naha.text
    assert t("en", "days_clock.zone", zone="Asia/Tokyo", offset="+09:00") in naha.reply.notes
    assert any(note.startswith("Station: Naha (") for note in naha.reply.notes)
    tamsui = await _ask(router, "/week", tool="tide.week", place="淡水", lang="zh")
    # a borrowed station is said once, leading (issue 29), not again in the notes
    assert tamsui.reply.headline.startswith("最近的潮位站是基隆（35 公里）") and tamsui.text.count("潮位站") == 1
    assert "時間：Asia/Taipei（UTC+08:00）" in tamsui.reply.notes


async def test_a_pin_is_titled_by_the_place_there(router: Router) -> None:
    chart = await _ask(router, "/chart", tool="tide.chart", point=(121.804, 25.143), lang="zh")
    assert chart.reply.headline.startswith("📈 潮境潮汐圖") and "25.14" not in chart.text
    week = await _ask(router, "/week", tool="tide.week", point=(121.69, 25.206), lang="en")
    assert week.reply.headline.startswith("Yehliu tides this week") and week.reply.footer.place == "Yehliu"
    sea = await _ask(router, "/week", tool="tide.week", point=(150.0, -40.0), lang="en")
    assert "-40.00, 150.00" in sea.text or sea.reply.table is None   # open sea: no name to give


# ------------------------------------------------------------------ words

async def test_todays_moon_phase_only_for_today(router: Router) -> None:
    today = await _ask(router, "基隆今天潮汐")
    assert "今日月相：新月" in today.text
    other = await _ask(router, "基隆11月27日潮汐")
    assert "今日月相" not in other.text and "月相（11月27日）：" in other.text
    en = await _ask(router, "tide in Keelung on 2025-11-27")
    assert "Moon phase on Nov 27: " in en.text


async def test_zh_names_stations_and_countries_en_keeps_english(router: Router) -> None:
    zh = await _ask(router, "那霸今天潮汐")
    assert zh.text.splitlines()[0].startswith("地點：那霸，日本（") and "JP" not in zh.text
    assert "潮位站：那霸（距離" in zh.text and "Naha" not in zh.text
    assert "依那霸站" in zh.text
    en = await _ask(router, "tide in Naha today")
    assert en.text.splitlines()[0].startswith("Place: Naha, Japan (") and "Tide station: Naha (" in en.text
