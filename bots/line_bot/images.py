"""Chart pictures any worker can serve: the picture's URL carries the chart request, signed.

LINE fetches an image message's pictures by URL, later, from whichever worker the load
balancer picks. So the URL holds what to draw (point, first day, days, language, zone, place) and
an HMAC of it under the channel secret: `/line/images/<payload>.<sig>.png` (original) and
`.../<payload>.<sig>.preview.png` (LINE's preview, at most 240 px on a side as LINE asks);
any worker, after a restart too, checks the signature and draws it again. Nothing is stored.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import io
import json

from typing import TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

#: LINE's preview pictures: small (it shows them in the chat list and before the tap).
PREVIEW_PX = 240
#: The longest payload we read (a chart request is ~100 bytes).
MAX_PAYLOAD = 512


class ChartRequest(BaseModel):
    """What a chart picture shows: a point, its first local day, how many days, language, zone, and
    the place it was asked by (its title: a sea point's nearest name may be another place's)."""

    lon: float
    lat: float
    date: str
    days: int = 1
    lang: str = "zh"
    tz: str = "Asia/Taipei"
    place: str | None = None


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sig(secret: str, payload: str) -> str:
    return _b64(hmac.new(secret.encode(), payload.encode("ascii"), hashlib.sha256).digest()[:18])


def chart_name(secret: str, request: ChartRequest) -> str:
    """Return `<payload>.<sig>` naming the chart picture for `request`."""
    payload = _b64(request.model_dump_json(exclude_none=True).encode("utf-8"))
    return f"{payload}.{_sig(secret, payload)}"


def chart_urls(base_url: str, secret: str, request: ChartRequest) -> tuple[str, str]:
    """Return the (original, preview) URLs of the chart picture for `request` under `base_url`."""
    stem = f"{base_url.rstrip('/')}/line/images/{chart_name(secret, request)}"
    return f"{stem}.png", f"{stem}.preview.png"


class CalendarRequest(BaseModel):
    """What a calendar file holds: a point, its first local day, how many days, the sun, language, zone, place."""

    lon: float
    lat: float
    date: str
    days: int = 7
    sun: bool = False
    lang: str = "zh"
    tz: str = "Asia/Taipei"
    place: str | None = None


def calendar_url(base_url: str, secret: str, request: CalendarRequest) -> str:
    """Return the signed URL of the calendar file for `request` under `base_url`."""
    payload = _b64(request.model_dump_json(exclude_none=True).encode("utf-8"))
    return f"{base_url.rstrip('/')}/line/files/{payload}.{_sig(secret, payload)}.ics"


def _signed(secret: str, stem: str, name: str, model: type[M]) -> M | None:
    """Return the request `<payload>.<sig>` carries when we signed it (and `stem` was cut from
    `name`), None otherwise."""
    if stem == name or stem.count(".") != 1 or len(stem) > MAX_PAYLOAD:
        return None
    payload, sig = stem.split(".")
    if not hmac.compare_digest(sig.encode(), _sig(secret, payload).encode()):
        return None
    try:
        return model.model_validate(json.loads(_unb64(payload)))
    except (ValueError, ValidationError):
        return None


def read_calendar_name(secret: str, name: str) -> CalendarRequest | None:
    """Return the request a calendar file's name carries, None when it is not one we signed."""
    return _signed(secret, name.removesuffix(".ics"), name, CalendarRequest)


def read_name(secret: str, name: str) -> tuple[ChartRequest, bool] | None:
    """Return (request, is_preview) for a picture's file name, None when it is not one we signed."""
    preview = name.endswith(".preview.png")
    stem = name.removesuffix(".preview.png") if preview else name.removesuffix(".png")
    request = _signed(secret, stem, name, ChartRequest)
    return (request, preview) if request is not None else None


def preview_png(png: bytes) -> bytes:
    """Return `png` shrunk to fit PREVIEW_PX on its longer side, as PNG."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        image.thumbnail((PREVIEW_PX, PREVIEW_PX))
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=True)
    return out.getvalue()
