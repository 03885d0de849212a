"""The words of a composed code answer: one line saying what the program does, then one line for each
thing it assumed or cannot do. The sentences are data (compose.yaml `text`, both languages)."""
from __future__ import annotations

from core.answers.code_ask import CodeAsk, compose_data


def _where(ask: CodeAsk, lang: str) -> str:
    words = compose_data()["text"][lang]
    if ask.bbox is not None and ask.variable in ("sst", "sst_anomaly"):
        box = list(ask.bbox)
        return f"{words['box_mean']} {box}" if ask.output != "map" else str(box)
    if ask.places:   # a list of places, each with its point
        return words["joiner"].join(p.name if p.name.startswith("(") else   # a point written as coordinates is its name
                                    f"{p.name_zh if lang == 'zh' and p.name_zh else p.name} ({p.lon}, {p.lat})" for p in ask.places)
    if ask.place.startswith("("):
        return ask.place
    name = ask.place_zh if lang == "zh" and ask.place_zh else ask.place
    return f"{name} ({ask.point[0]}, {ask.point[1]})"


def describe(ask: CodeAsk, lang: str, how: str, tool: str, files: dict[str, str]) -> str:
    """Return the one-line explanation of the program for `ask` in `lang` ("zh"/"en")."""
    words = compose_data()["text"][lang]
    if ask.variable == "time":   # a function asked for: the one converting a list of times is named
        return str(words["time_function" if ask.output == "function" else "time"]).format(**ask.conversion)
    where = _where(ask, lang)
    start, end = ask.start.isoformat(), ask.end.isoformat()
    what = words["what"][ask.variable]
    if ask.measures:   # "plot the wind": the hourly wind speed and gusts, not the day's summary ("daily rain": the day's)
        kind = "daily" if ask.daily else "hourly"
        what = str(words[kind]).format(what=words["joiner"].join(words[f"what_{kind}"][m] for m in ask.measures))
    if ask.phase:      # "the full moon dates": only the days of that phase
        names = [str(words["phase_names"][phase]) for phase in ask.phases or (ask.phase,)]
        what = str(words["what_phase"]).format(phase=str(words["phase_or"]).join(names))
    kind = "function_each" if ask.output == "function" and ask.places else ask.output   # called once per place listed
    out = str(words["out"][kind]).format(file=files.get("file", ""), func=f"get_{ask.variable}")
    how_text = str(words["how"][how]).format(tool=tool)
    if ask.output == "map":
        return str(words["map_intro"]).format(how=how_text, dataset=files.get("dataset", ""), out=out, where=where,
                                              start=start, what=what, file=files.get("file", ""))
    period = str(words["day"] if start == end else words["period"]).format(start=start, end=end)
    zone = str(words["zone"]).format(tz=ask.tz) if ask.variable in ("tide", "sun", "moon", "weather") else ""
    return str(words["intro"]).format(how=how_text, where=where, period=period, what=what + zone, out=out)


def _things(lang: str, keys: tuple[str, ...], said: dict[str, str], joiner: str = "joiner") -> str:
    """The things named, each with the user's own word when it names an app or service (LINE, Slack)."""
    words = compose_data()["text"][lang]
    out = []
    for key in keys:
        thing, word = str(words["things"][key]), said.get(key, "")
        own = word.isascii() and word.strip() and word.lower().replace("-", "") not in thing.lower().replace("-", "")
        out.append(f"{thing} ({word.strip()})" if own else thing)
    return str(words[joiner]).join(out)


def notes(ask: CodeAsk, lang: str) -> list[str]:
    """Return one line per thing the program assumed or leaves out: the place, the days narrowed, a
    delivery or a variable no program of ours can do."""
    words = compose_data()["text"][lang]
    out: list[str] = []
    if ask.assumed_place:
        # the place the program was given (the asker's home city, else Keelung), as it names it
        place = ask.place_zh if lang == "zh" and ask.place_zh else ask.place
        # a function takes the place as its arguments: the example call's place is all that was assumed
        out.append(str(words["note_place_function" if ask.output == "function" else "note_place"]).format(place=place))
    if ask.extremes_only:
        out.append(str(words["note_tide_hourly"]))
    if "map" in ask.clipped:
        out.append(str(words["note_map_only_sst"]))
    if "weather" in ask.clipped:
        out.append(str(words["note_weather"]).format(days=compose_data()["forecast_days_max"],
                                                     start=ask.start.isoformat(), end=ask.end.isoformat()))
    if "sst" in ask.clipped:
        out.append(str(words["note_sst_late"]).format(end=ask.end.isoformat()))
    if ask.left_out:   # a program reads one variable: the others asked are named, not silently dropped
        names = words["variable_names"]
        out.append(str(words["note_left_out"]).format(what=names[ask.variable],
                                                      others=str(words["joiner"]).join(names[v] for v in ask.left_out)))
    if ask.cannot_data:
        out.append(str(words["note_data"]).format(things=_things(lang, ask.cannot_data, ask.said)))
    if ask.cannot_delivery:
        why = str(words["why_joiner"]).join(str(words["why"][key]) for key in ask.cannot_delivery)
        out.append(str(words["note_delivery"]).format(out_short=words["out_short"][ask.output],
                                                      things=_things(lang, ask.cannot_delivery, ask.said, "or_joiner"),
                                                      why=why))
    return out


def no_program(ask: CodeAsk, lang: str) -> str:
    """Return the reply when no program is written: the place asked when one is pointed at but not named, else
    what is missing and what code can be written."""
    words = compose_data()["text"][lang]
    if ask.place_unsaid and ask.variable is not None:
        return str(words["ask_place"])
    if ask.cannot_data:
        return str(words["note_no_program"]).format(things=_things(lang, ask.cannot_data, ask.said))
    return str(words["note_which"])
