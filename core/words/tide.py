"""The tide/sun/moon reply: Relative, Summary and Astro-only modes, zh-TW and English.

Reads the contract's model (metocean.contract.TideForecastResult): older upstream key names
were read into the current ones when the answer was parsed, and upstream's notes into codes.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from core.words.day import month_day
from core.words.heights import Heights
from core.words.lunar import beside_phase
from core.words.notes import note_lines
from core.words.strings import moon_phase_name, t
from core.words.tide_at import state_at_line
from metocean.contract import TideBlock, TideEvent, TideExtremeOut, TideForecastResult

TideMode = Literal["relative", "summary", "astro"]
Kind = Literal["HIGH", "LOW"]


@dataclass(frozen=True)
class TideView:
    """What the question asked for: which mode, whether tide data is wanted, and where."""

    mode: TideMode
    show_tide: bool
    where: str = ""          # place label for the first sentence, may be empty
    today: str = ""          # the local date of query_time, YYYY-MM-DD
    moon_next: str = ""      # a line said right after the sun/moon one (the next full and new moon)
    lunar_line: str = ""     # the lunar date asked for, said before the sun/moon line (then not beside the phase)
    heights: Heights = Heights()   # the unit and reference the asker reads heights in
    station_line: bool = True  # False when the answer has named its (distant) station already
    at: str = ""             # a clock time the question asks about ("HH:MM" on the answer's day), said first


def choose_mode(query_date: str, query_time: datetime, *, wants_tide: bool) -> TideMode:
    """Return `astro` when only sun/moon were asked, `relative` for today, `summary` for another day."""
    if not wants_tide:
        return "astro"
    return "relative" if query_date == query_time.date().isoformat() else "summary"


def _clock(iso: str | None) -> str | None:
    if not iso:
        return None
    try:
        return datetime.fromisoformat(str(iso)).strftime("%H:%M")
    except ValueError:
        return str(iso)[11:16] or None


def _duration(hms: str | None, lang: str) -> str:
    parts = [int(p) for p in str(hms or "0:0:0").split(":")[:3]] + [0, 0]
    total_min = round((parts[0] * 3600 + parts[1] * 60 + parts[2]) / 60)
    h, m = divmod(total_min, 60)
    return t(lang, "hm", h=h, m=m) if h else t(lang, "m_only", m=m)


def _illumination(result: TideForecastResult) -> str:
    phase, moon = result.moonphase, result.moon
    if phase is not None and phase.illumination is not None:
        return phase.illuminated()
    if moon is not None and moon.illumination is not None:   # older answers put it on the moon
        return phase.model_copy(update={"illumination": moon.illumination}).illuminated() if phase else "?"
    return "?"


def _polar_day(result: TideForecastResult, lang: str) -> str:
    """Return "no sunset (midnight sun)" or "no sunrise (polar night)" for a day the sun was computed for that has
    neither sunrise nor sunset (Svalbard in August, Tromsø in December), else "". The sun stays up all day only in
    its hemisphere's summer half year, so the month and the latitude's sign say which."""
    sun = result.sun
    if sun is None or sun.rise or sun.set or not sun.transit or len(result.region) < 2 or abs(result.region[1]) < 60:
        return ""
    summer_north = result.date[5:7] in ("04", "05", "06", "07", "08", "09")
    return t(lang, "sun_up_all_day" if (result.region[1] > 0) == summer_north else "sun_down_all_day")


def sun_moon_segment(result: TideForecastResult, lang: str, today: str = "", *, lunar: bool = True) -> str | None:
    """Return the civil dawn/sunrise/sunset/dusk and moon sentence, or None when absent. The moon
    phase is "today's" only when the result's day is `today` (YYYY-MM-DD); another day is named.
    With `lunar`, the day's lunar date follows the phase where the language has room (zh) and no
    CWA line says it already."""
    sun, moon, phase = result.sun, result.moon, result.moonphase
    sun_items = [(t(lang, key), _clock(value)) for key, value in (
        ("dawn", sun.begin_civil_twilight if sun else None), ("sunrise", sun.rise if sun else None),
        ("sunset", sun.set if sun else None), ("dusk", sun.end_civil_twilight if sun else None))]
    moon_items = [(t(lang, key), _clock(value)) for key, value in (
        ("moonrise", moon.rise if moon else None), ("moonset", moon.set if moon else None))]
    join, end = t(lang, "join"), t(lang, "end")
    sentences = []
    polar = _polar_day(result, lang)   # neither sunrise nor sunset: say so, not leave the sun out
    sun_text = join.join([*(f"{label} {clock}" for label, clock in sun_items if clock), *([polar] if polar else [])])
    if sun_text:
        sentences.append(sun_text + end)
    moon_parts = [f"{label} {clock}" for label, clock in moon_items if clock]
    if phase is not None and phase.current:
        day = result.date
        other_day = bool(day and today and day != today)
        said_by_cwa = result.official is not None and bool(result.official.lunar_date)
        moon_parts.append(t(lang, "moon_phase_on" if other_day else "moon_phase", phase=moon_phase_name(phase.current, lang),
                            illum=_illumination(result), day=month_day(day, lang) if other_day else "",
                            lunar=beside_phase(day, lang) if lunar and not said_by_cwa else ""))
    if moon_parts:
        sentences.append(join.join(moon_parts) + end)
    return t(lang, "sentence_sep").join(sentences) or None


def moon_phase_sentence(result: TideForecastResult, lang: str, *, lunar: bool = True) -> str | None:
    """Return the day's moon phase and illumination alone ("今日月相：殘月（月面亮度 31%），農曆十月十九。"
    with `lunar` in zh), or None."""
    phase = result.moonphase
    if phase is None or not phase.current:
        return None
    beside = beside_phase(result.date, lang) if lunar else ""
    return t(lang, "moon_phase", phase=moon_phase_name(phase.current, lang), illum=_illumination(result),
             lunar=beside) + t(lang, "end")


KINDS: tuple[Kind, Kind] = ("HIGH", "LOW")


def tide_list(tide: TideBlock, lang: str, heights: Heights = Heights()) -> str | None:
    """Return the one-line list of the day's highs and lows (heights as `heights` says), or None when there are none."""
    groups = []
    for kind in KINDS:
        items = tide.extremes(kind)
        if items:
            entries = t(lang, "join").join(
                t(lang, "tide_item", time=_clock(i.time), height=heights.say(i)) for i in items)
            label = t(lang, f"kind.{kind}")
            groups.append(f"{label[:1].upper()}{label[1:]} {entries}")
    if not groups:
        return None
    return t(lang, "tide_list") + t(lang, "sentence_sep") + t(lang, "clause_sep").join(groups)


