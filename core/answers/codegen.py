"""The code answers: runnable Python for the bot's data, from templates filled with the user's slots.

Templates live in `core/data/code_templates/` as real, runnable Python files whose
parameter block (between `# --- parameters` and `# --- end of parameters ---`) holds one
`NAME = literal` line per parameter; filling replaces those literals. Which template,
the request patterns and the one-line explanations are data in `templates.yaml`.
With an LLM the filled template may be adapted to the question in one call; the result is
kept only if it still parses and still carries the user's parameters.
"""
from __future__ import annotations

import ast
import json
import logging
import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from core.decide.llm import LLMClient
from core.decide.llm_output import find_urls
from core.data import DATA_DIR, read_yaml
from core.reply import Code, Reply

log = logging.getLogger("odbchat.codegen")

TEMPLATE_DIR = DATA_DIR / "code_templates"

# `\b` in Python's Unicode regexes treats CJK as word characters, so `\bpython\b` would
# miss "用python畫圖". Patterns in the YAML use `\b` for readability; it is compiled as an
# ASCII word boundary instead.
_ASCII_BOUNDARY = r"(?:(?<![A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<=[A-Za-z0-9_])(?![A-Za-z0-9_]))"
_PARAM_BLOCK_RE = re.compile(r"^# --- parameters.*?^# --- end of parameters ---$", re.M | re.S)
_CODE_BLOCK_RE = re.compile(r"```(?:python|py)?\s*\n(.*?)```", re.S)
_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# SST: MUR publishes a day about one day late, so the default week ends yesterday.
_SST_DEFAULT_DAYS = 7
_TIDE_DEFAULT_DAYS = 3
_WEATHER_DEFAULT_DAYS = 7
# Half the side of the box a map is drawn over around a named point, in degrees.
_MAP_HALF_BOX = 1.0


@dataclass
class CodeResult:
    """A code answer: one-line explanation, the Python source, and LLM calls sent (0 or 1)."""

    text: str
    code: str
    llm_calls: int = 0

    def reply(self) -> Reply:
        """Return the answer's parts: the explanation as text, the source as runnable code."""
        return Reply.plain(self.text, code=Code(source=self.code) if self.code else None)


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace(r"\b", _ASCII_BOUNDARY), re.I)


def _fast(patterns: list[str]) -> list[re.Pattern[str]]:
    """Return the patterns as at most one alternation, case-insensitive for ASCII only.

    Under ``re.ASCII`` ``\\b`` is exactly ``_ASCII_BOUNDARY``, at C speed (the spelled-out
    boundary before every alternative made one question cost ~100 µs); one alternation
    answers ``any()`` of its parts in one scan.
    """
    return [re.compile("|".join(f"(?:{p})" for p in patterns), re.I | re.A)] if patterns else []


# Non-ASCII characters a Unicode case-insensitive match folds to ASCII letters (İ ı ſ K): a
# question holding one takes the exact, slower patterns.
_CASE_TRAPS = re.compile("[\u0130\u0131\u017f\u212a]")
_REQUEST = ("negative", "positive", "cannot_code", "explicit", "drawing")


@lru_cache(maxsize=1)
def _config() -> dict[str, Any]:
    data = read_yaml(TEMPLATE_DIR / "templates.yaml")
    fast = {**{k: _fast(data["request"].get(k, [])) for k in _REQUEST},
            "topics": {t: _fast(pats) for t, pats in data["topics"].items()}}
    return {**data, "fast": fast}


@lru_cache(maxsize=1)
def _exact() -> dict[str, Any]:
    """Every pattern compiled one by one, Unicode-aware (a code answer's template choice, case traps)."""
    data = _config()
    return {
        **{k: [_compile(p) for p in data["request"].get(k, [])] for k in _REQUEST},
        "topics": {t: [_compile(p) for p in pats] for t, pats in data["topics"].items()},
        "this_week": [_compile(p) for p in data["this_week"]],
        "map": [_compile(p) for p in data.get("map", [])],
        "beyond": [_compile(p) for p in data.get("beyond", [])],
        "spans": {int(n): [_compile(p) for p in pats] for n, pats in data.get("spans", {}).items()},
        "when_any": {t["name"]: [_compile(p) for p in t.get("when_any", [])] for t in data["templates"]},
    }


