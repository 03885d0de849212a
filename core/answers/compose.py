"""Programs composed from parts: a source (the metocean MCP server, Open-Meteo), a fetch per variable,
an output (table, CSV, plot, function), joined under one parameter block that holds what the question
asked. Maps (ERDDAP) and time conversion are whole programs of their own, filled the same way.

The parts are files in core/data/code_templates/parts/; which part serves what is compose.yaml's.
"""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.answers.code_ask import CodeAsk, compose_data
from core.data import DATA_DIR
from core.tools.sst_plan import BOX_MEAN, POINT_VALUE
from core.tools.tide_forecast import NAME as TIDE_FORECAST

TEMPLATE_DIR = DATA_DIR / "code_templates"
PARAM_BLOCK_RE = re.compile(r"^# --- parameters.*?^# --- end of parameters ---$", re.M | re.S)
_MAP_DATASETS = {"sst": ("jplMURSST41", "analysed_sst"), "sst_anomaly": ("jplMURSST41anom1day", "sstAnom")}


@dataclass(frozen=True)
class Program:
    """A composed program: its source, its parameters, and the file that serves it (for the text)."""

    source: str
    params: dict[str, Any]
    how: str            # mcp, openmeteo, erddap, zoneinfo
    tool: str = ""


@lru_cache(maxsize=32)
def _part(name: str) -> tuple[tuple[str, ...], str]:
    """Return (the import lines, the body) of part file `name`."""
    lines = (TEMPLATE_DIR / "parts" / f"{name}.py").read_text(encoding="utf-8").splitlines()
    imports = []
    i = 0
    while i < len(lines) and (not lines[i].strip() or lines[i].startswith(("import ", "from "))):
        if lines[i].strip():
            imports.append(lines[i])
        i += 1
    return tuple(imports), "\n".join(lines[i:]).strip("\n")


