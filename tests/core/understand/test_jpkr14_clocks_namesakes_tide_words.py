"""Askers in Japan and Korea (issue 26, jpkr14): whose clock a Japanese conversion's time is on, and more.

- 「<place>の朝9時って日本時間だと何時」: the time written with the place (its possessive の) is the place's, and
  the zone before だと何時 / なら何時 / に直すと is the one asked; 夜8時, 晩7時 are evening hours and 深夜2時 small ones;
- the Korean neap tide asked by day (다음 조금, 조금때, 소조기) is the neap window, not today's moon; 조금 alone is also
  "a little" and names no day (「비 조금 와?」);
- Korean rain asked as "news" or with how much between (비 소식, 비 많이 와), snow (눈 와) is the weather, and a span
  written "from … until" (내일부터 수요일까지, 明日から水曜まで) is every day of it;
- how fast a tidal stream runs, in knots or "how fast" (何ノット, 潮の流れの速さ, 몇 노트, 유속), is data the bot has
  not: declined, not the idea of the strait's stream nor a tide table; why it is fast is still explained, and wind in
  knots is the weather;
- a Japanese town's kanji name without its rank word (新宮 for Wakayama's 新宮市, 鹿島 for Saga's 鹿島市) is its own
  name as much as a namesake's unranked one: the bare name is asked about, the prefecture beside it picks one;
  a name coastal towns share (高浜: Fukui's, Matsuyama's; 송도: Incheon's, Busan's beach; 송정: Busan's, Gangneung's) is
  asked about too;
- the sun rising or setting said as chat says it in Korean (해 몇 시에 져, 해가 언제 떠) is the sun's times, not 동해 지역;
- a hand-kept name holding kana and a kanji Simplified Chinese shares (タモン湾) is found after the question's
  conversion (タモン灣); Busan's bridge and beach names as askers write them (광안대교, 해운대 송정) are places;
- a volcano island, ports and a tidal islet (桜島, 厳原, 本部港, 仙台港, 간월암) are found in Japanese, Taiwan's or Hangul
  spelling, and walking out to the islet (걸어서 들어갈) asks the tide;
- code converting clock times asked in Japanese or Korean (タイムゾーンに変換, 시간대로 변환) is the time conversion program,
  not a question which data to read.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-28T20:40:00+09:00"   # a Saturday evening in Tokyo


@pytest.mark.parametrize(("query", "from_tz", "to_tz", "time"), [
    ("ニューヨークの夜8時は日本時間なら何時？", "America/New_York", "Asia/Tokyo", "20:00"),
    ("パリの深夜2時って日本時間だと何時", "Europe/Paris", "Asia/Tokyo", "02:00"),
    ("シドニーの午後3時、日本時間に直すと何時？", "Australia/Sydney", "Asia/Tokyo", "15:00"),
    ("ソウルの朝7時 ハワイだと何時", "Asia/Seoul", "Pacific/Honolulu", "07:00"),
    ("ロサンゼルスの晩7時は東京だったら何時", "America/Los_Angeles", "Asia/Tokyo", "19:00"),
])
async def test_the_time_written_with_a_place_is_that_places(query: str, from_tz: str, to_tz: str, time: str) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo")
    assert answer.tool == "time.convert" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"], answer.arguments["time"]) == (from_tz, to_tz, time)


@pytest.mark.parametrize("query", ["다음번 조금 날짜 알려줘", "인천 조금때 언제야", "소조기는 언제예요", "次回の小潮はいつ？"])
async def test_the_next_neap_tide_in_korean_or_japanese_is_its_window(query: str) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", "Asia/Seoul", dry_run=False)   # the last quarter 1 Dec: neap 30 Nov-2 Dec (s22)
    assert "11月30日至12月2日" in answer.text.splitlines()[0], answer.text


async def test_a_little_rain_names_no_neap_day() -> None:
    answer = await ask_router("부산 비 조금 와? 언제까지", "2026-11-28T20:40:00+09:00", "Asia/Seoul")
    assert answer.tool == "weather.forecast", (answer.tool, answer.text[:160])


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("모레부터 금요일까지 강릉 비 소식 있나요", "Asia/Seoul", 7),
    ("여수 주말에 비 많이 와?", "Asia/Seoul", 2),
    ("내일 속초 눈 와?", "Asia/Seoul", 2),
    ("明日から木曜まで 石垣島の天気", "Asia/Tokyo", 6),
])
async def test_korean_rain_words_and_from_until_spans(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", tz)
    assert answer.tool == "weather.forecast" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert answer.arguments["forecastDays"] == days, answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("鳴門海峡 いまの潮流 何ノット出てる？", "Asia/Tokyo"),
    ("来島海峡の潮の流れ 明日どれくらい速い？", "Asia/Tokyo"),
    ("울돌목 지금 조류 속도 얼마나 돼?", "Asia/Seoul"),
    ("장죽수도 내일 물살 얼마나 세?", "Asia/Seoul"),
])
async def test_how_fast_a_tidal_stream_runs_is_declined(query: str, tz: str) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", tz)
    assert answer.mode == "fallback" and answer.tool is None, (answer.mode, answer.tool, answer.text[:160])
    assert "沒有" in answer.text, answer.text


@pytest.mark.parametrize(("query", "mode", "tool"), [
    ("なんで鳴門海峡は潮流が速いの", "explain", None),
    ("明日の銚子 風速は何ノット？", "mcp_tools", "weather.forecast"),
])
async def test_why_a_stream_is_fast_and_wind_in_knots_are_not_declined(query: str, mode: str, tool: str | None) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", "Asia/Tokyo")
    assert (answer.mode, answer.tool) == (mode, tool), (answer.mode, answer.tool, answer.text[:160])


@pytest.mark.parametrize("query", ["新宮 あさっての干潮", "鹿島の日の出 明日"])
async def test_a_name_one_town_holds_bare_and_another_with_its_rank_word_is_asked(query: str) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", "Asia/Tokyo")
    assert answer.mode == "fallback" and "不只一個地方" in answer.text, (answer.mode, answer.text[:160])


async def test_the_prefecture_beside_the_name_picks_the_town() -> None:
    answer = await ask_router("和歌山 新宮 明日の潮", "2026-11-28T20:40:00+09:00", "Asia/Tokyo")
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert abs(float(answer.arguments["latitude"]) - 33.73) < 0.1, answer.arguments


@pytest.mark.parametrize(("query", "tz", "both"), [
    ("高浜 あさっての干潮は？", "Asia/Tokyo", ("高浜(福井)", "高浜(松山)")),
    ("송도 내일 물때 알려줘", "Asia/Seoul", ("松島海水浴場", "松島(仁川)")),
    ("송정 모레 조석표", "Asia/Seoul", ("松亭海水浴場", "松亭海邊(江陵)")),
    ("松島 あしたの満潮", "Asia/Seoul", ("松島（日本）", "松島(仁川)")),
])
async def test_a_name_coastal_towns_share_is_asked(query: str, tz: str, both: tuple[str, str]) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", tz)
    assert answer.mode == "fallback" and all(name in answer.text for name in both), answer.text[:200]


@pytest.mark.parametrize(("query", "tz", "lat"), [
    ("若狭高浜 日曜の満潮", "Asia/Tokyo", 35.49),
    ("인천 송도 모레 해 몇 시에 져?", "Asia/Seoul", 37.385),
    ("강릉 모레 해가 언제 떠요?", "Asia/Seoul", 37.75),
    ("광안대교 불꽃 보러 가는데 해 언제 져?", "Asia/Seoul", 35.15),
    ("해운대 송정 모레 물때", "Asia/Seoul", 35.178),
    ("タモン湾 あしたの満潮", "Asia/Tokyo", 13.51),
])
async def test_korean_sun_chat_and_spots_as_written(query: str, tz: str, lat: float) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, (answer.mode, answer.text[:160])
    assert abs(float(answer.arguments["latitude"]) - lat) < 0.05, answer.arguments


@pytest.mark.parametrize(("query", "tz", "lat", "lon"), [
    ("櫻島 明天乾潮幾點", "Asia/Taipei", 31.592, 130.601),
    ("桜島港 今夜の満潮", "Asia/Tokyo", 31.592, 130.601),
    ("이즈하라항 모레 물때", "Asia/Seoul", 34.197, 129.293),
    ("嚴原港 明天潮汐", "Asia/Taipei", 34.197, 129.293),
    ("本部港 あさっての潮見表", "Asia/Tokyo", 26.655, 127.874),
    ("仙台新港 明日の干潮", "Asia/Tokyo", 38.270, 141.020),
    ("간월도 모레 걸어서 들어갈 수 있어?", "Asia/Seoul", 36.604, 126.411),
])
async def test_small_japanese_and_korean_spots_are_found(query: str, tz: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, (answer.mode, answer.text[:160])
    assert abs(float(answer.arguments["latitude"]) - lat) < 0.05 and abs(float(answer.arguments["longitude"]) - lon) < 0.05, \
        answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("日本時間を他のタイムゾーンに変換するpython関数を書いて", "Asia/Tokyo"),
    ("JSTの時刻をUTCにするコードをpythonで", "Asia/Tokyo"),
    ("한국 시간을 다른 시간대로 변환하는 파이썬 함수 만들어줘", "Asia/Seoul"),
])
async def test_time_conversion_code_asked_in_japanese_or_korean(query: str, tz: str) -> None:
    answer = await ask_router(query, "2026-11-28T20:40:00+09:00", tz, dry_run=False)
    assert answer.mode == "code" and "zoneinfo" in answer.text, answer.text[:200]
