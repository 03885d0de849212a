"""CWA's official tides answer tide questions near its points, from a copy kept in a real store.

The copy is made from data in CWA's shape (tests/emulators/cwa_server.py: eight points, a month of days out
of order, TWVD heights as strings), parsed by the same streaming parser and kept in a SQLite
store, as a refresh would leave it; the refresh is not due, so nothing is fetched here.
"""
from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from datetime import date, datetime
from typing import Any

import pytest

from bots.common.store import open_store
from core.config import Settings
from core.envelope import Question
from core.router import Router
from core.tools.cwa_copy import COPY, CwaConfig, CwaCopy, copy_parts
from core.tools.cwa_parse import CappedBody, CwaGarbage, parse_stream
from core.tools.cwa_tides import nearest
from cwa_server import KEY, response

START = date(2026, 7, 20)
WHEN = "2026-07-21T09:00:00+08:00"


async def _chunks(body: bytes, size: int = 4096) -> AsyncIterator[bytes]:
    for i in range(0, len(body), size):
        yield body[i:i + size]


def _body() -> bytes:
    return json.dumps(response(START), ensure_ascii=False).encode()


def _cwa_day(name: str, day: str) -> dict[str, Any]:
    """Return CWA's own record of one point's day, as the emulator sends it."""
    for item in response(START)["records"]["TideForecasts"]:
        if item["Location"]["LocationName"] == name:
            return next(d for d in item["Location"]["TimePeriods"]["Daily"] if d["Date"] == day)
    raise KeyError(name)


async def test_the_stream_parser_orders_days_and_reads_heights() -> None:
    locations = await parse_stream(CappedBody(_chunks(_body())))
    assert len(locations) == 8
    donggang = next(loc for loc in locations if loc.name == "東港漁港")
    dates = [d.date for d in donggang.days]
    assert dates == sorted(dates) and len(dates) == 31
    raw = _cwa_day("東港漁港", "2026-07-21")["Time"][0]
    first = donggang.days[1].extremes[0]
    assert first.time == raw["DateTime"] and first.msl_cm == raw["TideHeights"]["AboveLocalMSL"]
    assert first.twvd_cm == float(raw["TideHeights"]["AboveTWVD"])   # a string in CWA's answer


@pytest.mark.parametrize("body", [_body()[: len(_body()) // 2], b"<html>busy</html>", b'{"records": {}}', b""])
async def test_a_cut_short_garbled_or_empty_body_is_refused_whole(body: bytes) -> None:
    with pytest.raises(CwaGarbage):
        await parse_stream(CappedBody(_chunks(body)))


async def test_a_body_over_the_cap_is_refused_while_streaming() -> None:
    with pytest.raises(CwaGarbage, match="larger"):
        await parse_stream(CappedBody(_chunks(_body()), cap=100_000))


def test_nearest_point_within_five_km_only() -> None:
    index = [("I00071", "東港漁港", 22.4650, 120.4440), ("I00003", "富基漁港", 25.2940, 121.5370)]
    found = nearest(index, 120.447, 22.466)
    assert found is not None and found[0] == "I00071" and found[2] < 0.5
    assert nearest(index, 120.50, 22.466) is None   # ~5.8 km east


@pytest.fixture
def kept(tmp_path: Any) -> Iterator[Any]:
    """A SQLite store holding the kept copy, with its next refresh hours away."""
    import asyncio

    store = open_store(str(tmp_path / "kept.db"))

    async def keep() -> None:
        locations = await parse_stream(CappedBody(_chunks(_body())))
        await store.keep_copy(COPY, copy_parts(locations))
        await store.refresh_after(COPY, 6 * 3600)

    asyncio.run(keep())
    yield store
    store.close()


@pytest.fixture
async def cwa_router(kept: Any) -> AsyncIterator[Router]:
    settings = Settings(odbchat_backend="local", cwa_api_key=KEY, cwa_api_url="http://127.0.0.1:9/api")
    r = Router(settings, llm=None, kept=kept)
    yield r
    await r.aclose()


def _q(text: str, **kw: Any) -> Question:
    return Question(query=text, tz="Asia/Taipei", query_time=WHEN, **kw)


async def test_a_harbour_answers_with_cwas_own_times_heights_day_and_source(cwa_router: Router) -> None:
    answer = await cwa_router.answer(_q("東港漁港今天潮汐"))
    assert answer.backend == "cwa" and answer.tool == "tide.forecast"
    day = _cwa_day("東港漁港", "2026-07-21")
    tide = answer.result["tide"]
    ours = sorted((i["time"], i["height_cm"]) for i in tide["highs"] + tide["lows"])
    assert ours == sorted((t["DateTime"], float(t["TideHeights"]["AboveLocalMSL"])) for t in day["Time"])
    assert tide["state_now"] in ("rising", "falling") and tide["next_extreme"]["time"] > WHEN
    for t in day["Time"]:
        assert t["DateTime"][11:16] in answer.text
    assert "資料來源：中央氣象署潮汐預報" in answer.text
    word = {"大": "大潮", "中": "中潮", "小": "小潮"}[day["TideRange"]]
    assert word in answer.text and "農曆" in answer.text and "東港漁港" in answer.text
    assert answer.result["station"]["distance_km"] < 5


async def test_chart_datum_and_feet_are_cwas_chart_figures(cwa_router: Router) -> None:
    answer = await cwa_router.answer(_q("東港漁港今天潮汐", datum="chart", units="ft"))
    day = _cwa_day("東港漁港", "2026-07-21")
    for t in day["Time"]:
        assert f"{t['TideHeights']['AboveChartDatum'] / 30.48:.1f} ft" in answer.text
    assert "中央氣象署海圖基準面" in answer.text and "英尺" in answer.text


async def test_english_week_and_chart_come_from_cwa_too(cwa_router: Router) -> None:
    week = await cwa_router.answer(_q("Fuji Fishing Harbour tides this week", lang="en"))
    assert week.tool == "tide.week" and week.backend == "cwa"
    assert "Source: CWA tide forecast" in week.text
    chart = await cwa_router.answer(_q("富基漁港", tool="tide.chart"))
    assert chart.backend == "cwa" and chart.image and chart.result["curve"] == "cosine"
    assert "資料來源：中央氣象署潮汐預報" in chart.text


async def test_points_farther_than_five_km_and_days_outside_the_copy_answer_as_before(cwa_router: Router,
                                                                                      router: Router) -> None:
    far = await cwa_router.answer(_q("高雄今天潮汐"))
    assert far.backend == "local" and "中央氣象署潮汐預報" not in far.text
    later = await cwa_router.answer(_q("東港漁港潮汐", date="2026-09-30"))
    assert later.backend == "local"
    plain = await router.answer(_q("東港漁港今天潮汐"))   # no key: the local engine, as before
    assert plain.backend == "local" and "資料來源" not in plain.text


async def test_no_key_means_no_store_is_read(kept: Any) -> None:
    r = Router(Settings(odbchat_backend="local"), llm=None, kept=kept)
    try:
        assert r.official is None
        assert (await r.answer(_q("東港漁港今天潮汐"))).backend == "local"
    finally:
        await r.aclose()


async def test_one_process_reads_the_index_once_per_copy(kept: Any) -> None:
    copy = CwaCopy(CwaConfig(api_url="http://127.0.0.1:9/api", api_key=KEY), kept)
    first = await copy.index()
    assert len(first) == 8 and copy.fetches == 0   # the copy is fresh: nothing fetched
    assert await copy.index() is first
    assert datetime.fromtimestamp(await kept.copy_stamp(COPY)).year >= 2026
