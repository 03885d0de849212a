"""Issue 26, session 21 (t21h): researchers' explanation and code questions, never answered confidently wrong,
through the real Router (local engine, no LLM), in new wordings of the classes the tuning set tw21c showed:

* a request to explain that names nothing ("go over that again") asks what is meant, offering no neighbour;
* an explanation is the passage on its topic, not one sharing how the question is put (hours behind, stands for);
  the travellers' words for the topic (대조기, ressurgência, 黒潮大蛇行) find it;
* topics that had no passage: getting MUR from ERDDAP or PO.DAAC, a harbour point with no SST, the CWA tables'
  three heights, which station and how much 10 km changes, the US/Europe clock gap;
* a program's days are the ones asked (三月, Jun–Aug, the rest of a year, the days written around a quoted
  program), and a wave model's data are declined, not replaced by the weather.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-03-15T08:00:00"   # a Wednesday morning on the asker's clock


def _titles(answer) -> str:
    return " | ".join(c.title for c in answer.citations)


@pytest.mark.parametrize(("query", "tz"), [
    ("could you go over that one more time, in more detail?", "Europe/London"),
    ("再解釋清楚一點 那個是怎麼算的", "Asia/Taipei"),
    ("explain the difference between those two datasets please", "America/New_York"),
])
async def test_a_request_to_explain_naming_nothing_asks_what_is_meant(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and not answer.citations, (_titles(answer), answer.text)


@pytest.mark.parametrize(("query", "tz", "words"), [
    ("why is Chicago only 5 hours behind London right now when it's usually 6?", "America/Chicago", ("America", "hour")),
    ("GHRSST — what's that acronym and who runs it?", "Asia/Taipei", ("GHRSST",)),
    ("why do tides in the Mediterranean barely move?", "Europe/Rome", ("Mediterranean",)),
    ("대조기와 소조기는 뭐예요? 왜 조차가 달라요?", "Asia/Seoul", ("潮",)),
    ("ressurgência costeira: o que é e por que deixa a água gelada?", "America/Sao_Paulo", ("upwelling",)),
    ("黒潮大蛇行って何？", "Asia/Tokyo", ("大蛇行",)),
    ("ERDDAP 跟 PO.DAAC 抓 MUR 哪個方便", "Asia/Taipei", ("ERDDAP",)),
    ("why does the SST at my marina's coordinates come back empty?", "Australia/Sydney", ("harbour",)),
    ("潮汐表那三種潮高我開船要看哪一個", "Asia/Taipei", ("三種潮高",)),
    ("my tide app and yours are 15 minutes apart, which one is right?", "Europe/London", ("accurate",)),
])
async def test_an_explanation_is_the_passage_on_its_topic(query: str, tz: str, words: tuple[str, ...]) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "explain" and answer.citations, answer.text
    assert all(word in _titles(answer) for word in words), _titles(answer)


@pytest.mark.parametrize(("query", "tz", "span"), [
    ("python：安平 五月每天的日出日落 存成 csv", "Asia/Taipei", ("2028-05-01", "2028-05-31")),
    ("python plot of Kenting SST anomaly Jul–Sep 2027", "Asia/Taipei", ("2027-07-01", "2027-09-30")),
    ("script printing every full moon for the rest of 2028 in Lisbon", "Europe/Lisbon", ("2028-03-15", "2028-12-31")),
    ("python: a 5-day table of high and low tides at Cherbourg from today", "Europe/Paris", ("2028-03-15", "2028-03-19")),
    ("script plotting sunset in Cairns Tue 21 – Fri 24 March", "Australia/Brisbane", ("2028-03-21", "2028-03-24")),
    ("```\nsst = point_sst(121.6, 23.98, \"2028-03-01\")\n```\n這樣只有一天 改成 3/5~3/11 畫圖", "Asia/Taipei",
     ("2028-03-05", "2028-03-11")),
])
async def test_a_programs_days_are_the_ones_asked(query: str, tz: str, span: tuple[str, str]) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.mode == "code", answer.text
    assert span[0] in answer.text and span[1] in answer.text, answer.text


@pytest.mark.parametrize("query", [
    "python to grab the WW3 wave forecast off Kenting",
    "寫程式下載 WAVEWATCH III 的資料 澎湖",
])
async def test_a_wave_models_data_are_declined_not_replaced_by_the_weather(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei", dry_run=False)
    assert answer.mode == "code" and "Open-Meteo" not in answer.text, answer.text
    assert "WW3" in answer.text or "WAVEWATCH" in answer.text, answer.text
