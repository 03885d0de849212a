"""specs/ holds what the code implements: regenerate and compare."""
from __future__ import annotations

import sys
from paths import ROOT, SCRIPTS

sys.path.insert(0, str(SCRIPTS))

from export_specs import OUTPUTS, render  # noqa: E402


def test_specs_are_current():
    for name in OUTPUTS:
        assert (ROOT / "specs" / name).read_text(encoding="utf-8") == render(name), \
            f"specs/{name} is stale: run python scripts/export_specs.py"


def test_plan_schema_names_only_catalog_tools():
    from core.tools.catalog import CATALOG
    from core.decide.llm_plan import PLAN_SCHEMA

    assert set(PLAN_SCHEMA["properties"]["mcp"]["properties"]["tool"]["enum"]) == set(CATALOG)
