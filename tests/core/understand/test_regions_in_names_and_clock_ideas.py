"""Issue 26, session 13: sea regions inside longer names, Japanese and Korean moon and week words, and the
clock's rules asked as ideas.

- a sea region's name that only begins a longer name (北海 of 北海岸 or 北海道) is no region: Taiwan's north coast
  and Hokkaido are not the North Sea;
- a named day with a moon, sun or tide word asks that day's data, not the day's date (「クリスマス 江ノ島の月の出 何時」);
- Japanese and Korean words for the moon tonight, the next spring tide, a week's table, and a zone written
  in Hangul beside a clock time;
- a festival's name written with spaces in Hangul (새해 첫 일출) is that festival, and 언제야 ("when is it")
  holds no 제야 (New Year's Eve);
- "I am in X" in Taiwanese Hokkien (阮這馬佇) or Japanese (Xにいる) names the asker's place, not the one asked;
- why a zone keeps +5:45, when daylight saving starts, the date line and the hour that happens twice are the
  clock passages' ideas, not a clock or conversion; "+5:45" is an offset, not a time of day;
- the spring and neap tides and the tide's zero asked in French, Portuguese and Dutch reach their passages.
"""
from __future__ import annotations

import pytest

from passage_topics import topic_of
from router_ask import ask_router, km_between

QT = "2026-11-28T17:30:00"


@pytest.mark.parametrize(("query", "tz", "lat", "lon", "km"), [
    ("北海岸這週海溫幾度", "Asia/Taipei", 25.2, 121.6, 60),    # Taiwan's north coast, not the North Sea
    ("北海道の海水温は？", "Asia/Tokyo", 43.0, 141.4, 200),      # Hokkaido (its biggest town said), not the North Sea
    ("北海道 小樽 海溫", "Asia/Taipei", 43.19, 141.0, 30),
])
async def test_a_region_name_beginning_a_longer_name_is_no_region(query: str, tz: str, lat: float, lon: float,
                                                                   km: float) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool in ("ghrsst.bbox_mean", "ghrsst.point_value") and answer.arguments is not None, answer.text[:160]
    args = answer.arguments
    if "bbox" in args:
        x0, y0, x1, y1 = args["bbox"]
        mid = ((y0 + y1) / 2, (x0 + x1) / 2)
    else:
        mid = (args["latitude"], args["longitude"])
    assert km_between(*mid, lat, lon) < km, args


