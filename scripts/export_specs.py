"""Write specs/mcp.tools.schema.json and specs/router.contract.json from the code's models."""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.tools.specs import router_contract, tool_schemas  # noqa: E402

OUTPUTS = {"mcp.tools.schema.json": tool_schemas, "router.contract.json": router_contract}


def render(name: str) -> str:
    """Return the text of spec file `name` as the code defines it now."""
    return json.dumps(OUTPUTS[name](), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    for name in OUTPUTS:
        (ROOT / "specs" / name).write_text(render(name), encoding="utf-8")
        print(f"wrote specs/{name}")
