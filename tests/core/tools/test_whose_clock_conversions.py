"""Issue 26, point 3 "whose clock" in conversions, through the real Router (new wordings of each class):
the zone written beside the time is the time's, the zone asked is the target, other places are what
the question is about; the asker's own clock when only the other zone is named; a tide or travel word
beside a conversion leaves it a conversion; the moment the New Year comes is midnight there.

Every expected time is computed here with zoneinfo, not read from the bot.
"""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from router_ask import ask_router

LONDON_SAT = "2026-11-28T07:15:00+00:00"    # a Saturday morning in the UK
SG_SAT = "2026-12-19T21:00:00+08:00"        # a Saturday evening in Singapore / Hong Kong


def converted(day: date, hhmm: str, src: str, dst: str) -> datetime:
    """The moment `hhmm` on `day` in zone `src`, on zone `dst`'s clock."""
    hour, minute = (int(x) for x in hhmm.split(":"))
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(src)).astimezone(ZoneInfo(dst))


def target(answer_result: dict) -> datetime:
    """The target side of a conversion's result as a naive local datetime."""
    side = answer_result["to"]
    return datetime.fromisoformat(f"{side['date']}T{side['time']}")


@pytest.mark.parametrize(("query", "tz", "asked_at", "day", "hhmm", "src", "dst"), [
    # a tide word beside the conversion: still a conversion
    ("the tide turns at Brest at 17:45 CET, what's that in uk time", "Europe/London", LONDON_SAT,
     date(2026, 11, 28), "17:45", "Europe/Paris", "Europe/London"),
    ("lw at Dun Laoghaire 06:20 irish time, what's that in CET", "Europe/London", LONDON_SAT,
     date(2026, 11, 28), "06:20", "Europe/Dublin", "Europe/Paris"),
    ("Sunset in Perth 19:20 AWST, what's that in Sydney?", "Europe/London", LONDON_SAT,
     date(2026, 11, 28), "19:20", "Australia/Perth", "Australia/Sydney"),
    ("ferry to roscoff leaves 23:15 uk time, what's that french time?", "Europe/London", LONDON_SAT,
     date(2026, 11, 28), "23:15", "Europe/London", "Europe/Paris"),
    # a day word between the time and its zone
    ("hw Portsmouth 11:05 tomorrow uk time, in Sydney time?", "Europe/London", LONDON_SAT,
     date(2026, 11, 29), "11:05", "Europe/London", "Australia/Sydney"),
    # a place's time word beside the time, another place the question is about, a weekday
    ("webinar with Halifax at 2pm Toronto time on Wednesday, what time is that in Singapore?", "Asia/Singapore",
     SG_SAT, date(2026, 12, 23), "14:00", "America/Toronto", "Asia/Singapore"),
    # a travel word and a place named twice: declined before
    ("our ferry leaves Darwin 07:40 on 5 Jan. what's 07:40 Darwin time in Brisbane time?", "Asia/Singapore",
     SG_SAT, date(2027, 1, 5), "07:40", "Australia/Darwin", "Australia/Brisbane"),
    # an abbreviation beside the time, two places of the route, the target after "in"
    ("Kaikoura to Wellington ferry 2pm NZDT on 3 Jan, what's that in AWST?", "Asia/Singapore", SG_SAT,
     date(2027, 1, 3), "14:00", "Pacific/Auckland", "Australia/Perth"),
])
async def test_the_zone_beside_the_time_is_its_own_and_the_zone_asked_the_target(
        query: str, tz: str, asked_at: str, day: date, hhmm: str, src: str, dst: str) -> None:
    answer = await ask_router(query, asked_at, tz, dry_run=False)
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert answer.result["from"]["tz"] == src and answer.result["to"]["tz"] == dst, answer.result
    assert target(answer.result) == converted(day, hhmm, src, dst).replace(tzinfo=None), answer.text


@pytest.mark.parametrize(("query", "day", "hhmm", "dst"), [
    ("我後天晚上八點要開視訊 日本那時候是幾點", date(2026, 11, 30), "20:00", "Asia/Tokyo"),
    ("我聽朝十點打俾屋企 台灣嗰陣幾點", date(2026, 11, 29), "10:00", "Asia/Taipei"),
    ("聽晚八點 香港係幾點", date(2026, 11, 29), "20:00", "Asia/Hong_Kong"),
    ("if i ring my sister in auckland at 7pm tonight what time is it there", date(2026, 11, 28), "19:00",
     "Pacific/Auckland"),
    ("我明晚七點打給台北的朋友 那邊是幾點", date(2026, 11, 29), "19:00", "Asia/Taipei"),
])
async def test_a_time_without_its_zone_is_the_askers_when_the_other_zone_is_asked(
        query: str, day: date, hhmm: str, dst: str) -> None:
    answer = await ask_router(query, LONDON_SAT, "Europe/London", dry_run=False)
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert answer.result["from"]["tz"] == "Europe/London" and answer.result["to"]["tz"] == dst
    assert target(answer.result) == converted(day, hhmm, "Europe/London", dst).replace(tzinfo=None)


@pytest.mark.parametrize(("query", "src", "dst"), [
    ("首爾跨年那一刻 曼谷是幾點", "Asia/Seoul", "Asia/Bangkok"),
    ("when Auckland rings in the new year, what time is it in Honolulu?", "Pacific/Auckland", "Pacific/Honolulu"),
])
async def test_the_new_years_moment_there_is_midnight_on_january_first(query: str, src: str, dst: str) -> None:
    answer = await ask_router(query, SG_SAT, "Asia/Singapore", dry_run=False)
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert target(answer.result) == converted(date(2027, 1, 1), "00:00", src, dst).replace(tzinfo=None)


async def test_new_year_alone_still_asks_whether_it_is_yet() -> None:
    answer = await ask_router("首爾跨年了嗎", SG_SAT, "Asia/Singapore")
    assert answer.tool == "time.now"


async def test_the_place_written_nearer_the_time_keeps_it_before_a_zone_asked() -> None:
    # 換成 marks the zone asked: the three o'clock is Osaka's
    answer = await ask_router("大阪下午3點換成新加坡時間", SG_SAT, "Asia/Singapore", dry_run=False)
    assert answer.result and answer.result["from"]["tz"] == "Asia/Tokyo"
    expected = converted(date(2026, 12, 19), "15:00", "Asia/Tokyo", "Asia/Singapore")
    assert target(answer.result) == expected.replace(tzinfo=None)
