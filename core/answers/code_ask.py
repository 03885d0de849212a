"""What a code request asks for, read once: the variable, the place or box, the days, the output and the
zone, and what no program of ours can do (send it somewhere, a variable there is no data for).

The word tables are data (core/data/code_templates/compose.yaml); the places, points, boxes, single
days and zones come from the question's understanding (`core.answers.code.template_slots`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.answers.code_places import ListedPlace
from core.answers.code_spans import Span, named_span
from core.data import DATA_DIR, read_yaml

COMPOSE_FILE = DATA_DIR / "code_templates" / "compose.yaml"
OBSERVED = ("sst", "sst_anomaly")          # published a day late: spans end yesterday
MAPPABLE = ("sst", "sst_anomaly")          # the only variables with a gridded product to map
_ASCII_BOUNDARY = r"(?:(?<![A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<=[A-Za-z0-9_])(?![A-Za-z0-9_]))"
_UTC_RE = re.compile(r"(?<![A-Za-z])(?:UTC|GMT|Z)(?![A-Za-z])")
# An IANA zone written in the question ("Asia/Taipei", "America/New_York", "Pacific/Chatham").
_ZONE_RE = re.compile(r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Za-z_]+(?:/[A-Za-z_]+)?")
# Half the side of the box a map is drawn over around a named point, in degrees.
MAP_HALF_BOX = 1.0
HOME_HALF_BOX = 2.5   # a map with no place named, around the asker's home city: its seas, as Taiwan's default box


@dataclass(frozen=True)
class CodeAsk:
    """One code request as understood; `variable` None: nothing asked that there is data for."""

    variable: str | None
    output: str
    place: str
    point: tuple[float, float]
    bbox: tuple[float, float, float, float] | None
    start: date
    end: date
    tz: str
    cannot_data: tuple[str, ...] = ()
    cannot_delivery: tuple[str, ...] = ()
    assumed_place: bool = False
    clipped: tuple[str, ...] = ()          # "weather", "sst", "map": what was narrowed, said in a note
    conversion: dict[str, str] = field(default_factory=dict)   # time: given, from_tz, to_tz
    place_zh: str = ""     # the place's Chinese name, for the words in Chinese
    said: dict[str, str] = field(default_factory=dict)   # what the question wrote for each cannot
    measures: tuple[str, ...] = ()   # the weather quantities named (wind, rain, temperature): read hourly
    daily: bool = False      # the quantities named asked per day ("sum daily rain"): the day's summary
    extremes_only: bool = False   # the tide asked hourly: the service has its highs and lows only, said
    phase: str = ""          # a moon phase named ("Full Moon"): only its days are kept
    phases: tuple[str, ...] = ()   # every phase named ("full and new moons": both), the first being `phase`
    places: tuple[ListedPlace, ...] = ()   # the places of a list ("Dover, Calais and Vlissingen"), each fetched; () for one
    left_out: tuple[str, ...] = ()   # other data asked beside `variable` ("moon phase … and tidal range"): said, not read
    place_unsaid: bool = False   # a place pointed at ("there", 那邊) but not named: asked, not put in for it

    @property
    def name(self) -> str:
        """The program's files are named after this: the weather quantities named, else the variable."""
        return "_".join(self.measures) if self.measures else str(self.variable)


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace(r"\b", _ASCII_BOUNDARY), re.I)


@lru_cache(maxsize=1)
def compose_data() -> dict[str, Any]:
    """Return compose.yaml with every pattern compiled (cached)."""
    data = read_yaml(COMPOSE_FILE)
    compiled = {
        "variables": {k: [_compile(p) for p in pats] for k, pats in data["variables"].items()},
        "outputs": {k: [_compile(p) for p in pats] for k, pats in data["outputs"].items()},
        "measures": {k: [_compile(p) for p in entry["words"]] for k, entry in data["weather_measures"].items()},
        "asked": {k: [_compile(p) for p in pats] for k, pats in data["asked"].items()},
        "phases": {k: [_compile(p) for p in pats] for k, pats in data["phases"].items()},
        "place_pointer": [_compile(p) for p in data["place_pointer"]],
        "cannot": {kind: {k: [_compile(p) for p in pats] for k, pats in group.items()}
                   for kind, group in data["cannot"].items()},
    }
    return {**data, "compiled": compiled}


def _found(patterns: list[re.Pattern[str]], text: str) -> list[re.Match[str]]:
    return [m for p in patterns for m in p.finditer(text)]


def _blank(text: str, matches: list[re.Match[str]]) -> str:
    for m in matches:
        text = text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]
    return text


def _points_at_a_place(query: str) -> bool:
    """Return True when `query` points at a place it does not name ("there", 那邊: compose.yaml place_pointer)."""
    return bool(_found(compose_data()["compiled"]["place_pointer"], query))


