"""The keyword groups a question contains, as a typed value (`Signals`).

One bool field per group of core/data/keywords.yaml: the type checker knows each
group, so a misspelt group name is an error before anything runs (and an AttributeError if it
does). A new group in keywords.yaml is a new field here; `check_fields` (run when the groups are
first read) refuses a file and a class that disagree.
"""
from __future__ import annotations

import dataclasses
import itertools
import operator
from collections.abc import Iterable, Iterator, Mapping


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Signals(Mapping[str, bool]):
    """Which keyword groups a question contains: `signals.tide` (or `signals["tide"]`) is True
    when it holds a word of the `tide` group or of a group implying it."""

    tide: bool = False
    tide_spoken: bool = False
    astro: bool = False
    moon_phase: bool = False
    spring_dates: bool = False
    lunar_date: bool = False
    moon_times: bool = False
    sst: bool = False
    sst_weak: bool = False
    sst_feel: bool = False
    temperature: bool = False
    rain: bool = False
    weather: bool = False
    wind: bool = False
    wind_bare: bool = False
    time: bool = False
    time_now: bool = False
    time_now_local: bool = False
    date_now: bool = False
    time_convert: bool = False
    convert_bare: bool = False    # "convert": a conversion only with a clock, zone or time word
    zone_word: bool = False
    zone_named: bool = False
    zone_conversion: bool = False
    day_asked: bool = False
    time_there: bool = False
    time_reached: bool = False
    clock_apart: bool = False     # hours ahead or behind asked around the places' names (time_convert)
    time_hour_now: bool = False
    clock_compared: bool = False
    clock_theirs: bool = False
    storm_track: bool = False
    tide_observed: bool = False
    tide_shape_odd: bool = False
    next_weather: bool = False
    sst_water_temp: bool = False
    tide_unaccented: bool = False
    astro_purpose: bool = False
    tide_purpose: bool = False
    clock: bool = False
    sea_state: bool = False
    sea_activity: bool = False
    sea_size: bool = False
    explain: bool = False
    conceptual: bool = False
    prediction_gap: bool = False
    meaning: bool = False
    judged: bool = False
    about_data: bool = False
    no_such_data: bool = False
    current_speed: bool = False
    route_plan: bool = False
    producer: bool = False
    data_sets: bool = False
    phenomena: bool = False
    clock_rule: bool = False
    clock_idea: bool = False
    trip_arrival: bool = False
    named_phase: bool = False
    moon_bright: bool = False
    moon_it_rises: bool = False   # the moon named, its rise or set asked with "it" (moon_times)
    time_now_hi: bool = False     # Hindi "kya time hua": the time now (time_now)
    tide_chart: bool = False
    calendar: bool = False
    week: bool = False
    compare: bool = False
    currents: bool = False
    when: bool = False
    why: bool = False
    off_prediction: bool = False
    in_general: bool = False
    lore: bool = False
    clock_gap: bool = False
    season: bool = False
    when_asked: bool = False
    nearest: bool = False
    greeting: bool = False
    thanks: bool = False
    about_bot: bool = False
    help: bool = False
    off_topic: bool = False
    follow_up: bool = False

    @classmethod
    def of(cls, groups: Iterable[str]) -> Signals:
        """Return the Signals with exactly `groups` on; a name that is no group raises ValueError."""
        on = frozenset(groups)
        unknown = on.difference(_NAMES)
        if unknown:
            raise ValueError(f"no keyword group named {sorted(unknown)} in keywords.yaml")
        return cls(**dict.fromkeys(on, True))

    def __getitem__(self, group: str) -> bool:
        if group not in _NAME_SET:
            raise KeyError(group)
        return bool(getattr(self, group))

    def __iter__(self) -> Iterator[str]:
        return iter(_NAMES)

    def __len__(self) -> int:
        return len(_NAMES)

    def __repr__(self) -> str:
        return f"Signals({', '.join(self.on)})"

    @property
    def on(self) -> tuple[str, ...]:
        """Return the names of the groups found, in the order of the fields."""
        return tuple(itertools.compress(_NAMES, _ALL_FIELDS(self)))   # in C: the router reads it often

    @property
    def data(self) -> bool:
        """True when the question names something the bot looks up (tide, sun/moon, SST, weather, time …)."""
        return (self.tide or self.astro or self.moon_phase or self.sst or self.weather or self.time
                or self.sea_state or self.time_convert)

    @property
    def sea_or_sky(self) -> bool:
        """True when the question asks for tide, sun or moon, sea temperature, weather (rain, wind) or sea state."""
        return (self.tide or self.astro or self.moon_phase or self.moon_times or self.sst or self.weather
                or self.rain or self.wind or self.sea_state)


_NAMES: tuple[str, ...] = tuple(field.name for field in dataclasses.fields(Signals))
_NAME_SET = frozenset(_NAMES)
_ALL_FIELDS = operator.attrgetter(*_NAMES)


def check_fields(groups: tuple[str, ...]) -> None:
    """Return None when `groups` (keywords.yaml's) are Signals' fields; otherwise raise ValueError
    naming the difference."""
    if frozenset(groups) != _NAME_SET:
        missing = [g for g in groups if g not in _NAME_SET]
        extra = [f for f in _NAMES if f not in groups]
        raise ValueError(f"keywords.yaml's groups and Signals' fields differ: groups without a field {missing}, "
                         f"fields without a group {extra}")
