"""The GHRSST reply line: `YYYY-MM-DD｜point [lon, lat]: SST ≈ 27.71 °C, Anomaly +1.09 °C（原請求 …）`."""
from __future__ import annotations

from typing import Any

from core.words.strings import t


def _num(value: float) -> str:
    return f"{value:g}"


def render_ghrsst(result: dict[str, Any], lang: str, *, requested_date: str | None = None) -> str:
    """Return the one-line SST answer for a point or bbox result in `lang`."""
    region = [float(v) for v in (result.get("region") or [])]
    if len(region) == 4:
        where = t(lang, "sst_bbox", bbox=", ".join(_num(v) for v in region))
    elif len(region) == 2:
        where = t(lang, "sst_point", lon=_num(region[0]), lat=_num(region[1]))
    else:
        where = "?"
    values = []
    sst, anom = result.get("sst"), result.get("sst_anomaly")
    if isinstance(sst, (int, float)):
        values.append(t(lang, "sst_value", sst=f"{sst:.2f}"))
    if isinstance(anom, (int, float)):
        values.append(t(lang, "sst_anomaly", anom=f"{anom:+.2f}"))
    date = str(result.get("date") or requested_date or "")
    asked = requested_date or result.get("requested_date")
    note = t(lang, "sst_requested", date=asked) if asked and asked != date else ""
    body = ", ".join(values) if values else t(lang, "sst_none")
    return t(lang, "sst_line", date=date, where=where, values=body, note=note)


def sst_notes(result: dict[str, Any], lang: str) -> list[str]:
    """Return the engine's coded notes on an SST result (e.g. a large box sampled on a coarser grid) in words."""
    lines = []
    for note in result.get("notes") or []:
        if not isinstance(note, dict) or not isinstance(note.get("code"), str):
            continue
        values = {k: v for k, v in note.items() if k != "code" and isinstance(v, (str, int, float))}
        if isinstance(values.get("step_deg"), float):
            values["step_deg"] = f"{values['step_deg']:g}"
        try:
            lines.append(t(lang, f"tide_notes.{note['code']}", **values))
        except (KeyError, IndexError):
            continue  # a code this build has no words for: better unsaid than garbled
    return lines
