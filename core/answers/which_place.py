"""The "which one?" reply to a place name several places share (issue 10 §2).

It lists the candidates with their division and country, and shows how to answer: the name
with its division ("Portland, Maine", 「波特蘭（緬因）」), a form the gazetteer resolves to
exactly that place.
"""
from __future__ import annotations

from core.decide.ambiguity import candidates
from core.understand.places import Place, find_place
from core.understand.places_near import nearest_town
from core.understand.place_naming import country_name, division_name
from core.words.strings import t


def place_name(place: Place, lang: str, shared_zh: str = "") -> str:
    """Return the place's own name in `lang`; in zh without a zh-TW name, `shared_zh` (the name's
    usual zh-TW form, 波特蘭 for every Portland), else the English one."""
    if lang == "zh":
        return place.name_zh or shared_zh or place.name_en
    return place.name_en or place.name_zh


def _division(place: Place, lang: str, name: str) -> str:
    """The place's division in `lang`, or "" when it adds nothing (Taiwan, the name itself, no zh-TW name)."""
    division = division_name(place.country, place.admin, lang)
    if place.country == "TW" or division == name or (lang == "zh" and division.isascii()):
        return ""
    return division


def _taiwan_town(place: Place) -> Place | None:
    """Return the town a Taiwan spot lies by (a beach, a harbour), or None for a town or a place abroad."""
    if place.country != "TW" or place.kind in ("town", "city", "county", "region", "country"):
        return None
    return nearest_town(place)


def where(place: Place, lang: str, name: str) -> str:
    """Return the division and country of a place in `lang` ("Maine, United States" / "美國緬因"); for a spot in
    Taiwan the town it lies by (「三芝附近」), which tells two spots of one name apart."""
    if (town := _taiwan_town(place)) is not None:
        return t(lang, "which_place.near_town", town=town.name_zh if lang == "zh" else town.name_en or town.name_zh)
    country = country_name(place.country, lang) if place.country else ""
    division = _division(place, lang, name)
    if lang == "zh":
        return country + division
    if place.country == "TW" and place.name_zh and place.name_zh != name:
        division = place.name_zh   # "Bali (八里, Taiwan)": the name a Taiwan place is known by
    return ", ".join(p for p in (division, country) if p)


def qualified(place: Place, lang: str, name: str) -> str:
    """Return the place's name with what tells it apart (its division, else its country), in a
    form the gazetteer resolves to exactly this place, so the user can copy it."""
    if place.country == "TW" and lang == "zh":   # a zh-TW name of a Taiwan place is already the home one ...
        town = _taiwan_town(place)   # ... or, shared, the town before it (「三芝白沙灣」) where that names it alone
        found = find_place(town.name_zh + name) if town is not None else None
        return town.name_zh + name if town is not None and found is not None and found.key == place.key \
            and not found.ambiguous else name
    forms = [t(lang, "which_place.qualified", name=name, qualifier=q)
             for q in dict.fromkeys((_division(place, lang, name), country_name(place.country, lang))) if q]
    forms += [t("en", "which_place.qualified", name=place.name_en, qualifier=q)
              for q in (place.admin, country_name(place.country, "en")) if q and "," not in q]
    for form in forms:
        found = find_place(form)
        if found is not None and found.key == place.key and not found.ambiguous:
            return form
    return forms[0] if forms else name


def which_place_text(place: Place, lang: str, written: str = "") -> str:
    """Return the reply asking which of the places sharing the name the user means; ``written``: the
    name as the question wrote it (Santa Cruz, not the first candidate's Santa Cruz de la Sierra)."""
    options = candidates(place)
    # places sharing one name share its zh-TW form (波特蘭); a country's clocks are different towns (Makassar, not 雅加達)
    shared = "" if place.kind == "country" else next((p.name_zh for p in options if p.name_zh), "")
    names = [place_name(p, lang, shared) for p in options]
    if place.kind == "country":   # a country named alone, whose clocks differ (places_country)
        lines = [t(lang, "understand.ask_zones", name=country_name(place.country, lang))]
    else:
        # no question mark the name was found beside (「في صور؟」)
        lines = [t(lang, "which_place.ask", name=written.strip().rstrip("?？؟!！.,،;؛") or names[0], count=len(options))]
    wheres = [where(p, lang, n) for p, n in zip(options, names)]
    # two options alike in the user's words (白濱, 日本 twice): the division as GeoNames writes it tells them apart
    labels = list(zip(names, wheres))
    wheres = [f"{w} {p.admin}" if p.admin and labels.count((n, w)) > 1 else w for p, n, w in zip(options, names, wheres)]
    lines += [t(lang, "which_place.option", name=n, where=w) for n, w in zip(names, wheres)]
    lines.append(t(lang, "which_place.how", example=qualified(options[1], lang, names[1])))
    return "\n".join(lines)
