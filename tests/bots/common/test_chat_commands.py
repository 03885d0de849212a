"""Platform-neutral command logic shared by the bots, and the sliding-window limiter."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bots.common import chat_commands as cc
from core.envelope import Answer
from core.reply import Reply
from core.tools.catalog import CATALOG
from bots.common.ratelimit import SlidingWindowLimiter
from bots.common.store import UserSettings

NOBODY = UserSettings(platform="telegram", user_id="1")


@pytest.mark.parametrize("user_lang,text,locale,expected", [
    ("en", "基隆潮汐", "zh-hant", "en"),       # the setting wins
    (None, "基隆潮汐", "en", "zh"),             # then the question's script
    (None, "tide at Keelung", "zh-hant", "en"),
    (None, None, "zh-hans", "zh"),             # then the Telegram/Discord locale
    (None, None, "en-US", "en"),
    (None, "123", "fr", "zh"),                 # else the default
])
def test_pick_lang(user_lang: str | None, text: str | None, locale: str | None, expected: str) -> None:
    assert cc.pick_lang(user_lang, text=text, locale=locale) == expected


@pytest.mark.parametrize("arg,expected", [
    ("121.74,25.13", (121.74, 25.13)), ("121.74 25.13", (121.74, 25.13)), ("(121.74, 25.13)", (121.74, 25.13)),
    ("121.74，25.13", (121.74, 25.13)), ("-157.8,21.3", (-157.8, 21.3)), ("基隆", None), ("Keelung", None), ("", None),
])
def test_parse_point_arg(arg: str, expected: tuple[float, float] | None) -> None:
    assert cc.parse_point_arg(arg) == expected


def test_parse_point_out_of_range() -> None:
    with pytest.raises(ValueError):
        cc.parse_point_arg("200,25")


def test_place_command() -> None:
    def req(*args, **kw):
        return cc.place_command(*args, **kw).request
    assert req("tide", "基隆", "zh", NOBODY) == {"tool": "tide.forecast", "place": "基隆"}
    assert req("tide", "121.74,25.13", "zh", NOBODY) == {"tool": "tide.forecast", "point": (121.74, 25.13)}
    assert req("sun", "花蓮", "zh", NOBODY) == {"tool": "tide.forecast", "sun_moon_only": True, "place": "花蓮"}
    assert req("sst", "121.9,24.5", "en", NOBODY) == {"tool": "ghrsst.point_value", "point": (121.9, 24.5)}
    assert req("weather", "高雄", "zh", NOBODY, when="2025-11-14", days=3) == \
        {"tool": "weather.forecast", "place": "高雄", "date": "2025-11-14", "days": 3}
    need = cc.place_command("tide", None, "en", NOBODY)
    assert need.request is None and "/home" in (need.reply or "")
    assert cc.place_command("tide", "999,99", "en", NOBODY).reply
    home_pt = UserSettings("telegram", "1", home_lon=121.74, home_lat=25.13)
    assert req("tide", "", "zh", home_pt) == {"tool": "tide.forecast", "point": (121.74, 25.13)}
    home_name = UserSettings("telegram", "1", home_name="基隆")
    assert req("tide", None, "en", home_name) == {"tool": "tide.forecast", "place": "基隆"}


def test_typed_question_carries_the_request() -> None:
    moment = datetime(2025, 11, 14, 3, 0, tzinfo=timezone.utc)
    q = cc.build_question("/weather 高雄", tz="Asia/Taipei", moment=moment, lang="zh",
                          request={"tool": "weather.forecast", "place": "高雄", "days": 5})
    assert (q.tool, q.place, q.days, q.lang) == ("weather.forecast", "高雄", 5, "zh")


def test_menu_and_help_in_both_languages() -> None:
    for lang in ("zh", "en"):
        menu = dict(cc.command_menu(lang))
        assert set(menu) == set(cc.MENU) and all(1 <= len(d) <= 256 for d in menu.values())
        assert "/tide" in cc.help_text(lang)
    assert cc.command_menu("zh", ("tide",)) == [("tide", "潮汐 [地點|經度,緯度]")]


def test_build_question_converts_message_time() -> None:
    moment = datetime(2025, 11, 14, 3, 0, tzinfo=timezone.utc)
    q = cc.build_question("基隆潮汐", tz="Asia/Taipei", moment=moment)
    assert q.moment is not None and q.moment.isoformat() == "2025-11-14T11:00:00+08:00" and q.tz == "Asia/Taipei" and q.lang == "auto"
    q = cc.build_question("x", tz="-05:00", moment=moment, lang="en")
    assert q.moment is not None and q.moment.isoformat() == "2025-11-13T22:00:00-05:00" and q.lang == "en"


def test_tz_lang_home_args() -> None:
    assert cc.parse_tz_arg("Asia/Tokyo") == "Asia/Tokyo"
    assert cc.parse_tz_arg("+08:00") == "+08:00"
    for bad in ("Mars/Olympus", "", "+25:00", "'; DROP TABLE"):
        with pytest.raises(ValueError):
            cc.parse_tz_arg(bad)
    assert cc.parse_lang_arg("zh") == "zh" and cc.parse_lang_arg("English") == "en" and cc.parse_lang_arg("fr") is None
    assert cc.parse_home_arg("基隆") == {"home_name": "基隆", "home_lon": None, "home_lat": None}
    assert cc.parse_home_arg("121.74,25.13") == {"home_name": None, "home_lon": 121.74, "home_lat": 25.13}
    assert cc.parse_home_arg("  ") is None
    assert cc.parse_home_arg("Keelung") == {"home_name": "Keelung", "home_lon": None, "home_lat": None}
    # A name the router could not resolve is refused, with its own reply in each language.
    for arg, key in (("Qwxzplorbia Heights", "home_unknown"), ("200,95", "home_bad")):
        with pytest.raises(cc.HomeRefused) as refused:
            cc.parse_home_arg(arg)
        assert refused.value.key == key
    unknown = pytest.raises(ValueError, cc.parse_home_arg, "Qwxzplorbia Heights").value
    assert cc.home_refusal(unknown, "en").startswith('I could not find the place "Qwxzplorbia Heights"')
    assert "nothing was saved" in cc.home_refusal(unknown, "en")
    assert cc.home_refusal(unknown, "zh").startswith("找不到「Qwxzplorbia Heights」") and "沒有儲存" in cc.home_refusal(unknown, "zh")
    assert cc.home_refusal(ValueError("x"), "en") == cc.message("home_bad", "en")
    assert cc.effective_tz(UserSettings("t", "1", tz="Bad/Zone"), "Asia/Taipei") == "Asia/Taipei"


def test_texts() -> None:
    for lang in ("zh", "en"):
        help_text = cc.help_text(lang)
        assert all(f"/{c}" in help_text for c in ("tide", "sun", "sst", "weather", "home", "tz", "lang", "forget"))
        assert "121.74,25.13" in help_text  # with examples
        text = cc.settings_text(UserSettings("t", "1", tz="Asia/Tokyo", home_name="基隆"), lang, "Asia/Taipei")
        assert "Asia/Tokyo" in text and "基隆" in text
    assert "Asia/Taipei" in cc.settings_text(NOBODY, "en", "Asia/Taipei")
    assert cc.check_question("x" * 5000, "en").startswith("Your message is too long")
    assert cc.check_question("   ", "zh")
    assert cc.check_question("基隆潮汐", "zh") is None
    assert cc.message("rate_limited", "zh", seconds=3, limit=20).startswith("您的提問")


def test_tz_for_point() -> None:
    assert cc.tz_for_point(121.74, 25.13, "UTC") == "Asia/Taipei"
    assert cc.tz_for_point(139.77, 35.62, "UTC") == "Asia/Tokyo"


def test_a_tool_frames_its_reply_with_title_source_and_colour() -> None:
    tide = CATALOG["tide.forecast"].framed(Reply(headline="t"), "zh", "local")
    assert tide.title == "潮汐預報" and "local" in tide.source and tide.colour == CATALOG["tide.forecast"].colour
    weather = CATALOG["weather.forecast"].framed(Reply(headline="t"), "en", None)
    assert weather.title == "Weather forecast" and weather.source == "Open-Meteo"
    assert Reply(headline="t").title == "ODBchat"


async def test_sliding_window_limiter() -> None:
    now = [0.0]
    limiter = SlidingWindowLimiter(3, 60.0, clock=lambda: now[0])
    assert [await limiter.allow("u") for _ in range(4)] == [True, True, True, False]
    assert await limiter.allow("v")  # per key
    assert await limiter.retry_after("u") == pytest.approx(60.0)
    now[0] = 30.0
    assert not await limiter.allow("u")
    now[0] = 60.5  # the first three left the window
    assert await limiter.allow("u") and await limiter.retry_after("v") == 0.0
    now[0] = 500.0
    await limiter.allow("w")
    assert len(limiter) == 1  # idle keys swept
    assert all([await SlidingWindowLimiter(0).allow("x") for _ in range(100)])  # 0 disables


def test_chart_and_weather_take_a_day_count() -> None:
    def req(kind, arg):
        return cc.place_command(kind, arg, "zh", NOBODY).request
    assert req("chart", "基隆 7") == {"tool": "tide.chart", "place": "基隆", "days": 7}
    assert req("chart", "Keelung --days 3") == {"tool": "tide.chart", "place": "Keelung", "days": 3}
    assert req("weather", "高雄 5天") == {"tool": "weather.forecast", "place": "高雄", "days": 5}
    assert req("chart", "121.74,25.13") == {"tool": "tide.chart", "point": (121.74, 25.13)}
    assert req("tide", "基隆 7") == {"tool": "tide.forecast", "place": "基隆 7"}  # only where days make sense