def _seconds(hms: str | None) -> int:
    parts = [int(p) for p in str(hms or "0:0:0").split(":")[:3]] + [0, 0]
    return parts[0] * 3600 + parts[1] * 60 + parts[2]


def _following_opposite(tide: TideBlock, nxt: TideExtremeOut) -> tuple[TideEvent, Kind, str] | None:
    """Return the first extreme of the other kind after `nxt` that day, its kind, and the wait until it (HH:MM:SS).

    A fisherman asks for both the next high and the next low, not only the nearer one.
    """
    other: Kind = "LOW" if nxt.type == "HIGH" else "HIGH"
    try:
        start = datetime.fromisoformat(nxt.time)
        candidates = sorted(((datetime.fromisoformat(e.time), e) for e in tide.extremes(other)), key=lambda p: p[0])
    except ValueError:
        return None
    for moment, event in candidates:
        if moment > start:
            wait = _seconds(tide.until_extreme) + int((moment - start).total_seconds())
            return event, other, f"{wait // 3600}:{wait % 3600 // 60}:{wait % 60}"
    return None


def _relative_sentence(tide: TideBlock, view: TideView, lang: str) -> str | None:
    state = tide.state_now
    if state is None:
        return None
    where = t(lang, "state_where", where=view.where) if view.where else ""
    parts = [t(lang, "state_now", where=where, state=t(lang, f"state.{state}"))]
    clauses = []
    nxt, last = tide.next_extreme, tide.last_extreme
    if nxt is not None:
        clauses.append(t(lang, "next_extreme", kind=t(lang, f"kind.{nxt.type}"), time=_clock(nxt.time),
                         height=view.heights.say(nxt), dur=_duration(tide.until_extreme, lang)))
        after = _following_opposite(tide, nxt)
        if after is not None:
            event, kind, wait = after
            clauses.append(t(lang, "next_extreme", kind=t(lang, f"kind.{kind}"), time=_clock(event.time),
                             height=view.heights.say(event), dur=_duration(wait, lang)))
    if last is not None:
        clauses.append(t(lang, "last_extreme", kind=t(lang, f"kind.{last.type}"), time=_clock(last.time),
                         height=view.heights.say(last), dur=_duration(tide.since_extreme, lang)))
    if clauses:
        joined = t(lang, "clause_sep").join(clauses) + t(lang, "end")
        parts.append(joined[:1].upper() + joined[1:])
    return t(lang, "sentence_sep").join(parts)


