"""Every answer comes in parts (core/reply.py) straight from the tool that made it: the place line as
headline, the station and zone in the footer, the week as a table, code as code, the notes and the
buttons the answer deserves; `Answer.text` is those parts joined, never split again. Through the
real Router with the built-in engine, the loopback Open-Meteo and ERDDAP look-alikes, no LLM."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from core.words.strings import t
from erddap_server import FakeErddap
from metocean import sst
from openmeteo_server import OpenMeteoServer
from upstream_server import unused_url

pytestmark = pytest.mark.e2e   # loopback Open-Meteo and ERDDAP look-alikes

QT = "2025-11-14T11:00:00+08:00"
WEATHER_QT = "2025-11-25T10:15:00+08:00"   # the Open-Meteo look-alike's "now"


@pytest.fixture(scope="module")
def services():
    with OpenMeteoServer() as om, FakeErddap() as erddap:
        sst._range_cache.clear()
        yield om, erddap
    sst._range_cache.clear()


@pytest.fixture
async def router(services):
    om, erddap = services
    r = Router(Settings(odbchat_backend="local", open_meteo_url=om.url, erddap_url=erddap.url), llm=None)
    yield r
    await r.aclose()


async def ask(router: Router, query: str, **kw) -> Answer:
    answer = await router.answer(Question(query=query, tz=kw.pop("tz", "Asia/Taipei"), query_time=kw.pop("qt", QT),
                                          **kw))
    assert answer.reply is not None and answer.text == answer.reply.text()
    return answer


async def test_tide_headline_is_the_place_and_the_station_is_in_the_footer(router: Router) -> None:
    answer = await ask(router, "基隆今天潮汐")
    reply = answer.reply
    assert reply.headline == "地點：基隆（25.13°N, 121.74°E）"
    assert reply.lines[0].startswith("基隆現在是") and "Keelung" not in reply.headline
    footer = reply.footer
    assert footer.place == "基隆" and footer.tz == "Asia/Taipei" and footer.source is None
    assert footer.station == "基隆" and 0 < footer.station_km < 10
    assert reply.lines[-1] == f"潮位站：基隆（距離 {footer.station_km:.1f} 公里，TICON-4）"  # its line stays
    assert reply.notes and reply.notes[0].startswith("註：潮高以平均海水面為基準")
    assert [b.action for b in reply.buttons] == ["tomorrow", "save_home", "chart"]
    tomorrow, home, chart = reply.buttons
    assert tomorrow.date == "2025-11-15" and chart.date == "2025-11-14" and home.place == "基隆"
    assert tomorrow.point == home.point == chart.point == (answer.arguments["longitude"], answer.arguments["latitude"])
    assert tomorrow.label == t("zh", "chat.button_tomorrow")


async def test_no_tide_data_offers_no_chart(router: Router) -> None:
    reply = (await ask(router, "台中潮汐")).reply
    assert reply.headline.startswith("地點：台中") and reply.lines[0].startswith("此點位並無潮汐資料")
    assert reply.footer.station is None and reply.footer.place == "台中"
    assert [b.action for b in reply.buttons] == ["tomorrow", "save_home"]   # nothing to draw


async def test_sun_and_moon_only_has_no_station(router: Router) -> None:
    answer = await ask(router, "/sun", tool="tide.forecast", place="基隆", sun_moon_only=True, lang="zh")
    reply = answer.reply
    assert reply.headline.startswith("地點：基隆") and "日出" in reply.text() and reply.footer.station is None
    assert not any(line.startswith("潮位站") for line in reply.lines)


async def test_days_merge_by_parts(router: Router) -> None:
    reply = (await ask(router, "基隆未來三天潮汐")).reply
    assert reply.headline == "（未來三天：11月14日至11月16日）"   # the span's days first (issue 26)
    assert reply.lines[0].startswith("地點：基隆")          # said once, on top of the days
    assert sum(line.startswith("地點：") for line in reply.lines) == 1
    listings = [line for line in reply.lines if line.startswith("潮位資訊")]
    assert len(listings) == 3
    stations = [line for line in reply.lines if line.startswith("潮位站")]
    assert stations == [reply.lines[-1]]                    # said once, at the end of the lines
    assert len(reply.notes) == 1 and reply.text().endswith(reply.notes[0])
    assert reply.buttons[0].date == "2025-11-15"            # from the first day asked


async def test_notes_before_and_after(router: Router, services) -> None:
    # A day word not understood is asked back, saying the word, before any tide is given for another day.
    day_note = (await ask(router, "基隆月底潮汐")).reply
    assert "「月底」" in day_note.headline and "哪一天" in day_note.headline and not day_note.lines
    bad_zone = (await ask(router, "基隆潮汐", tz="Mars/Olympus")).reply
    assert bad_zone.headline == t("zh", "bad_tz", tz="Mars/Olympus", default="Asia/Taipei")
    assert bad_zone.lines[0].startswith("地點：基隆")
    om, erddap = services
    auto = Router(Settings(odbchat_backend="auto", metocean_mcp_url=unused_url(), open_meteo_url=om.url,
                           erddap_url=erddap.url), llm=None)
    try:
        fell_back = (await ask(auto, "基隆潮汐")).reply
    finally:
        await auto.aclose()
    assert fell_back.notes[-1] == t("zh", "local_note") and fell_back.text().endswith(t("zh", "local_note"))


@pytest.mark.parametrize("lang, place", [("zh", "基隆"), ("en", "Keelung")])
async def test_week_is_a_table(router: Router, lang: str, place: str) -> None:
    answer = await ask(router, "/week", tool="tide.week", place=place, lang=lang)
    reply, table = answer.reply, answer.reply.table
    assert reply.headline.startswith(place) and not reply.lines and reply.notes[-1] == t(lang, "week.footer")
    assert table.header == list(t(lang, "week.columns").strip("[]").replace("'", "").split(", "))
    assert len(table.rows) == 7 and all(len(row) == len(table.header) for row in table.rows)
    first = answer.result["rows"][0]
    assert table.rows[0][1].startswith(first["highs"][0]["time"]) and table.rows[0][3] == first["sunrise"]
    assert len(table.fields) == 7 and table.fields[0][0].startswith(table.rows[0][0].split("\n")[0]) and "`" not in table.text
    assert answer.text == f"{reply.headline}\n\n{table.text}\n\n" + "\n".join(reply.notes)
    assert reply.notes[0] == t(lang, "days_clock.station", name=reply.footer.station, km=f"{reply.footer.station_km:.1f}")
    assert reply.footer.place == place and reply.footer.station and not reply.buttons


async def test_week_without_tide_is_the_tide_reply_without_buttons(router: Router) -> None:
    reply = (await ask(router, "/week", tool="tide.week", place="台中", lang="zh")).reply
    assert reply.table is None and reply.lines[0].startswith("此點位並無潮汐資料") and not reply.buttons


async def test_chart_is_a_picture_with_its_caption(router: Router) -> None:
    answer = await ask(router, "/chart", tool="tide.chart", place="基隆", days=2, lang="zh")
    reply = answer.reply
    assert reply.image is not None and reply.image.startswith(b"\x89PNG") and reply.image == answer.image
    assert reply.headline.startswith("📈 基隆") and reply.image_alt == reply.headline
    assert len(reply.lines) == 2 and all("滿潮" in line for line in reply.lines)
    assert reply.notes == [t("zh", "days_clock.station", name="基隆", km=f"{reply.footer.station_km:.1f}"),
                           t("zh", "days_clock.zone", zone="Asia/Taipei", offset="+08:00")]
    assert reply.footer.station == "基隆" and reply.footer.place == "基隆" and reply.footer.tz == "Asia/Taipei" and not reply.buttons


async def test_weather_source_is_in_the_footer(router: Router) -> None:
    reply = (await ask(router, "基隆明天天氣", qt=WEATHER_QT)).reply
    assert reply.footer.source == t("zh", "weather.source") and reply.text().endswith("\n" + reply.footer.source)
    assert reply.headline.startswith("基隆 明天") and not reply.lines and reply.footer.place == "基隆"
    days = (await ask(router, "weather in Bern next 3 days", lang="en", qt=WEATHER_QT)).reply
    assert len([days.headline, *days.lines]) == 3 and days.text().count("Open-Meteo") == 1


async def test_clock_and_sst_answers(router: Router) -> None:
    now = (await ask(router, "東京現在幾點")).reply
    assert now.headline.startswith("東京現在是") and not now.lines and now.footer.tz == "Asia/Tokyo"
    convert = (await ask(router, "台北和倫敦差幾小時")).reply
    assert "倫敦" in convert.headline and not convert.lines
    point = (await ask(router, "基隆海溫 2025-11-10")).reply
    assert point.headline.startswith("地點：基隆") and point.lines[0].startswith("2025-11-10｜")
    assert "°C" in point.lines[0] and point.footer.place == "基隆"
    box = (await ask(router, "海溫 120-122E 21-23N 2025-11-10")).reply
    assert box.headline.startswith("2025-11-10｜") and not box.lines and "°C" in box.headline


async def test_code_explanations_and_fixed_replies(router: Router) -> None:
    code = await ask(router, "給我畫基隆潮汐的python程式")
    assert code.mode == "code" and code.reply.code is not None and code.reply.code.source == code.code
    assert "def " in code.code and "```" not in code.reply.text() and code.code not in code.text
    explained = await ask(router, "什麼是黑潮")
    assert explained.mode == "explain" and explained.reply.citations == explained.citations != []
    assert explained.reply.code is None and explained.reply.footer is None
    fixed = await ask(router, "tide at 200, 100", lang="en")
    assert fixed.mode == "fallback" and fixed.reply.headline == fixed.text.split("\n")[0] and not fixed.reply.buttons
    assert (await ask(router, "", lang="en")).reply.headline == t("en", "bad_input")

