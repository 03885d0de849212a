"""The acceptance cases the bot was specified with: T1–T10, AC-1..AC-6 and AC-T1..AC-T5.

Every case goes through `Router.answer` and a real MCP server on loopback that answers
like the upstream (tests/emulators/upstream_server.py); the LLM, where one is asked, is a local
HTTP server speaking Ollama's /api/chat.
"""
from __future__ import annotations

import json
import logging
import re

import pytest

from core.config import Settings
from core.envelope import Question
from core.router import Router
from ollama_server import OllamaServer
from upstream_server import running_upstream, unused_url

QT = "2025-11-14T11:00:00+08:00"          # the acceptance cases' date; the test upstream's latest GHRSST day is 11-10
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def upstream():
    with running_upstream(latest="2025-11-10") as url:
        yield url


@pytest.fixture
def router(upstream):
    upstream.state.clear()
    r = Router(Settings(metocean_mcp_url=str(upstream), odbchat_backend="upstream"), llm=None)
    yield r


async def ask(router: Router, query: str, **kw) -> dict:
    answer = await router.answer(Question(query=query, tz=kw.pop("tz", "Asia/Taipei"),
                                          query_time=kw.pop("query_time", QT), debug=True, **kw))
    envelope = answer.to_json_dict()
    json.dumps(envelope, ensure_ascii=False)     # AC-6: always serialisable
    return envelope


async def ask_with(upstream, query: str, **behaviour) -> dict:
    """Ask once with the test upstream switched to `behaviour`, then restore it."""
    saved = {k: getattr(upstream.state.behaviour, k) for k in behaviour}
    for k, v in behaviour.items():
        setattr(upstream.state.behaviour, k, v)
    try:
        router = Router(Settings(metocean_mcp_url=str(upstream), odbchat_backend="upstream"), llm=None)
        env = await ask(router, query)
        await router.aclose()
    finally:
        for k, v in saved.items():
            setattr(upstream.state.behaviour, k, v)
    return env


@pytest.mark.e2e
async def test_t1_point_sst_nearest(router, upstream):
    env = await ask(router, "現在台灣周遭(123,25)海溫多少？")
    await router.aclose()
    assert env["mode"] == "mcp_tools" and env["tool"] == "ghrsst.point_value"
    assert env["arguments"]["longitude"] == 123.0 and env["arguments"]["latitude"] == 25.0
    assert env["arguments"]["method"] == "nearest"          # "現在" and date == today
    assert env["resolved_date"] == "2025-11-10"
    assert "SST ≈ 22.50 °C" in env["text"] and "Anomaly +1.23 °C" in env["text"]
    assert "（原請求 2025-11-14）" in env["text"]
    assert env["debug"]["llm_calls"] == 0


@pytest.mark.e2e
async def test_t2_bbox_sst(router):
    env = await ask(router, "現在台灣周遭[118,20,123,25]海溫？")
    await router.aclose()
    assert env["tool"] == "ghrsst.bbox_mean"
    assert env["arguments"]["bbox"] == [118.0, 20.0, 123.0, 25.0]
    assert env["text"].startswith("2025-11-10｜bbox [118, 20, 123, 25]: SST ≈")


@pytest.mark.e2e
async def test_exact_miss_retries_nearest(router, upstream):
    env = await ask(router, "(123,25) 2025-11-12 海溫")
    await router.aclose()
    calls = upstream.state.tool_calls
    assert [c[1]["method"] for c in calls] == ["exact", "nearest"]
    assert env["resolved_date"] == "2025-11-10" and "（原請求 2025-11-12）" in env["text"]


@pytest.mark.e2e
async def test_t3_tide_relative_with_moon(router):
    env = await ask(router, "(123,37)今天何時滿潮? 是滿月嗎?")
    await router.aclose()
    assert env["tool"] == "tide.forecast"
    text = env["text"]
    lines = text.splitlines()
    assert re.search(r"現在是(漲潮|退潮)", lines[0])
    assert re.search(r"約 (\d+小時)?\d+分 後", text) and "已過" in text
    assert "潮位資訊：" in text and re.search(r"滿潮 \d\d:\d\d 高度-?\d+ cm", text)
    assert re.search(r"今日月相：(新月|眉月|上弦月|盈凸月|滿月|虧凸月|下弦月|殘月)（月面亮度 \d+%）", text)
    assert lines[-1].startswith("註：潮高")                    # the note comes last


@pytest.mark.e2e
async def test_t4_sunrise_only_no_tide_warning(router, upstream):
    env = await ask(router, "太麻里(22.55N, 120.95E)日出時間？")
    await router.aclose()
    assert env["tool"] == "tide.forecast"
    assert env["arguments"]["longitude"] == 120.95 and env["arguments"]["latitude"] == 22.55
    assert "曙光 05:30" in env["text"] and "日出 06:00" in env["text"] and "暮光 18:30" in env["text"]
    assert "潮位資訊" not in env["text"] and "此點位並無潮汐資料" not in env["text"] and "註" not in env["text"]


