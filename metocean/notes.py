"""Coded notes of the engine's answers (`tide.forecast`, a strided `ghrsst.bbox_mean`): what
the engine wants said, as a code and its values.

The local engine reports each note twice: as a code with parameters in the local-only
`notes` list (the bot's renderer words it in the reader's language from its strings files),
and as the English sentence upstream would write in `messages` (so a client that only knows
upstream's shape still reads them). Upstream sends only `messages`; the bot's client reads
them into these codes once (core/tools/metocean_replies.py), so the words never see prose.

Codes (parameters):
  utc_assumed                                  tz was "Z": times are UTC
  sun_moon_unavailable  reason                 sun/moon could not be computed; tides follow
  no_station            radius_km, nearest?    no tide station within the radius
  inland                nearest?               the point is on land away from the sea
  heights_msl           station, source        heights are relative to MSL, from that station
  box_sampled           sample, step_deg       (ghrsst.bbox_mean) the box mean was taken over every
                                               `sample`-th grid point, every `step_deg` degrees
  heights_reference     ref                    (upstream) heights are relative to `ref`
  upstream_note         text                   (upstream) a sentence no code stands for, kept whole
`nearest` is {"id", "name", "distance_km"} of the closest station at any distance (absent
when the station table is empty).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

NoteCode = Literal["utc_assumed", "sun_moon_unavailable", "no_station", "inland", "heights_msl", "box_sampled",
                   "heights_reference", "upstream_note"]


class NearestStation(BaseModel):
    """The closest tide station, however far (for "the nearest station is ...")."""

    id: str
    name: str
    distance_km: float


class Note(BaseModel):
    """One coded note: `code` and the values its wording needs."""

    model_config = ConfigDict(extra="forbid")
    code: NoteCode
    reason: str | None = None
    radius_km: float | None = None
    nearest: NearestStation | None = None
    station: str | None = None
    source: str | None = None
    sample: int | None = None
    step_deg: float | None = None
    ref: str | None = None
    text: str | None = None

    def payload(self) -> dict[str, Any]:
        """Return the note as JSON-ready data (unset parameters left out)."""
        return self.model_dump(exclude_none=True)


# Upstream's own sentences where upstream has one, else ours.
_ENGLISH: dict[str, str] = {
    "utc_assumed": "Timezone not provided; times shown are in UTC (+00:00). Convert to your local time if needed.",
    "sun_moon_unavailable": "Sun/Moon data unavailable at this time ({reason}). Tide extrema are provided below.",
    "no_station": "No tide station within {radius_km:g} km of this point; tide predictions are not available here.",
    "inland": "This point is on land away from the sea; tide predictions are not available here.",
    "heights_msl": "Note: Tide heights are relative to MSL (harmonic prediction from {station} ({source}) "
                   "constants) and provided for reference only.",
    "box_sampled": "The box is large, so its mean is taken on a {step_deg:g}-degree grid (one point in "
                   "{sample} each way) rather than the full 0.01-degree grid.",
    "heights_reference": "Note: Tide heights are relative to {ref} and provided for reference only.",
    "upstream_note": "{text}",
}


def english(note: Note) -> str:
    """Return the note as the English sentence that goes into `messages`."""
    return _ENGLISH[note.code].format(**{k: v for k, v in note.model_dump().items() if v is not None})
