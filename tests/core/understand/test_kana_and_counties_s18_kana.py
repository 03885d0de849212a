"""Issue 26, session 18 (kana18): places askers in Japan and Korea name as they write them, through the real Router
(local engine, no LLM; data tools planned, not called).

* A Japanese town in hiragana or katakana (ぬまづ, かまくら の, ハコダテ) is read in Hepburn letters and names the
  gazetteer's town of that English name in Japan; the best known of the towns sharing it (しらはま: Wakayama's).
* Korea's coastal counties GeoNames' city list lacks (태안, 고흥, 강진, 서천, 남해, 함평) are hand-kept places.
* Everyday kana words (きょう, うみ, しお, はし, みなと, ながい) and Korean words holding a county's name (고성능,
  삼척동자, 강진이 나면) are no place.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2026-12-10T12:20:00"   # a Thursday lunchtime in the asker's zone
JP, KR = "Asia/Tokyo", "Asia/Seoul"


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("ぬまづの満潮は何時?", JP, "tide.forecast", 35.10, 138.86),
    ("かまくら の 日の入り 何時", JP, "tide.forecast", 35.32, 139.55),
    ("ハコダテ 明日の天気", JP, "weather.forecast", 41.77, 140.73),
    ("おたるの海水温", JP, "ghrsst", 43.19, 141.00),
    ("シモダ の 干潮", JP, "tide.forecast", 34.68, 138.95),            # Izu's, not Shimanto's district
    ("あたみで 日没 何時", JP, "tide.forecast", 35.10, 139.07),
    ("くしろ 天気 あした", JP, "weather.forecast", 42.98, 144.38),
    ("マイヅル 潮汐", JP, "tide.forecast", 35.47, 135.38),
    ("しらはま の 夕日", JP, "tide.forecast", 33.68, 135.35),          # Wakayama's, not the Okinawan one
    ("とうきょう の 天気", JP, "weather.forecast", 35.69, 139.69),     # a long vowel written out
    ("うみの温度 いとう", JP, "ghrsst", 34.97, 139.10),               # the sea in kana too
    ("태안 만조 시간", KR, "tide.forecast", 36.75, 126.30),
    ("고흥 해수 온도", KR, "ghrsst", 34.61, 127.28),
    ("강진 일몰 몇 시", KR, "tide.forecast", 34.64, 126.77),
    ("서천 물때 알려줘", KR, "tide.forecast", 36.08, 126.69),
    ("남해 내일 날씨", KR, "weather.forecast", 34.84, 127.89),
    ("함평 간조", KR, "tide.forecast", 35.07, 126.52),
    ("부안 노을 몇 시야", KR, "tide.forecast", 35.73, 126.73),
])
async def test_a_town_written_as_its_askers_write_it_is_that_town(query: str, tz: str, tool: str, lat: float,
                                                                  lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.mode == "mcp_tools" and (answer.tool or "").startswith(tool), (answer.mode, answer.tool, answer.text)
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 40, answer.arguments


async def test_the_time_in_a_town_written_in_kana_is_asked_there() -> None:
    answer = await ask_router("はちのへ いま 何時", QT, JP)
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("place") == "Hachinohe", answer.arguments


@pytest.mark.parametrize(("query", "tz"), [
    ("きょう の 天気は?", JP),
    ("あしたの うみ の 水温", JP),
    ("しお が ひく のは 何時?", JP),
    ("みなと の 潮", JP),
    ("ながい 干潮 はいつ?", JP),
    ("고성능 시계로 물때 볼 수 있어?", KR),
    ("강진이 나면 해일 오나요?", KR),
    ("삼척동자도 아는 물때", KR),
])
async def test_an_everyday_word_is_no_place(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert not ({"latitude", "bbox", "place"} & set(args)), (answer.tool, args)
    assert "不只一個地方" not in (answer.text or ""), answer.text
