"""Issue 26, session 22 (whose clock): confident wrongs of time conversions, as classes, through the real Router
(local engine, no LLM; clock tools answered offline). None of these is a question of the tuning set.

* A zone word written before its clock time is the time's, even with words between (「美東時間的話，會議是下週二早上
  9點」, "PST: Monday 9am. Berlin time?"), unless the asker's own word stands between (「…我早上9點打過去」); a
  place's clock written with its adjective ("Londoner Zeit", "Londense tijd") is a zone too.
* Daylight-saving words (日光節約) name no place (日光 is Nikkō), and a part of the day (上午) is no misspelt place (尚武).
* A day said with the clocks' change is the change's: a later day asked in another clause is the time's day.
* A gap asked beside a place's time now answers the time there first (time.now), the gap after it.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2028-02-25T06:30:00"   # a Friday morning in the asker's zone


def _convert(answer: object) -> dict[str, object]:
    assert getattr(answer, "mode", None) == "mcp_tools" and getattr(answer, "tool", None) == "time.convert", \
        getattr(answer, "text", "")
    return dict(getattr(answer, "arguments", None) or {})


@pytest.mark.parametrize(("query", "tz", "src", "dst", "hhmm"), [
    ("美東時間的話，會議是下週二早上9點，台灣幾點？", "Asia/Taipei", "America/New_York", "Asia/Taipei", "09:00"),
    ("用美西時間算的話 週四早上10點 要換成台灣幾點", "Asia/Taipei", "America/Los_Angeles", "Asia/Taipei", "10:00"),
    ("PST: Monday 9am. Berlin time?", "Europe/Berlin", "America/Los_Angeles", "Europe/Berlin", "09:00"),
    ("UK time: kickoff 3pm Saturday. Sydney time?", "Australia/Sydney", "Europe/London", "Australia/Sydney", "15:00"),
    ("Tokyo time, the webinar starts Thursday 8pm; what's that for me?", "Europe/Berlin", "Asia/Tokyo",
     "Europe/Berlin", "20:00"),
    ("アメリカ東部時間で言うと、会議は水曜の朝9時。日本だと何時？", "Asia/Tokyo", "America/New_York", "Asia/Tokyo", "09:00"),
    ("미국 동부 시간으로는 회의가 수요일 오전 9시인데 한국은 몇 시야?", "Asia/Seoul", "America/New_York", "Asia/Seoul", "09:00"),
    # a place's clock written with its adjective, as German and Dutch write it
    ("Um 15 Uhr Londoner Zeit, wie spät ist das hier?", "Europe/Berlin", "Europe/London", "Europe/Berlin", "15:00"),
    ("Termin Donnerstag 10 Uhr Tokioter Zeit, wie spät ist es dann bei mir?", "Europe/Berlin", "Asia/Tokyo",
     "Europe/Berlin", "10:00"),
    ("Om 9 uur Londense tijd, hoe laat is dat hier?", "Europe/Amsterdam", "Europe/London", "Europe/Amsterdam", "09:00"),
    # the asker's own clock time after the zone word: the asker's
    ("美東時間跟這邊差幾小時？我早上9點打過去他們幾點", "Asia/Taipei", "Asia/Taipei", "America/New_York", "09:00"),
])
async def test_a_zone_word_before_its_clock_time_is_the_times_zone(query: str, tz: str, src: str, dst: str,
                                                                  hhmm: str) -> None:
    args = _convert(await ask_router(query, QT, tz))
    assert (args.get("from_tz"), args.get("to_tz"), args.get("time")) == (src, dst, hhmm), args


@pytest.mark.parametrize(("query", "src"), [
    ("日光節約時間開始後，3/20 早上9點紐約是台灣幾點", "America/New_York"),
    ("夏威夷沒有日光節約吧？明天下午兩點 檀香山 = 台灣幾點", "Pacific/Honolulu"),
    ("美西時間週五上午10點 台灣幾點", "America/Los_Angeles"),
])
async def test_daylight_saving_and_day_parts_name_no_place(query: str, src: str) -> None:
    answer = await ask_router(query, "2028-03-08T10:00:00", "Asia/Taipei")
    args = _convert(answer)
    assert args.get("from_tz") == src and args.get("to_tz") == "Asia/Taipei", args
    assert "日光" not in str(args.get("from_place")) and "尚武" not in answer.text, answer.text


@pytest.mark.parametrize(("query", "qt", "tz", "day"), [
    ("After the US switches to summer time this Sunday, what's 9am New York on Monday in Taipei time?",
     "2028-03-08T10:00:00", "Asia/Taipei", "2028-03-13"),
    ("美國這個星期日換夏令時間，之後星期一早上9點紐約是台灣幾點？", "2028-03-08T10:00:00", "Asia/Taipei", "2028-03-13"),
    ("Our standup is 9:00 Dubai time. Once Europe changes clocks on Sunday, what time is that in Paris on Monday?",
     "2028-03-22T10:00:00", "Asia/Dubai", "2028-03-27"),
    ("Daylight saving ends in NZ on Sunday. On Tuesday at 9am Auckland time, what time is it here?",
     "2028-03-24T10:00:00", "Asia/Kolkata", "2028-03-28"),
])
async def test_the_day_asked_after_the_clocks_change_day_is_the_later_one(query: str, qt: str, tz: str,
                                                                          day: str) -> None:
    args = _convert(await ask_router(query, qt, tz))
    assert args.get("date") == day, args


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("東京跟台北差幾個小時？東京現在幾點？", "Asia/Taipei", "Asia/Tokyo"),
    ("雪梨跟首爾差多少小時，雪梨現在幾點", "Asia/Taipei", "Australia/Sydney"),
    ("What's the time difference with Tokyo, and what time is it there now?", "Europe/London", "Asia/Tokyo"),
    ("India aur Dubai mein kitne ghante ka farak hai? Dubai mein abhi kya time hua?", "Asia/Kolkata", "Asia/Dubai"),
    ("Ilang oras ang agwat ng Manila at Dubai? Anong oras na ngayon sa Dubai?", "Asia/Manila", "Asia/Dubai"),
])
async def test_a_gap_asked_with_the_time_there_now_answers_both(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)   # the clocks are read offline
    assert answer.mode == "mcp_tools" and answer.tool == "time.now", answer.text
    assert (answer.arguments or {}).get("tz") == zone, answer.arguments
    assert "ahead" in answer.text or "behind" in answer.text or "快" in answer.text or "慢" in answer.text, answer.text
