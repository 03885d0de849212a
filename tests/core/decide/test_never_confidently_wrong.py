"""Issue 26, round 3: the bot is never confidently wrong on a question nobody tuned it on. Each
test is a class of question, in wordings invented here (no question set holds them), through the
real Router (local backend, no LLM): it is answered right, or asked back, never answered wrong."""
from __future__ import annotations

import pytest

from core.config import Settings
from core.envelope import Answer, Question
from core.router import Router
from router_ask import ask_router

QT = "2026-11-26T09:00:00+08:00"   # a Thursday


async def _ask(query: str, tz: str = "Asia/Taipei", qt: str = QT, *, dry_run: bool = False) -> Answer:
    return await ask_router(query, qt, tz, dry_run=dry_run)


def _asked_back(answer: Answer) -> bool:
    return answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ask_back"

def _asked_back_or_at(answer: Answer, lat: float, lon: float, within: float = 0.2) -> None:
    """Pass when the bot asked back, or answered within `within` degrees of (lat, lon)."""
    if _asked_back(answer):
        return
    args = answer.arguments or {}
    assert abs(float(args["latitude"]) - lat) < within and abs(float(args["longitude"]) - lon) < within, answer.text



@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("高雄漁人碼頭明天幾點滿潮", 22.61, 120.28),    # 漁人碼頭 is also Tamsui's, 300 km away
    ("香港維多利亞港明天日落幾點", 22.29, 114.17),  # not Victoria in Canada
    ("台南安平漁人碼頭今天潮汐", 22.99, 120.16),
])
async def test_a_second_place_far_from_the_one_answered_is_asked_back_or_found(
        query: str, lat: float, lon: float) -> None:
    """Either the gazetteer knows the whole name, or the bot asks: never the far place."""
    answer = await _ask(query)
    _asked_back_or_at(answer, lat, lon)


@pytest.mark.parametrize(("query", "tool", "key"), [
    ("宜蘭頭城外澳明天乾潮", "tide.forecast", None),     # a town and a harbour in it
    ("我在東京 台北現在幾點", "time.now", "Taipei"),    # where the asker is, and the place asked about
    ("屏東小琉球今天幾點滿潮", "tide.forecast", None),
    # 竹圍漁港 is in Taoyuan: the harbour inside the city named beside it
    ("low tide at zhuwei fishing harbor taoyuan tomorrow", "tide.forecast", None),
])
async def test_a_place_named_with_the_place_it_lies_in_or_the_askers_own_is_answered(
        query: str, tool: str, key: str | None) -> None:
    answer = await _ask(query)
    assert answer.tool == tool, answer.text
    if key is not None:
        assert answer.arguments and answer.arguments.get("place") == key, answer.arguments


@pytest.mark.parametrize("query", [
    "基隆小豬灣明天滿潮",              # a cove the gazetteer does not know, beside a city it does
    "花蓮牛山海灘今天潮汐",
])
async def test_an_unknown_name_beside_a_known_place_is_asked_back(query: str) -> None:
    answer = await _ask(query)
    assert _asked_back(answer), answer.text