@pytest.mark.e2e
async def test_t5_english_moonrise(router):
    env = await ask(router, "Moon rise at (121.0045, 22.475)?")
    await router.aclose()
    assert env["tool"] == "tide.forecast" and env["lang"] == "en"
    assert "Moonrise" in env["text"] and "Moon phase:" in env["text"]
    assert not CJK.search(env["text"])


@pytest.mark.e2e
async def test_t5_english_relative_durations(router):
    env = await ask(router, "When is the next high tide at (121.0045, 22.475)?")
    await router.aclose()
    assert re.search(r"about (\d+h)?\d+m later", env["text"]) and "elapsed" in env["text"]
    assert "Tide list: High tide" in env["text"]


@pytest.mark.e2e
async def test_t6_summary_mode_other_day(router):
    env = await ask(router, "2025/11/25 座標約為 25.2079, 121.4286 看夕陽和潮汐？")
    await router.aclose()
    assert env["arguments"]["date"] == "2025-11-25"
    assert env["arguments"]["longitude"] == 121.4286 and env["arguments"]["latitude"] == 25.2079
    assert "資料日期 2025-11-25" in env["text"]
    assert "現在是" not in env["text"] and "潮位資訊：" in env["text"]


@pytest.mark.e2e
async def test_t7_sea_state_static_explain(router, upstream):
    env = await ask(router, "(121.5,25.0) 海況？")
    await router.aclose()
    assert env["mode"] == "explain" and env["text"].startswith("目前僅提供海表溫度與潮汐資訊")
    assert upstream.state.tool_calls == []


@pytest.mark.e2e
async def test_t8_inland_tide_question(upstream):
    env = await ask_with(upstream, "(120.97,23.47) 今天的潮汐？", inland=True)
    assert "此點位並無潮汐資料。" in env["text"] and "日出" in env["text"]


@pytest.mark.e2e
async def test_t10_llm_mcp_block_missing(upstream, caplog):
    with OllamaServer(reply={"mode": "mcp_tools"}) as llm_server:
        from core.decide.llm import LLMClient

        router = Router(Settings(metocean_mcp_url=str(upstream), odbchat_backend="upstream"),
                        llm=LLMClient(llm_server.url, "test-model", timeout=5))
        with caplog.at_level(logging.ERROR, logger="odbchat.router"):
            env = await ask(router, "(121.5,25.0) 海水現在幾度？")
        await router.aclose()
        assert llm_server.calls == 1
    assert "mcp mode missing tool specification" in caplog.text
    assert env["tool"] == "ghrsst.point_value" and "SST ≈" in env["text"]


@pytest.mark.e2e
async def test_ac1_taiwan_region_bbox(router):
    env = await ask(router, "現在台灣周遭海溫多少？")
    await router.aclose()
    assert env["tool"] == "ghrsst.bbox_mean" and env["arguments"]["bbox"] == [118.0, 20.0, 123.5, 26.5]
    assert "2025-11-10" in env["text"]


@pytest.mark.e2e
async def test_ac2_offshore_point_without_llm(router):
    env = await ask(router, "花蓮外海 121.7E,24.0N 今天呢？")
    await router.aclose()
    assert env["tool"] == "ghrsst.point_value"
    assert env["arguments"]["longitude"] == 121.7 and env["arguments"]["latitude"] == 24.0


@pytest.mark.e2e
async def test_ac3_explain_branch(router, upstream):
    env = await ask(router, "GHRSST 是什麼？")
    await router.aclose()
    assert env["mode"] == "explain" and env["citations"]
    assert upstream.state.tool_calls == [] and env["debug"]["llm_calls"] == 0


@pytest.mark.e2e
async def test_ac4_code_branch(router):
    env = await ask(router, "幫我把以下 JSON 轉 CSV 的 Python")
    await router.aclose()
    assert env["mode"] == "code" and env["code"]


@pytest.mark.e2e
async def test_ac5_heuristic_questions_make_no_llm_call(upstream):
    with OllamaServer(reply={"mode": "explain"}) as llm_server:
        from core.decide.llm import LLMClient

        router = Router(Settings(metocean_mcp_url=str(upstream), odbchat_backend="upstream"),
                        llm=LLMClient(llm_server.url, "m", timeout=5))
        for q in ("(121.5,25.0) 現在是漲潮還是退潮？", "現在台灣周遭[118,20,123,25]海溫？", "Moon rise at (121, 22.4)?"):
            env = await ask(router, q)
            assert env["debug"]["llm_calls"] == 0
        env = await ask(router, "(121.5,25.0) 海水現在幾度？")     # undecided: exactly one classification call
        await router.aclose()
        assert llm_server.calls == 1 and env["debug"]["llm_calls"] == 1
        assert env["tool"] == "ghrsst.point_value"          # the heuristics overrode the LLM's "explain"


