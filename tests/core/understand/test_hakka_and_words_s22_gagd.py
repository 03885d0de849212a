"""(s22) New wordings of the classes report21's ga and gd missed: Hakka day and rain words (今晡日, 天光日, 落水), rain
asked with no weather word is the weather (never the default tide), bare 漁人碼頭 is Tamsui's, colloquial 啥 / 蝦米
("what"), Mobile, Alabama capitalised, "piss down", Tahiti's noon tide asked in Spanish."""
from __future__ import annotations

import pytest
from router_ask import ask_router

QT = "2028-02-25T06:30:00+08:00"   # a Friday


@pytest.mark.parametrize("query,tool,day", [
    ("天光日 竹北 會落水無", "weather.forecast", None),
    ("頭份明天會落水嗎", "weather.forecast", None),
    ("今晡日 苑裡 幾點滿潮", "tide.forecast", "2028-02-25"),
    ("天光日 外埔漁港 乾潮", "tide.forecast", "2028-02-26"),
    ("昨晡日 後龍 落大雨", "weather.forecast", None),
])
async def test_hakka_days_and_rain(query: str, tool: str, day: str | None) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools" and answer.tool == tool, (query, answer.mode, answer.tool, answer.text)
    if day is not None:
        assert (answer.arguments or {}).get("date") == day, (query, answer.arguments)


@pytest.mark.parametrize("query,tz,where", [
    ("漁人碼頭 明天日落幾點", "Asia/Taipei", (25.18, 121.40)),
    ("low tide in Mobile on Sunday", "America/Chicago", (30.69, -88.04)),
])
async def test_the_place_meant(query: str, tz: str, where: tuple[float, float]) -> None:
    answer = await ask_router(query, "2028-02-25T06:30:00", tz=tz)
    args = answer.arguments or {}
    assert answer.mode == "mcp_tools", (query, answer.mode, answer.text)
    assert abs(args["latitude"] - where[0]) < 0.1 and abs(args["longitude"] - where[1]) < 0.1, (query, args)


@pytest.mark.parametrize("query,tz,mode", [
    ("is it gonna piss down in Cairns tomorrow", "Australia/Brisbane", "mcp_tools"),
    ("黑潮是啥", "Asia/Taipei", "explain"),
    ("S2分潮是蝦米", "Asia/Taipei", "explain"),
    ("¿por qué en Papeete la pleamar es siempre al mediodía?", "Pacific/Tahiti", "explain"),
])
async def test_the_ask_is_read(query: str, tz: str, mode: str) -> None:
    answer = await ask_router(query, "2028-02-25T06:30:00", tz=tz)
    assert answer.mode == mode, (query, answer.mode, answer.text)
    if mode == "mcp_tools":
        assert answer.tool == "weather.forecast", answer.tool
