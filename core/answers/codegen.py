"""The code answers: runnable Python for the bot's data, from templates filled with the user's slots.

Programs are composed from what the question asks (`code_ask` reads it, `compose` joins the parts
in `core/data/code_templates/parts/`); a template named outright (this project's MCP server, the
ODB GHRSST REST API) is a whole runnable file whose parameter block is filled. The request
patterns are data in `templates.yaml`, the composition's words in `compose.yaml`.
With an LLM the filled template may be adapted to the question in one call; the result is
kept only if it still parses and still carries the user's parameters.
"""
from __future__ import annotations

import ast
import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.answers.code_ask import CodeAsk, compose_data, read_code_ask, read_variable, written_zones
from core.answers.code_words import describe, no_program, notes
from core.answers.compose import PARAM_BLOCK_RE, Program, compose, fill_template, literal
from core.decide.llm import LLMClient
from core.decide.llm_output import find_urls
from core.data import DATA_DIR, read_yaml
from core.reply import Code, Reply
from core.tools.sst_plan import BOX_MEAN, POINT_VALUE
from core.tools.tide_forecast import NAME as TIDE_FORECAST

log = logging.getLogger("odbchat.codegen")

TEMPLATE_DIR = DATA_DIR / "code_templates"

# `\b` in Python's Unicode regexes treats CJK as word characters, so `\bpython\b` would
# miss "用python畫圖". Patterns in the YAML use `\b` for readability; it is compiled as an
# ASCII word boundary instead.
_ASCII_BOUNDARY = r"(?:(?<![A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<=[A-Za-z0-9_])(?![A-Za-z0-9_]))"
_CODE_BLOCK_RE = re.compile(r"```(?:python|py)?\s*\n(.*?)```", re.S)
_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# This project's own MCP server (odbchat mcp-server), where its template connects by default.
_PROJECT_MCP = "http://127.0.0.1:8766/mcp"


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
    fast = {**{k: _fast(data["request"].get(k, [])) for k in _REQUEST}, "chart_words": _fast(data["chart_words"])}
    return {**data, "fast": fast}


