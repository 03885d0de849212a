"""Issue 26, point 4 (tune43's code class, new wordings): a program is composed from what was understood — a month
shortened with its year ("dec 2026"), "every day in December" as the span and not a schedule, the full or new moon
days only, a weather quantity summed per day, the tide asked hourly said to come as highs and lows, a conversion
to a zone written by its IANA name in a function over a list, and a city written in lower case after "<data> for"."""
from __future__ import annotations

from typing import Any

import pytest
from router_ask import ask_router

from core.answers.code_ask import read_code_ask
from program_params import params_of

TODAY = "2026-11-28"   # a Saturday
HOBART: dict[str, Any] = {"point": (147.33, -42.88), "place": "Hobart", "place_zh": "荷巴特", "today": TODAY,
                          "tz": "Australia/Hobart"}


@pytest.mark.parametrize(("query", "span"), [
    ("python csv of the tides for jan 2027", ("2027-01-01", "2027-01-31")),
    ("script: sunset times through sept 2027 as a table", ("2027-09-01", "2027-09-30")),
    ("python: moonrise for feb", ("2027-02-01", "2027-02-28")),        # a month gone half a year: next year's
    ("write code for the tides in dec", ("2026-12-01", "2026-12-31")),
    ("code to plot the tides for oct 2026", ("2026-10-01", "2026-10-31")),
])
def test_a_shortened_month_is_the_span(query: str, span: tuple[str, str]) -> None:
    ask = read_code_ask(query, HOBART)
    assert (ask.start.isoformat(), ask.end.isoformat()) == span, query


def test_may_as_a_word_is_no_month() -> None:
    ask = read_code_ask("may I have python for the tides this week", HOBART)
    assert (ask.start.isoformat(), ask.end.isoformat()) == ("2026-11-23", "2026-11-29")


@pytest.mark.parametrize(("query", "span", "schedule"), [
    ("python table of sunrise for every day in january 2027", ("2027-01-01", "2027-01-31"), False),
    ("code that lists the tides for every day of next month", ("2026-12-01", "2026-12-31"), False),
    ("python that mails me the tides every day at 6", None, True),
])
def test_every_day_of_a_span_is_no_schedule(query: str, span: tuple[str, str] | None, schedule: bool) -> None:
    ask = read_code_ask(query, HOBART)
    assert ("schedule" in ask.cannot_delivery) is schedule, (query, ask.cannot_delivery)
    if span:
        assert (ask.start.isoformat(), ask.end.isoformat()) == span


@pytest.mark.parametrize(("query", "phase"), [
    ("python: every new moon date in 2027 to csv", "New Moon"),
    ("寫程式列出明年所有滿月的日期", "Full Moon"),
    ("script listing the first quarter moons next year", "First Quarter"),
    ("python table of moonrise this week", ""),
])
def test_a_moon_phase_named_keeps_only_its_days(query: str, phase: str) -> None:
    ask = read_code_ask(query, HOBART)
    assert (ask.variable, ask.phase) == ("moon", phase), query


@pytest.mark.parametrize(("query", "daily", "measures"), [
    ("python: total rain per day at hobart for the next week", True, ("rain",)),
    ("程式：荷巴特未來五天每天的雨量表", True, ("rain",)),
    ("python plot of the hourly wind this week", False, ("wind",)),
])
def test_a_weather_quantity_asked_per_day_is_the_day_summary(query: str, daily: bool, measures: tuple[str, ...]) -> None:
    ask = read_code_ask(query, HOBART)
    assert (ask.variable, ask.measures, ask.daily) == ("weather", measures, daily), query


async def test_daily_rain_reads_the_daily_forecast_and_plots_its_columns() -> None:
    answer = await ask_router("python chart of the daily rainfall totals in hobart for 5 days", "2026-11-28T08:00:00+11:00",
                              "Australia/Hobart", dry_run=False)
    params = params_of(answer.code or "")
    assert "HOURLY" not in params and params["PLOT_COLUMNS"] == ["rain_mm", "rain_pct"], params
    assert "precipitation_sum" in (answer.code or "") and "daily rain total" in answer.text


@pytest.mark.parametrize("query", [
    "python: tide height every hour at hobart tomorrow",
    "寫程式抓荷巴特明天每小時的潮位",
])
async def test_the_tide_asked_hourly_says_it_comes_as_highs_and_lows(query: str) -> None:
    answer = await ask_router(query, "2026-11-28T08:00:00+11:00", "Australia/Hobart", dry_run=False)
    assert answer.mode == "code" and params_of(answer.code or "")["VARIABLE"] == "tide"
    assert "not hourly heights" in answer.text or "沒有逐時潮高" in answer.text, answer.text


@pytest.mark.parametrize(("query", "from_tz", "to_tz"), [
    ("python function: turn a list of UTC datetimes into Asia/Kolkata time", "UTC", "Asia/Kolkata"),
    ("need a function converting America/Chicago timestamps to Europe/Lisbon", "America/Chicago", "Europe/Lisbon"),
])
async def test_a_conversion_to_a_zone_written_by_its_name_is_a_function_over_a_list(query: str, from_tz: str,
                                                                                   to_tz: str) -> None:
    answer = await ask_router(query, "2026-11-28T08:00:00+01:00", "Europe/Berlin", dry_run=False)
    params = params_of(answer.code or "")
    assert (params["FROM_TZ"], params["TO_TZ"], params["OUTPUT"]) == (from_tz, to_tz, "function"), params
    assert "def convert_all(" in (answer.code or "") and "convert_all()" in answer.text


@pytest.mark.parametrize(("query", "place"), [
    ("python: wind for darwin over the next 5 days as a table", "Darwin"),
    ("code for the rain forecast for wellington this week", "Wellington"),
])
async def test_a_city_in_lower_case_after_what_is_asked_for_is_the_place(query: str, place: str) -> None:
    answer = await ask_router(query, "2026-11-28T08:00:00+10:00", "Australia/Brisbane", dry_run=False)
    assert params_of(answer.code or "")["PLACE"] == place, answer.text


def test_a_function_for_any_place_says_only_its_example_call_was_assumed() -> None:
    from core.answers.code_words import notes
    ask = read_code_ask("python function returning sunrise and sunset for any lat lon", {"today": TODAY, "tz": "UTC"})
    assert ask.output == "function" and ask.assumed_place
    assert any("example call" in line for line in notes(ask, "en")), notes(ask, "en")


@pytest.mark.parametrize(("query", "word"), [
    ("matlab code for tomorrow's tides at Brest, France", "matlab"),
    ("python, Bay of Biscay SST for last week, save it as netcdf", "netcdf"),
])
async def test_a_language_or_file_format_the_program_lacks_is_said(query: str, word: str) -> None:
    answer = await ask_router(query, "2026-11-29T07:40:00", "Europe/Paris", dry_run=False)
    assert answer.mode == "code", answer.text[:200]
    intro = answer.text.split("```")[0]
    assert f"({word})" in intro.lower() and "does not" in intro, intro
