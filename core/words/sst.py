"""The GHRSST reply line: `YYYY-MM-DD｜point [lon, lat]: SST ≈ 27.71 °C, Anomaly +1.09 °C（原請求 …）`."""
from __future__ import annotations

from core.words.notes import note_lines
from core.words.strings import t
from metocean.contract import GhrsstPointResult


def _num(value: float) -> str:
    return f"{value:g}"


def render_ghrsst(result: GhrsstPointResult, lang: str, *, requested_date: str | None = None) -> str:
    """Return the one-line SST answer for a point or bbox result in `lang`."""
    region = result.region
    if len(region) == 4:
        where = t(lang, "sst_bbox", bbox=", ".join(_num(v) for v in region))
    elif len(region) == 2:
        where = t(lang, "sst_point", lon=_num(region[0]), lat=_num(region[1]))
    else:
        where = "?"
    values = []
    sst, anom = result.sst, result.sst_anomaly
    if sst is not None:
        values.append(t(lang, "sst_value", sst=f"{sst:.2f}"))
    if anom is not None:
        values.append(t(lang, "sst_anomaly", anom=f"{anom:+.2f}"))
    date = result.date or requested_date or ""
    asked = requested_date or result.requested_date
    note = t(lang, "sst_requested", date=asked) if asked and asked != date else ""
    body = ", ".join(values) if values else t(lang, "sst_none")
    return t(lang, "sst_line", date=date, where=where, values=body, note=note)


def sst_notes(result: GhrsstPointResult, lang: str) -> list[str]:
    """Return the engine's coded notes on an SST result (e.g. a large box sampled on a coarser grid) in words."""
    return note_lines(result.notes or [], lang)
