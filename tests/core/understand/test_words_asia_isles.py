"""Issue 26: askers in Hong Kong, Singapore, Malaysia, Indonesia, the Philippines, Ireland and Scotland
write their own chat words — Cantonese (琴日, 而家, 退緊潮, 打風, 點解), Malay and Indonesian (besok, hujan,
pasang surut, jam berapa), Tagalog (bukas, uulan, sa Linggo), Singlish particles (ah, lah, can or not) and
sailing shorthand (HW, LW, the morra) — and the bot asked the question back, or missed the day word and
answered today. Asked through the real Router: the tool, the place and the day understood; the particles
ask nothing, and a capitalised one may still begin a name ("Po Toi")."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.understand.clock_times import find_clocks
from core.understand.dates import mentions_now, parse_date
from core.understand.signals import detect_signals
from core.understand.zone_words import zone_mentions
from router_ask import ask_router

# A Wednesday: Thursday is the 26th, Saturday the 28th, Sunday the 29th.
QT = "2026-11-25T09:00:00"
WED = date(2026, 11, 25)
HK, SG, JKT, MNL, DUB = "Asia/Hong_Kong", "Asia/Singapore", "Asia/Jakarta", "Asia/Manila", "Europe/Dublin"


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon", "day"), [
    # Cantonese: yesterday, now, tomorrow; the tide rising or falling; particles
    ("琴日大澳幾點潮漲㗎", HK, "tide.forecast", 22.26, 113.86, "2026-11-24"),
    ("尋日大澳幾點潮退呀", HK, "tide.forecast", 22.26, 113.86, "2026-11-24"),
    ("而家大澳係咪退緊潮", HK, "tide.forecast", 22.26, 113.86, "2026-11-25"),
    ("大澳宜家係咪漲緊潮呀", HK, "tide.forecast", 22.26, 113.86, "2026-11-25"),
    ("大澳聽朝幾點日出", HK, "tide.forecast", 22.26, 113.86, "2026-11-26"),
    ("大澳后日几点潮涨", HK, "tide.forecast", 22.26, 113.86, "2026-11-27"),
    # Malay and Indonesian
    ("Uluwatu tide besok pagi gimana?", JKT, "tide.forecast", -8.81, 115.06, "2026-11-26"),
    ("sunset Kuta Lombok besok jam berapa", JKT, "tide.forecast", -8.90, 116.28, "2026-11-26"),
    ("pasang surut di Benoa lusa jam berapa", JKT, "tide.forecast", -8.75, 115.22, "2026-11-27"),
    ("Kapan air pasang di Benoa hari Sabtu?", JKT, "tide.forecast", -8.75, 115.22, "2026-11-28"),
    ("Padang Padang air lagi naik atau turun sekarang?", JKT, "tide.forecast", -8.81, 115.10, "2026-11-25"),
    ("Tioman pasang surut esok?", SG, "tide.forecast", 2.80, 104.17, "2026-11-26"),
    # Tagalog
    ("El Nido high tide bukas?", MNL, "tide.forecast", 11.19, 119.40, "2026-11-26"),
    ("Anong oras ang paglubog ng araw sa Coron bukas?", MNL, "tide.forecast", 12.00, 120.20, "2026-11-26"),
    ("Coron tide sa Linggo po", MNL, "tide.forecast", 12.00, 120.20, "2026-11-29"),
    # Singlish
    ("Changi tide tmr what time ah", SG, "tide.forecast", 1.39, 103.99, "2026-11-26"),
    ("sunset Sentosa tmr nice or not", SG, "tide.forecast", 1.25, 103.83, "2026-11-26"),
    # Irish and Scottish sailing chat: HW / LW do not swallow the day word
    ("HW Salthill the morra?", DUB, "tide.forecast", 53.25, -9.08, "2026-11-26"),
    ("Howth HW sat", DUB, "tide.forecast", 53.39, -6.07, "2026-11-28"),
    ("Kirkwall HW thursday", "Europe/London", "tide.forecast", 59.00, -2.96, "2026-11-26"),
    ("LW Donaghadee the morrow", "Europe/London", "tide.forecast", 54.64, -5.54, "2026-11-26"),
])
async def test_a_tide_or_sun_question_in_chat_words_is_answered_for_its_day(
        query: str, tz: str, tool: str, lat: float, lon: float, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == tool, (query, answer.debug, answer.text)
    assert abs(args["latitude"] - lat) < 0.15 and abs(args["longitude"] - lon) < 0.15, (query, args)
    assert args["date"] == day, (query, args)


@pytest.mark.parametrize(("query", "tz", "tool", "lat", "lon"), [
    ("大澳聽日風大唔大", HK, "weather.forecast", 22.26, 113.86),
    ("香港聽晚凍唔凍", HK, "weather.forecast", 22.28, 114.17),
    ("西貢聽日會唔會打風", HK, "weather.forecast", 22.38, 114.27),
    ("赤柱頭先係咪落雨", HK, "weather.forecast", 22.22, 114.21),     # 頭先 (just now): no 赤柱頭
    ("Redang tmr hujan tak?", SG, "weather.forecast", 5.78, 103.01),
    ("nusa lembongan angin besok kencang ga", JKT, "weather.forecast", -8.68, 115.45),
    ("hujan di Redang besok?", SG, "weather.forecast", 5.78, 103.01),   # "hujan di" is no longer name
    ("Coron uulan ba bukas?", MNL, "weather.forecast", 12.00, 120.20),
    ("Mamaya uulan ba sa Coron?", MNL, "weather.forecast", 12.00, 120.20),
    ("later got rain at Changi or not", SG, "weather.forecast", 1.39, 103.99),
    ("Sentosa can swim or not, sea temp how", SG, "ghrsst.bbox_mean", 1.25, 103.83),
])
async def test_a_weather_or_sea_question_in_chat_words_is_answered(
        query: str, tz: str, tool: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == tool, (query, answer.debug, answer.text)
    if "bbox" in args:
        west, south, east, north = args["bbox"]
        lat_got, lon_got = (south + north) / 2, (west + east) / 2
    else:
        lat_got, lon_got = args["latitude"], args["longitude"]
    assert abs(lat_got - lat) < 0.3 and abs(lon_got - lon) < 0.3, (query, args)


@pytest.mark.parametrize("query", [
    "點解香港一日有兩次潮漲但係高度唔一樣？",     # an explanation, not a place named 點解香港…
    "MUR SST 係咩數據嚟？解像度幾多？",
    "大潮同小潮係點樣形成嘅？同月相有咩關係",
    "潮汐預報同實際水位點解會差咗十幾廿公分？",
    "kenapa di Laut Jawa pasang surutnya cuma sekali sehari?",
    "香港邊度潮差最大？",                              # Cantonese 邊度 … 最: which place is the most
    "apa itu pasang purnama?",
    "ano ang ibig sabihin ng SST anomaly?",
])
async def test_why_and_what_is_in_chat_words_ask_for_an_explanation(query: str) -> None:
    answer = await ask_router(query, QT, HK)
    assert answer.mode == "explain", (query, answer.debug, answer.text)


@pytest.mark.parametrize(("query", "tz", "source", "target", "clock"), [
    ("besok 07.30 WIB itu jam berapa WITA?", "Asia/Makassar", "Asia/Jakarta", "Asia/Makassar", "07:30"),
    ("jam 9 pagi WIT itu jam berapa WIB?", JKT, "Asia/Jayapura", "Asia/Jakarta", "09:00"),
    ("jam 4 sore WIB jam berapa di Singapura?", JKT, "Asia/Jakarta", "Asia/Singapore", "16:00"),
    ("3pm SGT is what time in HKT", SG, "Asia/Singapore", "Asia/Hong_Kong", "15:00"),
])
async def test_a_clock_time_in_a_south_east_asian_zone_is_converted(
        query: str, tz: str, source: str, target: str, clock: str) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "time.convert", (query, answer.debug, answer.text)
    assert (args["from_tz"], args["to_tz"], args.get("time")) == (source, target, clock), (query, args)


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("Mentawai sekarang jam berapa?", JKT, "Asia/Jakarta"),
    ("London幾點呀而家？個仔喺嗰邊讀書", HK, "Europe/London"),
])
async def test_the_time_now_asked_in_chat_words_is_the_places(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == zone, (query, answer.text)


def _day(text: str, tz: str = HK) -> tuple[date, int] | None:
    hint = parse_date(text, datetime(2026, 11, 25, 9, tzinfo=ZoneInfo(tz)))
    return None if hint is None else (hint.day, hint.days)


@pytest.mark.parametrize(("text", "day"), [
    ("琴日", date(2026, 11, 24)), ("噚日", date(2026, 11, 24)), ("今朝", WED), ("聽日朝早", date(2026, 11, 26)),
    ("besok pagi", date(2026, 11, 26)), ("esok petang", date(2026, 11, 26)), ("lusa", date(2026, 11, 27)),
    ("nanti malam", WED), ("kemarin", date(2026, 11, 24)), ("hari Minggu", date(2026, 11, 29)),
    ("Isnin", date(2026, 11, 30)), ("Jumaat", date(2026, 11, 27)), ("bukas ng umaga", date(2026, 11, 26)),
    ("mamaya", WED), ("sa Linggo", date(2026, 11, 29)), ("sa Huwebes", date(2026, 11, 26)),
    ("the morra", date(2026, 11, 26)), ("the morrow", date(2026, 11, 26)), ("ytd", date(2026, 11, 24)),
    ("phrung nii", date(2026, 11, 26)),
])
def test_chat_day_words_are_their_day(text: str, day: date) -> None:
    assert _day(text) == (day, 1), text


@pytest.mark.parametrize(("text", "day", "days"), [
    ("minggu depan", date(2026, 11, 30), 7),        # next week, not Sunday
    ("susunod na linggo", date(2026, 11, 30), 7),
    ("akhir pekan", date(2026, 11, 28), 2),
    ("hujung minggu ini", date(2026, 11, 28), 2),
    ("聽日同後日", date(2026, 11, 26), 2),            # Cantonese 同: and
    ("sabtu dan minggu", date(2026, 11, 28), 2),
    ("Sabtu sampai Senin", date(2026, 11, 28), 3),
    ("besok sampai lusa", date(2026, 11, 26), 2),
    ("sabado hanggang linggo", date(2026, 11, 28), 2),
])
def test_chat_week_words_are_their_span(text: str, day: date, days: int) -> None:
    assert _day(text) == (day, days), text


@pytest.mark.parametrize("text", ["而家", "宜家", "頭先", "sekarang", "skrg", "ngayon", "the noo"])
def test_chat_now_words_ask_the_present(text: str) -> None:
    assert mentions_now(text), text


@pytest.mark.parametrize(("text", "day"), [
    ("sore throat", None),                  # "sore" is Indonesian afternoon only beside a day word
    ("a nice day", None),
    ("the morning after", None),
    ("the day after tomorrow", (date(2026, 11, 27), 1)),
    ("the day", None),                      # Scots "the day" (today) is left out: "the day before" …
])
def test_english_words_beside_chat_words_keep_their_meaning(text: str, day: tuple[date, int] | None) -> None:
    assert _day(text) == day, text


@pytest.mark.parametrize(("text", "group"), [
    ("潮漲定潮退", "tide"), ("退緊潮", "tide"), ("pasang surut", "tide"), ("air naik", "tide"), ("taog", "tide"),
    ("HW", "tide"), ("LW", "tide"), ("neaps", "tide"), ("when are the next springs", "spring_dates"),
    ("12月大潮係邊幾日", "spring_dates"),
    ("打風", "weather"), ("凍唔凍", "weather"), ("hujan", "weather"), ("uulan", "weather"), ("angin kencang", "wind"),
    ("matahari terbenam", "astro"), ("paglubog ng araw", "astro"), ("bulan purnama", "moon_phase"),
    ("suhu air laut", "sst"), ("點解", "why"), ("kenapa", "why"), ("係咩嚟", "conceptual"), ("解像度", "about_data"),
    ("jam berapa", "when"), ("sekarang jam berapa", "time_now"), ("有冇魚", "no_such_data"),
])
def test_a_chat_word_is_found(text: str, group: str) -> None:
    assert getattr(detect_signals(text), group), text


@pytest.mark.parametrize(("text", "group"), [
    ("hwy 1 traffic", "tide"),            # whole words only
    ("a dewy lawn", "tide"),
    ("Palm Springs weather", "spring_dates"),
    ("my sore back", "weather"),
])
def test_a_short_chat_word_does_not_fire_inside_another(text: str, group: str) -> None:
    assert not getattr(detect_signals(text), group), text


def test_indonesian_clock_times_are_read() -> None:
    assert [(c.hour, c.minute) for c in find_clocks("besok 07.30 WIB", after_at=False)] == [(7, 30)]
    assert [(c.hour, c.minute) for c in find_clocks("jam 4 sore", after_at=False)] == [(16, 0)]
    assert [(c.hour, c.minute) for c in find_clocks("pukul 19.00 WIB", after_at=False)] == [(19, 0)]
    assert find_clocks("rekor 2026.12 untuk", after_at=False) == []     # a dotted number alone is no time


def test_wit_is_a_zone_only_in_capitals() -> None:
    assert [m.tz for m in zone_mentions("07.00 WIT")] == ["Asia/Jayapura"]
    assert not zone_mentions("a bit of wit")


async def test_a_capitalised_chat_word_of_the_sentences_language_is_no_town() -> None:
    # "Ada" (is there) first in an Indonesian sentence is the word, not Ada, Oklahoma: the rain at Redang is asked
    answer = await ask_router("Ada hujan di Redang besok?", QT, JKT)
    assert answer.tool == "weather.forecast" and abs((answer.arguments or {})["latitude"] - 5.78) < 0.2, answer.text


async def test_slack_water_at_a_place_is_not_answered_with_tide_times() -> None:
    """Slack water can be hours from high or low water where a stream runs: asked back, not guessed."""
    answer = await ask_router("slack water at Howth tomorrow", QT, DUB)
    assert answer.tool is None, answer.text


@pytest.mark.parametrize(("query", "tz", "tool"), [
    ("熱浪島下週一到週三的風", SG, "weather.forecast"),          # 的風: the wind asked
    ("尾牙彼工旗津水焦是幾點", "Asia/Taipei", "tide.forecast"),   # Taiwanese Hokkien 水焦: the low water
])
async def test_a_wind_or_low_water_word_beside_a_place_is_answered(query: str, tz: str, tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (query, answer.debug, answer.text)


async def test_a_program_for_hw_and_lw_reads_the_tide() -> None:
    answer = await ask_router("python script: next 7 days of HW/LW for Kinsale, print as a table", QT, DUB,
                              dry_run=False)
    assert answer.mode == "code" and "tide.forecast" in (answer.code or ""), answer.text


@pytest.mark.parametrize(("query", "said"), [
    ("when are the next springs?", "spring tides"),     # British and Irish sailors' springs and neaps
    ("next neaps at Howth?", "neap tides"),
    ("when are the neaps in December?", "neap tides"),
])
async def test_springs_and_neaps_ask_the_tide_windows(query: str, said: str) -> None:
    answer = await ask_router(query, QT, DUB, dry_run=False)
    assert answer.tool == "tide.forecast" and said in (answer.text or "").lower(), (query, answer.text)


@pytest.mark.parametrize("text", ["Alice Springs in December", "springs in December", "Palm Springs sunset"])
def test_springs_alone_names_no_tide_days(text: str) -> None:
    assert _day(text, DUB) is None, text
