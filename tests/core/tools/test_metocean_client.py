"""MetoceanClient against a real MCP server that answers like the upstream (upstream_server)."""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator

import pytest
from mcp.types import CallToolResult, ImageContent, TextContent

from metocean.errors import ToolFailure
from core.tools.metocean_client import MetoceanClient, UpstreamOutage, normalize_result, tool_error_failure
from upstream_server import UpstreamURL, running_upstream, silent_tcp_server, unused_url

POINT = {"longitude": 121.5, "latitude": 23.0, "date": "2025-11-01", "fields": ["sst", "sst_anomaly"]}
TIDE = {"longitude": 121.5, "latitude": 25.0, "tz": "Asia/Taipei", "date": "2025-11-12",
        "query_time": "2025-11-12T10:00:00+08:00"}


@pytest.fixture
def upstream() -> Iterator[UpstreamURL]:
    with running_upstream() as url:
        yield url


@pytest.fixture
async def client(upstream: UpstreamURL) -> AsyncIterator[MetoceanClient]:
    c = MetoceanClient(upstream, connect_timeout=2.0, call_timeout=2.0)
    yield c
    await c.aclose()


async def _failure(c: MetoceanClient, tool: str, args: dict) -> ToolFailure:
    with pytest.raises(ToolFailure) as info:
        await c.call(tool, args)
    return info.value


# ------------------------------------------------------------------ normalization

def _result(*texts: str, structured: dict | None = None) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=t) for t in texts], structured_content=structured)


def test_normalize_prefers_structured_content() -> None:
    r = _result('{"sst": 1}', structured={"sst": 2})
    assert normalize_result(r) == {"sst": 2}


def test_normalize_parses_json_text_when_no_structured_content() -> None:
    assert normalize_result(_result('{"sst": 1}')) == {"sst": 1}
    assert normalize_result(_result('{"sst": 1}', structured={})) == {"sst": 1}  # empty counts as absent
    assert normalize_result(_result('{"a": ', '1}')) == {"a": 1}  # blocks are joined first
    assert normalize_result(_result("[1, 2]")) == {"result": [1, 2]}


def test_normalize_plain_text() -> None:
    assert normalize_result(_result("  hello ocean \n")) == {"text": "hello ocean"}


def test_normalize_raw_envelope_when_opaque() -> None:
    r = CallToolResult(content=[ImageContent(type="image", data="AAAA", mime_type="image/png")])
    out = normalize_result(r)
    assert out["is_error"] is False and out["structured_content"] is None
    assert out["content"][0]["type"] == "image"
    assert normalize_result(CallToolResult(content=[])) == {"content": [], "structured_content": None,
                                                            "is_error": False}


# ------------------------------------------------------------------ error mapping (unit)

@pytest.mark.parametrize(("text", "code", "message"), [
    ("Error executing tool ghrsst.point_value: Data not exist for requested date 2025-12-01; "
     "available date is 2002-06-01/2025-11-10", "NOT_FOUND",
     "Data not exist for requested date 2025-12-01; available date is 2002-06-01/2025-11-10"),
    ("Error executing tool tide.forecast: Tide backend unavailable", "UNAVAILABLE", "Tide backend unavailable"),
    ("Error executing tool tide.forecast: timezone (tz) required (use IANA name or numeric offset)",
     "INVALID_ARGUMENT", "timezone (tz) required (use IANA name or numeric offset)"),
    ("Error executing tool tide.forecast", "UNAVAILABLE",
     "Failed upstream metocean tool 'tide.forecast': upstream error without details"),
])
def test_tool_error_mapping(text: str, code: str, message: str) -> None:
    failure = tool_error_failure("tide.forecast", CallToolResult(content=[TextContent(type="text", text=text)],
                                                                 is_error=True))
    assert (failure.code, failure.message) == (code, message)


# ------------------------------------------------------------------ against the test upstream

@pytest.mark.e2e
async def test_point_value_structured(client: MetoceanClient, upstream: UpstreamURL) -> None:
    out = await client.call("ghrsst.point_value", POINT)
    assert out == {"region": [121.5, 23.0], "date": "2025-11-01", "sst": 22.3, "sst_anomaly": 1.22}
    assert upstream.state.tool_calls == [("ghrsst.point_value", POINT)]


