"""Score a question set (the format of tests/data/understanding_tune.yaml) through the real Router.

Each question runs on the local backend with no LLM, at the set's fixed query time and zone (or
the question's own `tz`). Tide, sun/moon and clock questions are answered for real (all offline);
weather and SST are routed with `dry_run` (their data services are not reached) and judged by
the call's arguments, as are tide answers where the local engine has no station (upstream or CWA
answers those; they are counted apart); explanations and code are composed for real (offline, no LLM). Each
question is classed:

- right: routed to the expected topic, and place (within `km`), day(s), zone and clock time right;
  for `kind: ask` / `decline`, the bot asked or declined (or answered, where `accept` allows it);
- routed: the topic right but something else wrong (counted with the confident wrong below);
- honest miss: the bot asked back (a code answer with no program asks which data), said it has no
  data, or declined where an answer was expected;
- CONFIDENT WRONG: it answered, but topic, place, day, zone or time is wrong, or it answered
  where it should have asked or declined.

Usage: python benchmarks/understanding_eval.py [SET.yaml] [--misses]
"""
from __future__ import annotations

import asyncio
import math
import re
import sys
from collections import Counter
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import yaml  # noqa: E402

from core.config import Settings  # noqa: E402
from core.envelope import Answer, Question  # noqa: E402
from core.router import Router  # noqa: E402
from timezonefinder import TimezoneFinder  # noqa: E402

DEFAULT_SET = Path(__file__).resolve().parent.parent / "tests" / "data" / "understanding_tune.yaml"
OFFLINE = ("tide.", "time.")            # answered for real; the rest by their arguments
# Plans that ask back or say the bot has nothing (honest), by the router's reason.
ASKED = {"ask_back", "unclear_follow_up", "ask_which_place", "tide_without_location", "weather_without_location",
         "no_location", "unknown_place", "coordinates_out_of_range"}
DECLINED = {"sea_state_only", "sea_state_wind", "sea_state_tide", "off_topic", "tide_over_region"}
# What each tool's answer gives: a chart or a week also gives the day's tides (a week's table each day's sun and
# moon too: "Moon: New Moon" under the day); an SST answer carries the anomaly beside the temperature; a calendar
# is the tide days as a file.
TOPIC_OF_TOOL: dict[str, set[str]] = {
    "tide.forecast": {"tide"}, "tide.chart": {"tide", "tide_chart"}, "tide.week": {"tide", "tide_week", "sun", "moon"},
    "tide.calendar": {"tide"}, "weather.forecast": {"weather"}, "ghrsst.point_value": {"sst", "sst_anomaly"},
    "ghrsst.bbox_mean": {"sst", "sst_anomaly"}, "time.now": {"time"}, "time.convert": {"time_convert"}}


_FINDER = TimezoneFinder(in_memory=True)


def _km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 6371 * 2 * math.asin(math.sqrt(min(1.0, a)))


def _topics(answer: Answer) -> set[str]:
    """Return the topics an answer gives: a day's tide report also gives the sun and the moon."""
    if answer.mode == "code":
        return {"code"}
    if answer.mode == "explain":
        return {"explain"} if answer.citations else set()
    topics = TOPIC_OF_TOOL.get(answer.tool or "")
    if topics is None:
        return set()
    if answer.tool == "tide.forecast":
        variant = (answer.debug or {}).get("variant")
        days = int((answer.debug or {}).get("days") or 1)
        # several days answered day by day are the days' tide table (the days themselves are checked apart)
        return {"sun", "moon"} if variant else {"tide", "sun", "moon"} | ({"tide_week"} if days >= 2 else set())
    return set(topics)


