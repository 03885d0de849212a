"""Issue 26, session 15: countries named in the askers' own languages, and the words of South-East Asia's askers.

- a country written as a traveller writes it ("Japón", "Japão", "Jepang", "Pilipinas", "Pinas", "Nhật Bản") is the
  place asked: its clock, never the asker's own clock nor a town whose name looks like it (Piñas, Almería,
  Carmópolis de Minas);
- a town's name inside a longer country name ("Sur" in "Corea del Sur", "Selatan" in "Korea Selatan") is no place;
- Malay, Indonesian and Tagalog: rain words (uulan, hujan) beat going surfing (mag-surf), the next full moon
  (bulan penuh … seterusnya), "what is" and "resolution" in an explanation (apa itu, resolusi), code asked for
  a variable and a month in those languages (matahari terbenam, curah hujan, sepanjang Disember);
- Tết written without its accent is the lunar new year.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router

QT = "2026-11-29T07:40:00"


@pytest.mark.parametrize(("query", "tz", "zone"), [
    ("¿qué hora es ahora en Japón?", "America/Bogota", "Asia/Tokyo"),
    ("que horas são agora no Japão?", "America/Sao_Paulo", "Asia/Tokyo"),
    ("quelle heure est-il aux Philippines ?", "Europe/Paris", "Asia/Manila"),
    ("wie spät ist es gerade in Neuseeland?", "Europe/Berlin", "Pacific/Auckland"),
    ("jam berapa sekarang di Jepun?", "Asia/Kuala_Lumpur", "Asia/Tokyo"),
    ("anong oras na ngayon sa Pilipinas?", "America/Toronto", "Asia/Manila"),
    ("anong oras na sa Pinas? gising pa kaya si lola", "Asia/Dubai", "Asia/Manila"),
    ("bây giờ ở Nhật Bản là mấy giờ?", "Asia/Ho_Chi_Minh", "Asia/Tokyo"),
    ("jam berapa di Korea Selatan sekarang?", "Asia/Jakarta", "Asia/Seoul"),
    ("¿qué hora es en Corea del Sur ahora?", "America/Lima", "Asia/Seoul"),
])
async def test_a_country_in_the_askers_language_is_the_clock_asked(query: str, tz: str, zone: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "time.now" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["tz"] == zone, answer.arguments


async def test_a_country_of_several_clocks_in_the_askers_language_is_asked_back() -> None:
    answer = await ask_router("jam berapa di Amerika Serikat sekarang?", QT, "Asia/Jakarta")
    assert answer.tool is None, answer.arguments
    assert "New York" in answer.text and "Los Angeles" in answer.text, answer.text[:200]


@pytest.mark.parametrize(("query", "tz", "tool"), [
    ("mamaya uulan ba sa La Union? mag-surf sana kami", "Asia/Manila", "weather.forecast"),
    ("hujan tak esok kat Cherating? nak pergi surfing", "Asia/Kuala_Lumpur", "weather.forecast"),
    ("¿lloverá mañana en Máncora? vamos a surfear", "America/Lima", "weather.forecast"),
    ("mamayang hapon, anong oras ang high tide sa Batangas?", "Asia/Manila", "tide.forecast"),
])
async def test_rain_asked_beside_going_surfing_is_the_weather(query: str, tz: str, tool: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool, (answer.tool, answer.text[:160])


async def test_the_next_full_moon_in_malay_is_the_moon() -> None:
    answer = await ask_router("bila bulan penuh yang seterusnya di Kuantan?", QT, "Asia/Kuala_Lumpur")
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert abs(answer.arguments["latitude"] - 3.8) < 0.3, answer.arguments


@pytest.mark.parametrize(("query", "words"), [
    ("apa itu neap tide?", ("neap",)),
    ("resolusi data MUR SST berapa?", ("0.01°", "1 km")),
])
async def test_malay_explanations_reach_their_passage(query: str, words: tuple[str, ...]) -> None:
    answer = await ask_router(query, QT, "Asia/Kuala_Lumpur", dry_run=False)
    assert answer.mode == "explain", answer.text[:160]
    assert any(w in answer.text for w in words), answer.text[:300]


@pytest.mark.parametrize(("query", "what", "span"), [
    ("kod python senarai matahari terbit di Penang sepanjang Januari, simpan CSV", "sunrise", "2027-01-01 to 2027-01-31"),
    ("buatkan script python hujan di Makassar 5 hari ke depan, print tabel", "rain", None),
])
async def test_code_asked_in_malay_names_its_variable_and_month(query: str, what: str, span: str | None) -> None:
    answer = await ask_router(query, QT, "Asia/Kuala_Lumpur", dry_run=False)
    assert answer.mode == "code", answer.text[:200]
    first = answer.text.split("\n", 1)[0]
    assert what in first, first
    assert span is None or span in first, first


async def test_tet_without_its_accent_is_the_lunar_new_year() -> None:
    answer = await ask_router("what time is sunset in Hoi An on Tet?", QT, "Asia/Ho_Chi_Minh")
    assert answer.tool == "tide.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["date"] == "2027-02-06", answer.arguments


# Taiwan's coast: the whole week in Hokkien and as said, a place's own longer name, an everyday word holding a
# town's name abroad, and where the asker works.
@pytest.mark.parametrize("query", ["小琉球 一整個禮拜的潮汐", "旗津 歸个禮拜的潮汐", "東港 這幾天的潮汐 規禮拜的喔"])
async def test_the_whole_week_said_in_chinese_or_hokkien_is_seven_days(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.tool in ("tide.week", "tide.forecast") and answer.arguments is not None, answer.text[:160]
    # seven days from Sunday 29 November: through Saturday 5 December, in the table or the span said back
    assert answer.arguments.get("days") == 7 or "12月5日" in answer.text, (answer.arguments, answer.text[:160])


@pytest.mark.parametrize(("query", "tool"), [
    ("墾丁南灣明天滿潮 要帶小孩去抓寄居蟹", "tide.forecast"),
    ("蘭嶼東清灣 今晚月出幾點", "tide.forecast"),
    ("外派在新加坡 台東成功現在幾點", "time.now"),
    ("跑船在鹿特丹 基隆現在幾點了", "time.now"),
])
async def test_taiwan_places_beside_words_that_hold_other_names(query: str, tool: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei" if "外派" not in query and "跑船" not in query else "Asia/Singapore")
    assert answer.tool == tool and answer.arguments is not None, (answer.tool, answer.text[:160])
    if tool == "time.now":
        assert answer.arguments["tz"] == "Asia/Taipei", answer.arguments
    else:
        assert answer.arguments["latitude"] < 23.0, answer.arguments


@pytest.mark.parametrize(("query", "src", "dst", "time"), [
    ("Seoul time 21:15 → Jakarta?", "Asia/Seoul", "Asia/Jakarta", "21:15"),
    ("Dubai time 7:45 am -> Manila", "Asia/Dubai", "Asia/Manila", "07:45"),
])
async def test_a_labelled_clock_then_an_arrow_to_a_place_converts(query: str, src: str, dst: str, time: str) -> None:
    answer = await ask_router(query, QT, "Asia/Singapore")
    assert answer.tool == "time.convert" and answer.arguments is not None, answer.text[:160]
    assert (answer.arguments["from_tz"], answer.arguments["to_tz"], answer.arguments["time"]) == (src, dst, time)


async def test_an_arrow_before_an_ordinary_word_converts_nothing() -> None:
    answer = await ask_router("3pm Keelung tide → chart please", QT, "Asia/Taipei")
    assert answer.tool in ("tide.forecast", "tide.chart"), (answer.tool, answer.text[:160])


# India's askers in Hindi written in Latin letters: kal (the coming day), aaj, abhi; rain, the weather, the tide, the
# sun and the full moon; the time now; and the Andamans' islands and city beaches they name.
@pytest.mark.parametrize(("query", "tool", "date"), [
    ("kal Kochi mein baarish hogi kya?", "weather.forecast", None),
    ("parso Vizag ka mausam kaisa rahega", "weather.forecast", None),
    ("Alibaug mein kal jwar bhata kitne baje", "tide.forecast", "2026-11-30"),
    ("aaj Varkala suryast kitne baje hai", "tide.forecast", "2026-11-29"),
    ("Neil Island pe kal sunrise kab hai", "tide.forecast", "2026-11-30"),
    ("agli purnima kab hai Kanyakumari mein", "tide.forecast", None),
])
async def test_hindi_in_latin_letters(query: str, tool: str, date: str | None) -> None:
    answer = await ask_router(query, QT, "Asia/Kolkata")
    assert answer.tool == tool and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert date is None or answer.arguments["date"] == date, answer.arguments


async def test_the_time_now_in_hindi_is_the_places_clock() -> None:
    answer = await ask_router("abhi Muscat mein kya time hai?", QT, "Asia/Kolkata")
    assert answer.tool == "time.now" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["tz"] == "Asia/Muscat", answer.arguments


@pytest.mark.parametrize(("query", "tz"), [("Bali weather this week?", "America/Mexico_City"),
                                            ("weer op Bali morgen", "Europe/Amsterdam"),
                                            ("峇里島明天會下雨嗎", "Asia/Taipei")])
async def test_bali_is_the_island_not_a_suburb_of_kolkata(query: str, tz: str) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["timezone"] == "Asia/Makassar", answer.arguments


# Vietnamese: mai (tomorrow) in a Vietnamese sentence, never Mai Khao's; a country after ở / bên (ở Nhật, bên Mỹ);
# sunshine words. Tagalog: the sun going down as the verb says it, how warm the sea is.
@pytest.mark.parametrize(("query", "tz", "tool", "date"), [
    ("mai Quy Nhơn có mưa không?", "Asia/Ho_Chi_Minh", "weather.forecast", None),
    ("Cửa Lò mai mấy giờ nước lớn", "Asia/Ho_Chi_Minh", "tide.forecast", "2026-11-30"),
    ("Mai Khao beach high tide today", "Asia/Bangkok", "tide.forecast", "2026-11-29"),
    ("anong oras lulubog ang araw sa Baler bukas?", "Asia/Manila", "tide.forecast", "2026-11-30"),
    ("gaano kainit ang dagat sa Coron ngayon?", "Asia/Manila", "ghrsst.bbox_mean", None),
])
async def test_vietnamese_and_tagalog_day_and_data_words(query: str, tz: str, tool: str, date: str | None) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == tool and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert date is None or answer.arguments["date"] == date, answer.arguments
    if tool == "weather.forecast":
        assert answer.arguments["forecastDays"] == 2, answer.arguments


async def test_a_country_after_a_vietnamese_where_word_is_its_clock() -> None:
    answer = await ask_router("ở Hàn bây giờ mấy giờ rồi?", QT, "Asia/Ho_Chi_Minh")
    assert answer.tool == "time.now" and answer.arguments is not None, answer.text[:160]
    assert answer.arguments["tz"] == "Asia/Seoul", answer.arguments


@pytest.mark.parametrize(("query", "tz", "days"), [
    ("when's it going to rain next in Darwin?", "Australia/Darwin", 7),
    ("高雄下一次下雨是什麼時候", "Asia/Taipei", 7),
    ("kapan hujan lagi di Bandung? eh maksudnya hujan berikutnya", "Asia/Jakarta", 7),
    ("高雄明天什麼時候會下雨", "Asia/Taipei", 2),
])
async def test_the_next_rain_asked_with_no_day_looks_a_week_ahead(query: str, tz: str, days: int) -> None:
    answer = await ask_router(query, QT, tz)
    assert answer.tool == "weather.forecast" and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert answer.arguments["forecastDays"] == days, answer.arguments


# Thai written in Thai: Thailand's towns by their GeoNames Thai names, its islands and beaches by the hand-kept
# ones, countries by pycountry's Thai names, and the day words in a sentence of Thai alone.
@pytest.mark.parametrize(("query", "tool", "lat", "date"), [
    ("พรุ่งนี้ระยองฝนตกไหม", "weather.forecast", 12.7, None),
    ("น้ำขึ้นที่ชุมพรกี่โมง", "tide.forecast", 10.5, "2026-11-29"),
    ("เกาะเสม็ดพรุ่งนี้น้ำลงกี่โมง", "tide.forecast", 12.55, "2026-11-30"),
    ("พระอาทิตย์ตกที่หาดจอมเทียนกี่โมง", "tide.forecast", 12.88, "2026-11-29"),
])
async def test_thai_places_and_days(query: str, tool: str, lat: float, date: str | None) -> None:
    answer = await ask_router(query, QT, "Asia/Bangkok")
    assert answer.tool == tool and answer.arguments is not None, (answer.tool, answer.text[:160])
    assert abs(answer.arguments["latitude"] - lat) < 0.3, answer.arguments
    assert date is None or answer.arguments["date"] == date, answer.arguments
    if tool == "weather.forecast":
        assert answer.arguments["forecastDays"] == 2, answer.arguments


async def test_a_country_in_thai_is_its_clock() -> None:
    answer = await ask_router("ตอนนี้ที่ออสเตรเลียกี่โมง", QT, "Asia/Bangkok")
    assert answer.tool is None and "Sydney" in answer.text and "Perth" in answer.text, (answer.tool, answer.text[:200])
