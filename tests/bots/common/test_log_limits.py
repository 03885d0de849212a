"""The JSON log under a flood: repeated warnings are summed up, not written thousands of times;
uvicorn's records (tracebacks included) come through the same JSON and redaction."""
from __future__ import annotations

import io
import json
import logging

from bots.common.logs import RepeatLimiter, setup_logging

TOKEN = "123456:ABCDEFghijklmnopqrstuvwxyz_0123"


def _lines(stream: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_a_warning_flood_is_a_few_lines_then_a_count() -> None:
    stream = io.StringIO()
    setup_logging("INFO", [TOKEN], stream=stream)
    limiter = next(f for f in logging.getLogger().handlers[0].filters if isinstance(f, RepeatLimiter))
    limiter.window_s = 0.2
    flood = logging.getLogger("asyncio")
    try:
        for n in range(1000):
            flood.error("socket.accept() out of system resource", extra={"n": n})
        for n in range(20):
            logging.getLogger("odbchat.test").info("one event %d", n)  # below WARNING: never limited
        import time
        time.sleep(0.25)
        flood.error("socket.accept() out of system resource")
        lines = _lines(stream)
        floods = [r for r in lines if r["logger"] == "asyncio"]
        assert len(floods) == 6  # 5 in the first window, then one carrying the count
        assert floods[-1]["suppressed"] == 995
        assert len([r for r in lines if r["logger"] == "odbchat.test"]) == 20
    finally:
        logging.getLogger().handlers.clear()


def test_uvicorn_records_and_tracebacks_go_through_the_json_log() -> None:
    own = logging.getLogger("uvicorn.error")
    stray = io.StringIO()
    own.addHandler(logging.StreamHandler(stray))  # as uvicorn's default log config would
    own.propagate = False
    stream = io.StringIO()
    setup_logging("WARNING", [TOKEN], stream=stream)
    try:
        try:
            raise RuntimeError(f"call to https://api.telegram.org/bot{TOKEN}/getMe failed")
        except RuntimeError as exc:
            own.error("Exception in ASGI application\n", exc_info=exc)
        assert stray.getvalue() == ""  # uvicorn's own handler is gone
        (record,) = _lines(stream)
        assert record["logger"] == "uvicorn.error" and "RuntimeError" in record["error"]
        assert TOKEN not in stream.getvalue() and "<redacted>" in stream.getvalue()
    finally:
        logging.getLogger().handlers.clear()