def _matchers(query: str) -> dict[str, Any]:
    """Return the request and topic patterns for ``query``: the fast ones unless it holds a case trap."""
    return _exact() if _CASE_TRAPS.search(query) else _config()["fast"]


def _any(patterns: list[re.Pattern[str]], text: str) -> bool:
    return any(p.search(text) for p in patterns)


@lru_cache(maxsize=4096)  # a pure function of the text: repeated questions are answered at once
def is_code_request(query: str) -> bool:
    """Return True when the question asks for code (程式, Python, plot, notebook…).

    False whenever it declines code (不用程式, no code, without code) or talks about the
    command line (CLI, 命令列, `odbchat ask`): those are documentation questions. False too
    when the user says they cannot code (我不會寫程式, I can't code), unless they still ask
    outright for code to be written ("幫我寫…", "write me a script").
    """
    compiled = _matchers(query)
    if _any(compiled["negative"], query):
        return False
    if _any(compiled["cannot_code"], query) and not _any(compiled["explicit"], query):
        return False
    if _any(compiled["positive"], query):
        return True
    # "Draw the tide curve" with no programming word: the chat's own tide chart, not code.
    return _any(compiled["drawing"], query) and not _any(compiled["topics"]["tide"], query)


def matched_topic(query: str) -> str | None:
    """Return "tide", "weather", "sst" or "time" from the question's words, or None when none matches."""
    for topic, patterns in _matchers(query)["topics"].items():
        if _any(patterns, query):
            return topic
    return None


def infer_topic(query: str) -> str:
    """Return the question's topic (see `matched_topic`), "sst" when nothing matches."""
    return matched_topic(query) or "sst"


def wants_map(query: str) -> bool:
    """True when the question asks for a map of an area rather than a series at a point or of a box's mean."""
    return _any(_exact()["map"], query)


# An IANA zone written in the question ("Asia/Taipei", "America/New_York").
_ZONE_RE = re.compile(r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Za-z_]+(?:/[A-Za-z_]+)?")


def zone_in(query: str) -> str | None:
    """Return the first valid IANA zone name written in `query`, or None."""
    for match in _ZONE_RE.finditer(query):
        try:
            ZoneInfo(match.group(0))
        except (ZoneInfoNotFoundError, ValueError):
            continue
        return match.group(0)
    return None


def template_source(name: str) -> str:
    """Return the unfilled source of template `name` (as listed in templates.yaml)."""
    entry = next(t for t in _config()["templates"] if t["name"] == name)
    return (TEMPLATE_DIR / entry["file"]).read_text(encoding="utf-8")


def template_names() -> list[str]:
    """Return the names of all templates, in selection order."""
    return [t["name"] for t in _config()["templates"]]