def read_cannot(query: str) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, str], str]:
    """Return (variables there is no data for, deliveries asked, the word written for each, the query
    with all of them blanked out)."""
    groups = compose_data()["compiled"]["cannot"]
    found: dict[str, list[str]] = {"data": [], "delivery": []}
    said: dict[str, str] = {}
    text = query
    for kind in ("data", "delivery"):
        for name, patterns in groups[kind].items():
            hits = _found(patterns, text)
            if hits:
                found[kind].append(name)
                # The user's own word, a name (LINE, Slack) before a verb (傳到).
                said[name] = min(hits, key=lambda m: (not m.group(0).isascii(), m.start())).group(0)
                text = _blank(text, hits)
    return tuple(found["data"]), tuple(found["delivery"]), said, text


def read_variable(text: str, topic: str | None = None) -> str | None:
    """Return the variable the question asks for (the first in compose.yaml's order), None when none.

    `topic` (a caller's "tide"/"sst"/"weather"/"time") wins unless the words name a narrower one
    (sst_anomaly within sst; sun or moon within tide).
    """
    found = [name for name, pats in compose_data()["compiled"]["variables"].items() if _found(pats, text)]
    data = [name for name in found if name != "time"]
    if topic == "sst":
        return "sst_anomaly" if "sst_anomaly" in found else "sst"
    if topic == "tide":
        return next((v for v in data if v in ("tide", "sun", "moon")), "tide")
    if topic in ("weather", "time"):
        return topic
    return data[0] if data else ("time" if found else None)


def read_left_out(text: str, variable: str | None) -> tuple[str, ...]:
    """Return the other data variables `text` asks for beside `variable` (a program reads one), in compose.yaml's
    order: the SST and its anomaly are one; the weather counts only by a quantity named (not "the tide forecast"),
    and not by a temperature beside the sea's."""
    if variable in (None, "time"):
        return ()
    found = [name for name, pats in compose_data()["compiled"]["variables"].items() if _found(pats, text)]
    pair = {"sst", "sst_anomaly"}
    others = [v for v in found if v not in ("time", variable) and not {v, variable} <= pair]
    if "weather" in others and not set(read_measures(text, "weather")) - ({"temperature"} if variable in pair else set()):
        others.remove("weather")
    return tuple(others)


def read_measures(text: str, variable: str | None) -> tuple[str, ...]:
    """Return the weather quantities `text` names (wind, rain, temperature), in compose.yaml's order;
    none for another variable."""
    if variable != "weather":
        return ()
    return tuple(name for name, pats in compose_data()["compiled"]["measures"].items() if _found(pats, text))


def read_how_often(text: str, variable: str | None, measures: tuple[str, ...]) -> tuple[bool, bool]:
    """Return (daily, extremes_only): the weather quantities named asked per day, not hourly; the tide asked
    hourly, which the service gives only as its highs and lows."""
    asked = compose_data()["compiled"]["asked"]
    hourly = bool(_found(asked["hourly"], text))
    daily = variable == "weather" and bool(measures) and not hourly and bool(_found(asked["daily"], text))
    return daily, variable == "tide" and hourly


def read_phase(text: str, variable: str | None) -> str:
    """Return the moon phase a moon program is asked for ("Full Moon"), "" when none is named."""
    return next(iter(read_phases(text, variable)), "")


def read_phases(text: str, variable: str | None) -> tuple[str, ...]:
    """Return every moon phase a moon program is asked for, in the table's order ("滿月和新月": Full Moon, New Moon);
    empty when none is named."""
    if variable != "moon":
        return ()
    return tuple(name for name, pats in compose_data()["compiled"]["phases"].items() if _found(pats, text))


def read_output(text: str, variable: str | None, delivered: tuple[str, ...] = ()) -> str:
    """Return the output asked for (function, csv, map, plot, table, print), else the one a delivery asked carries
    (`delivered`: a message or mail sends text, not a plot), else the variable's default."""
    for name, patterns in compose_data()["compiled"]["outputs"].items():
        if _found(patterns, text):
            return name
    sent = compose_data()["delivered_output"]
    if any(kind in sent for kind in delivered):
        return str(next(sent[kind] for kind in delivered if kind in sent))
    return str(compose_data()["default_output"].get(variable or "", "print"))