def _outcome(answer: Answer) -> str:
    """Return "asked", "declined" or "answered"."""
    reason = (answer.debug or {}).get("reason") or ""
    if reason in ASKED or (answer.mode == "fallback" and reason not in DECLINED):
        return "asked"
    if answer.mode == "code" and (answer.reply is None or answer.reply.code is None):
        return "asked"   # "which data should the program read?": no program, an honest question
    if reason in DECLINED or answer.error:
        return "declined"
    if answer.mode == "explain" and not answer.citations and reason not in ("help", "about_bot", "thanks", "greeting"):
        return "declined"   # "I have no passage on that"
    if _no_station(answer):
        return "answered"   # judged by its plan, as weather and SST are: upstream or CWA answers there
    if answer.mode == "mcp_tools" and answer.tool and answer.tool.startswith("tide.") and re.search(
            r"\binland|內陸|no tide|沒有潮汐|無潮汐資料|不在海邊", answer.text, re.IGNORECASE):
        return "declined"
    return "answered"


def _no_station(answer: Answer) -> bool:
    """Return whether a tide answer (not its sun/moon variant) says the local engine has no station near the
    point: the plan is right, only the offline data is missing."""
    if answer.mode != "mcp_tools" or not (answer.tool or "").startswith("tide.") or (answer.debug or {}).get("variant"):
        return False
    result = answer.result or {}
    notes = (result.get("forecast") or result).get("notes") or []   # a chart or a week holds the day's forecast
    return any(isinstance(note, dict) and note.get("code") == "no_station" for note in notes)


def answered_point(args: dict[str, Any]) -> tuple[float, float] | None:
    """Return the (lat, lon) an answer's arguments are for (a box's centre), or None."""
    if "bbox" in args:
        b = args["bbox"]
        return (b[1] + b[3]) / 2, (b[0] + b[2]) / 2
    if "latitude" in args and "longitude" in args:
        return float(args["latitude"]), float(args["longitude"])
    return None


def _place_today(args: dict[str, Any], moment: datetime) -> date:
    """Return the day it is at the forecast's place: Open-Meteo's first day is the place's today."""
    zone = args.get("timezone")
    if not zone or zone == "auto":
        zone = _FINDER.timezone_at(lat=float(args["latitude"]), lng=float(args["longitude"])) or "UTC"
    return moment.astimezone(ZoneInfo(zone)).date()


def _days(answer: Answer, moment: datetime) -> tuple[date, date] | None:
    args = answer.arguments or {}
    if answer.tool == "weather.forecast":
        today = _place_today(args, moment)
        return today, today + timedelta(days=int(args.get("forecastDays", 1)) - 1)
    if "date" not in args:
        return None
    first = date.fromisoformat(str(args["date"]))
    n = 7 if answer.tool == "tide.week" else int((answer.debug or {}).get("days") or 1)
    return first, first + timedelta(days=n - 1)


def _asks_a_phase_day(aspect: str) -> bool:
    """Whether an expectation's aspect asks the day of a moon phase (moon_phase, full_moon, new_moon …),
    which today's moon report answers by naming it, not a moonrise or moonset."""
    return "moon" in aspect and aspect not in ("moonrise", "moonset")


def _same_clock(a: str | None, b: str, moment: datetime) -> bool:
    """Whether two zones keep the same clock now and half a year on (Australia/Lindeman is Brisbane's)."""
    if a is None:
        return False
    if a == b:
        return True
    try:
        za, zb = ZoneInfo(a), ZoneInfo(b)
    except (KeyError, ValueError):
        return False
    return all(when.astimezone(za).utcoffset() == when.astimezone(zb).utcoffset()
               for when in (moment, moment + timedelta(days=182)))