async def test_the_north_sea_by_name_is_still_the_region() -> None:
    answer = await ask_router("North Sea sea temperature today", QT, "Europe/London")
    assert answer.arguments is not None and answer.arguments.get("bbox") == [-4.0, 51.0, 9.0, 61.0], answer.text[:160]


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("クリスマス 江ノ島の月の出 何時？", "Asia/Tokyo", "2026-12-25"),     # the moonrise that day, not when Christmas is
    ("새해 첫 일출 속초 몇 시", "Asia/Seoul", "2027-01-01"),              # the festival written with spaces
    ("次の大潮はいつ？ 石垣", "Asia/Tokyo", "2026-12-08"),               # the next spring tide's first day
    ("다음 사리 언제야 목포", "Asia/Seoul", "2026-12-08"),
])
async def test_a_named_day_with_a_data_word_asks_that_days_data(query: str, tz: str, day: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["date"] == day, answer.arguments


async def test_when_is_it_in_korean_holds_no_new_years_eve() -> None:
    answer = await ask_router("다음 보름달 언제야", QT, "Asia/Seoul")
    assert answer.arguments is None or answer.arguments.get("date") != "2026-12-31", answer.text[:160]


@pytest.mark.parametrize(("query", "tz", "tool"), [
    ("今夜の月はどんな形？ 宮古島", "Asia/Tokyo", "tide.forecast"),     # the moon tonight: the day's moon report
    ("속초 오늘 밤 달 언제 떠?", "Asia/Seoul", "tide.forecast"),
    ("목포 일주일 물때표", "Asia/Seoul", "tide.week"),                   # a week's table
    ("下田 一週間の潮見表", "Asia/Tokyo", "tide.week"),
])
async def test_japanese_and_korean_moon_and_week_words(query: str, tz: str, tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (answer.tool, answer.text[:160])


async def test_a_zone_in_hangul_beside_a_clock_time_is_its_side() -> None:
    answer = await ask_router("모레 오전 9시 일본 시간이면 대만은 몇 시야?", QT, "Asia/Seoul")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"], answer.arguments["time"]) == (
        "Asia/Tokyo", "Asia/Taipei", "09:00")


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("阮這馬佇巴黎 高雄這馬幾點", "Europe/Paris", "Asia/Taipei"),        # Hokkien: I am in Paris now
    ("シドニーにいるけど 大阪は今何時？", "Australia/Sydney", "Asia/Tokyo"),
    ("我在溫哥華 現在打回台中會不會吵醒我媽", "America/Vancouver", "Asia/Taipei"),   # a call home: the time there
])
async def test_the_askers_own_place_is_not_the_one_asked(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["tz"] == zone, answer.arguments


@pytest.mark.parametrize(("query", "tz", "topic"), [
    ("印度為什麼是 +5:30 不是整點", "Asia/Taipei", "clock_offsets"),
    ("why is Kiribati a whole day ahead of Hawaii", "Pacific/Honolulu", "clock_offsets"),
    ("what happens to 2:30am in Chicago when daylight saving starts? does it happen twice", "America/Chicago",
     "clock_offsets"),
    ("紐西蘭的日光節約時間是幾月開始", "Asia/Taipei", "clock_offsets"),
    ("換日線在哪裡 為什麼薩摩亞跟美屬薩摩亞差一天", "Asia/Taipei", "clock_offsets"),
])
async def test_the_clocks_rules_asked_as_ideas_are_explained(query: str, tz: str, topic: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (answer.mode, cited, answer.text[:160])


async def test_an_offset_beside_a_zone_is_not_a_clock_time_to_convert() -> None:
    answer = await ask_router("UTC+5:45 是哪個國家", QT, "Asia/Taipei")
    assert answer.tool != "time.convert", answer.text[:160]


@pytest.mark.parametrize(("query", "topic"), [
    ("les marées de mortes-eaux, qu'est-ce que c'est ?", "tides"),
    ("qual a diferença entre maré de sizígia e de quadratura?", "tides"),
    ("wat is het nulpunt van jullie getijhoogtes?", "tide_datums"),
    ("c'est quoi le zéro hydrographique ?", "tide_datums"),
])
async def test_tide_ideas_asked_in_european_languages_reach_their_passage(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, "Europe/Paris", dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (answer.mode, cited, answer.text[:160])


@pytest.mark.parametrize("query", ["帛琉 German Channel 後天滿潮", "Palau Ulong Channel tides tomorrow"])
async def test_an_unknown_spot_written_after_an_island_is_answered_there_and_said(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    # the island's tides, with one line saying the spot is unknown: never silently the island's as the spot's
    assert answer.tool == "tide.forecast" and "Channel" in answer.text.splitlines()[0], answer.text[:160]


async def test_two_taiwan_places_of_one_name_are_offered_by_names_that_tell_them_apart() -> None:
    answer = await ask_router("鹽寮今天乾潮幾點", QT, "Asia/Taipei")
    assert answer.tool is None and "貢寮鹽寮" in answer.text and "花蓮鹽寮" in answer.text, answer.text


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("イルカウォッチング 天草 明日の天気", 32.46, 130.19),    # ルカ inside イルカ (dolphin) is no town
    ("イカ釣り 呼子 あしたの潮", 33.55, 129.90),              # イカ (squid) is no Ica
    ("pôr do sol no Rio amanhã", -22.91, -43.18),              # Rio is Rio de Janeiro, not Río near Patras
])
async def test_a_word_that_is_also_a_far_town_is_not_that_town(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Tokyo")
    assert answer.arguments is not None and answer.arguments.get("latitude") is not None, answer.text[:160]
    assert km_between(answer.arguments["latitude"], answer.arguments["longitude"], lat, lon) < 25, answer.arguments


@pytest.mark.parametrize(("query", "zone"), [("지금 페루 몇 시야?", "America/Lima"),    # a country in Hangul
                                           ("ギリシャは今何時？", "Europe/Athens")])
async def test_a_country_written_in_hangul_or_kana_is_its_clock(query: str, zone: str) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.tool == "time.now" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["tz"] == zone, answer.arguments


async def test_a_countrys_clocks_are_offered_by_their_own_towns() -> None:
    answer = await ask_router("印尼現在幾點", QT, "Asia/Taipei")
    lines = answer.text.splitlines()[1:-1]
    assert answer.tool is None and len(lines) >= 2 and len(set(lines)) == len(lines), answer.text


@pytest.mark.parametrize(("query", "words"), [
    ("Python: Regenprognose für Sylt, nächste 7 Tage, als Diagramm", ("Open-Meteo", "rain")),
    ("Python-Skript: Sonnenauf- und -untergang für Rostock im Januar als CSV", ("sunrise and sunset",)),
])
async def test_code_asked_in_german_reads_the_variable_from_compound_words(query: str, words: tuple[str, ...]) -> None:
    answer = await ask_router(query, QT, "Europe/Berlin", dry_run=False)
    assert answer.mode == "code" and all(w in answer.text for w in words), answer.text[:200]


async def test_a_tide_off_from_its_prediction_is_explained_by_the_weather_not_the_lunar_day() -> None:
    answer = await ask_router("the low tide came 15 minutes later than your prediction, why?", QT, "Europe/London",
                              dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == ["forecast_accuracy"], (cited, answer.text[:160])


@pytest.mark.parametrize(("query", "tz", "first", "days"), [
    ("金曜 下田 雨ふる？", "Asia/Tokyo", "2026-12-04", 1),            # a bare Japanese weekday (金曜): that day
    ("宮古島 あさってから4日間の天気", "Asia/Tokyo", "2026-11-30", 4),  # a count of days from a day on
    ("강릉 모레부터 3일간 날씨", "Asia/Seoul", "2026-11-30", 3),
    ("낼 여수 날씨", "Asia/Seoul", "2026-11-29", 1),                 # chat's short 내일
])
async def test_japanese_and_korean_days_and_spans(query: str, tz: str, first: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast" and answer.arguments is not None, answer.text[:160]
    # the forecast reaches the span's last day (counted from the asker's today, the 28th) and says its days
    from datetime import date
    last = (date.fromisoformat(first) - date(2026, 11, 28)).days + days
    assert answer.arguments["forecastDays"] == last and (answer.debug or {}).get("days") == days, (
        answer.arguments, answer.debug)


async def test_a_korean_word_ending_in_a_day_word_is_no_day() -> None:
    answer = await ask_router("사진 보낼 때 여수 날씨 어때", QT, "Asia/Seoul")   # 보낼 (to send) holds 낼 (tomorrow)
    assert answer.tool == "weather.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments.get("forecastDays") == 1, answer.arguments


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("지금 다낭 몇 시야?", "Asia/Seoul", "Asia/Ho_Chi_Minh"),   # a town abroad by its Hangul name (GeoNames)
    ("今シドニー何時？", "Asia/Tokyo", "Australia/Sydney"),      # 今 … 何時: the time there now
])
async def test_the_time_now_abroad_in_korean_and_japanese(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and answer.arguments is not None and answer.arguments["tz"] == zone, answer.text


@pytest.mark.parametrize("query", ["下田の海水温を教えてください", "なんで 下田 今日 波 小さい 潮は？"])
def test_hiragana_inside_a_word_is_no_town(query: str) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from core.understand.understood import read_question
    understood = read_question(query, datetime(2026, 11, 28, 17, 30, tzinfo=ZoneInfo("Asia/Tokyo")), "Asia/Tokyo")[1]
    place = understood.slots.place
    assert place is not None and place.name_en.startswith("Shimoda") and not understood.doubts, (place, understood.doubts)


async def test_a_french_cest_is_no_eastern_time() -> None:
    answer = await ask_router("Collioure, marée haute demain ? c'est pour la pêche", QT, "Europe/Paris")
    assert answer.arguments is not None and answer.arguments.get("tz") == "Europe/Paris", answer.arguments


async def test_code_for_the_kuroshio_current_says_there_are_no_current_data() -> None:
    answer = await ask_router("用 python 把黑潮的流速畫出來", QT, "Asia/Taipei", dry_run=False)
    assert answer.mode == "code" and "海流" in answer.text and "tide.forecast" not in answer.text, answer.text[:200]


@pytest.mark.parametrize(("query", "topic"), [
    ("Wie wird die MUR-Meerestemperatur berechnet?", "mur"),
    ("how well do your satellite sea temperatures match buoys?", "mur"),
])
async def test_how_the_sst_is_made_and_how_good_it_is_asked_abroad(query: str, topic: str) -> None:
    answer = await ask_router(query, QT, "Europe/Berlin", dry_run=False)
    cited = [topic_of(c.title) for c in answer.citations]
    assert answer.mode == "explain" and cited[:1] == [topic], (answer.mode, cited, answer.text[:160])


@pytest.mark.parametrize(("query", "tz", "tool"), [
    ("厳島神社の鳥居まで あさって歩いて行ける？", "Asia/Tokyo", "tide.forecast"),   # only the low tide allows the walk
    ("무창포 바닷길 모레 몇 시에 열려요?", "Asia/Seoul", "tide.forecast"),
    ("ashita fukuoka ame furu?", "Asia/Tokyo", "weather.forecast"),              # romaji: will it rain
])
async def test_japanese_and_korean_ways_of_asking_the_tide_and_rain(query: str, tz: str, tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (answer.tool, answer.text[:160])


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("대만 가오슝 내일 비 와?", 22.62, 120.30),     # Taiwan's towns in Hangul
    ("일본 오키나와 날씨 어때", 26.21, 127.68),       # a country, then its division: the division
])
async def test_a_korean_asker_names_a_town_after_its_country(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Seoul")
    assert answer.arguments is not None and answer.arguments.get("latitude") is not None, answer.text[:160]
    assert km_between(answer.arguments["latitude"], answer.arguments["longitude"], lat, lon) < 25, answer.arguments


async def test_an_unknown_hangul_name_after_a_country_is_asked_about() -> None:
    answer = await ask_router("일본 아무개마을 내일 날씨", QT, "Asia/Seoul")   # not Tokyo's weather as the village's
    assert answer.tool is None and "아무개마을" in answer.text, answer.text[:160]


@pytest.mark.parametrize(("query", "from_tz", "to_tz"), [
    ("what's the time difference between Seoul and Vancouver?", "Asia/Seoul", "America/Vancouver"),
    ("time difference between Auckland and Honolulu pls", "Pacific/Auckland", "Pacific/Honolulu"),
])
async def test_the_clocks_between_two_far_places_are_no_box_between_them(query: str, from_tz: str, to_tz: str) -> None:
    answer = await ask_router(query, QT, "Asia/Singapore")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"]) == (from_tz, to_tz), answer.arguments


@pytest.mark.parametrize("query", ["오후에 부산 물때 알려줘", "낚시를 위해 여수 날씨 알려줘", "내일 서리 내릴까 속초"])
def test_korean_words_are_no_towns_abroad(query: str) -> None:
    from core.understand.places import find_place
    place = find_place(query)   # 후에 "after" is no Huế, 위해 "for" no Weihai, 서리 "frost" no Surrey
    assert place is not None and place.country == "KR", place


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("東京而家係咪已經夜晚", "Asia/Hong_Kong", "Asia/Tokyo"),             # Cantonese: is it already night there
    ("has the new year hit Honolulu yet?", "Asia/Singapore", "Pacific/Honolulu"),
    ("too early to call my aunt in Lisbon? I'm in Perth", "Australia/Perth", "Europe/Lisbon"),
])
async def test_already_or_too_early_there_is_the_clock_there(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and answer.arguments is not None and answer.arguments["tz"] == zone, answer.text


async def test_a_person_whose_place_is_not_said_is_asked_about() -> None:
    answer = await ask_router("what time is it for her now?", QT, "Asia/Singapore")
    assert answer.tool is None, answer.text   # not the asker's own clock


async def test_indonesian_afternoon_and_the_lunar_new_years_eve_in_cantonese() -> None:
    answer = await ask_router("jam 3 siang WIB itu jam berapa di Bali?", QT, "Asia/Jakarta")
    assert answer.arguments is not None and answer.arguments.get("time") == "15:00", answer.arguments
    answer = await ask_router("年卅晚 長洲 幾點潮漲", QT, "Asia/Hong_Kong")
    assert answer.arguments is not None and answer.arguments.get("date") == "2027-02-05", answer.arguments


@pytest.mark.parametrize(("query", "tz", "to_tz", "arrival"), [
    # a departure time and a trip's length: the arrival on the destination's clock
    ("台北早上8點起飛 飛4小時半到曼谷 到達時曼谷幾點", "Asia/Taipei", "Asia/Bangkok", "11:30"),
    ("flight leaves Sydney 9:15pm, 9h40m to Tokyo, arrival local time?", "Australia/Sydney", "Asia/Tokyo", "04:55"),
    ("関空を10時に出発、飛行時間3時間。台北到着は現地時間で何時？", "Asia/Tokyo", "Asia/Taipei", "12:00"),
])
async def test_a_trips_arrival_is_on_the_destinations_clock(query: str, tz: str, to_tz: str, arrival: str) -> None:
    answer = await ask_router(query, QT, tz, dry_run=False)
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["to_tz"] == to_tz, answer.arguments
    assert ((answer.result or {}).get("to") or {}).get("time", "")[:5] == arrival, answer.text


@pytest.mark.parametrize(("query", "there"), [
    ("9am Taipei time is what time in Sydney? it's 3 hours ahead right", "12:00"),
    # a travel word in the question: the hours are still the gap between the clocks or a wait, not the flight
    ("my flight leaves 10:00 Taipei time, what time is that in London? they are 8 hours behind", "02:00"),
    ("飛機早上10點起飛 台北跟倫敦差8小時 那時倫敦幾點", "02:00"),
    ("flight at 9am Taipei time with a 2 h layover, what time is 9am in Tokyo", "10:00"),
])
async def test_hours_between_clocks_or_a_wait_are_no_trip(query: str, there: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei", dry_run=False)
    assert answer.arguments is not None and not answer.arguments.get("after_minutes"), answer.arguments
    assert ((answer.result or {}).get("to") or {}).get("time", "")[:5] == there, answer.text


@pytest.mark.parametrize(("query", "lang", "said"), [
    ("flight departs 23:45 Taipei, when do I arrive in London local time?", "en", "not the arrival"),
    ("飛機晚上11點起飛 幾點到東京", "zh", "不是抵達時間"),
])
async def test_an_arrival_asked_with_no_trip_length_says_it_is_the_departure(query: str, lang: str, said: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei", dry_run=False)
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["from_tz"] == "Asia/Taipei" and said in answer.text, answer.text


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("Boleh call abang kat Kuching sekarang? Saya kat London", "Europe/London", "Asia/Kuching"),   # Malay: I'm at London
    ("大阪の友達に電話したい。今ロンドンにいるけど大阪は何時？", "Europe/London", "Asia/Tokyo"),
])
async def test_a_call_asked_from_where_the_asker_is_is_the_clock_there(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and answer.arguments is not None and answer.arguments["tz"] == zone, answer.text


@pytest.mark.parametrize("query", ["how many hrs ahead is Tokyo vs Manila now?", "首爾同悉尼而家差幾多個鐘",
                                   "Beza masa Penang dengan London sekarang?"])
async def test_the_gap_between_two_clocks_in_chat_words(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Singapore")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["from_tz"] != answer.arguments["to_tz"], answer.arguments