def _day(value: Any) -> date | None:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def _span(query: str, variable: str | None, slots: dict[str, Any], today: date) -> Span:
    """The days asked: words for a month/year/N days, else the understood day(s), else a default."""
    named = named_span(query, today, ahead=variable not in OBSERVED)
    start, end = _day(slots.get("start")), _day(slots.get("end"))
    if named is not None and named.counted and start and end:
        named = None   # "3/16~3/22, a week": the two days written say which days; the count only how many
    if named is not None and named.counted and variable in OBSERVED:   # the last N days there are data for
        days = (named.end - named.start).days + 1
        return Span(today - timedelta(days=days), today - timedelta(days=1), past=True)
    if named is not None:
        return named
    single = _day(slots.get("date"))
    if start or end or single:
        first = start or single or end
        last = end or single or start
        assert first is not None and last is not None
        return Span(min(first, last), max(first, last))
    days = int(compose_data()["default_days"].get(variable or "", 3))
    if variable in OBSERVED:
        return Span(today - timedelta(days=days), today - timedelta(days=1), past=True)
    return Span(today, today + timedelta(days=days - 1))


def _clip(variable: str | None, span: Span, today: date) -> tuple[Span, tuple[str, ...]]:
    """The span narrowed to what the data can give: MUR up to yesterday, Open-Meteo 16 days ahead."""
    start, end = span.start, span.end
    if variable in OBSERVED and end >= today:
        end = today - timedelta(days=1)
        return Span(min(start, end), end, span.past), (("sst",) if span.end > today else ())
    if variable == "weather":
        horizon = today + timedelta(days=int(compose_data()["forecast_days_max"]) - 1)
        if start < today or end > horizon:
            start, end = max(start, today), min(max(end, today), horizon)
            return Span(min(start, end), end), ("weather",)
    return span, ()


_TARGET_RE = re.compile(r"(?:換成|轉成|換算成|轉換成|轉為|換為|(?<![A-Za-z])(?:to|into|in)(?![A-Za-z]))\s*$", re.I)
_TARGET_AFTER_RE = re.compile(r"\s*(?:時間|시간|時刻)?\s*(?:に|へ|으로|로)\s*(?:変換|換算|直|変え|する|して|변환|바꾸|바꿔|환산)")


def written_zones(query: str) -> list[tuple[int, str]]:
    """Return the valid IANA zone names written in `query` with where each starts, in order."""
    found = []
    for match in _ZONE_RE.finditer(query):
        try:
            ZoneInfo(match.group(0))
        except (ZoneInfoNotFoundError, ValueError):
            continue
        found.append((match.start(), match.group(0)))
    return found


def _conversion(query: str, slots: dict[str, Any], tz: str, today: date) -> dict[str, str]:
    """The time a conversion program starts from and its two zones. A zone written after 換成/to/in
    is the one converted to; UTC written in the question is a side; the asker's zone fills in."""
    found = dict(slots.get("conversion") or {})
    sides = [(int(pos), str(zone)) for pos, zone in slots.get("zones") or []]
    ends = {m.start(): m.end() for m in _UTC_RE.finditer(query)}
    sides += [(m.start(), "UTC") for m in _UTC_RE.finditer(query)][:1]
    sides += written_zones(query)   # "UTC timestamps to Pacific/Chatham local time": a zone by its IANA name is a side
    for start, end, zone in slots.get("zone_words") or ():   # KST, 日本時間: a side, unless written there already
        ends[int(start)] = int(end)
        if not any(pos == start or zone == side for pos, side in sides):
            sides.append((int(start), str(zone)))
    sides.sort()
    # the zone converted to: after 換成 / "to", or before Japanese に変換 / Korean 로 변환 (「KSTをUTCに変換」)
    targets = [zone for pos, zone in sides if _TARGET_RE.search(query[max(0, pos - 8):pos])
               or pos in ends and _TARGET_AFTER_RE.match(query, ends[pos])]
    origins = [zone for pos, zone in sides if zone not in targets]
    if len(sides) >= 2 and not targets and found.get("from_tz") and found.get("to_tz"):
        from_tz, to_tz = found["from_tz"], found["to_tz"]   # two places, ordered by the clock written
    else:
        from_tz = origins[0] if origins else tz
        to_tz = targets[0] if targets else (origins[1] if len(origins) > 1 else (tz if from_tz != tz else "UTC"))
    day = found.get("date") or today.isoformat()
    clock = found.get("time") or "12:00"
    return {"given": f"{day}T{clock}:00", "from_tz": from_tz, "to_tz": to_tz}


def _default_place(asker_tz: str) -> dict[str, Any]:
    """Return the place a program naming none is written for: Keelung for an asker on Taiwan's clock (or none
    known), else the home city of the asker's zone ("Europe/London": London), said as assumed in the answer."""
    defaults = dict(compose_data()["default_place"])
    if not asker_tz or asker_tz == defaults["tz"] or "/" not in asker_tz or asker_tz.startswith("Etc/"):
        return defaults
    from core.understand.zone_points import default_point

    lon, lat = default_point(asker_tz)
    name = asker_tz.rsplit("/", 1)[-1].replace("_", " ")
    return {**defaults, "point": [lon, lat], "name": name, "name_zh": name, "tz": asker_tz,
            "bbox": [round(lon - HOME_HALF_BOX, 3), round(lat - HOME_HALF_BOX, 3), round(lon + HOME_HALF_BOX, 3),
                     round(lat + HOME_HALF_BOX, 3)]}


