"""Issue 26 item 2, breadth: beaches, surf and dive spots abroad and Taiwan harbours and spots that had
no entry, or answered another place (珍南海灘 and 奧南海灘 → South Beach, Florida; 愛妮島 → the middle of
Palawan; Anilao → a village in Mindoro; Phang Nga Bay → Ngã Bảy, Vietnam; 金門大橋 → Kinmen; 陽光海岸 →
Kaigan, Tokyo; 與那霸前濱 → Naha; 奄美大島 → Ōjima, Tokyo; 埃里塞拉 → Saylac, Somalia; 科蘇梅爾 → Sumy, Ukraine),
asked through the real Router in zh-TW and English. The answer's point must be the place's sea
point, within a few km of where the place is. Where each place is comes from its town in GeoNames
where one exists, else from the coast it is on; the sea points themselves are checked against the
land mask by test_coastal_gazetteer.py."""
from __future__ import annotations

import math

import pytest

from core.understand.places import find_place
from router_ask import ask_router

QT = "2026-11-26T09:00:00+08:00"


def _km(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    h = (math.sin(math.radians(lat2 - lat1) / 2) ** 2
         + math.cos(math.radians(lat1)) * math.cos(math.radians(lat2)) * math.sin(math.radians(lon2 - lon1) / 2) ** 2)
    return 2 * 6371.0 * math.asin(math.sqrt(h))


@pytest.mark.parametrize(("query", "lon", "lat", "tz"), [
    ("庫塔海灘明天滿潮幾點", 115.166, -8.718, "Asia/Makassar"),
    ("What time is high tide at Kuta Beach tomorrow?", 115.166, -8.718, "Asia/Makassar"),
    ("沙努爾明天日出幾點", 115.263, -8.680, "Asia/Makassar"),
    ("tides at Bingin this weekend", 115.113, -8.806, "Asia/Makassar"),
    ("芽莊海灘今天潮汐", 109.197, 12.240, "Asia/Ho_Chi_Minh"),
    ("長灘島白沙灘明天日落幾點", 121.926, 11.959, "Asia/Manila"),
    ("sunset at Boracay White Beach tomorrow", 121.926, 11.959, "Asia/Manila"),
    ("愛妮島明天潮汐", 119.396, 11.186, "Asia/Manila"),
    ("邦勞島明天乾潮幾點", 123.746, 9.578, "Asia/Manila"),
    ("When is low tide at Anilao tomorrow?", 120.925, 13.760, "Asia/Manila"),
    ("蘭卡威珍南海灘明天日落", 99.728, 6.294, "Asia/Kuala_Lumpur"),
    ("萬座毛今天潮汐", 127.851, 26.495, "Asia/Tokyo"),
    ("茅崎今天滿潮", 139.405, 35.316, "Asia/Tokyo"),
    ("Raja Ampat tides tomorrow", 130.820, -0.430, "Asia/Jayapura"),
    ("Da Nang Beach sunrise tomorrow", 108.250, 16.060, "Asia/Ho_Chi_Minh"),
    ("奧南海灘明天潮汐", 98.818, 8.034, "Asia/Bangkok"),
    ("華欣明天日出幾點", 99.959, 12.571, "Asia/Bangkok"),
    ("攀牙灣明天乾潮", 98.500, 8.220, "Asia/Bangkok"),
    ("檳城峇都丁宜今天潮汐", 100.245, 5.471, "Asia/Kuala_Lumpur"),
    ("tides at Mactan Island tomorrow", 123.980, 10.290, "Asia/Manila"),
    ("金門大橋明天潮汐", -122.478, 37.820, "America/Los_Angeles"),
    ("陽光海岸明天日出", 153.080, -26.657, "Australia/Brisbane"),
    ("拉古納海灘今天滿潮幾點", -117.783, 33.542, "America/Los_Angeles"),
    ("漢密爾頓島明天潮汐", 148.955, -20.352, "Australia/Brisbane"),
    ("與那霸前濱明天滿潮", 125.250, 24.730, "Asia/Tokyo"),
    ("奄美大島明天潮汐", 129.494, 28.377, "Asia/Tokyo"),
    ("竹富島明天日落幾點", 124.088, 24.330, "Asia/Tokyo"),
    ("tides at Sesoko Island tomorrow", 127.857, 26.648, "Asia/Tokyo"),
    ("松島海水浴場明天潮汐", 129.017, 35.076, "Asia/Seoul"),
    ("埃里塞拉明天滿潮幾點", -9.416, 38.963, "Europe/Lisbon"),
    ("科蘇梅爾明天潮汐", -86.943, 20.500, "America/Cancun"),
    ("塔馬林多明天日落", -85.841, 10.299, "America/Costa_Rica"),
    ("tides at Praia do Guincho tomorrow", -9.473, 38.730, "Europe/Lisbon"),
    ("帛琉明天潮汐", 134.473, 7.340, "Pacific/Palau"),
    ("What time is high tide in Palau tomorrow?", 134.473, 7.340, "Pacific/Palau"),
    ("卡伊盧阿明天日出", -157.740, 21.402, "Pacific/Honolulu"),
    ("多良車站明天日出幾點", 120.960, 22.505, "Asia/Taipei"),
    ("核三出水口明天潮汐", 120.744, 21.953, "Asia/Taipei"),
    ("鰲鼓濕地今天潮汐", 120.147, 23.503, "Asia/Taipei"),
    ("北關海潮公園明天滿潮幾點", 121.873, 24.905, "Asia/Taipei"),
    ("八仙洞明天日出", 121.488, 23.400, "Asia/Taipei"),
    ("靜浦今天潮汐", 121.509, 23.459, "Asia/Taipei"),
    ("龍坑明天乾潮", 120.861, 21.905, "Asia/Taipei"),
    ("望安花宅明天潮汐", 119.500, 23.367, "Asia/Taipei"),
    ("七美南滬港今天滿潮", 119.420, 23.206, "Asia/Taipei"),
    ("蚵子寮漁港今天潮汐", 120.238, 22.727, "Asia/Taipei"),
    ("tides at Beiguan Tidal Park tomorrow", 121.873, 24.905, "Asia/Taipei"),
])
async def test_a_tide_or_sun_question_at_a_new_place_is_answered_there(query: str, lon: float, lat: float,
                                                                        tz: str) -> None:
    answer = await ask_router(query, QT)
    args = answer.arguments or {}
    assert answer.tool == "tide.forecast", (answer.tool, answer.text)
    assert args.get("tz") == tz, args
    assert _km(args["longitude"], args["latitude"], lon, lat) < 8.0, args


@pytest.mark.parametrize("text", ["台北關渡潮汐", "今天東北關係如何", "台中社區大學幾點下課", "新城海岸幾點漲潮"])
def test_a_new_name_inside_ordinary_words_is_no_place(text: str) -> None:
    """北關 sits inside 台北關渡 and 東北關係, 中社 inside 台中社區: neither is a place there; 海岸 (a
    coast) is not the Tokyo neighbourhood Kaigan."""
    place = find_place(text)
    assert place is None or place.key not in {"beiguan", "huazhai", "geonames:1852615"}, place


def test_a_name_two_places_share_is_asked_not_guessed() -> None:
    """"My Khe" is Da Nang's beach and a town in Quảng Ngãi: the bot must not answer one silently."""
    place = find_place("My Khe tides")
    assert place is not None and place.ambiguous, place
    assert {"Da Nang", "Quảng Ngãi"} <= {alt.admin for alt in place.alternatives} | {place.admin}, place
