"""The tide/sun/moon reply: Relative, Summary and Astro-only modes, zh-TW and English.

Reads both the current upstream key names (`rise`/`set`, illumination "51%") and the older
ones (`sunrise`/`moonset`, illumination 0..1).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from core.words.day import month_day
from core.words.heights import Heights
from core.words.station import station_name
from core.words.strings import moon_phase_name, t, translate_message

TideMode = Literal["relative", "summary", "astro"]


@dataclass(frozen=True)
class TideView:
    """What the question asked for: which mode, whether tide data is wanted, and where."""

    mode: TideMode
    show_tide: bool
    where: str = ""          # place label for the first sentence, may be empty
    today: str = ""          # the local date of query_time, YYYY-MM-DD
    moon_next: str = ""      # a line said right after the sun/moon one (the next full and new moon)
    heights: Heights = Heights()   # the unit and reference the asker reads heights in
    station_line: bool = True  # False when the answer has named its (distant) station already


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


def _illumination(value: Any) -> str:
    if isinstance(value, (int, float)):
        return f"{value * 100:.0f}%" if value <= 1 else f"{value:.0f}%"
    return str(value)


def sun_moon_segment(result: dict[str, Any], lang: str, today: str = "") -> str | None:
    """Return the civil dawn/sunrise/sunset/dusk and moon sentence, or None when absent. The moon
    phase is "today's" only when the result's day is `today` (YYYY-MM-DD); another day is named."""
    sun = result.get("sun") or {}
    moon = result.get("moon") or {}
    phase = result.get("moonphase") or {}
    sun_items = [(t(lang, key), _clock(sun.get(a) or sun.get(b))) for key, a, b in (
        ("dawn", "begin_civil_twilight", "civil_dawn"), ("sunrise", "rise", "sunrise"),
        ("sunset", "set", "sunset"), ("dusk", "end_civil_twilight", "civil_dusk"))]
    moon_items = [(t(lang, key), _clock(moon.get(a) or moon.get(b))) for key, a, b in (
        ("moonrise", "rise", "moonrise"), ("moonset", "set", "moonset"))]
    join, end = t(lang, "join"), t(lang, "end")
    sentences = []
    sun_text = join.join(f"{label} {clock}" for label, clock in sun_items if clock)
    if sun_text:
        sentences.append(sun_text + end)
    moon_parts = [f"{label} {clock}" for label, clock in moon_items if clock]
    current = phase.get("current") or phase.get("phase")
    if current:
        day = str(result.get("date") or "")
        other_day = bool(day and today and day != today)
        moon_parts.append(t(lang, "moon_phase_on" if other_day else "moon_phase", phase=moon_phase_name(str(current), lang),
                            illum=_illumination(phase.get("illumination", moon.get("illumination", "?"))),
                            day=month_day(day, lang) if other_day else ""))
    if moon_parts:
        sentences.append(join.join(moon_parts) + end)
    return t(lang, "sentence_sep").join(sentences) or None


def moon_phase_sentence(result: dict[str, Any], lang: str) -> str | None:
    """Return the day's moon phase and illumination alone ("今日月相：殘月（月面亮度 31%）。"), or None."""
    moon = result.get("moon") or {}
    phase = result.get("moonphase") or {}
    current = phase.get("current") or phase.get("phase")
    if not current:
        return None
    return t(lang, "moon_phase", phase=moon_phase_name(str(current), lang),
             illum=_illumination(phase.get("illumination", moon.get("illumination", "?")))) + t(lang, "end")


