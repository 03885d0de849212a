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
