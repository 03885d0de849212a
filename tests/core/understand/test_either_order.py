"""Coordinates in either order when only one reading is possible: the core's reader
(core/understand/coords.py `read_point`) for a command's argument, shared by the chat commands,
and the typed `/tide 22.6 120.3`, `/sst 25 121` answered at that point through the router."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bots.common import chat_commands as cc
from bots.common.store import UserSettings
from core.config import Settings
from core.router import Router
from core.understand.coords import parse_point
from core.understand.point_arg import read_point


@pytest.mark.parametrize("text", ["25.15 121.75", "121.75,25.15", "121.75 25.15", "(25.15, 121.75)",
                                  "25.15N 121.75E", "121.75E, 25.15N", "N25.15 E121.75", "北緯25.15度 東經121.75度"])
def test_one_point_in_either_order(text: str) -> None:
    assert read_point(text) == pytest.approx((121.75, 25.15))
    assert parse_point(text) is not None and (parse_point(text).lon, parse_point(text).lat) == pytest.approx((121.75, 25.15))


@pytest.mark.parametrize("text, lonlat", [
    ("22.6 120.3", (120.3, 22.6)), ("25 121", (121.0, 25.0)), ("121 25", (121.0, 25.0)),
    ("-33.9, 151.2", (151.2, -33.9)),
    # both orders possible: the written order is lon, lat, unless a letter or label says otherwise
    ("10.5 20.3", (10.5, 20.3)), ("10.5N 20.3E", (20.3, 10.5)), ("lat 10.5 lon 20.3", (20.3, 10.5)),
])
def test_command_points(text: str, lonlat: tuple[float, float]) -> None:
    assert read_point(text) == pytest.approx(lonlat)
    assert cc.parse_point_arg(text) == pytest.approx(lonlat)


@pytest.mark.parametrize("text", ["基隆", "Keelung", "", "Tamsui 2", "25.1N"])
def test_not_a_point(text: str) -> None:
    assert read_point(text) is None


@pytest.mark.parametrize("text", ["200 95", "95, 200", "121.5 95"])
def test_no_order_makes_a_point(text: str) -> None:
    with pytest.raises(ValueError):
        read_point(text)
    outcome = cc.place_command("tide", text, "zh", UserSettings("telegram", "u1"))
    assert outcome.reply == cc.message("home_bad", "zh")


@pytest.mark.parametrize("kind, arg, tool", [("tide", "22.6 120.3", "tide.forecast"), ("sst", "25 121", None),
                                             ("tide", "120.3,22.6", "tide.forecast")])
async def test_typed_commands_answer_at_that_point(kind: str, arg: str, tool: str | None) -> None:
    outcome = cc.place_command(kind, arg, "zh", UserSettings("telegram", "u1"))
    assert outcome.request is not None and outcome.reply is None
    lon, lat = outcome.request["point"]
    assert lat < 90 < lon
    question = cc.build_question(f"/{kind} {arg}", tz="Asia/Taipei", moment=datetime(2025, 11, 20, 2, tzinfo=timezone.utc),
                                 lang="zh", request=outcome.request)
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        # SST would reach ERDDAP (none offline here): its plan is checked, the tide answered whole
        answer = await router.answer(question.model_copy(update={"dry_run": tool is None}))
    finally:
        await router.aclose()
    assert answer.tool == (tool or answer.tool) and "找不到" not in answer.text
    if tool:
        assert (answer.arguments["longitude"], answer.arguments["latitude"]) == pytest.approx((lon, lat))
        assert answer.error is None and "滿潮" in answer.text
