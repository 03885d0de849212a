"""Issue 26, session 21 (main): a bay word before a name, a sea named in Thai, and a particle's look-alike in a
Taiwan harbour's name, through the real Router (local engine, no LLM). Asked on Thursday 2027-10-28 07:15.

* Vietnamese vịnh / bãi / cảng before a name is the water of that place, never the city of Vinh (「vịnh Hạ Long」);
  "Vinh" alone is still the city.
* อ่าวไทย is the Gulf of Thailand's box, not Bangkok (ไทย alone is the country).
* 「八斗了漁港」: 了 written for 子, said back as 八斗子.
"""
from __future__ import annotations

import pytest

from router_ask import ask_router, km_between, planned_point

QT = "2027-10-28T07:15:00"


@pytest.mark.parametrize(("query", "lat", "lon"), [
    ("nhiệt độ nước biển vịnh Hạ Long sáng nay", 20.95, 107.07),
    ("thủy triều vịnh Nha Trang chiều nay", 12.25, 109.19),
    ("bãi Sao Phú Quốc mai có mưa không", 10.06, 104.03),
])
async def test_a_vietnamese_bay_word_before_a_name_is_that_place(query: str, lat: float, lon: float) -> None:
    answer = await ask_router(query, QT, "Asia/Ho_Chi_Minh")
    assert answer.mode == "mcp_tools", (answer.mode, answer.text)
    assert km_between(*planned_point(answer.arguments or {}), lat, lon) < 40, (answer.arguments, answer.text)


async def test_vinh_alone_is_still_the_city() -> None:
    answer = await ask_router("thời tiết Vinh cuối tuần này", QT, "Asia/Ho_Chi_Minh")
    assert km_between(*planned_point(answer.arguments or {}), 18.67, 105.69) < 20, (answer.arguments, answer.text)


@pytest.mark.parametrize("query", ["น้ำทะเลอ่าวไทยตอนนี้อุ่นแค่ไหน", "อ่าวไทย อุณหภูมิผิวน้ำทะเล พรุ่งนี้"])
async def test_the_gulf_of_thailand_in_thai_is_the_gulf(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Bangkok")
    assert (answer.arguments or {}).get("bbox") == [99.0, 6.0, 105.0, 14.0], (answer.arguments, answer.text)


async def test_a_particle_written_for_its_look_alike_in_a_harbour_name_is_said_back() -> None:
    answer = await ask_router("八斗了漁港後天滿潮幾點", QT, "Asia/Taipei", dry_run=False)
    assert answer.tool == "tide.forecast" and "八斗子" in answer.text, (answer.tool, answer.text)


@pytest.mark.parametrize(("query", "tz", "zones"), [
    ("how many hours between Lima and Madrid right now", "Asia/Taipei", {"America/Lima", "Europe/Madrid"}),
    ("Lisbon vs Rio de Janeiro, how many hours between them?", "Europe/Lisbon", {"Europe/Lisbon", "America/Sao_Paulo"}),
])
async def test_the_hours_between_two_places_asked_as_a_count_is_their_gap(query: str, tz: str, zones: set[str]) -> None:
    answer = await ask_router(query, QT, tz)
    args = answer.arguments or {}
    assert answer.tool == "time.convert" and {args.get("from_tz"), args.get("to_tz")} == zones, (answer.tool, args)


@pytest.mark.parametrize("query", ["how many hours between high and low tide in Hualien today",
                                   "花蓮今天滿潮跟乾潮之間隔多久", "time between the tides at Suao tomorrow?"])
async def test_between_the_tides_turns_is_no_area(query: str) -> None:
    answer = await ask_router(query, QT, "Asia/Taipei")
    assert answer.tool == "tide.forecast", (answer.mode, answer.text)
