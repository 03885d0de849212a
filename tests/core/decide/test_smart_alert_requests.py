"""Threshold and spring-tide requests understood from commands, sentences and typed options, zh-TW and English."""
from __future__ import annotations

import pytest

from core.decide.smart_alerts import decide_typed_spring, decide_typed_threshold
from core.subscriptions.requests import understand_command, understand_subscription

TZ = "Asia/Taipei"


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("白天乾潮低於 -60 公分時提醒我（基隆）", "zh", ("low", "below", -60.0, True, "20:00", "基隆")),
    ("白天乾潮低於負60公分時，前一天晚上9點提醒我（基隆）", "zh", ("low", "below", -60.0, True, "21:00", "基隆")),
    ("乾潮 -60公分以下 提醒我 基隆", "zh", ("low", "below", -60.0, False, "20:00", "基隆")),
    ("滿潮高於 1.2 公尺時通知我 高雄", "zh", ("high", "above", 120.0, False, "20:00", "高雄")),
    ("alert me when low tide is below -60 cm in daylight at Keelung", "en",
     ("low", "below", -60.0, True, "20:00", "Keelung")),
    ("remind me at 9 pm the evening before when low tide is below -2 ft at Keelung", "en",
     ("low", "below", -61.0, False, "21:00", "Keelung")),
    ("/alert 基隆 low below -60 daylight", "zh", ("low", "below", -60.0, True, "20:00", "基隆")),
    ("/alert 基隆 low below -60 daylight 21:00", "zh", ("low", "below", -60.0, True, "21:00", "基隆")),
    ("/alert Keelung high above 80 22:30", "en", ("high", "above", 80.0, False, "22:30", "Keelung")),
])
def test_threshold_requests(text: str, lang: str, expected: tuple[object, ...]) -> None:
    request = understand_subscription(text, lang, TZ)
    assert request is not None and request.kind == "threshold" and request.problem is None, request
    assert request.place is not None
    got = (request.extreme, request.direction, request.threshold_cm, request.daylight, request.hhmm, request.place.name)
    assert got == expected


@pytest.mark.parametrize(("text", "lang", "hhmm", "place"), [
    ("大潮提醒 富基漁港", "zh", "06:00", "富基漁港"),
    ("富基漁港大潮時早上5點半通知我", "zh", "05:30", "富基漁港"),
    ("spring tide alert Keelung", "en", "06:00", "Keelung"),
    ("/springtide 基隆 6:30", "zh", "06:30", "基隆"),
    ("/springtide Keelung", "en", "06:00", "Keelung"),
])
def test_spring_tide_requests(text: str, lang: str, hhmm: str, place: str) -> None:
    request = understand_subscription(text, lang, TZ)
    assert request is not None and request.kind == "springtide" and request.problem is None, request
    assert (request.hhmm, request.place and request.place.name) == (hhmm, place)


@pytest.mark.parametrize(("arg", "problem", "said"), [
    ("基隆 low below", "need_height", ""),
    ("基隆 low below 9999", "bad_height", "9999"),
    ("基隆 below -60", "need_extreme", ""),
    ("基隆 low below -60 25:00", "bad_time", "25:00"),
    ("Qwzxv low below -60", "unknown_place", "Qwzxv"),
])
def test_bad_threshold_commands_say_why(arg: str, problem: str, said: str) -> None:
    request = understand_command("alert", arg, "zh", TZ)
    assert (request.kind, request.problem, request.said) == ("threshold", problem, said)


def test_an_alert_without_below_or_above_is_still_minutes_before() -> None:
    request = understand_command("alert", "基隆 high 30", "zh", TZ)
    assert (request.kind, request.extreme, request.lead_minutes) == ("alert", "high", 30)
    # A question about low tides, with no remind word, is not a subscription: the router answers it.
    assert understand_subscription("基隆乾潮會低於 -60 公分嗎？", "zh", TZ) is None
    assert understand_subscription("what are spring tides?", "en", TZ) is None
    assert understand_subscription("告訴我基隆什麼時候大潮", "zh", TZ) is None


def test_a_height_without_unit_is_in_the_users_unit() -> None:
    assert understand_command("alert", "Keelung low below -2", "en", TZ, units="ft").threshold_cm == -61.0
    assert understand_command("alert", "Keelung low below -2 m", "en", TZ, units="ft").threshold_cm == -200.0


def test_typed_options() -> None:
    typed = decide_typed_threshold("基隆", "low", "below", -60, True, "21:00", "zh", TZ)
    assert (typed.kind, typed.threshold_cm, typed.daylight, typed.hhmm, typed.place and typed.place.name) == \
        ("threshold", -60.0, True, "21:00", "基隆")
    assert decide_typed_threshold("基隆", "low", "below", -60, False, "9 to 5", "zh", TZ).problem == "bad_time"
    assert decide_typed_threshold("基隆", "low", "sideways", -60, False, None, "zh", TZ).problem == "need_height"
    spring = decide_typed_spring(None, None, "en", TZ)
    assert (spring.kind, spring.hhmm, spring.place, spring.problem) == ("springtide", "06:00", None, None)
