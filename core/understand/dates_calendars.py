"""Named days from the libraries' calendars: a country's (and its state's) public holidays from
the ``holidays`` package, the Islamic calendar's days from its tables, and Western or Orthodox
Easter from ``dateutil``. All compute locally; each library is imported on first use, so a
question naming no such day never pays for it.
"""
from __future__ import annotations

import functools
import warnings
from datetime import date, timedelta


@functools.cache
def country_days(country: str, subdiv: str, year: int) -> dict[str, date]:
    """Return the first day of each holiday name (English, "(observed)" days left out) that
    ``country`` (ISO code), in its division ``subdiv`` ("" for the whole country), keeps in ``year``;
    empty when the package has no calendar for it."""
    import holidays  # imported on first use: most questions name no holiday

    try:
        with warnings.catch_warnings():   # a year beyond a calendar's range is an empty one, said by a warning
            warnings.simplefilter("ignore")
            kind = holidays.country_holidays(country, years=year)
            calendar = holidays.country_holidays(
                country, subdiv=subdiv or None, years=year, categories=type(kind).supported_categories,
                language="en_US" if "en_US" in kind.supported_languages else None)
    except (NotImplementedError, KeyError, ValueError):
        return {}
    first: dict[str, date] = {}
    for day, names in sorted(calendar.items()):
        for name in str(names).split("; "):
            if "(observed)" not in name:
                first.setdefault(name, day)
    for name, day in list(first.items()):
        if (bare := said_bare(name)) is not None:
            first.setdefault(bare, day)
    return first


def said_bare(name: str) -> str | None:
    """Return a holiday's name without the qualifier its calendar adds ("Liberation Day (Guam)" is said "Liberation
    Day" there), or None when it has none."""
    return name[:name.rindex("(")].rstrip() if name.endswith(")") and "(" in name else None


@functools.cache
def subdivision(country: str, admin: str) -> str:
    """Return the ``holidays`` code of the first-level division named ``admin`` in ``country``
    ("New South Wales" → "NSW"), or "" when the package does not know it."""
    if not admin:
        return ""
    import holidays

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            kind = type(holidays.country_holidays(country))
    except (NotImplementedError, KeyError, ValueError):
        return ""
    if admin in kind.subdivisions:
        return admin
    aliases = {str(k).lower(): str(v) for k, v in getattr(kind, "subdivisions_aliases", {}).items()}
    return aliases.get(admin.lower(), "")


@functools.cache
def divisions(country: str) -> tuple[str, ...]:
    """Return the ``holidays`` codes of ``country``'s first-level divisions (empty when none or unknown)."""
    import holidays

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return tuple(type(holidays.country_holidays(country)).subdivisions)
    except (NotImplementedError, KeyError, ValueError):
        return ()


def islamic_day(name: str, year: int, shift: int = 0) -> date | None:
    """Return the first day in ``year`` of the Islamic calendar's ``name`` ("eid_al_fitr",
    "ramadan_beginning") from the ``holidays`` package's lunar tables, ``shift`` days on (the Day of Arafah is the day
    before Eid al-Adha: -1), None when it has no such day."""
    from holidays.calendars.islamic import _IslamicLunar  # the package's tables; no public accessor

    dates = getattr(_IslamicLunar(), f"{name}_dates", None)
    if dates is None:
        return None
    found = sorted(day for day, _estimated in dates(year) if day.year == year)
    return found[0] + timedelta(days=shift) if found else None


def easter_day(year: int, orthodox: bool = False) -> date:
    """Return Easter Sunday of ``year``: the Western (Gregorian) one, or the Orthodox one on the Gregorian calendar."""
    from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter  # python-dateutil, installed with holidays

    return easter(year, EASTER_ORTHODOX if orthodox else EASTER_WESTERN)


@functools.cache
def calendar_names(country: str, subdiv: str, year: int, skip: tuple[str, ...]) -> dict[str, date]:
    """Return each holiday name (lower-cased) the calendar of ``country`` (and its division ``subdiv``)
    gives in ``year``, in English and in the country's own language, with its first day; names holding
    a word of ``skip`` (observed and substitute days) left out. Empty when the package has no such calendar."""
    import holidays

    names: dict[str, date] = {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            kind = holidays.country_holidays(country, years=year)
            languages = {"en_US" if "en_US" in kind.supported_languages else None, kind.default_language}
            for language in languages:
                calendar = holidays.country_holidays(country, subdiv=subdiv or None, years=year, language=language,
                                                     categories=type(kind).supported_categories)
                for day, said in sorted(calendar.items()):
                    for name in str(said).split("; "):
                        if not any(word in name.lower() for word in skip):
                            names.setdefault(name.lower().replace("\u2019", "'"), day)
                            if (bare := said_bare(name)) is not None:
                                names.setdefault(bare.lower(), day)
    except (NotImplementedError, KeyError, ValueError):
        return {}
    return names
