"""GHRSST tools (metocean/sst.py) against the local ERDDAP look-alike (tests/emulators/erddap_server.py)."""
from __future__ import annotations

import asyncio
import math
import socket
import time
from datetime import date

import numpy as np
import pytest

BOTH = ["sst", "sst_anomaly"]   # the upstream default is ["sst"] alone

from metocean.config import EngineConfig
from metocean.errors import ToolFailure
from metocean.contract import GhrsstBboxArgs, GhrsstPointArgs
from metocean import sst
from erddap_server import FakeErddap, anomaly_at, sst_at


@pytest.fixture
def erddap():
    with FakeErddap(missing={date(2025, 11, 5)}) as srv:
        sst._range_cache.clear()
        yield srv
    sst._range_cache.clear()


@pytest.fixture
def cfg(erddap) -> EngineConfig:
    """The engine's settings pointing at the look-alike ERDDAP (passed in, no environment)."""
    return EngineConfig(erddap_url=erddap.url, erddap_timeout=5)


@pytest.mark.e2e
async def test_exact_hit(erddap, cfg):
    r = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10", fields=BOTH), config=cfg)
    assert r == {"region": [121.5, 25.0], "date": "2025-11-10",
                 "sst": round(sst_at(25.0, 121.5, date(2025, 11, 10)), 2),
                 "sst_anomaly": round(anomaly_at(25.0, 121.5, date(2025, 11, 10)), 2)}
    assert all(ua == "metocean-mcp" for ua in erddap.user_agents)


@pytest.mark.e2e
async def test_requested_fields_only(erddap, cfg):
    r = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10", fields=["sst"]), config=cfg)
    assert set(r) == {"region", "date", "sst"}
    r = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10",
                                              fields=["sst_anomaly"]), config=cfg)
    assert set(r) == {"region", "date", "sst_anomaly"}


@pytest.mark.e2e
async def test_exact_miss_names_the_available_range(erddap, cfg):
    with pytest.raises(ToolFailure) as err:
        await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-30", method="exact"), config=cfg)
    assert err.value.code == "NOT_FOUND"
    assert "Data not exist" in err.value.message
    assert "available date is 2002-06-01/2025-11-18" in err.value.message


@pytest.mark.e2e
async def test_exact_gap_inside_range_is_not_found(erddap, cfg):
    with pytest.raises(ToolFailure) as err:
        await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-05"), config=cfg)
    assert err.value.code == "NOT_FOUND"
    assert "2002-06-01/2025-11-18" in err.value.message


@pytest.mark.e2e
async def test_nearest_within_seven_days(erddap, cfg):
    r = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-22", method="nearest"), config=cfg)
    assert r["date"] == "2025-11-18"
    assert r["method"] == "nearest" and r["requested_date"] == "2025-11-22"
    assert r["sst"] == round(sst_at(25.0, 121.5, date(2025, 11, 18)), 2)
    gap = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-05",
                                                method="nearest"), config=cfg)
    assert gap["date"] in ("2025-11-04", "2025-11-06") and gap["requested_date"] == "2025-11-05"
    same = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10",
                                                 method="nearest"), config=cfg)
    assert "method" not in same  # the day existed: nothing to explain


@pytest.mark.e2e
async def test_nearest_too_far_is_not_found(erddap, cfg):
    with pytest.raises(ToolFailure) as err:
        await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-12-30", method="nearest"), config=cfg)
    assert err.value.code == "NOT_FOUND" and "available date is" in err.value.message


@pytest.mark.e2e
async def test_latest_day_when_no_date():
    with FakeErddap(anomaly_last=date(2025, 11, 17)) as srv:
        cfg = EngineConfig(erddap_url=srv.url)
        r = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, fields=BOTH), config=cfg)
        assert r["date"] == "2025-11-17"  # the latest day both products have
        r = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, fields=["sst"]), config=cfg)
        assert r["date"] == "2025-11-18"


@pytest.mark.e2e
async def test_land_point_is_null(erddap, cfg):
    r = await sst.point_value(GhrsstPointArgs(longitude=121.0, latitude=23.5, date="2025-11-10", fields=BOTH), config=cfg)
    assert r["sst"] is None and r["sst_anomaly"] is None