@lru_cache(maxsize=1)
def _exact() -> dict[str, Any]:
    """Every pattern compiled one by one, Unicode-aware (a code answer's template choice, case traps)."""
    data = _config()
    return {
        **{k: [_compile(p) for p in data["request"].get(k, [])] for k in _REQUEST},
        "chart_words": [_compile(p) for p in data["chart_words"]],
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
    return _any(compiled["drawing"], query) and not _any(compiled["chart_words"], query)


def zone_in(query: str) -> str | None:
    """Return the first valid IANA zone name written in `query`, or None."""
    zones = written_zones(query)
    return zones[0][1] if zones else None


def template_source(name: str) -> str:
    """Return the unfilled source of a whole-program template (templates.yaml, or compose's map and time)."""
    entry = next((t for t in _config()["templates"] if t["name"] == name), {"file": f"{name}.py"})
    return (TEMPLATE_DIR / entry["file"]).read_text(encoding="utf-8")


def template_names() -> list[str]:
    """Return the names of the whole-program templates: those templates.yaml lists and compose's map and time."""
    return [t["name"] for t in _config()["templates"]] + ["sst_map_erddap", "time_convert"]


def _special(query: str, slots: dict[str, Any]) -> dict[str, Any] | None:
    """Return the whole-program template the question names outright (this project's own MCP server, the
    ODB GHRSST REST API), or None: every other program is composed from parts."""
    when_any = _exact()["when_any"]
    for entry in _config()["templates"]:
        if entry.get("needs_variable") and read_variable(query, slots.get("topic")) not in entry["needs_variable"]:
            continue
        if _any(when_any[entry["name"]], query):
            return entry
    return None


def _special_answer(entry: dict[str, Any], ask: CodeAsk, lang: str) -> tuple[str, str, dict[str, Any]]:
    """Return (explanation, code, parameters) of a whole-program template filled from `ask`."""
    template = (TEMPLATE_DIR / entry["file"]).read_text(encoding="utf-8")
    params: dict[str, Any] = {"LON": ask.point[0], "LAT": ask.point[1], "START": ask.start.isoformat(),
                              "END": ask.end.isoformat(), "TZ": ask.tz, "PLACE": ask.place,
                              "PLACES": [p.written for p in ask.places] or [ask.place]}
    where = ask.place if ask.place.startswith("(") else f"{ask.place} ({ask.point[0]}, {ask.point[1]})"
    period = f"{params['START']}～{params['END']}" if lang == "zh" else f"{params['START']} to {params['END']}"
    text = entry["text"][lang].format(where=where, period=period, url=params.get("MCP_URL", _PROJECT_MCP),
                                      places="、".join(params["PLACES"]) if lang == "zh" else ", ".join(params["PLACES"]))
    return text, fill_template(template, params), params


def _declared(source: str) -> set[str]:
    block = PARAM_BLOCK_RE.search(source)
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
        if params[name] is not None and literal(params[name]) not in code:
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

    `slots` may hold point (lon, lat), place (a name), bbox [lon0, lat0, lon1, lat1], start/end/date
    (YYYY-MM-DD), topic ("sst"|"tide"|"weather"|"time"), tz, today (default: the machine date),
    conversion (from_tz, to_tz, time, date of a time question), mcp_url, places (`ListedPlace`s of a list). The program is composed from
    what the question asks (see `code_ask`); what no program can do is said, one line each, and when
    nothing asked has data there is no program. With `llm`, one chat_text call may adapt the program;
    the composed one is returned when the LLM is absent, fails, or returns code that does not parse.
    """
    lang = lang if lang in ("zh", "en") else ("zh" if _CJK_RE.search(query) else "en")
    ask = read_code_ask(query, slots, zone_in(query))
    special = _special(query, slots)
    if special is not None:
        text, code, params = _special_answer(special, ask, lang)
        template = (TEMPLATE_DIR / special["file"]).read_text(encoding="utf-8")
    elif ask.variable is None or ask.place_unsaid:   # nothing with data asked, or a place pointed at but not named
        return CodeResult(text=no_program(ask, lang), code="")
    else:
        program = compose(ask, describe(ask, "en", *_how(ask)))
        if slots.get("mcp_url") and "MCP_URL" in program.params:
            program = Program(fill_template(program.source, {"MCP_URL": slots["mcp_url"]}),
                              {**program.params, "MCP_URL": slots["mcp_url"]}, program.how, program.tool)
        code, params, template = program.source, program.params, program.source
        text = " ".join([describe(ask, lang, *_how(ask))] + notes(ask, lang)) if lang == "en" else \
            "".join([describe(ask, lang, *_how(ask))] + notes(ask, lang))

    calls = 0
    if llm is not None and llm.has_time():   # a question's LLM budget may be spent already
        calls = 1
        reply = await llm.chat_text(_adapt_messages(query, lang, code))
        match = _CODE_BLOCK_RE.search(reply or "")
        candidate = match.group(1) if match else None
        if candidate and _adapted_is_usable(candidate, template, params, code):
            code = candidate if candidate.endswith("\n") else candidate + "\n"
        else:
            log.info("code adaptation not used", extra={"event": "codegen_template"})
    return CodeResult(text=text, code=code, llm_calls=calls)


def _how(ask: CodeAsk) -> tuple[str, str, dict[str, str]]:
    """(source, tool, files) of the program for `ask`, for its explanation."""
    files = compose_data()["output_files"]
    file = files.get(ask.output, "").format(variable=ask.name)
    if ask.variable == "time":
        return "mcp", "", {}
    if ask.output == "map":
        dataset = "jplMURSST41anom1day" if ask.variable == "sst_anomaly" else "jplMURSST41"
        return "erddap", "", {"file": file, "dataset": dataset}
    if ask.variable == "weather":
        return "openmeteo", "", {"file": file}
    tool = (BOX_MEAN if ask.bbox is not None else POINT_VALUE) \
        if ask.variable in ("sst", "sst_anomaly") else TIDE_FORECAST
    return "mcp", tool, {"file": file}