@pytest.mark.e2e
async def test_bbox_and_tide_payloads(client: MetoceanClient) -> None:
    box = await client.call("ghrsst.bbox_mean", {"bbox": [122, 24, 120, 22], "date": "2025-11-01"})
    assert box == {"region": [120.0, 22.0, 122.0, 24.0], "date": "2025-11-01", "sample": 1, "sst": 22.3}
    tide = await client.call("tide.forecast", TIDE)
    assert tide["timezone"] == "+08:00" and tide["tz_name"] == "Asia/Taipei"
    assert tide["moonphase"] == {"current": "Last Quarter", "illumination": tide["moonphase"]["illumination"],
                                 "closest": {"time": "2025-11-12T13:28:00+08:00", "phase": "Last Quarter"}}
    assert tide["tide"]["highs"] and tide["tide"]["lows"] and tide["tide"]["state_now"] in ("rising", "falling")
    assert tide["messages"][-1].startswith("Note: Tide heights")


@pytest.mark.e2e
async def test_nearest_adds_method_and_requested_date(client: MetoceanClient) -> None:
    out = await client.call("ghrsst.point_value", {**POINT, "date": "2025-11-12", "method": "nearest"})
    assert (out["date"], out["method"], out["requested_date"]) == ("2025-11-10", "nearest", "2025-11-12")


@pytest.mark.e2e
async def test_upstream_variants_pass_through() -> None:
    with running_upstream(legacy_keys=True, usno_down=False, inland=True) as url:
        async with MetoceanClient(url, connect_timeout=2, call_timeout=2) as c:
            out = await c.call("tide.forecast", TIDE)
            assert "sunrise" in out["sun"] and "moonrise" in out["moon"]
            assert isinstance(out["moonphase"]["illumination"], float)
            assert out["tide"]["highs"] == [] and out["tide"]["lows"] == []
            url.state.behaviour.usno_down = True
            out = await c.call("tide.forecast", {**TIDE, "tz": "Z"})
            assert "sun" not in out and "moonphase" not in out and out["backend"]["usno_status"]
            assert out["messages"][0].startswith("Sun/Moon data unavailable at this time (")
            assert out["messages"][1].startswith("Timezone not provided; times shown are in UTC")


@pytest.mark.e2e
async def test_not_found_error(client: MetoceanClient) -> None:
    failure = await _failure(client, "ghrsst.point_value", {**POINT, "date": "2025-12-01"})
    assert failure.code == "NOT_FOUND"
    assert failure.message.endswith("available date is 2002-06-01/2025-11-10")
    assert "Error executing tool" not in failure.message


@pytest.mark.e2e
async def test_invalid_argument_errors(client: MetoceanClient) -> None:
    failure = await _failure(client, "ghrsst.point_value", {"longitude": 221, "latitude": 23})
    assert failure.code == "INVALID_ARGUMENT"
    assert "longitude" in failure.message and "Error executing tool" not in failure.message
    assert "errors.pydantic.dev" not in failure.message and "\n" not in failure.message
    failure = await _failure(client, "tide.forecast", {"longitude": 121, "latitude": 25})
    assert (failure.code, failure.message) == ("INVALID_ARGUMENT",
                                               "timezone (tz) required (use IANA name or numeric offset)")


@pytest.mark.e2e
async def test_tide_backend_unavailable(client: MetoceanClient, upstream: UpstreamURL) -> None:
    upstream.state.behaviour.tide_down = True
    failure = await _failure(client, "tide.forecast", TIDE)
    assert (failure.code, failure.message) == ("UNAVAILABLE", "Tide backend unavailable")


@pytest.mark.e2e
async def test_http_error_status_is_unavailable() -> None:
    with running_upstream(http_status=503) as url:
        async with MetoceanClient(url, connect_timeout=2, call_timeout=2) as c:
            failure = await _failure(c, "tide.forecast", TIDE)
    assert failure.code == "UNAVAILABLE"
    assert failure.message.startswith("Failed upstream metocean tool 'tide.forecast': ")
    assert "503" in failure.message and "Traceback" not in failure.message and "\n" not in failure.message


@pytest.mark.e2e
async def test_user_agent_header(client: MetoceanClient, upstream: UpstreamURL) -> None:
    await client.call("ghrsst.point_value", POINT)
    assert upstream.state.user_agents == {"metocean-mcp"}
    async with MetoceanClient(upstream, user_agent="odbchat-test", connect_timeout=2) as other:
        await other.call("ghrsst.point_value", POINT)
    assert upstream.state.user_agents == {"metocean-mcp", "odbchat-test"}


