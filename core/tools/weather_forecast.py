"""`weather.forecast`: the Open-Meteo forecast at a point, in the place's zone."""
from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from core.decide.locate import point_args
from core.decide.plan_record import Heard, Plan, PlanArgs
from core.reply import Footer, Reply
from core.tools.base import AskedFor, Command, PlanStep, Tool, ToolContext, ToolRun
from core.tools.whose_clock import Clock, answer_clock, span_there
from core.tools.open_meteo import WeatherForecast, WeatherForecastArgs, weather_forecast
from core.words.day import month_day
from core.words.strings import t
from core.words.weather import weather_aspects, weather_day, weather_source

if TYPE_CHECKING:
    from datetime import date, datetime

    from core.asked import Asked
    from core.understand.slots import Slots

DESCRIPTION = "Weather forecast (current, hourly, daily) from Open-Meteo for a point."
MAX_DAYS = 16
# When the next rain comes, with no day named: the days of forecast it is looked for in
NEXT_WEATHER_DAYS = 7
# The plan reason of a wave question that asks about the wind too: answered with the wind, after
# saying there is no wave data.
SEA_STATE_WIND = "sea_state_wind"


def normalize(raw: PlanArgs, asked: "Asked") -> WeatherForecastArgs:
    """Return the call's arguments (the model; ValidationError when they do not fit it): the point, enough days to reach the asked day, the place's zone."""
    clock = answer_clock(asked, raw.longitude, raw.latitude)
    first, count = _span(asked, clock)
    last = (first - clock.now.date()).days + count   # fetch every day asked, up to the last
    place = asked.slots.place if asked.slots else None
    return WeatherForecastArgs.model_validate({
        "latitude": raw.latitude, "longitude": raw.longitude,
        "forecastDays": max(1, min(MAX_DAYS, last)), "includeHourly": False, "timezone": place.tz if place else "auto"})


def _span(asked: "Asked", clock: Clock) -> tuple["date", int]:
    """Return the first day and the count of days answered: those asked, or a week from today when the next
    rain is asked with no day named ("when will it rain next")."""
    first, count = span_there(asked, clock)
    named = asked.slots is not None and asked.slots.date is not None
    if not named and not asked.question.days and asked.signals is not None and asked.signals.next_weather:
        return first, NEXT_WEATHER_DAYS
    return first, count


async def execute(ctx: ToolContext, arguments: WeatherForecastArgs, _backend: str | None,
                  _query_time: "datetime | None") -> ToolRun[WeatherForecast]:
    """Return the forecast from the configured Open-Meteo endpoint (never one the user names)."""
    s = ctx.settings
    return ToolRun(await weather_forecast(arguments, url=s.open_meteo_url, timeout=s.open_meteo_timeout))


def render(result: WeatherForecast, arguments: WeatherForecastArgs, asked: "Asked") -> Reply:
    """Return the reply for the aspects asked (rain, temperature, wind, or general): one line per
    day asked (the first the headline), the source in the footer."""
    first, count = _span(asked, answer_clock(asked, arguments.longitude, arguments.latitude))
    aspects, place = weather_aspects(asked.query), asked.place_label() or None
    days = [weather_day(result, lang=asked.lang, day=first + timedelta(days=i), aspects=aspects, place=place)
            for i in range(min(count, MAX_DAYS))]
    zone = result.timezone or arguments.timezone
    footer = Footer(place=place, tz=str(zone) if zone and zone != "auto" else None, source=weather_source(asked.lang))
    reply = Reply(headline=days[0], lines=days[1:], footer=footer)
    wanted = asked.slots.date.wanted if asked.slots and asked.slots.date else 0
    if wanted > len(days):   # 「未來二十天」: the forecast's reach, said first
        last = first + timedelta(days=len(days) - 1)
        reply = reply.lead(t(asked.lang, "weather.span_cut", asked=wanted, days=MAX_DAYS,
                             first=month_day(first, asked.lang), last=month_day(last, asked.lang)))
    if asked.plan is not None and asked.plan.reason == SEA_STATE_WIND:
        return reply.lead(t(asked.lang, "understand.sea_state_wind"))   # no wave data: said first
    return reply


NAME = "weather.forecast"


def _sea_state(heard: Heard) -> Plan | None:
    """Waves asked with no tide, SST or sun word: no wave data here; with a wind word the wind
    forecast helps ("出海風浪大不大", the reply says so), else the fixed reply saying so."""
    s = heard.signals
    if not (s.sea_state or _size_of_the_sea(heard)) or s.tide or s.sst or s.astro or s.zone_conversion:
        return None   # (a surf trip's clocks asked: converted)
    args = point_args(heard.slots)
    if s.wind and args is not None:
        return Plan("mcp_tools", NAME, args, SEA_STATE_WIND)
    return Plan("explain", reason="sea_state_only", static="sea_state")


_SURF_SPOTS = frozenset({"beach", "bay", "cape"})


def _size_of_the_sea(heard: Heard) -> bool:
    """Return whether a size is asked of a place on the sea with no data word, a surf spot or on a day ("how big is
    Mavericks gonna be", "is Waimea gonna be big tomorrow"): the waves' size, which no data here gives, not its tide."""
    s, place, day = heard.signals, heard.slots.place, heard.slots.date
    return s.sea_size and not (s.weather or s.time or s.moon_phase or s.no_such_data) and place is not None and place.coastal \
        and (place.kind in _SURF_SPOTS or day is not None)


def _weather(heard: Heard) -> Plan | None:
    """A weather word (not a sea word, which may mean SST; the wind or rain at sea is the weather:
    「新竹外海風速」, 「海上會下雨嗎」): the forecast at the place, else "where?"."""
    s = heard.signals
    if not s.weather or s.sst_weak and not s.wind and not s.rain:
        return None
    args = point_args(heard.slots)
    if args is None:
        return Plan("fallback", tool=NAME, reason="weather_without_location", static="need_location")
    return Plan("mcp_tools", NAME, args, "weather_keywords")


def _inferred(heard: Heard) -> Plan | None:
    args = point_args(heard.slots) if heard.signals.weather else None
    return Plan("mcp_tools", NAME, args, "inferred_weather") if args else None


def locate(slots: "Slots", reason: str) -> Plan | None:
    """Return the forecast at the slots' point or place, or None without one."""
    args = point_args(slots)
    return Plan("mcp_tools", NAME, args, reason) if args else None


TOOL: Tool[WeatherForecastArgs, WeatherForecast] = Tool(
    name=NAME, args=WeatherForecastArgs, result=WeatherForecast, backend="open-meteo",
    description=DESCRIPTION, source="Open-Meteo", colour=0x43A047,
    normalize=normalize, execute=execute, render=render, commands=(Command("weather", 4, days=True),), horizon_days=MAX_DAYS,
    steps=(PlanStep(20, _sea_state), PlanStep(120, _weather)), inferred=PlanStep(20, _inferred), locate=locate,
    asked_for=AskedFor(20, lambda s: s.weather),
)