def read_code_ask(query: str, slots: dict[str, Any], zone: str | None = None) -> CodeAsk:
    """Return the CodeAsk of `query` given its understood `slots` (see `code.template_slots`) and the
    zone written in it (`zone`, an IANA name, wins over the place's)."""
    defaults = _default_place(str(slots.get("asker_tz") or ""))
    today = _day(slots.get("today")) or datetime.now().date()
    cannot_data, cannot_delivery, said, rest = read_cannot(query)
    variable = read_variable(rest, slots.get("topic"))
    output = read_output(rest, variable, cannot_delivery)
    clipped: tuple[str, ...] = ()
    if output == "map" and variable not in MAPPABLE:
        output, clipped = "plot", ("map",)
    point = slots.get("point")
    bbox = slots.get("bbox")
    assumed = point is None and bbox is None
    lon, lat = (float(point[0]), float(point[1])) if point else tuple(defaults["point"])
    place = slots.get("place") or (f"({lon}, {lat})" if point else defaults["name"])
    if bbox is not None:
        lon0, lat0, lon1, lat1 = (float(v) for v in bbox)
        bbox = (min(lon0, lon1), min(lat0, lat1), max(lon0, lon1), max(lat0, lat1))
        if point is None:
            lon, lat = round((bbox[0] + bbox[2]) / 2, 3), round((bbox[1] + bbox[3]) / 2, 3)
    if output == "map" and bbox is None:
        bbox = ((round(lon - MAP_HALF_BOX, 3), round(lat - MAP_HALF_BOX, 3), round(lon + MAP_HALF_BOX, 3),
                 round(lat + MAP_HALF_BOX, 3)) if point else tuple(defaults["bbox"]))
        assumed = False
    if variable not in MAPPABLE and bbox is not None and point is None:
        bbox = None   # tides, sun, moon and weather are read at a point: the box's centre
    tz = zone or slots.get("tz") or defaults["tz"]
    if bbox is not None and slots.get("bbox") is not None and variable in MAPPABLE:
        # a box of sea is its own place: a word in it read as a town ("del mar de Alborán": Del Mar, California)
        # names neither the program's place nor its clock
        place, tz = str(list(bbox)), zone or str(slots.get("asker_tz") or defaults["tz"])
    span = _span(query, variable, slots, today)
    if "schedule" in cannot_delivery and named_span(query, today) is None and not slots.get("date") and not slots.get("start"):
        span = Span(today, today)   # "every morning at 7, send me the tides": each run's own day, shown for today
    span, narrowed = _clip(variable, span, today)
    if output == "map":   # a map is one day: the day asked, else the latest of the span
        day = _day(slots.get("date")) if named_span(query, today) is None and slots.get("date") else None
        day = min(day or span.end, today - timedelta(days=1))
        span = Span(day, day)
    asker = str(slots.get("asker_tz") or tz)
    conversion = _conversion(query, slots, asker, today) if variable == "time" else {}
    measures = read_measures(rest, variable)
    daily, extremes_only = read_how_often(query, variable, measures)
    if extremes_only and re.fullmatch(r"every hour", said.get("schedule", ""), re.I):
        # "the tide height every hour": how often a value is asked, not when the program runs
        cannot_delivery = tuple(kind for kind in cannot_delivery if kind != "schedule")
    listed: tuple[ListedPlace, ...] = tuple(slots.get("places") or ())
    if bbox is not None or output == "map" or variable is None:
        listed = ()   # a box or a map is not looped over places (a function, which takes any point, is called for each)
    return CodeAsk(variable=variable, output=output, places=listed,
                   place=str(place), point=(round(lon, 4), round(lat, 4)),
                   bbox=bbox, start=span.start, end=span.end, tz=str(tz), cannot_data=cannot_data,
                   cannot_delivery=cannot_delivery, assumed_place=assumed and variable not in (None, "time"),
                   place_unsaid=assumed and variable not in (None, "time") and output != "function" and _points_at_a_place(query),
                   clipped=clipped + narrowed, conversion=conversion,
                   said=said, measures=measures, daily=daily, extremes_only=extremes_only, phase=read_phase(rest, variable),
                   phases=read_phases(rest, variable), left_out=read_left_out(rest, variable),
                   place_zh=str(slots.get("place_zh") or ("" if point else defaults["name_zh"])))
