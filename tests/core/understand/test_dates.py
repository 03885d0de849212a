"""Date slot parsing: example tables plus round-trip properties."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.understand.dates import DateHint, mentions_now, parse_date
from core.understand.dates_words import Gates

TPE = ZoneInfo("Asia/Taipei")
# Wednesday 2025-11-19, late evening in Taipei (already the 19th there, 15:30 UTC).
Q = datetime(2025, 11, 19, 23, 30, tzinfo=TPE)

EXAMPLES = [
    ("今天", date(2025, 11, 19), False, True),
    ("今日的潮汐", date(2025, 11, 19), False, True),
    ("明天基隆浪高", date(2025, 11, 20), False, True),
    ("明日", date(2025, 11, 20), False, True),
    ("後天", date(2025, 11, 21), False, True),
    ("大後天", date(2025, 11, 22), False, True),
    ("昨天", date(2025, 11, 18), False, True),
    ("昨日", date(2025, 11, 18), False, True),
    ("前天", date(2025, 11, 17), False, True),
    ("2025/11/25", date(2025, 11, 25), True, False),
    ("2025-11-25", date(2025, 11, 25), True, False),
    ("2025.11.25", date(2025, 11, 25), True, False),
    ("11月25日", date(2025, 11, 25), True, False),
    ("11月25號的天氣", date(2025, 11, 25), True, False),
    ("2025年11月25日", date(2025, 11, 25), True, False),
    ("11/25", date(2025, 11, 25), True, False),
    ("2025-11-25T06:30:00+08:00", date(2025, 11, 25), True, False),
    ("２０２５／１１／２５", date(2025, 11, 25), True, False),
    ("today", date(2025, 11, 19), False, True),
    ("Tomorrow in Keelung", date(2025, 11, 20), False, True),
    ("yesterday", date(2025, 11, 18), False, True),
    ("the day after tomorrow", date(2025, 11, 21), False, True),
    ("Nov 25", date(2025, 11, 25), True, False),
    ("25 Nov", date(2025, 11, 25), True, False),
    ("November 25, 2025", date(2025, 11, 25), True, False),
    ("on the 3rd of December 2026", date(2026, 12, 3), True, False),
    ("next Monday", date(2025, 11, 24), False, True),
    ("this Friday", date(2025, 11, 21), False, True),
    ("on Monday", date(2025, 11, 24), False, True),
    ("下週一", date(2025, 11, 24), False, True),
    ("下星期一", date(2025, 11, 24), False, True),
    ("這週五", date(2025, 11, 21), False, True),
    ("這週一", date(2025, 11, 17), False, True),
    ("週六", date(2025, 11, 22), False, True),
    ("星期日", date(2025, 11, 23), False, True),
    ("禮拜三", date(2025, 11, 19), False, True),
    ("3 days later", date(2025, 11, 22), False, True),
    ("in 3 days", date(2025, 11, 22), False, True),
    ("3天後", date(2025, 11, 22), False, True),
    ("三天後", date(2025, 11, 22), False, True),
    ("十五天後", date(2025, 12, 4), False, True),
    ("2 weeks ago", date(2025, 11, 5), False, True),
    ("2025/11/25 座標約為 25.2079, 121.4286", date(2025, 11, 25), True, False),
    ("明天 (11/26) 潮州的潮汐", date(2025, 11, 26), True, False),
]


@pytest.mark.parametrize(("text", "day", "explicit", "relative"), EXAMPLES)
def test_parse_date_examples(text: str, day: date, explicit: bool, relative: bool) -> None:
    h = parse_date(text, Q)
    assert h is not None, text
    assert (h.day, h.explicit, h.relative) == (day, explicit, relative)


def test_span_is_in_original_text() -> None:
    text = "請問明天基隆的浪高"
    h = parse_date(text, Q)
    assert h is not None and text[h.span[0]:h.span[1]] == "明天"


def test_relative_words_use_query_time_zone() -> None:
    # 2025-11-19 20:00 UTC is already the 20th in Taipei.
    utc = datetime(2025, 11, 19, 20, 0, tzinfo=timezone.utc)
    assert parse_date("今天", utc).day == date(2025, 11, 19)  # type: ignore[union-attr]
    assert parse_date("今天", utc.astimezone(TPE)).day == date(2025, 11, 20)  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["2025-13-01", "", "潮汐", "121.5, 25.0", "天氣如何", "Sunny and warm", "May I ask about waves"])
def test_parse_date_none(text: str) -> None:
    assert parse_date(text, Q) is None


@pytest.mark.parametrize(("text", "word"), [
    ("2025/02/30", "2025/02/30"), ("2/30 日落", "2/30"), ("2023年2月29日的潮汐", "2023年2月29日"), ("Feb 30", "Feb 30"),
    ("tides on the 31st of November", "31st of November"), ("4月31號 澎湖", "4月31號"), ("june 31 sunset", "june 31"),
    ("low tide at piha on the 31st of june?", "31st of june"), ("sunset nov 31 at manly", "nov 31"),
    ("tides for the 32nd of december", "32nd of december"),
])
def test_a_month_day_past_its_end_is_asked(text: str, word: str) -> None:
    """No such day: the bot asks which day instead of answering today or another day."""
    hint = parse_date(text, Q)
    assert hint is not None and hint.unrecognised == word and not hint.explicit, (text, hint)


@pytest.mark.parametrize(("text", "want"), [
    ("現在基隆的風速", True), ("目前水溫", True), ("今天天氣", True), ("此刻", True),
    ("what is the current temperature", True), ("right now", True), ("now", True), ("today's tide", True),
    ("明天的潮汐", False), ("snowy currents", False), ("know", False), ("tomorrow", False),
])
def test_mentions_now(text: str, want: bool) -> None:
    assert mentions_now(text) is want


# --- properties ---------------------------------------------------------------

zones = st.sampled_from([TPE, ZoneInfo("UTC"), ZoneInfo("Pacific/Honolulu"), ZoneInfo("Europe/Zurich"),
                         ZoneInfo("Pacific/Kiritimati"), ZoneInfo("America/New_York")])
query_times = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2090, 12, 31), timezones=zones)
days = st.dates(min_value=date(1990, 1, 1), max_value=date(2099, 12, 31))
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


def _full_styles(d: date) -> list[str]:
    return [f"{d:%Y/%m/%d}", f"{d:%Y-%m-%d}", f"{d:%Y.%m.%d}", f"{d.year}年{d.month}月{d.day}日",
            f"{d:%Y-%m-%d}T12:00:00+08:00", f"{MONTHS[d.month - 1]} {d.day}, {d.year}",
            f"{d.day} {MONTHS[d.month - 1][:3]} {d.year}"]


def _year_styles(d: date) -> list[str]:  # the year comes from query_time
    return [f"{d.month}月{d.day}日", f"{d.month}月{d.day}號", f"{d.month}/{d.day}",
            f"{MONTHS[d.month - 1][:3]} {d.day}", f"{d.day} {MONTHS[d.month - 1]}"]


wrappers = st.sampled_from(["{}", "{} 基隆的浪高", "weather on {} please", "請問{}的潮汐", "{} 06:30 (121.5, 25.0)"])


@settings(max_examples=150, deadline=None)
@given(days, query_times, wrappers)
def test_calendar_round_trip(d: date, q: datetime, wrap: str) -> None:
    for text in _full_styles(d):
        h = parse_date(wrap.format(text), q)
        assert h is not None and h.day == d and h.explicit, text
    same_year = _replace_year(d, q.year)
    if same_year is not None:
        # over half a year gone, a day without a year is next year's (1/1 asked in December)
        meant = _replace_year(d, q.year + 1) if (q.date() - same_year).days > 183 else same_year
        for text in _year_styles(same_year):
            h = parse_date(wrap.format(text), q)
            assert h is not None and h.day == (meant or same_year), text


def _replace_year(d: date, year: int) -> date | None:
    try:
        return d.replace(year=year)
    except ValueError:  # Feb 29
        return None


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 60), query_times, wrappers)
def test_offsets_round_trip(n: int, q: datetime, wrap: str) -> None:
    today = q.date()
    for text in (f"{n}天後", f"in {n} days", f"{n} days later", f"{n} days from now"):
        h = parse_date(wrap.format(text), q)
        assert h is not None and h.day == today + timedelta(days=n) and h.relative, text
    for text in (f"{n}天前", f"{n} days ago"):
        h = parse_date(wrap.format(text), q)
        assert h is not None and h.day == today - timedelta(days=n), text


ZH_WD = "一二三四五六日"
EN_WD = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 6), query_times)
def test_weekdays(wd: int, q: datetime) -> None:
    today = q.date()
    monday = today - timedelta(days=today.weekday())
    cases = {
        f"下週{ZH_WD[wd]}": monday + timedelta(days=7 + wd),
        f"next {EN_WD[wd]}": monday + timedelta(days=7 + wd),
        f"這週{ZH_WD[wd]}": monday + timedelta(days=wd),
        f"上星期{ZH_WD[wd]}": monday + timedelta(days=wd - 7),
    }
    for text, want in cases.items():
        h = parse_date(text, q)
        assert h is not None and h.day == want and h.day.weekday() == wd, text
    for text in (f"星期{ZH_WD[wd]}", f"on {EN_WD[wd]}", f"this {EN_WD[wd]}"):
        h = parse_date(text, q)
        assert h is not None and h.day.weekday() == wd and 0 <= (h.day - today).days < 7, text


@settings(max_examples=150, deadline=None)
@given(days, query_times)
def test_relative_words(d: date, q: datetime) -> None:
    today = q.date()
    for text, off in (("今天", 0), ("明天", 1), ("後天", 2), ("大後天", 3), ("昨天", -1), ("前天", -2),
                      ("today", 0), ("tomorrow", 1), ("yesterday", -1), ("the day after tomorrow", 2)):
        h = parse_date(text, q)
        assert h is not None and h.day == today + timedelta(days=off), text


@settings(max_examples=200, deadline=None)
@given(st.text(), query_times)
def test_no_exception_on_any_text(text: str, q: datetime) -> None:
    h = parse_date(text, q)
    assert h is None or isinstance(h, DateHint)
    assert isinstance(mentions_now(text), bool)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123456789/-.年月日號天後前週下這 NovMayin days", max_size=30), query_times)
def test_no_exception_on_date_soup(text: str, q: datetime) -> None:
    parse_date(text, q)


# --- the gated, rewritten patterns answer exactly what the plain ones do -------

import random  # noqa: E402
import re  # noqa: E402

import core.understand.dates as _d  # noqa: E402
import core.understand.dates_now as _now  # noqa: E402

_REF = {  # the digit patterns as first written, with leading lookbehinds
    "ymd": (re.compile(r"(?<!\d)(\d{4})\s*(?:[-/.]|年)\s*(\d{1,2})\s*(?:[-/.]|月)\s*(\d{1,2})(?![\d.])\s*[日號号]?"), _d._YMD),
    # 日/號 may be left out where no unit or range follows (``_DAY_END``)
    "md_zh": (re.compile(r"(?<![\d.])(?<!\d年)(\d{1,2})\s*月\s*(\d{1,2})" + _d._DAY_END), _d._MD_ZH),
    "md_slash": (re.compile(r"(?<![\d./])(\d{1,2})/(\d{1,2})(?![\d/.])"), _d._MD_SLASH),
    "d_mon": (re.compile(rf"(?<![\d.])(\d{{1,2}}){_d._ORD}\s+(?:of\s+)?({_d._MONTH_RE}){_d._R}\.?(?:,?\s*(\d{{4}})(?!\d))?",
                         re.IGNORECASE), _d._D_MON),
}


def _reference_parse_date(text: str, query_time: datetime) -> DateHint | None:
    """The parse with every gate open: each pattern runs on every text."""
    work = _d.fold_width(text)
    return _d._parse(work, query_time, Gates(True, True, True, True, True, work.lower(), True))


def _reference_mentions_now(text: str) -> bool:
    work = _d.fold_width(text)
    return any(w in work for w in _now._NOW_WORDS) or any(
        m[0].lower() != "current" or _now._current_means_now(work, *m.span()) for m in _now._NOW_EN.finditer(work))


_DATE_PIECE_LIST = (
    [w for w in _d._REL_WORDS] + [w.upper() for w in _d._REL_WORDS if w.isascii()] + list(_d._MONTHS)
    + [m.title() for m in _d._MONTHS] + list(_d._WEEKDAYS_EN) + ["Next ", "last ", "this ", "on ", "in ", " days",
                                                                  " week", " ago", " later", "from now", "of "]
    + list("0123456789 ./-年月日號週周星期禮拜下這上天後前三十,Kabc末初農曆到跟、") + ["weekend", "week", "fortnight", "the ",
                                                                      "th", " and ", "端午節", "Christmas", "月底", "next month"] + ["2025", "11", "25", "１１／２５", "now", "NOW",
                                                                          "current", "latest", "現在", "目前"])
_DATE_PIECES = st.sampled_from(_DATE_PIECE_LIST)
_REF_QUERY_TIMES = [Q, datetime(2024, 2, 29, 12, tzinfo=TPE)]


def _assert_matches_reference(text: str, q: datetime) -> None:
    assert parse_date(text, q) == _reference_parse_date(text, q), text
    assert mentions_now(text) == _reference_mentions_now(text), text
    work = _d.fold_width(text)
    for plain, fast in _REF.values():  # the rewritten digit patterns match exactly what the plain ones do
        assert [m.span() for m in plain.finditer(work)] == [m.span() for m in fast.finditer(work)], text


# Hypothesis explores (and shrinks) a few hundred new mixes each run; the seeded sweep below keeps
# the volume (3000 mixes of the same pieces) at a tenth of Hypothesis's per-example cost.
@settings(max_examples=300, deadline=None)
@given(st.lists(_DATE_PIECES, max_size=8).map("".join), st.sampled_from(_REF_QUERY_TIMES))
def test_parse_date_matches_reference(text: str, q: datetime) -> None:
    _assert_matches_reference(text, q)


def test_parse_date_matches_reference_on_a_seeded_sweep() -> None:
    rng = random.Random(20251119)
    for i in range(3000):
        text = "".join(rng.choice(_DATE_PIECE_LIST) for _ in range(rng.randint(0, 8)))
        _assert_matches_reference(text, _REF_QUERY_TIMES[i % 2])


@pytest.mark.parametrize("text", [t for t, *_ in EXAMPLES] + ["Sunset in Kaohsiung next Monday?", "SST on 2025-11-10",
                                                              "in 3 wee\u212a", "2 wee\u212as ago", "\u0130n 3 days", "12025/11/25"])
def test_parse_date_examples_match_reference(text: str) -> None:
    assert parse_date(text, Q) == _reference_parse_date(text, Q)
    assert _d.parse_date_folded(_d.fold_width(text), Q) == parse_date(text, Q)
    assert mentions_now(text) == _reference_mentions_now(text)


def test_case_folding_lookalikes_never_raise():
    # Case-insensitive regexes accept "ſ" (long s), "ı" (dotless i), "İ" and the Kelvin sign;
    # their lower() is no table key, so they must be skipped, not raise.
    qt = datetime(2025, 11, 14, 11, 0, tzinfo=timezone(timedelta(hours=8)))
    for text in ("ſeptember 5", "tonıght", "yeſterday", "thİs morning", "next Mondaı", "5 ſep", "\u212aeelung today"):
        parse_date(text, qt)


from router_ask import ask_router  # noqa: E402


@pytest.mark.parametrize(("query", "tz", "word"), [
    ("11月31日 澎湖潮汐", "Asia/Taipei", "11月31日"),
    ("Manly sunset on 31 June?", "Australia/Sydney", "31 June"),
    ("基隆 2/29 幾點乾潮", "Asia/Taipei", "2/29"),   # 2027 is no leap year
])
async def test_the_bot_asks_which_day_for_a_day_past_its_months_end(query: str, tz: str, word: str) -> None:
    answer = await ask_router(query, "2026-11-28T07:30:00", tz)
    assert answer.mode == "fallback" and word in answer.text, answer.text
