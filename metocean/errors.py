"""The error tree of tool calls, written down once.

ToolFailure
  code INVALID_ARGUMENT  the arguments cannot be served (bad range, missing tz, unknown station)
  code NOT_FOUND         the data does not exist for that day or place
  code UNAVAILABLE       the backend cannot be reached, timed out or is down

Every backend (upstream MCP, the local engine, Open-Meteo) raises only ToolFailure, so
the router and the renderers handle one type.
"""
from __future__ import annotations

from typing import Literal

ErrorCode = Literal["INVALID_ARGUMENT", "NOT_FOUND", "UNAVAILABLE"]


class ToolFailure(Exception):
    """A tool call that did not produce a result; `code` says which kind of failure."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type["ToolFailure"], tuple[ErrorCode, str]]:
        # Pickled as (code, message): a forecast worker process hands its failures back whole.
        return type(self), (self.code, self.message)


def classify_error_text(text: str) -> ErrorCode:
    """Return the error code an upstream error message stands for (by its wording)."""
    low = text.lower()
    if any(k in low for k in ("data not exist", "no data", "available range", "available date", "not found")):
        return "NOT_FOUND"
    if any(k in low for k in ("unavailable", "timeout", "timed out", "connect", "network", "backend down",
                              "502", "503", "504")):
        return "UNAVAILABLE"
    return "INVALID_ARGUMENT"
