"""Where the chat's last tide answer came from, for a question about the data asked right after it:
the engine's station ("剛才的潮汐由本機引擎依基隆潮位站（TICON-4）調和常數推算"), not only the
model the service would have used."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from core.envelope import Context
from core.words.station import station_name
from core.words.strings import t
from metocean.contract import StationInfo

if TYPE_CHECKING:
    from core.asked import Asked


def with_source(context: Context | None, result: BaseModel, backend: str | None) -> Context | None:
    """Return the context with the station the answer used (name, its constants' source) and the
    backend that answered; unchanged when the answer named no station."""
    station = getattr(result, "station", None)
    if context is None or not isinstance(station, StationInfo) or not station.name:
        return context
    return context.model_copy(update={"station": station.name[:120],
                                      "station_source": (station.source or "")[:40] or None,
                                      "backend": backend})


def last_source_line(asked: "Asked") -> str | None:
    """Return the line naming the station the chat's last tide answer used, when the question asks
    about the data; None otherwise."""
    context = asked.question.context
    if context is None or not context.station or asked.signals is None or not asked.signals.about_data:
        return None
    name = station_name(context.station, asked.lang)
    key = "last_source.local" if context.backend == "local" else "last_source.service"
    return t(asked.lang, key, station=name, source=context.station_source or "")