def _wrongs(expect: dict[str, Any], answer: Answer, moment: datetime) -> list[str]:
    """Return what is wrong in an answered question (empty: right)."""
    wrong = []
    topic = expect.get("topic")
    # "how many hours ahead is Sydney now?" labelled the time there: both clocks now and their gap answer it, the
    # side of the labelled zone holding its time
    both = topic == "time" and expect.get("aspect") == "difference" and answer.tool == "time.convert" \
        and answer.result is not None and not answer.result.get("given_time")
    if both:
        return _gap_answered(expect, answer, moment)
    if topic and topic not in _topics(answer):
        return [f"topic {sorted(_topics(answer)) or answer.mode} ≠ {topic}"]
    args = answer.arguments or {}
    place = expect.get("place")
    if place and answer.mode == "mcp_tools" and answer.tool != "time.now" and answer.tool != "time.convert":
        got = answered_point(args)
        want = ((place["bbox"][1] + place["bbox"][3]) / 2, (place["bbox"][0] + place["bbox"][2]) / 2) \
            if "bbox" in place else (place["lat"], place["lon"])
        if got is None:
            wrong.append("no place")
        elif _km(*got, *want) > float(place.get("km", 10)):
            wrong.append(f"place {_km(*got, *want):.0f} km off")
    want_days = expect.get("date")
    if want_days and answer.mode == "mcp_tools" and answer.tool not in ("time.now", "time.convert"):
        lo, hi = (want_days["from"], want_days["to"]) if isinstance(want_days, dict) else (want_days, want_days)
        lo, hi = date.fromisoformat(str(lo)), date.fromisoformat(str(hi))
        got_days = _days(answer, moment)
        # "When is the next full moon": today's moon report names the next phases' days; the asked
        # day must be written in it (a moon-phase question only).
        said = _asks_a_phase_day(str(expect.get("aspect", ""))) and lo == hi and lo.isoformat() in answer.text
        # A spring or neap tide is a window of days: the asked day (the phase's) must be in it.
        # (asked over a month: a window inside it, every window being listed in the answer's first line)
        said = said or (expect.get("aspect") in ("spring_tide", "neap_tide") and got_days is not None
                        and (got_days[0] <= lo and hi <= got_days[1] or lo <= got_days[0] and got_days[1] <= hi))
        if not said and (got_days is None or not (got_days[0] <= lo and hi <= got_days[1]) or (
                answer.tool != "weather.forecast" and got_days[0] != lo)):
            wrong.append(f"days {got_days} ≠ {lo}..{hi}")
    zone = expect.get("zone")
    if zone and answer.mode == "mcp_tools":
        got_zone = args.get("tz") or args.get("timezone") or args.get("to_tz")
        if answer.tool in ("tide.forecast", "tide.chart", "tide.week", "time.now", "time.convert") and \
                not _same_clock(got_zone, zone, moment):
            wrong.append(f"zone {got_zone} ≠ {zone}")
    when = expect.get("answer_time")
    if when and answer.result is not None:
        res = answer.result.get("to") if answer.tool == "time.convert" else answer.result
        got = f"{(res or {}).get('date')}T{(res or {}).get('time', '')[:5]}"
        if got != when:
            wrong.append(f"time {got} ≠ {when}")
    return wrong


def _gap_answered(expect: dict[str, Any], answer: Answer, moment: datetime) -> list[str]:
    """Return what is wrong in two clocks now answering a gap labelled as one zone's time: that zone is one side and
    that side's time is the one expected (empty: right)."""
    result, args = answer.result or {}, answer.arguments or {}
    zone, when = expect.get("zone"), expect.get("answer_time")
    for tz, side in ((args.get("to_tz"), result.get("to")), (args.get("from_tz"), result.get("from"))):
        got = f"{(side or {}).get('date')}T{(side or {}).get('time', '')[:5]}"
        if (not zone or _same_clock(tz, zone, moment)) and (not when or got == when):
            return []
    return [f"zone {zone} / time {when} on neither side"]


