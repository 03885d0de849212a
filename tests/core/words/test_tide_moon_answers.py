"""Tide and moon answers through `Router.answer`: the next full and new moon for a moon-phase
question, the illumination label, the help after "no tide data" (nearest station from the
engine's note; the online-service line only where that service would answer), and a refused
question worded as such rather than as an outage.

The local engine runs in-process; the upstream double (loopback) where upstream is the point.
"""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.words.strings import t
from metocean import astro
from upstream_server import running_upstream


async def _ask(router: Router, query: str, *, tz: str = "Asia/Taipei",
               query_time: str = "2025-11-20T10:00:00+08:00", backend: str | None = None) -> Answer:
    return await router.answer(Question(query=query, tz=tz, query_time=query_time, backend=backend))


# ------------------------------------------------------------------ next full and new moon

def test_next_phases_match_the_published_instants() -> None:
    # USNO: First Quarter 2025-11-28 06:59 UT, Full 12-04 23:14, Last Quarter 12-11 20:52, New 12-20 01:43.
    phases = astro.next_phases(datetime(2025, 11, 20, 10, tzinfo=timezone.utc), "UTC")
    expected = [(datetime(2025, 11, 28, 6, 59), "First Quarter"), (datetime(2025, 12, 4, 23, 14), "Full Moon"),
                (datetime(2025, 12, 11, 20, 52), "Last Quarter"), (datetime(2025, 12, 20, 1, 43), "New Moon")]
    assert [name for _, name in phases] == [name for _, name in expected]
    for (moment, _), (want, _) in zip(phases, expected):
        assert abs((moment.replace(tzinfo=None) - want).total_seconds()) < 90
    taipei = astro.next_phases(datetime(2025, 12, 1), "Asia/Taipei", count=8)
    assert taipei[0][0].isoformat() == "2025-12-05T07:14:04+08:00"      # the same full moon, on Taipei's day
    assert len({m for m, _ in taipei}) == 8 and [m for m, _ in taipei] == sorted(m for m, _ in taipei)


def test_next_phases_refuses_what_it_cannot_compute() -> None:
    with pytest.raises(astro.ToolFailure) as info:
        astro.next_phases(datetime(2090, 1, 1, tzinfo=timezone.utc), "UTC")
    assert info.value.code == "INVALID_ARGUMENT"
    with pytest.raises(astro.ToolFailure):
        astro.next_phases(datetime(2025, 1, 1), "Mars/Olympus")


@pytest.mark.parametrize(("query", "lang"), [("下次滿月是什麼時候", "zh"), ("when is the next full moon", "en")])
async def test_next_full_moon_question(router: Router, query: str, lang: str) -> None:
    answer = await _ask(router, query)
    assert answer.tool == "tide.forecast" and answer.lang == lang
    assert t(lang, "tide_help.next_moons", full="2025-12-05", new="2025-11-20") in answer.text.splitlines()


async def test_the_next_full_moon_is_on_the_places_local_day(router: Router) -> None:
    # 2025-12-04 23:14 UTC is the evening of the 4th in New York, the morning of the 5th in Taipei.
    answer = await _ask(router, "when is the next full moon", tz="America/New_York",
                        query_time="2025-12-04T09:00:00-05:00")
    assert t("en", "tide_help.next_moons", full="2025-12-04", new="2025-12-19") in answer.text
    after = await _ask(router, "when is the next full moon", tz="America/New_York",
                       query_time="2025-12-04T20:00:00-05:00")
    assert "Next full moon 2026-01-03" in after.text


async def test_moon_phase_with_a_tide_question_keeps_the_note_last(router: Router) -> None:
    answer = await _ask(router, "基隆今天潮汐，是滿月嗎？")
    lines = answer.text.splitlines()
    assert t("zh", "tide_help.next_moons", full="2025-12-05", new="2025-11-20") in lines
    assert lines[-1].startswith("註：潮高")


async def test_a_plain_tide_question_does_not_add_the_next_moons(router: Router) -> None:
    answer = await _ask(router, "基隆潮汐")
    assert "下次滿月" not in answer.text


@pytest.mark.e2e
async def test_next_moons_also_with_the_upstream_answering() -> None:
    with running_upstream() as url:
        router = Router(Settings(odbchat_backend="upstream", metocean_mcp_url=url), llm=None)
        answer = await _ask(router, "when is the next full moon")
        await router.aclose()
    assert answer.backend == "upstream"
    assert t("en", "tide_help.next_moons", full="2025-12-05", new="2025-11-20") in answer.text


# ------------------------------------------------------------------ illumination label

async def test_zh_illumination_is_not_called_waxing(router: Router) -> None:
    answer = await _ask(router, "今天月相")
    assert "月面亮度 0%" in answer.text and "月盈" not in answer.text


# ------------------------------------------------------------------ help after "no tide data"

async def test_inland_names_the_nearest_station_but_not_the_online_service(router: Router) -> None:
    answer = await _ask(router, "台中潮汐")
    nearest = next(n["nearest"] for n in answer.result["notes"] if n["code"] == "inland")
    assert t("zh", "tide_help.nearest_inland", name="基隆",
             km=f"{nearest['distance_km']:.0f}") in answer.text
    assert t("zh", "no_tide_online") not in answer.text
    assert t("zh", "no_tide_cwa") in answer.text


async def test_no_station_names_the_engines_nearest_and_the_online_service(router: Router) -> None:
    answer = await _ask(router, "(150, -40) tide")
    note = next(n for n in answer.result["notes"] if n["code"] == "no_station")
    lines = answer.text.splitlines()
    assert lines[0] == t("en", "no_tide")
    assert lines[1] == t("en", "no_tide_nearest", name=note["nearest"]["name"],
                         km=f"{note['nearest']['distance_km']:.0f}")
    assert lines[2] == t("en", "no_tide_online")


# ------------------------------------------------------------------ a refused question is not an outage

@pytest.mark.e2e
@pytest.mark.parametrize(("query", "lang"), [("基隆 2030-01-01 潮汐", "zh"), ("Keelung tide on 2030-01-01", "en")])
async def test_a_refused_day_says_what_was_wrong(query: str, lang: str) -> None:
    with running_upstream(tide_range=("2025-01-01", "2026-12-31")) as url:
        router = Router(Settings(odbchat_backend="upstream", metocean_mcp_url=url), llm=None)
        answer = await _ask(router, query)
        await router.aclose()
    assert answer.error and answer.error.startswith("INVALID_ARGUMENT")
    lead = t(lang, "error", reason="").rstrip()
    assert not answer.text.startswith(lead)
    bare = t(lang, "faults.invalid_argument_bare")
    assert answer.text.startswith(bare.split("；")[0].split(";")[0].split("，")[0])
    assert "2030-01-01" in answer.text or lang == "zh"   # the English detail names the day
    if lang == "zh":
        assert "日期超出可計算的範圍" in answer.text        # said in Chinese, no English inside


@pytest.mark.e2e
async def test_not_found_is_not_worded_as_an_outage(router: Router) -> None:
    with running_upstream() as url:
        up = Router(Settings(odbchat_backend="upstream", metocean_mcp_url=url), llm=None)
        answer = await _ask(up, "(121.5, 23.0) 2001-01-01 海溫")
        await up.aclose()
    assert answer.error and answer.error.startswith("NOT_FOUND")
    # the fault, then what was understood: the point, the day (another year's: with its year), SST
    assert answer.text == t("zh", "failure.asked", text=t("zh", "faults.not_found_bare"),
                            about="23.00°N, 121.50°E 2001年1月1日 的海溫")
