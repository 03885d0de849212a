"""Keyword signals of the router (core/understand/signals.py, keywords in core/data/keywords.yaml)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.understand.signals import detect_signals, is_cjk


@pytest.mark.parametrize("text, on", [
    ("(123,37)今天何時滿潮? 是滿月嗎?", {"tide", "astro", "moon_phase", "named_phase", "when", "when_asked"}),
    ("太麻里(22.55N, 120.95E)日出時間？", {"astro", "time", "when"}),
    ("Moon rise at (121.0045, 22.475)?", {"astro", "moon_times"}),
    ("When is HIGH TIDE in Keelung?", {"tide", "when", "when_asked"}),
    ("現在台灣周遭[118,20,123,25]海溫？", {"sst"}),
    ("What is GHRSST?", {"sst", "explain"}),
    ("(121.5,25.0) 海況？", {"sea_state"}),
    ("明天基隆會下雨嗎？", {"weather", "rain"}),
    ("Will it rain tomorrow in Bern?", {"weather", "rain"}),
    ("東京現在幾點？", {"time", "time_now", "when", "when_asked"}),
    ("(121.5,25.0) 海水現在幾度？", {"sst_weak", "weather", "temperature", "when", "when_asked"}),
    ("潮州明天天氣", {"weather"}),          # 潮州 is a town
    ("今天好潮濕", set()),                   # humidity, not tide
    ("黑潮是什麼", {"explain", "conceptual", "currents"}),   # the Kuroshio current, not tide
    ("Kuroshio current off Hualien", {"currents"}),      # "current" here is a noun
    ("台灣哪裡的潮差最大", {"tide", "compare", "conceptual", "explain"}),
    ("does the full moon make tides bigger", {"tide", "astro", "moon_phase", "named_phase", "conceptual", "explain"}),
    ("基隆潮汐圖", {"tide", "tide_chart"}),
    ("show me the tide curve for Boston", {"tide", "tide_chart"}),
    ("淡水這週潮汐", {"tide", "week"}),
    ("tides this week in Hualien", {"tide", "week"}),
    ("這週末潮汐", {"tide"}),                             # a weekend is not a week
    ("下週三潮汐", {"tide"}),                             # nor is next Wednesday
    ("the terrain near the moonlit dunes", set()),   # no "rain" inside "terrain", no "moon rise"
    ("why does the moon pull the sea", {"explain", "conceptual", "why", "sst_weak"}),
    ("water temp at kenting", {"sst", "sst_water_temp", "weather", "temperature"}),
    ("台北晚上9點是洛杉磯幾點", {"time", "when", "when_asked", "clock"}),
    ("台北和倫敦差幾小時", {"time_convert"}),
    ("next full moon?", {"astro", "moon_phase", "named_phase"}),
    ("hello there", {"greeting"}),
    ("謝啦", {"thanks"}),
    ("who are you", {"about_bot"}),
    ("/help", {"help"}),
    ("高雄有什麼好吃的", {"off_topic"}),
    ("hotels near the sea", {"off_topic", "sst_weak"}),   # not "hot"
])
def test_signals(text, on):
    signals = detect_signals(text)
    assert set(signals.on) == on


def test_masked_place_span_does_not_count():
    text = "潮州今天的天氣"
    assert not detect_signals(text, masked_spans=((0, 2),)).tide


def test_cjk_detection():
    assert is_cjk("基隆 tide") and not is_cjk("Keelung tide")


@given(st.text(max_size=300))
def test_any_text_is_safe(text):
    detect_signals(text)


def test_case_trap_text_takes_the_reference_path_with_the_same_groups():
    """A text holding a character that folds to ASCII (K = Kelvin sign) is matched by the
    IGNORECASE reference patterns, which know every group, the clock pattern included."""
    fast = detect_signals("Keelung tide at 9 pm, thanks")
    slow = detect_signals("\u212aeelung tide at 9 pm, thanks")
    assert fast == slow and fast.clock and fast.thanks


# Issue 26: the feel of the weather is the forecast's (not the default tide table), and a ferry's
# timetable is data the bot lacks (declined), while whether the boats run is the wind's forecast.
@pytest.mark.parametrize(("query", "tool", "reason"), [
    ("how warm will Hualien be on Sunday", "weather.forecast", None),
    ("gonna be chilly in Tamsui tonight?", "weather.forecast", None),
    ("need a jacket in Jiufen tomorrow?", "weather.forecast", None),
    ("how warm is the sea at Xiaoliuqiu", "ghrsst.bbox_mean", None),
    ("last ferry back from Green Island today?", None, "no_such_data"),
    ("澎湖到七美的首班船幾點開", None, "no_such_data"),
    ("will the ferry to Orchid Island run tomorrow", None, "no_such_data"),
])
async def test_weather_feel_and_ferry_timetables(query: str, tool: str | None, reason: str | None) -> None:
    from router_ask import ask_router

    answer = await ask_router(query, "2026-11-27T09:15:00+08:00")
    assert answer.tool == tool, (answer.tool, answer.text)
    if reason:
        assert (answer.debug or {}).get("reason") == reason, answer.debug
