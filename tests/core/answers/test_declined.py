"""The parts of a question the bot has no data for, read from the data file and declined in one line
(both languages); "current" meaning "now" is not a current."""
from __future__ import annotations

import pytest

from core.answers.declined import asked_unavailable, declined_line


@pytest.mark.parametrize(("query", "kinds"), [
    ("tides, wave height and current at Keelung tomorrow", ["waves", "currents"]),
    ("基隆明天的潮汐、浪高和海流", ["waves", "currents"]),
    ("基隆明天潮汐、湧浪、海嘯和水質", ["swell", "tsunami", "water_quality"]),
    ("tide and fishing and water visibility at Kenting tomorrow", ["visibility", "fish"]),
    ("what's the current tide at Keelung", []),            # "current" as "now"
    ("current water temperature in Keelung", []),
    ("Keelung tide now", []),
    ("明天墾丁的紫外線和空氣品質，還有潮汐", ["uv", "air_quality"]),
    ("Fisherman's Wharf tides", []),                       # a word inside a name is no fish
])
def test_the_kinds_asked_without_data(query: str, kinds: list[str]) -> None:
    assert [kind.key for kind in asked_unavailable(query)] == kinds


def test_one_line_names_each_kind_and_where_to_look_once() -> None:
    kinds = asked_unavailable("基隆明天的潮汐、浪高、湧浪和海流")
    line = declined_line(kinds, "zh")
    assert line == "浪高與海況、湧浪、海流：目前沒有這些資料，請參考當地氣象單位的海象預報（台灣為中央氣象署）。", line
    assert declined_line(asked_unavailable("tide and waves"), "en") == \
        "Waves and sea state: not available here; see your national weather service's marine forecast."
    assert declined_line([], "en") == ""
    assert asked_unavailable("waves and currents", frozenset({"waves"}))[0].key == "currents"