@pytest.mark.e2e
async def test_bbox_mean_sorted_and_excluding_land(erddap, cfg):
    args = GhrsstBboxArgs(bbox=[121.2, 23.7, 120.8, 23.3], date="2025-11-10", fields=["sst"])
    r = await sst.bbox_mean(args, config=cfg)
    assert r["region"] == [120.8, 23.3, 121.2, 23.7] and r["sample"] == 1
    values = [sst_at(la, lo, date(2025, 11, 10))
              for la in np.round(np.arange(2330, 2371) * 0.01, 2) for lo in np.round(np.arange(12080, 12121) * 0.01, 2)
              if not (120.9 <= lo <= 121.1 and 23.4 <= la <= 23.6)]
    assert r["sst"] == round(float(np.mean(values)), 2)
    assert "sst_anomaly" not in r
    assert "notes" not in r and "messages" not in r  # the full grid: nothing to say


@pytest.mark.e2e
async def test_bbox_stride_keeps_points_under_limit(erddap, monkeypatch, cfg):
    monkeypatch.setattr(sst, "MAX_POINTS", 2_000)
    r = await sst.bbox_mean(GhrsstBboxArgs(bbox=[120.0, 20.0, 121.0, 21.0], date="2025-11-10", fields=BOTH), config=cfg)
    assert r["sample"] == sst.stride_for([120.0, 20.0, 121.0, 21.0], 2_000) > 1
    assert any(f":{r['sample']}:" in q for q in erddap.requests)
    assert r["sst"] is not None and r["sst_anomaly"] is not None
    step = round(r["sample"] * 0.01, 2)
    assert r["notes"] == [{"code": "box_sampled", "sample": r["sample"], "step_deg": step}]
    assert f"{step:g}-degree grid" in r["messages"][0]


@pytest.mark.e2e
async def test_heavy_boxes_wait_their_turn(erddap, monkeypatch, cfg):
    """More than HEAVY_CALLS heavy boxes at once: the rest wait; light boxes never do."""
    monkeypatch.setattr(sst, "HEAVY_POINTS", 100)
    monkeypatch.setattr(sst, "HEAVY_CALLS", 1)
    running = peak = 0
    real = sst._run

    async def counted(*args, **kwargs):
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        try:
            return await real(*args, **kwargs)
        finally:
            running -= 1

    monkeypatch.setattr(sst, "_run", counted)
    heavy = GhrsstBboxArgs(bbox=[120.0, 20.0, 120.2, 20.2], date="2025-11-10")  # 441 points
    results = await asyncio.gather(*(sst.bbox_mean(heavy, config=cfg) for _ in range(3)))
    assert peak == 1 and all(r["sst"] is not None for r in results)
    light = GhrsstBboxArgs(bbox=[120.0, 20.0, 120.05, 20.05], date="2025-11-10")  # 36 points
    peak = 0
    await asyncio.gather(*(sst.bbox_mean(light, config=cfg) for _ in range(3)))
    assert peak > 1


@pytest.mark.e2e
async def test_small_reply_past_its_byte_cap_is_refused(erddap, monkeypatch, cfg):
    monkeypatch.setattr(sst, "MAX_SMALL_BYTES", 100)
    with pytest.raises(ToolFailure) as err:
        await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10"), config=cfg)
    assert err.value.code == "UNAVAILABLE" and "too large" in err.value.message


@pytest.mark.e2e
async def test_box_reply_past_the_byte_cap_is_refused(erddap, monkeypatch, cfg):
    monkeypatch.setattr(sst, "MAX_BYTES", 50_000)
    with pytest.raises(ToolFailure) as err:
        await sst.bbox_mean(GhrsstBboxArgs(bbox=[120.0, 20.0, 122.0, 22.0], date="2025-11-10"), config=cfg)
    assert err.value.code == "UNAVAILABLE" and "too large" in err.value.message