@pytest.mark.parametrize(("query", "day"), [
    ("平安夜淡水日落幾點", "2026-12-24"),
    ("聖誕夜基隆乾潮幾點", "2026-12-24"),
    ("christmas eve sunset in keelung", "2026-12-24"),
])
async def test_the_eve_of_christmas_is_the_day_before(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == day, answer.text


@pytest.mark.parametrize("query", [
    "母親節那陣基隆潮汐",              # a word touching a named day the bot cannot read
    "冬至過後那禮拜安平滿潮",
])
async def test_a_word_changing_a_named_day_that_is_not_understood_is_asked_back(query: str) -> None:
    answer = await _ask(query)
    assert _asked_back(answer) or answer.mode == "fallback", answer.text


@pytest.mark.parametrize("query", [
    "龍門 後天 幾點漲滿",
    "澎湖明天幾點起風",
    "蘇澳禮拜六幾點會開始下雨",
])
async def test_a_clock_word_with_another_day_is_not_the_time_now(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool != "time.now", answer.text


@pytest.mark.parametrize(("query", "day"), [
    ("what time does the sun go down in keelung tomorrow", "2026-11-27"),
    ("when does the sun come up in hualien on saturday", "2026-11-28"),
])
async def test_the_sun_coming_up_or_going_down_is_sunrise_or_sunset(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == day, answer.text


@pytest.mark.parametrize(("query", "time"), [
    ("the call is at 1500 UTC, what time is that for me", "23:00"),
    ("0700 GMT standup - when's that for me?", "15:00"),
])
async def test_the_asker_written_as_for_me_is_the_other_side_of_a_conversion(query: str, time: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert answer.result["to"]["tz"] == "Asia/Taipei" and answer.result["to"]["time"].startswith(time), answer.result


@pytest.mark.parametrize(("query", "west", "east"), [
    ("從基隆到花蓮拉一個框 平均海溫", 121.5, 121.7),
    ("mean sst between keelung and hualien", 121.5, 121.7),
    ("澎湖和台南之間的平均海溫", 119.6, 120.2),
])
async def test_a_box_between_two_places_spans_both(query: str, west: float, east: float) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool == "ghrsst.bbox_mean" and answer.arguments, answer.text
    box = answer.arguments["bbox"]
    assert box[0] <= west and box[2] >= east and box[3] - box[1] >= 0.5, box


@pytest.mark.parametrize("query", [
    "SST mean, NW corner 25N 120E, SE corner 22N 122E",
    "平均海溫 西北角 25N 120E 東南角 22N 122E",
])
async def test_a_box_written_by_its_named_corners(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool == "ghrsst.bbox_mean" and answer.arguments, answer.text
    assert answer.arguments["bbox"] == [120.0, 22.0, 122.0, 25.0]


@pytest.mark.parametrize(("query", "tz", "day"), [
    ("winter solstice sunrise in New York", "America/New_York", "2026-12-21"),
    ("冬至倫敦日落幾點", "Asia/Taipei", "2026-12-21"),
    ("冬至基隆日落幾點", "Asia/Taipei", "2026-12-22"),
])
async def test_a_solar_term_falls_on_the_places_own_day(query: str, tz: str, day: str) -> None:
    answer = await _ask(query, tz=tz)
    assert answer.arguments and answer.arguments["date"] == day, answer.text


@pytest.mark.parametrize(("query", "days"), [
    ("安平 五天的潮汐", 5),
    ("three days of tides for keelung", 3),
    ("基隆兩天的潮位圖", 2),
])
async def test_a_count_of_days_written_alone_is_that_many_days(query: str, days: int) -> None:
    answer = await _ask(query)
    assert (answer.debug or {}).get("days") == days, (answer.tool, answer.debug)


@pytest.mark.parametrize("query", [
    "下個月初一是佗一工",
    "過年前最後一個十五是哪一工",
])
async def test_a_day_question_the_bot_cannot_place_is_not_an_explanation(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode != "explain" or not answer.citations, answer.text


@pytest.mark.parametrize("query", [
    "Founders Day high tide in Keelung",        # a day nobody's calendar here names
    "tides at Kaohsiung on Regatta Day",
])
async def test_a_named_day_the_bot_does_not_know_is_asked_back_not_read_as_today(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "fallback", answer.text


async def test_ha_long_bay_written_with_its_diacritics_is_the_bay() -> None:
    """"Hạ Long" is one name in Vietnamese letters (not an unknown "Hạ" before "Long Bay")."""
    answer = await _ask("high tide Hạ Long Bay")
    assert answer.tool == "tide.forecast" and "Ha Long" in answer.text, answer.text


@pytest.mark.parametrize(("query", "day"), [
    ("Anzac Day high tide in Sydney", "2027-04-25"),
    ("sunset in Boston on Martin Luther King Day", "2027-01-18"),
    ("Canada Day sunrise in Vancouver", "2027-07-01"),
    ("冬節安平幾點滿潮", "2026-12-22"),         # 冬節: the winter solstice, in Taiwanese
])
async def test_holidays_abroad_and_taiwanese_day_names_are_their_days(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast" and answer.arguments and answer.arguments["date"] == day, answer.text


@pytest.mark.parametrize("query", [
    "what time is it in Glenbrookvale right now",
    "what time is it at Port Wumbleton?",
    "烏拉拉村那邊現在幾點",
])
async def test_the_time_in_a_place_the_bot_does_not_know_is_not_the_askers_clock(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "fallback", answer.text


@pytest.mark.parametrize(("query", "src", "dst"), [
    ("日本時間後天下午3點 巴黎是幾點", "Asia/Tokyo", "Europe/Paris"),
    ("紐約時間週五早上8點 台北幾點", "America/New_York", "Asia/Taipei"),
])
async def test_a_clock_time_belongs_to_the_zone_before_it_across_a_day_word(query: str, src: str, dst: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert (answer.result["from"]["tz"], answer.result["to"]["tz"]) == (src, dst), answer.result


@pytest.mark.parametrize("query", ["後日淡水敢會寒", "明仔載台中港會足寒無"])
async def test_taiwanese_cold_words_ask_the_weather(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool == "weather.forecast", answer.text


@pytest.mark.parametrize("query, reply, tool", [
    ("海水溫度現在幾度", "澎湖", "ghrsst.bbox_mean"),
    ("what's the sea temperature right now", "off Keelung", "ghrsst.bbox_mean"),
    ("明天會不會下雨", "東港", "weather.forecast"),
    ("後天幾點乾潮", "安平", "tide.forecast"),
])
async def test_a_question_with_no_place_asks_which_and_the_reply_answers_it(query: str, reply: str, tool: str) -> None:
    """No place: the bot asks which sea (it does not answer for waters nobody named), and a reply
    naming a place answers the question asked, not that place's tides today."""
    router = Router(Settings(odbchat_backend="local"), llm=None)
    try:
        asked = await router.answer(Question(query=query, tz="Asia/Taipei", query_time=QT, debug=True, dry_run=True))
        assert asked.mode == "fallback" and asked.tool is None and asked.context is not None, asked.text
        answered = await router.answer(Question(query=reply, tz="Asia/Taipei", query_time=QT, debug=True,
                                                dry_run=True, context=asked.context))
    finally:
        await router.aclose()
    assert answered.tool == tool, answered.text
    if tool == "tide.forecast":
        assert answered.arguments["date"] != QT[:10], answered.arguments   # 後天, not today


@pytest.mark.parametrize("query", ["小琉球明天有沒有颱風", "will there be a typhoon in Penghu tomorrow"])
async def test_a_place_with_a_word_no_tool_answers_is_not_given_its_tides(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool is None, answer.text


@pytest.mark.parametrize(("query", "zone"), [
    ("東京現在是白天嗎", "Asia/Tokyo"),
    ("is it evening in Paris yet", "Europe/Paris"),
])
async def test_is_it_day_or_night_there_is_the_places_clock(query: str, zone: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == zone, answer.text


@pytest.mark.parametrize(("query", "day"), [
    ("high tide in Miami on Sunday", "2026-11-29"),     # Wednesday evening there, Thursday here
    ("檀香山星期六日出幾點", "2026-11-28"),
])
async def test_a_weekday_asked_abroad_is_that_weekday_on_the_places_calendar(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.arguments and answer.arguments["date"] == day, answer.text


@pytest.mark.parametrize(("query", "lat", "lon"), [("sunset at nazare portugal", 39.60, -9.07),
                                                   ("low tide in hondarribia spain", 43.37, -1.79)])
async def test_a_town_written_in_lower_case_before_its_country_is_not_the_capital(
        query: str, lat: float, lon: float) -> None:
    """Asked back, or the town itself (lower-case names in a place's role are read): never Lisbon or Madrid."""
    answer = await _ask(query)
    _asked_back_or_at(answer, lat, lon)


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("我人在紐約 台灣現在幾點", "America/New_York", "Asia/Taipei"),
    ("I'm in Boston, what time is it in Taipei", "America/New_York", "Asia/Taipei"),
    ("人在倫敦 想知道東京現在幾點", "Europe/London", "Asia/Tokyo"),
])
async def test_where_the_asker_is_is_not_the_place_asked_about(query: str, tz: str, zone: str) -> None:
    answer = await _ask(query, tz=tz)
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == zone, answer.text


@pytest.mark.parametrize("query", [
    "python script to save a month of Anping highs and lows as csv",
    "寫個函式 輸入座標 回傳現在水位是漲是退",
])
async def test_code_for_the_highs_and_lows_or_the_water_level_reads_the_tide(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "code" and answer.reply and answer.reply.code, answer.text
    assert "tide" in answer.reply.code.source.lower()


@pytest.mark.parametrize("query", ["蘭嶼後天天候怎樣", "明天去淡水要帶外套嗎", "綠島明天風多大"])
async def test_everyday_weather_words_are_not_the_default_tide(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool == "weather.forecast", answer.text


@pytest.mark.parametrize("query", ["三重今天天氣", "中和明天天氣", "大埔後天天氣", "東區明天天氣"])
async def test_a_chinese_name_found_only_as_a_little_known_town_abroad_is_asked_back(query: str) -> None:
    # Districts of Taiwan (三重, 中和, 東區): the bot asks, or finds the Taiwan one (the gazetteer may
    # know it), never Mie, a town in China or Hong Kong's district of the name.
    answer = await _ask(query, dry_run=True)
    _asked_back_or_at(answer, 24.0, 120.5, within=2.5)   # in Taiwan


async def test_a_well_known_city_abroad_is_still_answered_by_its_chinese_name() -> None:
    answer = await _ask("廈門明天天氣", dry_run=True)
    assert answer.tool == "weather.forecast", answer.text


@pytest.mark.parametrize("query", ["墾丁這個月的新月是哪一天", "安平接下來一個月的潮汐"])
async def test_a_month_the_date_parser_did_not_take_is_not_answered_as_today(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "fallback", answer.text


@pytest.mark.parametrize("query", ["high tide Tiwi Long Beach", "sunset at Grand Anse Beach tomorrow"])
async def test_a_capitalised_word_before_a_known_name_makes_a_longer_unknown_name(query: str) -> None:
    answer = await _ask(query)
    assert answer.mode == "fallback", answer.text


@pytest.mark.parametrize(("query", "day"), [
    ("上弦月當天 淡水乾潮", "2026-12-17"),
    ("滿月那晚基隆幾點滿潮", "2026-12-24"),
    ("冬至彼工安平幾點滿潮", "2026-12-22"),     # 彼工: "that day", in Taiwanese
])
async def test_a_moon_phase_or_named_day_followed_by_that_day_is_its_day(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.arguments and answer.arguments.get("date") == day, answer.text


async def test_a_town_abroad_sharing_its_name_with_known_towns_is_asked_back() -> None:
    answer = await _ask("Long Beach high tide tomorrow")
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "ambiguous_place", answer.text


@pytest.mark.parametrize(("query", "country_lon"), [("Venice sunset tomorrow", 12.3), ("Brighton tide tomorrow", -0.1)])
async def test_a_town_far_better_known_than_its_namesakes_is_answered(query: str, country_lon: float) -> None:
    answer = await _ask(query)
    assert answer.arguments and abs(float(answer.arguments["longitude"]) - country_lon) < 0.5, answer.text


@pytest.mark.parametrize(("query", "day"), [
    ("頂禮拜五基隆幾點滿潮", "2026-11-20"),     # 頂禮拜: last week, in Taiwanese
    ("落禮拜三東港潮汐", "2026-12-02"),         # 落禮拜: next week
    ("大後日安平幾點乾潮", "2026-11-29"),
])
async def test_taiwanese_week_and_day_words(query: str, day: str) -> None:
    answer = await _ask(query)
    assert answer.arguments and answer.arguments.get("date") == day, answer.text


@pytest.mark.parametrize(("query", "zone"), [
    ("現在美西幾點", "America/Los_Angeles"),             # a zone word and no place: that zone, not the asker's
    ("what time is it in EST right now", "America/New_York"),   # not the Est region of Burkina Faso
    ("美東時間現在幾點", "America/New_York"),
])
async def test_the_time_now_in_a_zone_written_as_a_word(query: str, zone: str) -> None:
    answer = await _ask(query)
    assert answer.tool == "time.now" and answer.result and answer.result["tz"] == zone, answer.text


@pytest.mark.parametrize("query", ["Tamshui low tide", "sunset at tamshui tomorrow"])
async def test_a_near_spelling_of_a_taiwan_place_beats_a_little_known_town_in_china(query: str) -> None:
    answer = await _ask(query)
    assert answer.arguments and abs(float(answer.arguments["longitude"]) - 121.4) < 0.1, answer.text
    assert "Tamsui" in answer.text


@pytest.mark.parametrize("query", ["Cyber Monday sunset in Keelung", "春假第一天墾丁天氣", "開學前一天基隆天氣"])
async def test_a_day_named_around_a_word_the_bot_does_not_know_is_asked_back(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.mode == "fallback", answer.text


async def test_easter_monday_is_the_day_after_easter_not_next_monday() -> None:
    answer = await _ask("Easter Monday tides in Sydney")
    assert answer.arguments and answer.arguments["date"] == "2027-03-29", answer.text


@pytest.mark.parametrize("query", ["the sea between Taiwan and Japan sst", "澎湖和某某島之間的平均海溫"])
async def test_an_area_with_only_one_end_understood_is_asked_back(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert _asked_back(answer), answer.text


async def test_the_weather_in_a_places_area_is_the_places() -> None:
    answer = await _ask("weather in the Keelung area tomorrow", dry_run=True)
    assert answer.tool == "weather.forecast", answer.text


async def test_boxing_day_is_a_day_not_a_box() -> None:
    answer = await _ask("Boxing Day sunrise in Sydney")
    assert answer.arguments and answer.arguments["date"] == "2026-12-26", answer.text


# A place named with the area it lies in, in either order or in brackets: the smaller place, found
# by the area beside it (issue 26: 「金山 (新北)」, "Dongyin (Matsu)", a beach and its village).
@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("Jinshan (New Taipei) rain tomorrow?", 25.23, 121.64),
    ("Beigan, Matsu sunrise tomorrow", 26.22, 119.99),
    ("Honeymoon Bay Daxi high tide tomorrow", 24.93, 121.91),
    ("Patong Phuket high tide tomorrow", 7.90, 98.30),
    ("Bali (New Taipei) sunset tomorrow", 25.16, 121.40),   # 八里, not the island's province
])
async def test_a_place_named_with_its_area_is_the_place(query: str, lat: float, lon: float) -> None:
    answer = await _ask(query)
    _asked_back_or_at(answer, lat, lon)
    assert not _asked_back(answer), answer.text


async def test_a_conversion_names_two_far_places_by_design() -> None:
    answer = await _ask("4pm Lisbon time, what's that in Taipei?")
    assert answer.tool == "time.convert", answer.text


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("屏東海溫多少", 22.67, 120.49),      # not 東海 (the East China Sea) across the end of 屏東
    ("台南海邊海溫", 23.00, 120.23),      # not 南海
])
async def test_a_sea_name_across_a_place_name_is_no_sea(query: str, lat: float, lon: float) -> None:
    answer = await _ask(query)
    box = (answer.arguments or {}).get("bbox")
    assert box and abs((box[1] + box[3]) / 2 - lat) < 0.5 and abs((box[0] + box[2]) / 2 - lon) < 0.5, answer.text


# Issue 26, the second look at users' sets: a calendar date written beside a holiday's name decides the
# day; a city written before a beach in it; British and American "harbour"; the tide asked as rising or falling.
@pytest.mark.parametrize(("query", "tool", "day", "lat", "lon"), [
    ("跨年連假 12/31-1/2 墾丁會下雨嗎", "weather.forecast", None, 21.95, 120.80),
    ("元旦去沖繩 Naha 1/1 滿潮幾點", "tide.forecast", "2027-01-01", 26.21, 127.67),
    ("Nha Trang Tran Phu beach sunset tomorrow", "tide.forecast", "2026-12-20", 12.24, 109.20),
    ("Zhuwei fishing harbour tides tomorrow", "tide.forecast", "2026-12-20", 25.12, 121.24),
    ("tamsui rising or falling right now?", "tide.forecast", "2026-12-19", 25.18, 121.40),
])
async def test_users_second_look(query: str, tool: str, day: str | None, lat: float, lon: float) -> None:
    answer = await _ask(query, qt="2026-12-19T21:40:00+08:00")
    if _asked_back(answer) and "Tran Phu" in query:
        return   # a beach the gazetteer does not know, beside its city: asked, never another place
    assert answer.tool == tool, answer.text
    if day:
        assert (answer.arguments or {}).get("date") == day, answer.arguments
    _asked_back_or_at(answer, lat, lon, within=0.3)


# The third look (tune7): a weak name written apart is the place; a harbour in the county named beside
# it; a namesake abroad by its state; a day named by the next phase of the moon.
@pytest.mark.parametrize(("query", "lat", "lon", "day"), [
    ("成功 後天滿潮幾點", 23.09, 121.38, "2026-11-29"),
    ("sunrise at Dawu, Taitung tomorrow", 22.33, 120.91, "2026-11-28"),
    ("Green Island Queensland low tide tomorrow", -16.76, 145.97, "2026-11-28"),
    ("Magong tides on the next new moon", 23.57, 119.57, "2026-12-09"),
])
async def test_users_third_look(query: str, lat: float, lon: float, day: str) -> None:
    answer = await _ask(query, qt="2026-11-27T09:15:00+08:00")
    assert answer.tool == "tide.forecast" and not _asked_back(answer), answer.text
    assert (answer.arguments or {}).get("date") == day, answer.arguments
    _asked_back_or_at(answer, lat, lon, within=0.3)


# The fourth look (written as held-out i): a misspelt place beside the city it lies in, the zone asked
# when the place is named twice, everyday English words no data word's typo, squid shoals are fishing data.
@pytest.mark.parametrize(("query", "lat", "lon"), [("高雄茄定明天滿潮", 22.89, 120.16), ("台南將君今天乾潮", 23.20, 120.08)])
async def test_a_misspelt_place_beside_its_city(query: str, lat: float, lon: float) -> None:
    answer = await _ask(query)
    assert answer.tool == "tide.forecast", answer.text
    _asked_back_or_at(answer, lat, lon, within=0.1)


async def test_the_zone_written_again_with_its_time_is_the_source() -> None:
    answer = await _ask("my friend in Lisbon suggests 16:00 Lisbon time tomorrow, what is that in Taiwan?")
    assert answer.tool == "time.convert" and answer.result, answer.text
    assert (answer.result["from"]["tz"], answer.result["to"]["tz"]) == ("Europe/Lisbon", "Asia/Taipei")


@pytest.mark.parametrize("query", ["Any tsunami warning for Okinawa today?", "澎湖外海今晚有沒有魚群"])
async def test_no_data_asked_is_no_tide_table(query: str) -> None:
    answer = await _ask(query)
    assert answer.tool not in ("tide.forecast", "ghrsst.bbox_mean", "ghrsst.point_value"), answer.text


@pytest.mark.parametrize("query, word", [
    ("台東柯柯坑 今天乾潮", "柯柯坑"),                    # a name unknown after its county: not the county's tides
    ("Tasmania Orford tides tomorrow", "Orford"),        # a town the gazetteer lacks, after its state
    ("塔斯馬尼亞 Orford 明天潮汐", "Orford"),
])
async def test_an_unknown_name_after_its_area_is_asked_not_answered_for_the_area(query: str, word: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool is None and word in answer.text, answer.text


@pytest.mark.parametrize("query", ["宜蘭 會不會下雨", "台南老家今天下雨了嗎", "台東那邊明天會下雨嗎"])
async def test_words_after_a_county_that_name_no_place_leave_it_answered(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool == "weather.forecast", answer.text


@pytest.mark.parametrize("query, tz, word", [
    ("what time is it on Groote Eylandt", "Australia/Sydney", "Groote Eylandt"),
    ("what's the time in wollongbar rn", "Australia/Sydney", "wollongbar"),
    ("Wumbleton 現在幾點", "Asia/Taipei", "Wumbleton"),
    ("next full moon in Wumbleton?", "Australia/Sydney", "Wumbleton"),
])
async def test_a_clock_or_moon_question_naming_an_unknown_place_asks_where(query: str, tz: str, word: str) -> None:
    """Not the asker's own clock or city given as if it were the place's."""
    answer = await _ask(query, tz=tz, dry_run=True)
    assert answer.tool is None and word in answer.text, answer.text


async def test_a_clock_question_on_an_island_the_gazetteer_knows_is_its_own_clock() -> None:
    """Kangaroo Island (hand-kept since places13) keeps Adelaide's clock, not the Sydney asker's."""
    answer = await _ask("what time is it on Kangaroo Island", tz="Australia/Sydney", dry_run=True)
    assert answer.tool == "time.now" and (answer.arguments or {}).get("tz") == "Australia/Adelaide", answer.text


async def test_the_askers_own_country_named_in_a_clock_question_is_no_unknown_place() -> None:
    answer = await _ask("what time is it in Taiwan", dry_run=True)
    assert answer.tool == "time.now", answer.text


@pytest.mark.parametrize("query, tz, when, day, hhmm", [
    # tonight in another zone is that zone's tonight (Seoul is already on Saturday)
    ("if it's 9pm tonight in Seoul what time is it in Honolulu", "America/Los_Angeles", "2026-11-27T16:00:00",
     "2026-11-28", "02:00"),
    # a weekday or tomorrow is the day the asker names
    ("Friday 9pm EST in Taipei time", "Asia/Taipei", "2026-11-26T09:00:00+08:00", "2026-11-28", "10:00"),
    # a zone abbreviation of New Zealand; a written zone and a place on its clock are one side
    ("kickoff 7:30pm NZDT, what's that in Perth time", "Australia/Sydney", "2026-12-12T07:00:00", "2026-12-12", "14:30"),
    ("台灣時間 12/20 早上 6:40 落地桃園 那是加州幾點", "America/Los_Angeles", "2026-11-27T16:00:00", "2026-12-19", "14:40"),
    # a city written by its airport, in a travel question that is a conversion
    ("my flight lands at TPE 06:40 local time on 19 Dec, what time is that in Munich?", "Europe/Berlin",
     "2026-12-04T18:30:00", "2026-12-18", "23:40"),
])
async def test_a_conversion_takes_each_sides_own_day_and_zone(query: str, tz: str, when: str, day: str, hhmm: str) -> None:
    answer = await _ask(query, tz=tz, qt=when)
    assert answer.tool == "time.convert", answer.text
    target = (answer.result or {}).get("to") or {}
    assert (target.get("date"), target.get("time")) == (day, hhmm), (answer.text, target)


@pytest.mark.parametrize("query, word", [
    ("諾斯維爾外海海溫", "諾斯維爾"),        # not 維爾 (Wil) in Switzerland (湯斯維爾, Townsville, is known now)
])
async def test_a_place_abroad_found_inside_a_longer_chinese_name_is_asked(query: str, word: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool is None and word in answer.text, answer.text


@pytest.mark.parametrize("query", ["沖繩那霸明天天氣", "去東京玩明天會下雨嗎", "現在打電話給倫敦客戶會不會太晚"])
async def test_a_place_abroad_after_its_region_or_a_verb_stands_whole(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool is not None, answer.text


async def test_a_taiwan_name_two_places_share_is_asked_from_abroad_too() -> None:
    answer = await _ask("大溪 週日 滿潮幾點", tz="America/Los_Angeles", dry_run=True)
    assert answer.tool is None and "大溪" in answer.text, answer.text


@pytest.mark.parametrize("query", ["what's the water temp", "what is the sea temperature", "whats the ocean temp rn"])
async def test_asking_the_figure_with_no_place_asks_which_sea_not_what_sst_is(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.mode == "fallback" and answer.tool is None, answer.text


async def test_a_places_current_now_is_declined_not_explained() -> None:
    answer = await _ask("小琉球花瓶岩現在海流強不強", dry_run=True)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "no_such_data", answer.text


@pytest.mark.parametrize("query, tz", [("what time is it on Flinders Island", "Australia/Sydney"),
                                       ("霍克斯維爾外海海溫", "Asia/Taipei")])
async def test_a_known_name_inside_an_unknown_longer_one_is_asked(query: str, tz: str) -> None:
    answer = await _ask(query, tz=tz, dry_run=True)
    assert answer.tool is None, answer.text


@pytest.mark.parametrize("query, answered", [
    ("sunset in Brest, Finistère on Sunday", False),   # a département the gazetteer does not hold: asked
    ("Portland, Maine tide tomorrow", True),             # a state it reads decides
    ("Boston, MA tide tomorrow", True),                  # a two-letter code is left alone
    ("sunrise tomorrow at Surfers Paradise, Gold Coast", True),   # the city it is in, though Coast is a filler
])
async def test_a_qualifier_after_a_town_is_read_or_asked(query: str, answered: bool) -> None:
    answer = await _ask(query, tz="Europe/Berlin", dry_run=True)
    assert (answer.tool is not None) is answered, answer.text


@pytest.mark.parametrize("query, day, hhmm", [
    ("台灣跨年零點 是德國幾點", "2026-12-31", "17:00"),              # the midnight that ends New Year's Eve
    ("德國這邊跨年倒數那一刻，台灣是幾點？", "2027-01-01", "07:00"),
])
async def test_new_years_midnight_is_converted_as_the_moment_the_year_turns(query: str, day: str, hhmm: str) -> None:
    answer = await _ask(query, tz="Europe/Berlin", qt="2026-12-04T18:30:00")
    target = (answer.result or {}).get("to") or {}
    assert answer.tool == "time.convert" and (target.get("date"), target.get("time")) == (day, hhmm), answer.text


async def test_what_actually_is_asks_the_idea() -> None:
    answer = await _ask("what actually is a spring tide", dry_run=True)
    assert answer.mode == "explain", answer.text


@pytest.mark.parametrize("query", ["彰化外海 後天風力多大", "苗栗外海明天風會不會很強 船可以出港嗎", "wind offshore of Hsinchu tomorrow"])
async def test_the_wind_asked_off_a_coast_is_the_weather_not_the_sea_temperature(query: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools" and answer.tool == "weather.forecast", answer.text


@pytest.mark.parametrize("query", ["澎湖明天風大嗎 漁船能出港嗎", "安平 明天滿潮 我們的船要靠碼頭"])
async def test_a_clause_ending_in_a_place_word_is_no_unknown_place(query: str) -> None:
    answer = await ask_router(query, QT)
    assert answer.mode == "mcp_tools", answer.text


# (Cabo da Roca, asked here before, is in the gazetteer now)
@pytest.mark.parametrize("query", ["praia da ursa low tide tomorrow", "sunset at Cabo da Praia on sunday",
                                   "is the tide in at Playa de las Teresitas", "sea temp at Lido di Dante"])
async def test_a_known_name_joined_by_de_or_do_to_an_unknown_word_is_asked_about(query: str) -> None:
    answer = await _ask(query)
    assert _asked_back(answer), answer.text


@pytest.mark.parametrize(("query", "lon"), [("Santa Cruz de Tenerife sunset on friday", -16.25),
                                            ("Foz do Arelho tides tomorrow", -9.21)])
async def test_a_whole_name_joined_by_de_or_do_is_the_place(query: str, lon: float) -> None:
    answer = await _ask(query)
    assert answer.mode == "mcp_tools" and abs(answer.arguments["longitude"] - lon) < 0.2, answer.text  # type: ignore[index]


@pytest.mark.parametrize(("query", "day"), [("初一透早宜蘭會寒無", "2月6日"), ("除夕下晡淡水會落雨無", "2月5日")])
async def test_a_time_of_day_word_with_a_festival_is_that_festivals_day(query: str, day: str) -> None:
    answer = await _ask(query, qt="2027-02-03T08:20:00+08:00", dry_run=True)
    assert answer.tool == "weather.forecast" and day in answer.text.splitlines()[0], answer.text


async def test_a_taiwan_towns_latin_name_shared_with_china_is_taiwans_to_an_asker_there() -> None:
    answer = await _ask("Jinshan moonrise tonight?")
    assert answer.mode == "mcp_tools" and abs(answer.arguments["longitude"] - 121.64) < 0.1, answer.text  # type: ignore[index]
    assert "Jinsha." not in answer.text and 'as "Jinshan"' not in answer.text, answer.text


@pytest.mark.parametrize("query", ["tide times Sound of Jura tomorrow", "Isle of Man sunset on friday"])
async def test_a_known_name_inside_a_sound_or_isle_of_it_is_asked_about(query: str) -> None:
    answer = await _ask(query, "Europe/London")
    # asked, or answered for the whole name the gazetteer knows (the Isle of Man), never for the piece (Man, Ivory Coast)
    assert _asked_back(answer) or 54 < (answer.arguments or {}).get("latitude", 0) < 54.5, answer.text


@pytest.mark.parametrize("query", ["What time is high tide at Ardmore on Sunday?", "Kinsale HW thursday"])
async def test_a_name_or_abbreviation_before_a_weekday_is_no_named_day(query: str) -> None:
    answer = await _ask(query, "Europe/Dublin")
    assert "as a day" not in answer.text and "當成日期" not in answer.text, answer.text


@pytest.mark.parametrize("query", ["tides at Kinsale on regatta day", "sunset in Galway on my birthday"])
async def test_a_day_named_by_an_event_only_the_asker_knows_is_asked(query: str) -> None:
    answer = await _ask(query, "Europe/Dublin")
    assert _asked_back(answer) and "day" in answer.text, answer.text


@pytest.mark.parametrize(("query", "days"), [("大澳未來7日潮汐表", 7), ("長洲 未來 3日 會唔會落雨", 3)])
async def test_a_count_of_days_written_with_ri_is_a_span_not_a_day_of_the_month(query: str, days: int) -> None:
    answer = await _ask(query, "Asia/Hong_Kong", dry_run=True)
    assert answer.mode == "mcp_tools" and answer.debug["days"] == days, (answer.debug, answer.text)  # type: ignore[index]


async def test_a_typhoon_shelter_is_a_harbour_not_a_question_about_typhoons() -> None:
    answer = await _ask("causeway bay typhoon shelter tide now, rising or falling", "Asia/Hong_Kong", dry_run=True)
    assert answer.tool == "tide.forecast", answer.text


@pytest.mark.parametrize(("query", "tool"), [("澎湖下週一的風", "weather.forecast"), ("冬至彼工安平水焦是幾點", "tide.forecast"),
                                             ("明仔載王功水啥物時陣焦", "tide.forecast")])
async def test_the_wind_alone_and_hokkien_low_water_are_read(query: str, tool: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool == tool, answer.text


async def test_the_scenery_is_no_wind() -> None:
    answer = await _ask("基隆明天的風景好嗎", dry_run=True)
    assert answer.tool != "weather.forecast", answer.text


@pytest.mark.parametrize("query", ["Fort Lytton tides for today pls", "sunset at Cala Mesquida tomorrow",
                                   "Pulau Bidadari low tide tomorrow"])
async def test_a_known_name_after_a_word_that_begins_longer_names_is_asked_about(query: str) -> None:
    answer = await _ask(query, "Australia/Sydney")
    assert _asked_back(answer) or answer.mode == "fallback", answer.text


@pytest.mark.parametrize("query", ["Port Douglas tides tomorrow", "Cape Town sunset on friday", "Koh Tao tides tomorrow",
                                   "Fort Denison tides for today pls"])   # a Sydney Harbour spot since pac25
async def test_a_whole_name_beginning_with_such_a_word_is_the_place(query: str) -> None:
    answer = await _ask(query, "Australia/Sydney")
    assert answer.mode == "mcp_tools", answer.text


@pytest.mark.parametrize(("query", "tool"), [("明天海上會下雨嗎 基隆", "weather.forecast"), ("how warm is the sea off Keelung now", "ghrsst.bbox_mean"),
                                             ("這馬綠島的海水會冷袂", "ghrsst.bbox_mean")])
async def test_rain_at_sea_is_the_weather_and_how_warm_the_sea_is_its_temperature(query: str, tool: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool == tool, answer.text


async def test_how_warm_the_sea_is_with_no_place_asks_which_sea() -> None:
    answer = await _ask("海水現在幾度", dry_run=True)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "sst_without_location", answer.text


@pytest.mark.parametrize("query", ["when's the next full moon? planning a night dive off Carrigeen Rock",
                                   "what time's it near Glenbrookvale"])
async def test_an_unknown_name_after_off_or_near_is_asked_about(query: str) -> None:
    answer = await _ask(query, "Europe/Dublin")
    assert answer.mode == "fallback", answer.text


async def test_a_box_written_with_lower_case_hemisphere_letters_is_read() -> None:
    answer = await _ask("avg sea temp box 6w-4w 50n-51n", "Europe/London", dry_run=True)
    assert answer.tool == "ghrsst.bbox_mean" and answer.arguments["bbox"] == [-6.0, 50.0, -4.0, 51.0], answer.text  # type: ignore[index]


async def test_an_english_word_near_a_new_places_name_is_no_slip_of_it() -> None:
    answer = await _ask("sunrise at start point tmrw", "Europe/London")
    assert "Stuart" not in answer.text, answer.text


async def test_a_place_inside_a_named_sea_is_the_narrower_thing_asked() -> None:
    answer = await _ask("台灣海峽 苗栗外海 海溫多少", dry_run=True)
    box = answer.arguments["bbox"]  # type: ignore[index]
    assert answer.tool == "ghrsst.bbox_mean" and box[2] - box[0] < 1.0, box


@pytest.mark.parametrize(("query", "day"), [("polperro low water sun?", "2026-11-29"), ("salcombe hw sun", "2026-11-29")])
async def test_sun_right_after_what_is_asked_is_sunday(query: str, day: str) -> None:
    answer = await _ask(query, "Europe/London", dry_run=True)
    assert answer.arguments["date"] == day, answer.arguments  # type: ignore[index]


@pytest.mark.parametrize("query", ["sunrise, sun, moon for keelung", "keelung sun, moon and tides"])
async def test_the_sun_in_a_list_of_what_is_asked_is_no_sunday(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.arguments["date"] == "2026-11-26", answer.arguments  # type: ignore[index]


@pytest.mark.parametrize("query", ["where are the mackerel off Kinsale this week", "any mackerel at Cobh?"])
async def test_where_the_fish_are_is_declined(query: str) -> None:
    answer = await _ask(query, "Europe/Dublin", dry_run=True)
    assert answer.mode == "fallback" and (answer.debug or {}).get("reason") == "no_such_data", answer.text


async def test_the_one_day_asked_beside_what_a_spring_tide_is_is_that_day() -> None:
    answer = await _ask("what's a spring tide, and what time is low tide at Tamsui tomorrow", dry_run=True)
    assert answer.arguments["date"] == "2026-11-27", answer.text  # type: ignore[index]


@pytest.mark.parametrize("query", ["給我香山今天的潮汐", "我要香山潮汐", "幫我查竹圍明天的潮汐"])
async def test_a_weak_name_after_a_request_is_the_place(query: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.mode == "mcp_tools" and answer.tool == "tide.forecast", answer.text


@pytest.mark.parametrize(("query", "zone"), [("is it morning or night in Taiwan now", "Asia/Taipei"),
                                             ("is it day or night in Lisbon now", "Europe/Lisbon")])
async def test_morning_or_night_there_is_the_places_clock_and_a_country_is_no_slip(query: str, zone: str) -> None:
    answer = await _ask(query, dry_run=True)
    assert answer.tool == "time.now" and answer.arguments["tz"] == zone and "I read" not in answer.text, answer.text  # type: ignore[index]


@pytest.mark.parametrize("query", ["Horseshoe Bay tide times tomorrow", "Shelly Beach tides sat arvo"])
async def test_a_beach_several_coasts_share_is_asked_about(query: str) -> None:
    answer = await _ask(query, tz="Australia/Melbourne", dry_run=True)   # not British Columbia's, nor one NSW beach
    assert answer.tool is None and "more than one place" in answer.text, answer.text


@pytest.mark.parametrize("query, lat, lon", [
    ("天保山現在漲潮還退潮 要去釣魚", 34.66, 135.43),   # Osaka's harbour, not 保山 in Yunnan
    ("大阪南港今天風大嗎", 34.63, 135.41),              # not Taipei's 南港
    ("will it rain in Hakata tomorrow?", 33.60, 130.40),  # not Jakarta
])
async def test_a_harbour_in_japan_is_read_whole(query: str, lat: float, lon: float) -> None:
    answer = await _ask(query, dry_run=True)
    args = answer.arguments or {}
    assert abs(args["latitude"] - lat) < 0.1 and abs(args["longitude"] - lon) < 0.1, answer.text
