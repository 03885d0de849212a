"""Issue 26: askers in the British Isles, Australia and Hong Kong name what they want in their own words: the
wind and heat as slang ("blow a hoolie", "a stinker", "lashing down"), what to wear, the tide flooding or ebbing,
how bright the moon is, Mandarin typed in pinyin (tianqi mingtian), and in Cantonese 吹咩風, 好大風, 落唔落雨 (日落 across 聽日落雨 is no sunset). The bot said
"I found the place but not what you want", or gave the tides. Visibility beside diving (能見度 潛水, "the vis for a
dive") is the water's, which the bot has no data for: declined, not answered with a weather forecast; plain
visibility stays the weather's fog. Asked through the real Router in new wordings."""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-25T09:00:00"        # a Wednesday
LON, DUB, SYD, HK = "Europe/London", "Europe/Dublin", "Australia/Sydney", "Asia/Hong_Kong"


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("is it gonna blow a hoolie in Oban on Saturday", LON, "weather.forecast", 56.41, -5.47),
    ("will it be a proper scorcher at Brighton saturday", LON, "weather.forecast", 50.82, -0.14),
    ("Howth tomorrow, what should the kids wear", DUB, "weather.forecast", 53.39, -6.07),
    ("will it be lashing down in Galway tmrw", DUB, "weather.forecast", 53.27, -9.05),
    ("is it flooding in Galway after all the rain", DUB, "weather.forecast", 53.27, -9.05),   # a river's flood
    ("gonna be a stinker at Bondi tomorrow?", SYD, "weather.forecast", -33.89, 151.27),
    ("Manly blowing a gale tmrw?", SYD, "weather.forecast", -33.80, 151.29),
    ("大澳後日吹咩風", HK, "weather.forecast", 22.26, 113.86),
    ("長洲聽日好大風唔好大風", HK, "weather.forecast", 22.21, 114.03),
    ("長洲聽日落唔落雨", HK, "weather.forecast", 22.21, 114.03),     # 聽日 + 落唔落雨: no 日落
    ("西貢聽日着咩衫好呀", HK, "weather.forecast", 22.38, 114.27),
    ("do I need a brolly at Bondi tomorrow", SYD, "weather.forecast", -33.89, 151.27),
    ("will the nor'easter be up at Manly tmrw", SYD, "weather.forecast", -33.80, 151.29),
    ("will it be baltic in Oban tomorrow", LON, "weather.forecast", 56.41, -5.47),
    ("is it going to be a washout at Brighton saturday", LON, "weather.forecast", 50.82, -0.14),
    ("西貢聽日使唔使帶遮", HK, "weather.forecast", 22.38, 114.27),
    ("tide flooding or ebbing at Howth rn?", DUB, "tide.forecast", 53.39, -6.07),
    ("how much of the moon will be lit tonight in Poole", LON, "tide.forecast", 50.72, -1.98),
    ("長洲聽晚個月幾時出", HK, "tide.forecast", 22.21, 114.03),
    ("is the tide ebbing at Kirkwall now", LON, "tide.forecast", 59.00, -2.96),
    ("how bright's the moon going to be over Poole tonight", LON, "tide.forecast", 50.72, -1.98),
    ("西貢聽晚個月光唔光", HK, "tide.forecast", 22.38, 114.27),
    ("西貢琴日日落幾點", HK, "tide.forecast", 22.38, 114.27),          # a real sunset beside a day word
    # Mandarin typed in pinyin, intent and day
    ("keelung tianqi mingtian", "Asia/Taipei", "weather.forecast", 25.13, 121.74),
    ("kenting richu mingtian", "Asia/Taipei", "tide.forecast", 21.93, 120.79),
])
async def test_the_asker_s_own_words_choose_the_tool(query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == tool, (query, answer.debug, answer.text)
    assert abs(args["latitude"] - lat) < 0.3 and abs(args["longitude"] - lon) < 0.3, (query, args)


@pytest.mark.parametrize(("query", "tz"), [
    ("西貢聽日潛水能見度點", HK),
    ("西貢聽日透明度好唔好 想去浮潛", HK),
    ("how's the vis at Sai Kung for a dive tomorrow", HK),
    ("綠島明天的能見度怎樣？想去潛水", "Asia/Taipei"),
])
async def test_visibility_for_a_dive_is_declined_not_forecast(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool is None and (answer.debug or {}).get("reason") == "no_such_data", (query, answer.debug)
    assert "能見度" in answer.text or "visibility" in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz"), [("基隆明天能見度", "Asia/Taipei"), ("Keelung visibility tomorrow, fog?", "Asia/Taipei"),
                                           ("Kenting weather tomorrow, going diving, vis ok?", "Asia/Taipei")])
async def test_plain_visibility_or_a_weather_word_beside_it_stays_the_forecast(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast", (query, answer.debug, answer.text)


@pytest.mark.parametrize("query", ["為什麼英國冬天下午四點天就黑了嗎我不懂", "why is it dark at 4pm in winter in Glasgow",
                                   "點解冬天五點就天黑"])
async def test_why_a_season_s_nightfall_is_an_idea_not_a_clock_time(query: str) -> None:
    answer = await ask_router(query, QT, LON)
    assert answer.mode == "explain", (query, answer.debug, answer.text)