@pytest.mark.e2e
async def test_ac6_errors_are_mapped_and_explained(upstream):
    env = await ask_with(upstream, "(121.5,25.0) 現在是漲潮還是退潮？", tide_down=True)
    assert env["mode"] == "mcp_tools" and env["error"].startswith("UNAVAILABLE")
    assert env["text"].startswith("目前無法取得資料：")


@pytest.mark.e2e
async def test_act1_state_now_and_user_agent(router, upstream):
    env = await ask(router, "(121.5,25.0) 現在是漲潮還是退潮？")
    await router.aclose()
    assert env["tool"] == "tide.forecast" and env["backend"] == "upstream"
    args = env["arguments"]
    assert args["tz"] == "Asia/Taipei" and args["query_time"] == "2025-11-14T11:00:00+08:00"
    assert args["date"] == "2025-11-14"
    state = env["result"]["tide"]["state_now"]
    assert ("漲潮" if state == "rising" else "退潮") in env["text"].splitlines()[0]
    assert upstream.state.user_agents == {"metocean-mcp"}


@pytest.mark.e2e
async def test_act2_all_in_one_call(router, upstream):
    env = await ask(router, "(121.5,25.0) 何時滿潮？乾潮？日出？日落？月出？今天月相？")
    await router.aclose()
    assert len(upstream.state.tool_calls) == 1
    for word in ("滿潮", "乾潮", "日出", "日落", "月出", "今日月相"):
        assert word in env["text"]


@pytest.mark.e2e
async def test_act3_sun_moon_down_tide_still_answers(upstream):
    env = await ask_with(upstream, "(121.5,25.0) 今天潮汐", usno_down=True)
    assert "日月資料暫時無法取得" in env["text"] and "潮位資訊：" in env["text"]
    assert "日出" not in env["text"]


@pytest.mark.e2e
async def test_legacy_upstream_keys_render(upstream):
    env = await ask_with(upstream, "Sunrise and moonrise at (121.5, 25.0)?", legacy_keys=True)
    assert "Sunrise 06:00" in env["text"] and re.search(r"Illumination: \d+%", env["text"])


@pytest.mark.e2e
async def test_auto_backend_falls_back_to_local_engine():
    router = Router(Settings(metocean_mcp_url=unused_url(), odbchat_backend="auto",
                             metocean_connect_timeout=2.0), llm=None)
    env = await ask(router, "(121.75,25.15) 現在是漲潮還是退潮？")
    await router.aclose()
    assert env["backend"] == "local" and env["result"]["station"]["name"] == "Keelung"
    assert "本機引擎" in env["text"] and re.search(r"現在是(漲潮|退潮)", env["text"])


@pytest.mark.e2e
async def test_time_question_uses_query_time_and_zh_place(router):
    env = await ask(router, "東京現在幾點？", query_time="2025-11-14T09:05:00+08:00")
    await router.aclose()
    assert env["tool"] == "time.now" and env["arguments"]["tz"] == "Asia/Tokyo"
    assert env["text"].startswith("東京現在是 2025-11-14（星期五）10:05")


@pytest.mark.e2e
async def test_unexpected_failure_is_a_polite_reply(router, monkeypatch, caplog):
    import core.router as router_module

    def broken(*_a, **_k):
        raise RuntimeError("boom")

    monkeypatch.setattr(router_module, "read_question", broken)   # a bug anywhere below answer()
    with caplog.at_level(logging.ERROR, logger="odbchat.router"):
        env = await ask(router, "(121.5,25.0) 今天潮汐")
    assert env["mode"] == "fallback" and env["text"].startswith("抱歉") and "boom" not in env["text"]
    assert "router failed" in caplog.text


@pytest.mark.e2e
async def test_relative_mode_gives_next_high_and_next_low(router):
    env = await ask(router, "(121.5,25.0) 現在是漲潮還是退潮？")
    await router.aclose()
    first = env["text"].splitlines()[0]
    assert "下一次滿潮" in first and "下一次乾潮" in first and "上一次" in first


async def test_local_station_named_in_chinese_for_zh():
    router = Router(Settings(odbchat_backend="local"), llm=None)
    env = await ask(router, "基隆現在是漲潮還是退潮？")
    await router.aclose()
    assert "潮位站：基隆（距離" in env["text"] and "Keelung" not in env["text"] and env["result"]["station"]["name"] == "Keelung"


@pytest.mark.e2e
async def test_sst_at_a_named_place_averages_the_sea_around_it(router):
    env = await ask(router, "基隆今天海溫多少？")
    await router.aclose()
    assert env["tool"] == "ghrsst.bbox_mean"
    lon0, lat0, lon1, lat1 = env["arguments"]["bbox"]
    assert lon0 < 121.74 < lon1 and lat0 < 25.13 < lat1 and lon1 - lon0 <= 0.31