def literal(value: Any) -> str:
    """Python source for `value`; strings in double quotes like the rest of the templates."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    return repr(value)


def _imports(lines: list[str]) -> str:
    """The import lines, standard library first, names from one module merged, in a stable order."""
    third = ("httpx", "httpx2", "mcp")
    plain: set[str] = set()
    names: dict[str, set[str]] = {}
    for line in lines:
        words = line.split()
        if words[0] == "import":
            plain.add(words[1])
        else:
            names.setdefault(words[1], set()).update(n.strip() for n in line.split(" import ", 1)[1].split(","))
    modules = sorted(plain | set(names), key=lambda m: (m.split(".")[0] in third, m))
    groups: tuple[list[str], list[str]] = ([], [])
    for module in modules:
        group = groups[module.split(".")[0] in third]
        if module in plain:
            group.append(f"import {module}")
        if module in names:
            group.append(f"from {module} import {', '.join(sorted(names[module]))}")
    return "\n".join(groups[0]) + ("\n\n" + "\n".join(groups[1]) if groups[1] else "")


def _block(params: dict[str, Any]) -> str:
    lines = [f"{name} = {literal(value)}" for name, value in params.items()]
    return "# --- parameters (ODBchat fills these in) ---\n" + "\n".join(lines) + "\n# --- end of parameters ---"


def _fetch_key(ask: CodeAsk) -> str:
    if ask.variable in ("sst", "sst_anomaly"):
        return "sst_box" if ask.bbox is not None else "sst"
    if ask.measures and not ask.daily:
        return "weather_hourly"
    if ask.phase:
        return "moon_phase"
    return str(ask.variable)


def _main(ask: CodeAsk, fetch: dict[str, Any]) -> str:
    reader, head, call = "fetch", "", str(fetch["call"])
    if ask.output == "function":   # the function asked, called by main (for each place of a list it takes a point)
        reader = f"get_{ask.variable}"
        head = (f"def {reader}({fetch['args']}):\n"
                f'    """The rows (one dict each) of {ask.variable} for the days from start to end."""\n'
                f"    return fetch({fetch['args']})\n\n\n")
    if ask.places and (reader == "fetch" or "LON, LAT" in call):   # a list of places: one table, rows saying their place
        call = call.replace("LON, LAT", "lon, lat")
        return (head + "def main():\n    rows = []\n    for place, lon, lat in PLACES:\n"
                f"        rows += [{{**row, \"place\": place}} for row in {reader}({call})]\n    show(rows)")
    return head + f"def main():\n    show({reader}({call}))"


def compose(ask: CodeAsk, title: str) -> Program:
    """Return the program for `ask`, headed by the docstring `title` (one line saying what it does)."""
    if ask.variable == "time":
        given = datetime.fromisoformat(ask.conversion["given"])
        times = [(given + timedelta(hours=h)).isoformat() for h in (0, 6, 12)]   # a list, for convert_all
        return _whole("time_convert", title, {"VARIABLE": "time", "OUTPUT": "function" if ask.output == "function" else "print",
                                              "GIVEN": ask.conversion["given"], "FROM_TZ": ask.conversion["from_tz"],
                                              "TO_TZ": ask.conversion["to_tz"], "TIMES": times}, "zoneinfo")
    if ask.output == "map":
        dataset, grid = _MAP_DATASETS[str(ask.variable)]
        files = compose_data()["output_files"]
        return _whole("sst_map_erddap", title, {"VARIABLE": ask.variable, "OUTPUT": "map", "DATASET": dataset,
                                                "GRID_VARIABLE": grid, "BBOX": list(ask.bbox or ()),
                                                "DATE": ask.start.isoformat(),
                                                "OUT_FILE": files["map"].format(variable=ask.variable)}, "erddap")
    data = compose_data()
    fetch = data["fetch"][_fetch_key(ask)]
    source = data["sources"][fetch["source"]]
    parts = [source["part"], fetch["part"], *data["output_parts"][ask.output]]
    params: dict[str, Any] = {"VARIABLE": ask.variable, "OUTPUT": ask.output, **source["params"]}
    if fetch["call"].startswith("BBOX"):
        params["BBOX"] = list(ask.bbox or ())
    elif ask.places:
        params["PLACES"] = [[p.name, p.lon, p.lat] for p in ask.places]
    else:
        params.update(LON=ask.point[0], LAT=ask.point[1])
    params.update(START=ask.start.isoformat(), END=ask.end.isoformat(), TZ=ask.tz,
                  PLACE=", ".join(p.name for p in ask.places) if ask.places else ask.place)
    if ask.variable in ("sst", "sst_anomaly"):
        params["FIELD"] = ask.variable
    hourly = {} if ask.daily else \
        {column: variable for m in ask.measures for column, variable in data["weather_measures"][m]["hourly"].items()}
    if hourly:
        params["HOURLY"] = hourly
    if ask.phases:
        params["PHASES"] = list(ask.phases)
    if ask.output in ("csv", "plot"):
        params["OUT_FILE"] = data["output_files"][ask.output].format(variable=ask.name)
    if ask.output == "plot":
        daily = [column for m in ask.measures for column in data["weather_measures"][m]["daily"]] if ask.daily else []
        plot = list(hourly) or daily or fetch["plot"]
        params["PLOT_COLUMNS"] = [params.get("FIELD", c) for c in plot] if "FIELD" in params else plot
    imports: list[str] = []
    bodies = []
    for name in parts:
        lines, body = _part(name)
        imports += lines
        bodies.append(body)
    needs = source["needs"] + (" matplotlib" if ask.output == "plot" else "")
    text = (f'"""{title}\n\nNeeds: {needs}\n"""\n{_imports(imports)}\n\n{_block(params)}\n\n\n'
            + "\n\n\n".join(bodies) + "\n\n\n" + _main(ask, fetch) + '\n\n\nif __name__ == "__main__":\n    main()\n')
    return Program(source=text, params=params, how=fetch["source"],
                   tool=BOX_MEAN if fetch["call"].startswith("BBOX") else
                   (POINT_VALUE if ask.variable in ("sst", "sst_anomaly") else TIDE_FORECAST))


def _whole(name: str, title: str, params: dict[str, Any], how: str) -> Program:
    """A whole-program template with its parameter lines set to `params` and its docstring to `title`."""
    source = (TEMPLATE_DIR / f"{name}.py").read_text(encoding="utf-8")
    if source.startswith('"""'):   # the docstring's first paragraph says what this program does
        first = source.find("\n\n")
        source = '"""' + title + source[first:]
    return Program(source=fill_template(source, params), params=params, how=how)


def fill_template(source: str, params: dict[str, Any]) -> str:
    """Return `source` with each `NAME = literal` line of its parameter block set to `params[NAME]`.

    Names the template does not declare are ignored; values are written as Python literals
    (strings, numbers, lists, None).
    """
    block = PARAM_BLOCK_RE.search(source)
    if block is None:
        raise ValueError("template has no parameter block")
    text = block.group(0)
    for name, value in params.items():
        line = re.compile(rf"^{re.escape(name)} = .*?(?=  #|$)", re.M)
        assignment = f"{name} = {literal(value)}"
        text = line.sub(lambda _m: assignment, text, count=1)  # noqa: B023 (applied at once)
    return source[:block.start()] + text + source[block.end():]