@pytest.mark.e2e
async def test_session_reused_across_calls(client: MetoceanClient, upstream: UpstreamURL) -> None:
    for lat in (10, 20, 30):
        out = await client.call("ghrsst.point_value", {**POINT, "latitude": lat})
        assert out["sst"] == 20 + lat / 10
    assert upstream.state.initialize_count == 1
    assert len(upstream.state.session_ids) == 1
    assert [args["latitude"] for _, args in upstream.state.tool_calls] == [10, 20, 30]


@pytest.mark.e2e
async def test_concurrent_first_calls_open_one_session(client: MetoceanClient, upstream: UpstreamURL) -> None:
    outs = await asyncio.gather(*(client.call("ghrsst.point_value", {**POINT, "latitude": lat})
                                  for lat in (1, 2, 3)))
    assert [o["sst"] for o in outs] == [20.1, 20.2, 20.3]
    assert upstream.state.initialize_count == 1


@pytest.mark.e2e
async def test_list_tools(client: MetoceanClient) -> None:
    assert sorted(await client.list_tools()) == ["ghrsst.bbox_mean", "ghrsst.point_value", "tide.forecast"]


@pytest.mark.e2e
async def test_aclose_then_call_reopens(client: MetoceanClient, upstream: UpstreamURL) -> None:
    await client.call("ghrsst.point_value", POINT)
    await client.aclose()
    await client.call("ghrsst.point_value", POINT)
    assert upstream.state.initialize_count == 2


# ------------------------------------------------------------------ bounded failures

@pytest.mark.e2e
async def test_connect_timeout_against_silent_server() -> None:
    with silent_tcp_server() as url:
        c = MetoceanClient(url, connect_timeout=1.0, call_timeout=5.0)
        start = time.monotonic()
        failure = await _failure(c, "tide.forecast", TIDE)
        elapsed = time.monotonic() - start
        await c.aclose()
    assert failure.code == "UNAVAILABLE" and failure.message.startswith("Failed upstream metocean tool")
    assert elapsed < 1.0 + 1.0


@pytest.mark.e2e
async def test_call_timeout_against_slow_upstream(client: MetoceanClient, upstream: UpstreamURL) -> None:
    await client.call("ghrsst.point_value", POINT)  # session open: only the call is timed below
    upstream.state.behaviour.slow = 10
    start = time.monotonic()
    failure = await _failure(client, "ghrsst.point_value", POINT)
    assert time.monotonic() - start < client.call_timeout + 1
    assert failure.code == "UNAVAILABLE" and "no answer within" in failure.message
    upstream.state.behaviour.slow = 0
    assert (await client.call("ghrsst.point_value", POINT))["sst"] == 22.3  # the session still works


@pytest.mark.e2e
async def test_connection_refused_fails_fast() -> None:
    c = MetoceanClient(unused_url(), connect_timeout=5.0, call_timeout=5.0)
    start = time.monotonic()
    failure = await _failure(c, "ghrsst.point_value", POINT)
    assert time.monotonic() - start < 1.5
    assert failure.code == "UNAVAILABLE"
    assert failure.message.startswith("Failed upstream metocean tool 'ghrsst.point_value': ")


@pytest.mark.e2e
async def test_failure_message_never_shows_url_credentials() -> None:
    url = unused_url().replace("http://", "http://user:s3cret@") + "?token=s3cret"
    failure = await _failure(MetoceanClient(url, connect_timeout=2), "ghrsst.point_value", POINT)
    assert "s3cret" not in failure.message and failure.code == "UNAVAILABLE"


@pytest.mark.e2e
async def test_reopen_after_server_restart() -> None:
    with running_upstream() as first:
        port = first.port
        c = MetoceanClient(first, connect_timeout=2, call_timeout=2)
        await c.call("ghrsst.point_value", POINT)
    with running_upstream(port=port) as second:
        # The old session id is unknown to the new server: the client reopens and retries.
        assert (await c.call("ghrsst.point_value", POINT))["sst"] == 22.3
        assert second.state.initialize_count == 1
        # The stale attempt (old session id, answered 404) and the retry on the new session.
        sessions = [r.session_id for r in second.state.requests if r.rpc_method == "tools/call"]
        assert len(sessions) == 2 and sessions[0] != sessions[1]
    await c.aclose()


