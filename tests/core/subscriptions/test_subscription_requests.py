"""Subscription requests understood in the core (core.subscribe): the typed `SubscriptionRequest`
a message makes, for commands and sentences in zh-TW and English."""
from __future__ import annotations

from typing import Any

import pytest

from core.subscribe import SubscriptionRequest, understand_subscription

KEELUNG = {"name": "基隆", "lon": 121.741, "lat": 25.131}


def _said(text: str, lang: str = "zh") -> SubscriptionRequest:
    request = understand_subscription(text, lang, "Asia/Taipei")
    assert request is not None, text
    return request


@pytest.mark.parametrize("text,lang,fields,place", [
    ("每天早上6點告訴我基隆潮汐", "zh", {"kind": "daily", "hhmm": "06:00"}, "基隆"),
    ("every day at 6 tell me Keelung's tides", "en", {"kind": "daily", "hhmm": "06:00"}, "Keelung"),
    ("send me the tides every evening at 7 for Kaohsiung", "en", {"kind": "daily", "hhmm": "19:00"}, "Kaohsiung"),
    ("每天晚上九點傳基隆的潮汐給我", "zh", {"kind": "daily", "hhmm": "21:00"}, "基隆"),
    ("每天中午告訴我高雄潮汐", "zh", {"kind": "daily", "hhmm": "12:00"}, "高雄"),
    ("remind me 30 min before low tide at Kaohsiung", "en",
     {"kind": "alert", "extreme": "low", "lead_minutes": 30}, "Kaohsiung"),
    ("alert me an hour and a half before high tide in Keelung", "en",
     {"kind": "alert", "extreme": "high", "lead_minutes": 90}, "Keelung"),
    ("基隆滿潮前半小時提醒我", "zh", {"kind": "alert", "extreme": "high", "lead_minutes": 30}, "基隆"),
    ("/daily 晚上9點 基隆", "zh", {"kind": "daily", "hhmm": "21:00"}, "基隆"),
    ("/daily 6:30 pm Keelung", "en", {"kind": "daily", "hhmm": "18:30"}, "Keelung"),
    ("/daily@OdbBot 06:00 基隆", "zh", {"kind": "daily", "hhmm": "06:00"}, "基隆"),
    ("/alert 基隆 low 30", "zh", {"kind": "alert", "extreme": "low", "lead_minutes": 30}, "基隆"),
    ("/alert Keelung high 1h", "en", {"kind": "alert", "extreme": "high", "lead_minutes": 60}, "Keelung"),
])
def test_requests_are_understood(text: str, lang: str, fields: dict[str, Any], place: str) -> None:
    request = _said(text, lang)
    assert request.problem is None and request.tz == "Asia/Taipei"
    assert request.model_dump(include=set(fields)) == fields
    assert request.place is not None and request.place.name == place


def test_a_command_with_a_point_or_no_place() -> None:
    at = _said("/daily 06:00 121.74,25.13")
    assert at.place is not None and (at.place.lon, at.place.lat) == (121.74, 25.13)
    home = _said("/daily 06:00")
    assert home.problem is None and home.place is None  # the subscriber's saved home is used


@pytest.mark.parametrize("text,problem,said", [
    ("/daily 25:00 基隆", "bad_time", "25:00"),
    ("/daily 基隆", "need_time", ""),
    ("/daily 06:00 火星城", "unknown_place", "火星城"),
    ("/daily 06:00 200,95", "bad_point", "200,95"),
    ("/alert 基隆 high 800", "bad_lead", "800"),
    ("/alert 基隆 30", "need_extreme", ""),
    ("/alert Keelung high", "need_lead", ""),
    ("每天早上6點告訴我火星城潮汐", "unknown_place", "火星城"),
])
def test_problems_are_named(text: str, problem: str, said: str) -> None:
    request = _said(text)
    assert request.problem == problem and request.said == said


@pytest.mark.parametrize("text", [
    "基隆今天潮汐", "每天有幾次滿潮？", "告訴我每天滿潮的時間", "is high tide before noon today?",
    "remind me to drink water every day at 6", "/tide 基隆", "", "台北晚上9點是洛杉磯幾點",
])
def test_other_messages_are_not_requests(text: str) -> None:
    assert understand_subscription(text, "zh", "Asia/Taipei") is None
