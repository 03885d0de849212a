"""Issue 20's own sets through `Router.answer` (no LLM): the tuning set the rules were tuned on and
the held-out set written with it and not looked at while tuning (tests/data/routing_issue20_*.yaml
for routing, with the place's country and the days answered where the set says;
tests/data/explain_issue20_*.yaml for explanations: the right passage and what it must say, or
"not sure what you mean" when no passage fits). Figures: `benchmarks/routing_accuracy.py --set
issue20_heldout`, `benchmarks/routing_explain.py --set issue20_heldout`.
"""
from __future__ import annotations

import sys

import pytest
from paths import BENCHMARKS

sys.path.insert(0, str(BENCHMARKS))

import routing_explain  # noqa: E402
from routing_accuracy import SETS, evaluate, load_cases, summary  # noqa: E402

# Floors (percent): the goal of issue 20 (held-out routing 97, explanations 90); measured at the end:
# routing 100 % on both sets, explanations 97.7 % (tune) and 92.3 % (held-out).
ROUTING_FLOOR = {"issue20_tune": 97.0, "issue20_heldout": 97.0}
EXPLAIN_FLOOR = {"issue20_tune": 90.0, "issue20_heldout": 90.0,
                 # Second pass (topic words over generic ones, aliases, who/how-fine/lunar-day concepts):
                 # before it 65.7 % (tune2) and 38.6 % (held-out 2); after it 100 % and 93.2 %.
                 "issue20_tune2": 90.0, "issue20_heldout2": 90.0}


@pytest.mark.parametrize("name", sorted(ROUTING_FLOOR))
def test_the_sets_are_mixed_and_cover_every_class(name: str) -> None:
    cases = load_cases(SETS[name])
    zh = sum(1 for c in cases if any("\u4e00" <= ch <= "\u9fff" for ch in c.q))
    assert len(cases) >= 60 and 0.3 < zh / len(cases) < 0.7
    assert len({c.tz for c in cases}) >= 4
    assert {"concept", "data", "moon_tonight", "abroad", "weather_intent", "sea_state", "days", "code", "chart",
            "help", "html"} <= {c.cls for c in cases}


@pytest.mark.parametrize("name", sorted(ROUTING_FLOOR))
async def test_routing_on_the_issue20_sets(name: str) -> None:
    outcomes = await evaluate(load_cases(SETS[name]))
    result = summary(outcomes)
    misses = [(o.case.q, o.got, o.country, o.days) for o in outcomes if not o.ok]
    assert result["overall"]["percent"] >= ROUTING_FLOOR[name], misses


@pytest.mark.parametrize("name", sorted(EXPLAIN_FLOOR))
async def test_explanations_on_the_issue20_sets(name: str) -> None:
    results = await routing_explain.evaluate(routing_explain.load(routing_explain.SETS[name]))
    misses = [(r.q, r.mode, r.cited[:1], r.said) for r in results if not r.ok]
    assert routing_explain.summary(results)["all"] >= EXPLAIN_FLOOR[name], misses