async def test_box_rows_are_read_across_any_chunking():
    """The streamed reader gives the same sum whatever the chunk boundaries, and refuses non-tables."""
    from metocean.sst_stream import NotATable, sum_rows

    body = ('{"table": {"columnNames": ["time", "latitude", "longitude", "v"], "rows": [\n'
            '["2024-06-01T09:00:00Z", -1.5, 2e1, 3.25],\n["2024-06-01T09:00:00Z", -1.5, 20.5, null],'
            '["2024-06-01T09:00:00Z", -1.25, 20.0, NaN], ["2024-06-01T09:00:00Z", 1, 2, -0.75]]}}')

    async def chunks(size: int):
        for i in range(0, len(body), size):
            yield body[i:i + size]

    for size in (1, 7, 64, len(body)):
        got = await sum_rows(chunks(size), 10_000)
        assert (got.first_time, got.total, got.count, got.rows) == ("2024-06-01T09:00:00Z", 2.5, 2, 4), size
    body = "<html>" + "x" * 10_000
    with pytest.raises(NotATable):
        await sum_rows(chunks(100), 100_000)


def test_stride_for_real_limit():
    for box in ([-180, -90, 180, 90], [100, 0, 140, 40], [120, 20, 125, 25], [121, 24, 122, 25]):
        s = sst.stride_for(box)
        nlon = round((box[2] - box[0]) / 0.01) + 1
        nlat = round((box[3] - box[1]) / 0.01) + 1
        assert math.ceil(nlon / s) * math.ceil(nlat / s) <= sst.MAX_POINTS
        if s > 1:
            assert math.ceil(nlon / (s - 1)) * math.ceil(nlat / (s - 1)) > sst.MAX_POINTS
    assert sst.stride_for([121, 24, 122, 25]) == 1


@pytest.mark.e2e
async def test_one_5xx_is_retried(erddap, cfg):
    erddap.fail_next = 1
    r = await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10", fields=["sst"]), config=cfg)
    assert r["sst"] is not None
    assert len(erddap.requests) == 2


@pytest.mark.e2e
async def test_persistent_5xx_is_unavailable(erddap, cfg):
    erddap.fail_next = 10
    with pytest.raises(ToolFailure) as err:
        await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10"), config=cfg)
    assert err.value.code == "UNAVAILABLE"


async def test_unreachable_backend_fails_fast():
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cfg = EngineConfig(erddap_url=f"http://127.0.0.1:{port}/erddap")
    started = time.monotonic()
    with pytest.raises(ToolFailure) as err:
        await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10"), config=cfg)
    assert err.value.code == "UNAVAILABLE"
    assert time.monotonic() - started < 3


async def test_silent_backend_times_out():
    with socket.socket() as s:  # accepts connections (backlog) but never answers
        s.bind(("127.0.0.1", 0))
        s.listen(8)
        cfg = EngineConfig(erddap_url=f"http://127.0.0.1:{s.getsockname()[1]}/erddap", erddap_timeout=0.3)
        started = time.monotonic()
        with pytest.raises(ToolFailure) as err:
            await sst.point_value(GhrsstPointArgs(longitude=121.5, latitude=25.0, date="2025-11-10"), config=cfg)
        assert err.value.code == "UNAVAILABLE" and "timed out" in err.value.message
        assert time.monotonic() - started < 3


def test_engine_config_reads_its_own_environment_names():
    cfg = EngineConfig.from_env({"ERDDAP_URL": "http://127.0.0.1:9/erddap", "ERDDAP_TIMEOUT": "2.5",
                                 "TIDE_STATION_RADIUS_KM": "", "TELEGRAM_BOT_TOKEN": "x"})
    assert cfg.erddap_url == "http://127.0.0.1:9/erddap" and cfg.erddap_timeout == 2.5
    assert cfg.tide_station_radius_km == 50.0  # empty means unset
    with pytest.raises(ValueError):
        EngineConfig.from_env({"ERDDAP_TIMEOUT": "-1"})


def test_bot_settings_become_the_engine_config():
    from core.config import Settings
    from core.tools.backends import engine_config

    cfg = engine_config(Settings(erddap_url="http://127.0.0.1:9/e", tide_station_radius_km=12, erddap_timeout=3))
    assert (cfg.erddap_url, cfg.tide_station_radius_km, cfg.erddap_timeout) == ("http://127.0.0.1:9/e", 12, 3)