def _extremes(tide: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    key = "highs" if kind == "HIGH" else "lows"
    older = "high_tides" if kind == "HIGH" else "low_tides"
    items = tide.get(key) or tide.get(older) or []
    return [i for i in items if isinstance(i, dict)]


def tide_list(tide: dict[str, Any], lang: str, heights: Heights = Heights()) -> str | None:
    """Return the one-line list of the day's highs and lows (heights as `heights` says), or None when there are none."""
    groups = []
    for kind in ("HIGH", "LOW"):
        items = _extremes(tide, kind)
        if items:
            entries = t(lang, "join").join(
                t(lang, "tide_item", time=_clock(i.get("time")), height=heights.say(i))
                for i in items)
            label = t(lang, f"kind.{kind}")
            groups.append(f"{label[:1].upper()}{label[1:]} {entries}")
    if not groups:
        return None
    return t(lang, "tide_list") + t(lang, "sentence_sep") + t(lang, "clause_sep").join(groups)


def _seconds(hms: str | None) -> int:
    parts = [int(p) for p in str(hms or "0:0:0").split(":")[:3]] + [0, 0]
    return parts[0] * 3600 + parts[1] * 60 + parts[2]


def _following_opposite(tide: dict[str, Any], nxt: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """Return the first extreme of the other kind after `nxt` that day, and the wait until it (HH:MM:SS).

    A fisherman asks for both the next high and the next low, not only the nearer one.
    """
    other = "LOW" if str(nxt.get("type")).upper() == "HIGH" else "HIGH"
    try:
        start = datetime.fromisoformat(str(nxt["time"]))
        candidates = sorted((datetime.fromisoformat(str(e["time"])), e) for e in _extremes(tide, other)
                            if e.get("time"))
    except (ValueError, KeyError, TypeError):
        return None
    for moment, event in candidates:
        if moment > start:
            wait = _seconds(tide.get("until_extreme")) + int((moment - start).total_seconds())
            return dict(event, type=other), f"{wait // 3600}:{wait % 3600 // 60}:{wait % 60}"
    return None


def _relative_sentence(tide: dict[str, Any], view: TideView, lang: str) -> str | None:
    state = tide.get("state_now")
    if state not in ("rising", "falling"):
        return None
    where = t(lang, "state_where", where=view.where) if view.where else ""
    parts = [t(lang, "state_now", where=where, state=t(lang, f"state.{state}"))]
    clauses = []
    nxt, last = tide.get("next_extreme"), tide.get("last_extreme")
    if isinstance(nxt, dict) and nxt.get("time"):
        clauses.append(t(lang, "next_extreme", kind=t(lang, f"kind.{str(nxt.get('type')).upper()}"),
                         time=_clock(nxt["time"]), height=view.heights.say(nxt),
                         dur=_duration(tide.get("until_extreme"), lang)))
        after = _following_opposite(tide, nxt)
        if after is not None:
            event, wait = after
            clauses.append(t(lang, "next_extreme", kind=t(lang, f"kind.{event['type']}"), time=_clock(event["time"]),
                             height=view.heights.say(event), dur=_duration(wait, lang)))
    if isinstance(last, dict) and last.get("time"):
        clauses.append(t(lang, "last_extreme", kind=t(lang, f"kind.{str(last.get('type')).upper()}"),
                         time=_clock(last["time"]), height=view.heights.say(last),
                         dur=_duration(tide.get("since_extreme"), lang)))
    if clauses:
        joined = t(lang, "clause_sep").join(clauses) + t(lang, "end")
        parts.append(joined[:1].upper() + joined[1:])
    return t(lang, "sentence_sep").join(parts)


def _summary_sentence(tide: dict[str, Any], lang: str) -> str:
    groups = []
    for kind in ("HIGH", "LOW"):
        clocks = [c for c in (_clock(i.get("time")) for i in _extremes(tide, kind)) if c]
        if clocks:
            groups.append(t(lang, "summary_extremes", kind=t(lang, f"kind.{kind}"), times=t(lang, "join").join(clocks)))
    if not groups:
        return ""
    text = t(lang, "clause_sep").join(groups) + t(lang, "end")
    return t(lang, "sentence_sep") + text[:1].upper() + text[1:]


def _coded_notes(result: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Return the local engine's coded notes, or None for an answer that has only prose (upstream)."""
    notes = result.get("notes")
    if not isinstance(notes, list):
        return None
    return [n for n in notes if isinstance(n, dict) and isinstance(n.get("code"), str)]


def _note_lines(coded: list[dict[str, Any]], has_tide: bool, lang: str) -> list[str]:
    """Return the coded notes worded in `lang` (strings `tide_notes.*`), leaving out what other lines say."""
    lines = []
    for note in coded:
        code = note["code"]
        if code in ("sun_moon_unavailable", "no_station", "inland") or (code == "heights_msl" and not has_tide):
            continue  # said by the sun/moon line, or by the no-tide line and the help after it
        values = {k: v for k, v in note.items() if k != "code" and isinstance(v, (str, int, float))}
        if isinstance(values.get("station"), str):
            values["station"] = station_name(values["station"], lang)
        if "radius_km" in values:
            values["radius_km"] = f"{float(values['radius_km']):g}"
        try:
            lines.append(t(lang, f"tide_notes.{code}", **values))
        except (KeyError, IndexError):
            continue  # a code (or value) this build has no words for: better unsaid than garbled
    return lines


def _prose_lines(messages: list[str], has_tide: bool, lang: str) -> list[str]:
    """Return upstream's English notes translated (regex tables) for `lang`."""
    return [translate_message(m, lang) for m in messages if has_tide or not m.lower().startswith("note: tide heights")]


@dataclass(frozen=True)
class TideParts:
    """The tide reply in parts: its lines (the station line last when shown), the notes said
    after them, and the station named (name, km) when a line names it."""

    lines: list[str]
    notes: list[str]
    station: tuple[str, float] | None = None


def tide_parts(result: dict[str, Any], view: TideView, lang: str) -> TideParts:
    """Return the reply for a `tide.forecast` result in `lang`, following the view's mode, in parts."""
    tide = result.get("tide") or {k: result[k] for k in ("high_tides", "low_tides", "state_now") if k in result}
    messages = [str(m) for m in (result.get("messages") or [])]
    coded = _coded_notes(result)
    status = (result.get("backend") or {}).get("usno_status") or (result.get("meta") or {}).get("status")
    sun_moon_missing = not result.get("sun") and not result.get("moon")
    lines: list[str] = []
    notes: list[str] = []
    named: tuple[str, float] | None = None

    if view.mode != "astro" and sun_moon_missing and (status or messages or coded):
        lines.append(t(lang, "sun_moon_unavailable"))
        # The generic line replaces upstream's own wording of the same warning.
        messages = [m for m in messages if not m.startswith("Sun/Moon data unavailable")]

    has_tide = bool(_extremes(tide, "HIGH") or _extremes(tide, "LOW"))
    if view.mode == "relative" and has_tide:
        sentence = _relative_sentence(tide, view, lang)
        if sentence:
            lines.append(sentence)
    if view.mode == "summary" and result.get("date"):
        lines.append(t(lang, "date_line", date=result["date"]) + t(lang, "end") + _summary_sentence(tide, lang))
    elif view.mode == "astro" and result.get("date") and result.get("date") != view.today:
        lines.append(t(lang, "date_line", date=result["date"]) + t(lang, "end"))

    segment = sun_moon_segment(result, lang, view.today)
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
            inland = any(n["code"] == "inland" for n in coded or [])
            lines.insert(0, t(lang, "no_tide") + (t(lang, "sentence_sep") + t(lang, "tide_notes.inland") if inland else ""))
        station = result.get("station")
        if isinstance(station, dict) and station.get("name") and has_tide:
            km = float(station.get("distance_km", 0))
            if view.station_line:
                lines.append(t(lang, "station", name=station["name"], km=f"{km:.1f}",
                               source=station.get("source", "")))
            named = (str(station["name"]), km)
        # The local engine's notes are codes worded here; upstream's are prose, translated by pattern.
        notes = _note_lines(coded, has_tide, lang) if coded is not None else _prose_lines(messages, has_tide, lang)
    return TideParts([line for line in lines if line], [note for note in notes if note], named)


def render_tide(result: dict[str, Any], view: TideView, lang: str) -> str:
    """Return the reply text for a `tide.forecast` result in `lang`, following the view's mode."""
    parts = tide_parts(result, view, lang)
    return "\n".join(parts.lines + parts.notes)
