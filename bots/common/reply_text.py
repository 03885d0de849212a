"""The parts of a reply as plain text, for every port: the body lines and the footer line.

Ports add their own markup around these (Telegram HTML, Discord markdown, the terminal
none); none of them splits `Answer.text` again.
"""
from __future__ import annotations

from core.reply import Footer, Reply


def body_text(reply: Reply, *, headline: bool = True) -> str:
    """Return the headline (unless left out) and the lines, blank lines kept."""
    lines = ([reply.headline] if headline and reply.headline else []) + list(reply.lines)
    return "\n".join(lines).strip("\n")


def notes_text(reply: Reply) -> str:
    """Return the notes said after the body, one a line."""
    return "\n".join(note for note in reply.notes if note)


def where_text(footer: Footer | None) -> str:
    """Return the place and the station (with its distance) in one line, "" for none."""
    if footer is None:
        return ""
    station = footer.station
    if station and footer.station_km is not None:
        station = f"{station} ({footer.station_km:.1f} km)"
    return " · ".join(part for part in (footer.place, station) if part)


def footer_text(footer: Footer | None) -> str:
    """Return where and whose clock in one line (place · station (km) · zone · source), "" for none."""
    if footer is None:
        return ""
    return " · ".join(part for part in (where_text(footer), footer.tz, footer.source) if part)