@pytest.mark.e2e
async def test_server_gone_is_unavailable_quickly() -> None:
    with running_upstream() as url:
        c = MetoceanClient(url, connect_timeout=2, call_timeout=2)
        await c.call("ghrsst.point_value", POINT)
    start = time.monotonic()
    failure = await _failure(c, "ghrsst.point_value", POINT)
    assert failure.code == "UNAVAILABLE" and time.monotonic() - start < 1.5
    await c.aclose()


@pytest.mark.e2e
async def test_auto_mode_falls_back_to_handshake(upstream: UpstreamURL) -> None:
    # The test upstream, like the real one, rejects the 2026 discover probe; "auto" recovers.
    async with MetoceanClient(upstream, connect_timeout=2, call_timeout=2, mode="auto") as c:
        assert (await c.call("ghrsst.point_value", POINT))["sst"] == 22.3
    methods = [r.rpc_method for r in upstream.state.requests if r.rpc_method]
    assert methods[:2] == ["server/discover", "initialize"]


@pytest.mark.e2e
def test_client_survives_a_new_event_loop(upstream: UpstreamURL) -> None:
    # Bots may call from successive asyncio.run(); the session of a finished loop is dropped.
    c = MetoceanClient(upstream, connect_timeout=2, call_timeout=2)
    for _ in range(2):
        assert asyncio.run(c.call("ghrsst.point_value", POINT))["sst"] == 22.3
    asyncio.run(c.aclose())
    assert upstream.state.initialize_count == 2


def test_from_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from core.config import get_settings

    monkeypatch.setenv("METOCEAN_MCP_URL", "http://127.0.0.1:1/mcp")
    monkeypatch.setenv("METOCEAN_CALL_TIMEOUT", "7")
    get_settings.cache_clear()
    try:
        c = MetoceanClient.from_settings()
    finally:
        get_settings.cache_clear()
    assert (c.url, c.user_agent, c.call_timeout) == ("http://127.0.0.1:1/mcp", "metocean-mcp", 7.0)


# ------------------------------------------------------------------ hangs (see also test_upstream_faults.py)

@pytest.mark.e2e
async def test_concurrent_calls_during_a_hang_share_one_opening() -> None:
    with running_upstream(hang=True) as url:
        c = MetoceanClient(url, connect_timeout=1.0, call_timeout=5.0)
        start = time.monotonic()
        failures = await asyncio.gather(*(_failure(c, "ghrsst.point_value", POINT) for _ in range(5)))
        elapsed = time.monotonic() - start
        await c.aclose()
        assert url.state.initialize_count == 1        # one opening tried, not one per call
    assert all(f.code == "UNAVAILABLE" and isinstance(f, UpstreamOutage) for f in failures)
    assert elapsed < 1.0 + 1.0


@pytest.mark.e2e
async def test_a_hung_open_session_fails_after_the_connect_timeout_not_the_call_timeout(
        upstream: UpstreamURL) -> None:
    c = MetoceanClient(upstream, connect_timeout=1.0, call_timeout=10.0)
    await c.call("ghrsst.point_value", POINT)
    upstream.state.behaviour.hang = True
    start = time.monotonic()
    failure = await _failure(c, "ghrsst.point_value", POINT)
    assert time.monotonic() - start < 1.0 + 1.0
    assert isinstance(failure, UpstreamOutage) and "not responding" in failure.message
    assert "ping" in [r.rpc_method for r in upstream.state.requests]
    await c.aclose()


@pytest.mark.e2e
async def test_tool_errors_are_not_outages(client: MetoceanClient) -> None:
    failure = await _failure(client, "ghrsst.point_value", {**POINT, "date": "2025-12-01"})
    assert failure.code == "NOT_FOUND" and not isinstance(failure, UpstreamOutage)


@pytest.mark.e2e
async def test_aclose_while_connecting_fails_the_waiting_calls_politely() -> None:
    with silent_tcp_server() as url:
        c = MetoceanClient(url, connect_timeout=3.0, call_timeout=5.0)
        waiting = [asyncio.create_task(_failure(c, "tide.forecast", TIDE)) for _ in range(3)]
        await asyncio.sleep(0.3)
        await c.aclose()
        failures = await asyncio.gather(*waiting)
    assert all(f.code == "UNAVAILABLE" and "closed while connecting" in f.message for f in failures)