def _literal(value: Any) -> str:
    """Python source for `value`; strings in double quotes like the rest of the templates."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def fill_template(source: str, params: dict[str, Any]) -> str:
    """Return `source` with each `NAME = literal` line of its parameter block set to `params[NAME]`.

    Names the template does not declare are ignored; values are written as Python literals
    (strings, numbers, lists, None).
    """
    block = _PARAM_BLOCK_RE.search(source)
    if block is None:
        raise ValueError("template has no parameter block")
    text = block.group(0)
    for name, value in params.items():
        line = re.compile(rf"^{re.escape(name)} = .*?(?=  #|$)", re.M)
        text = line.sub(lambda _m, v=value, n=name: f"{n} = {_literal(v)}", text, count=1)
    return source[:block.start()] + text + source[block.end():]


def _select(query: str, topic: str, slots: dict[str, Any]) -> dict[str, Any]:
    when_any = _exact()["when_any"]
    for entry in _config()["templates"]:
        if entry["topic"] not in ("any", topic):
            continue
        if entry.get("geometry") == "bbox" and not slots.get("bbox"):
            continue
        if entry.get("plot") == "map" and not wants_map(query):
            continue
        if when_any[entry["name"]] and not _any(when_any[entry["name"]], query):
            continue
        return entry
    raise LookupError(f"no template for topic {topic!r}")  # templates.yaml always has one per topic


def _today(slots: dict[str, Any]) -> date:
    value = slots.get("today")
    if isinstance(value, date):
        return value
    if isinstance(value, str) and value:
        return date.fromisoformat(value[:10])
    return date.today()


def _period(query: str, topic: str, slots: dict[str, Any]) -> tuple[str, str]:
    """(start, end) as YYYY-MM-DD: the slots, else "this week", else a topic default."""
    start, end = slots.get("start"), slots.get("end")
    single = slots.get("date")
    if start or end or single:
        start = start or single or end
        end = end or single or start
        return (min(start, end), max(start, end))
    today = _today(slots)
    if _any(_exact()["this_week"], query):
        monday = today - timedelta(days=today.weekday())
        return monday.isoformat(), (monday + timedelta(days=6)).isoformat()
    span = next((n for n, pats in _exact()["spans"].items() if _any(pats, query)), None)
    if topic in ("tide", "weather"):  # a forecast: from today on
        n = span or (_TIDE_DEFAULT_DAYS if topic == "tide" else _WEATHER_DEFAULT_DAYS)
        return today.isoformat(), (today + timedelta(days=n - 1)).isoformat()
    last = today - timedelta(days=1)   # observations: up to yesterday (MUR is a day late)
    return (last - timedelta(days=(span or _SST_DEFAULT_DAYS) - 1)).isoformat(), last.isoformat()


def _params(query: str, topic: str, slots: dict[str, Any]) -> dict[str, Any]:
    """The template parameters from the slots, with defaults for what the question left out."""
    defaults = _config()["defaults"]
    point = slots.get("point")
    lon, lat = (float(point[0]), float(point[1])) if point else tuple(defaults["point"])
    start, end = _period(query, topic, slots)
    station = slots.get("station")
    place = slots.get("place") or (station if station and "/" not in str(station) else None)
    params: dict[str, Any] = {
        # One day (a map): the day asked, else the latest of the period.
        "LON": round(lon, 4), "LAT": round(lat, 4), "START": start, "END": end,
        "DATE": slots.get("date") or (end if wants_map(query) else start),
        "TZ": zone_in(query) or slots.get("tz") or defaults["tz"], "QUERY": query,
        "PLACE": place or (defaults["place"] if not point else f"({lon}, {lat})"),
        # A tide-database id (ticon/..., noaa/...) is only understood by the local engine,
        # so it is passed only when the caller gives one explicitly.
        "STATION_ID": slots.get("station_id"),
    }
    if slots.get("bbox"):
        lon0, lat0, lon1, lat1 = (float(v) for v in slots["bbox"])
        params["BBOX"] = [min(lon0, lon1), min(lat0, lat1), max(lon0, lon1), max(lat0, lat1)]
    if slots.get("start") or slots.get("end") or topic == "weather":
        days = (date.fromisoformat(end) - date.fromisoformat(start)).days + 1
        params["FORECAST_DAYS"] = max(1, min(16, days))  # Open-Meteo allows 1..16
    else:
        params["FORECAST_DAYS"] = _WEATHER_DEFAULT_DAYS
    if slots.get("mcp_url"):
        params["MCP_URL"] = slots["mcp_url"]
    return params


def _explanation(entry: dict[str, Any], lang: str, params: dict[str, Any]) -> str:
    zh = lang == "zh"
    if "BBOX" in params and entry.get("geometry") == "bbox":
        where = str(params["BBOX"])
    elif params.get("PLACE") and not str(params["PLACE"]).startswith("("):
        where = f"{params['PLACE']} ({params['LON']}, {params['LAT']})"
    else:
        where = f"({params['LON']}, {params['LAT']})"
    period = (f"{params['START']}～{params['END']}" if zh else f"{params['START']} to {params['END']}")
    url = params.get("MCP_URL", "http://127.0.0.1:8766/mcp")
    return entry["text"]["zh" if zh else "en"].format(where=where, period=period, date=params["DATE"],
                                                       tz=params["TZ"], days=params["FORECAST_DAYS"], url=url)


def _declared(source: str) -> set[str]:
    block = _PARAM_BLOCK_RE.search(source)
    return set(re.findall(r"^([A-Z_][A-Z0-9_]*) = ", block.group(0), re.M)) if block else set()


def _adapted_is_usable(code: str, template: str, params: dict[str, Any], filled: str) -> bool:
    """An LLM rewrite is kept only if it parses, still holds every filled parameter value and
    links nowhere the filled template does not (no endpoint of the model's own choosing)."""
    if not set(find_urls(code)) <= set(find_urls(filled)):
        return False
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    for name in _declared(template) & params.keys():
        if params[name] is not None and _literal(params[name]) not in code:
            return False
    return True


def _adapt_messages(query: str, lang: str, code: str) -> list[dict[str, str]]:
    reply_lang = "Traditional Chinese (zh-TW)" if lang == "zh" else "English"
    return [
        {"role": "system", "content": (
            "You adapt a working Python example to a user's request. Keep the parameter block "
            "and its values exactly as given, keep the same tools, URLs and libraries, change only "
            "what the request needs (for example what is printed or plotted). Comments in "
            f"{reply_lang}. Reply with one ```python code block and nothing else.")},
        {"role": "user", "content": f"Request: {query}\n\n```python\n{code}```"},
    ]


async def code_answer(query: str, lang: str, slots: dict[str, Any], llm: LLMClient | None) -> CodeResult:
    """Return a code answer for `query`: a one-line explanation in `lang` and runnable Python.

    `slots` may hold point (lon, lat), bbox [lon0, lat0, lon1, lat1], start/end/date
    (YYYY-MM-DD), station/place (names), station_id (a tide-database id, local engine only),
    topic ("sst"|"tide"|"weather"), tz, today (default: the machine date), mcp_url.
    With `llm`, one chat_text call may adapt the filled template; the template itself is
    returned when the LLM is absent, fails, or returns code that does not parse.
    """
    lang = lang if lang in ("zh", "en") else ("zh" if _CJK_RE.search(query) else "en")
    asked_topic = slots.get("topic") or matched_topic(query)
    topic = asked_topic if asked_topic in ("sst", "tide", "weather", "time") else "sst"
    if topic == "sst" and wants_map(query) and not slots.get("bbox"):
        # A map needs an area: the sea around the named point, else the default seas.
        point = slots.get("point")
        slots = dict(slots, bbox=[round(point[0] - _MAP_HALF_BOX, 3), round(point[1] - _MAP_HALF_BOX, 3),
                                  round(point[0] + _MAP_HALF_BOX, 3), round(point[1] + _MAP_HALF_BOX, 3)]
                     if point else list(_config()["defaults"]["bbox"]))
    entry = _select(query, topic, slots)
    template = (TEMPLATE_DIR / entry["file"]).read_text(encoding="utf-8")
    params = _params(query, topic, slots)
    code = fill_template(template, params)
    text = _explanation(entry, lang, params)
    compiled = _exact()
    fits = ((asked_topic is not None or bool(compiled["when_any"][entry["name"]]))
            and not _any(compiled["beyond"], query))
    if not fits:   # nothing made for this request: say so rather than pass the example off as the answer
        text = _config()["closest"]["zh" if lang == "zh" else "en"] + ("" if lang == "zh" else " ") + text

    calls = 0
    if llm is not None and llm.has_time():   # a question's LLM budget may be spent already
        calls = 1
        reply = await llm.chat_text(_adapt_messages(query, lang, code))
        match = _CODE_BLOCK_RE.search(reply or "")
        candidate = match.group(1) if match else None
        if candidate and _adapted_is_usable(candidate, template, params, code):
            code = candidate if candidate.endswith("\n") else candidate + "\n"
        else:
            log.info("code adaptation not used", extra={"event": "codegen_template", "template": entry["name"]})
    return CodeResult(text=text, code=code, llm_calls=calls)