def _summary_sentence(tide: TideBlock, lang: str) -> str:
    groups = []
    for kind in KINDS:
        clocks = [c for c in (_clock(i.time) for i in tide.extremes(kind)) if c]
        if clocks:
            groups.append(t(lang, "summary_extremes", kind=t(lang, f"kind.{kind}"), times=t(lang, "join").join(clocks)))
    if not groups:
        return ""
    text = t(lang, "clause_sep").join(groups) + t(lang, "end")
    return t(lang, "sentence_sep") + text[:1].upper() + text[1:]


@dataclass(frozen=True)
class TideParts:
    """The tide reply in parts: its lines (the station line last when shown), the notes said
    after them, and the station named (name, km) when a line names it."""

    lines: list[str]
    notes: list[str]
    station: tuple[str, float] | None = None


def tide_parts(result: TideForecastResult, view: TideView, lang: str) -> TideParts:
    """Return the reply for a `tide.forecast` result in `lang`, following the view's mode, in parts."""
    tide = result.tide
    coded = result.coded_notes()
    codes = {note.code for note in coded}
    status = result.backend.get("usno_status")
    sun_moon_missing = not any(block is not None and block.model_dump(exclude_none=True)
                               for block in (result.sun, result.moon))
    lines: list[str] = []
    notes: list[str] = []
    named: tuple[str, float] | None = None

    if view.mode != "astro" and sun_moon_missing and (status or result.messages or coded):
        lines.append(t(lang, "sun_moon_unavailable"))

    has_tide = result.has_tide
    if view.at and view.show_tide and has_tide and (at := state_at_line(tide, view.at, lang)):
        lines.append(at)   # 「凌晨兩點 是漲潮還退潮」: the time asked, before now's state or the day's list
    if view.mode == "relative" and has_tide:
        sentence = _relative_sentence(tide, view, lang)
        if sentence:
            lines.append(sentence)
    if view.mode == "summary" and result.date:
        lines.append(t(lang, "date_line", date=result.date) + t(lang, "end") + _summary_sentence(tide, lang))
    elif view.mode == "astro" and result.date and result.date != view.today:
        lines.append(t(lang, "date_line", date=result.date) + t(lang, "end"))

    lines.append(view.lunar_line)
    segment = sun_moon_segment(result, lang, view.today, lunar=not view.lunar_line)
    if segment:
        lines.append(segment)
    elif view.mode == "astro":
        lines.append(t(lang, "sun_moon_unavailable").split("，")[0].split(";")[0] + t(lang, "end"))
    lines.append(view.moon_next)

    if view.show_tide and view.mode != "astro":
        listing = tide_list(tide, lang, view.heights)
        if listing:
            lines.append(listing)
        else:
            # Lead with the fact (and, inland, why), then what there is (sun and moon).
            inland = "inland" in codes
            lines.insert(0, t(lang, "no_tide") + (t(lang, "sentence_sep") + t(lang, "tide_notes.inland") if inland else ""))
        station = result.station
        if station is not None and station.name and has_tide:
            if view.station_line:
                lines.append(t(lang, "station", name=station.name, km=f"{station.distance_km:.1f}",
                               source=station.source))
            named = (station.name, station.distance_km)
        # Said by the sun/moon line, or by the no-tide line and the help after it.
        unsaid = {"sun_moon_unavailable", "no_station", "inland"} | (set() if has_tide else {"heights_msl",
                                                                                           "heights_reference"})
        notes = note_lines((n for n in coded if n.code not in unsaid), lang)
    return TideParts([line for line in lines if line], [note for note in notes if note], named)


def render_tide(result: TideForecastResult, view: TideView, lang: str) -> str:
    """Return the reply text for a `tide.forecast` result in `lang`, following the view's mode."""
    parts = tide_parts(result, view, lang)
    return "\n".join(parts.lines + parts.notes)