async def _ask(router: Router, item: dict[str, Any], defaults: dict[str, Any]) -> tuple[Answer, datetime]:
    tz = item.get("tz") or defaults.get("tz", "Asia/Taipei")
    local = datetime.fromisoformat(str(item.get("query_time") or defaults["query_time"]))
    # A query time without an offset is the asker's own clock ("asker in New York at 09:00 EST").
    moment = local.astimezone(ZoneInfo(tz)) if local.tzinfo else local.replace(tzinfo=ZoneInfo(tz))
    question = Question(query=item["q"], tz=tz, query_time=moment.isoformat(), dry_run=True, debug=True)
    answer = await router.answer(question)
    if (answer.mode == "mcp_tools" and (answer.tool or "").startswith(OFFLINE)) or answer.mode in ("explain", "code"):
        answer = await router.answer(question.model_copy(update={"dry_run": False}))
    return answer, moment


def classify(item: dict[str, Any], answer: Answer, moment: datetime) -> tuple[str, str]:
    """Return (class, why): right, honest, wrong."""
    expect = item["expect"]
    kind = expect["kind"]
    outcome = _outcome(answer)
    if kind in ("ask", "decline"):
        if outcome in ("asked", "declined"):
            return "right", outcome
        if outcome in item.get("accept", ()) or "answer" in item.get("accept", ()):
            return ("right", "accepted") if not _wrongs(expect, answer, moment) else ("wrong", "accepted but wrong")
        return "wrong", f"answered ({answer.tool or answer.mode}) where it should have {'asked' if kind == 'ask' else 'declined'}"
    if outcome != "answered":
        return "honest", outcome
    wrong = _wrongs(expect, answer, moment)
    return ("right", "") if not wrong else ("wrong", "; ".join(wrong))


class Score(NamedTuple):
    """A set's figures: verdicts counted, routed right, per class, and one line per miss."""

    totals: Counter[str]
    routed: int
    offline_gaps: int   # right plans whose tides the local engine lacks (upstream or CWA answers them)
    per_class: dict[str, Counter[str]]
    lines: list[str]


async def score(path: Path) -> Score:
    """Return the figures of the question set at `path`, every question through the real Router."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    defaults = data.get("defaults", {})
    router = Router(Settings(odbchat_backend="local"), llm=None)
    totals: Counter[str] = Counter()
    routed = 0
    offline_gaps = 0
    per_class: dict[str, Counter[str]] = {}
    lines = []
    try:
        for item in data["questions"]:
            answer, moment = await _ask(router, item, defaults)
            verdict, why = classify(item, answer, moment)
            topic = item["expect"].get("topic")
            ok_route = (verdict == "right") or (topic is not None and topic in _topics(answer))
            routed += ok_route
            totals[verdict] += 1
            offline_gaps += verdict == "right" and _no_station(answer)
            per_class.setdefault(item["class"], Counter())[verdict] += 1
            if verdict != "right":
                lines.append(f"[{verdict.upper()}] ({item['class']}) {item['q']} → {answer.tool or answer.mode}"
                             f" {why} | {answer.text[:90]!r}")
    finally:
        await router.aclose()
    return Score(totals, routed, offline_gaps, per_class, lines)


async def main(path: Path, misses: bool) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    totals, routed, offline_gaps, per_class, lines = await score(path)
    n = sum(totals.values())
    print(f"set {data.get('set', path.name)}: {n} questions")
    print(f"{'class':16} {'n':>4} {'right':>6} {'honest':>7} {'WRONG':>6}")
    for name, c in sorted(per_class.items()):
        print(f"{name:16} {sum(c.values()):4} {c['right']:6} {c['honest']:7} {c['wrong']:6}")
    print(f"routed right {routed}/{n} = {100 * routed / n:.1f} %; answers right {totals['right']}/{n} = "
          f"{100 * totals['right'] / n:.1f} %; honest misses {totals['honest']}; CONFIDENT WRONG {totals['wrong']} "
          f"({100 * totals['wrong'] / n:.1f} %)")
    print(f"of the right answers, {offline_gaps} are tide plans the local engine has no station for (upstream/CWA)")
    if misses:
        print("\n".join(lines))


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    asyncio.run(main(Path(args[0]) if args else DEFAULT_SET, "--misses" in sys.argv))
