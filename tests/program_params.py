"""The settings a generated program starts with, for the code-answer tests: its module-level
`NAME = literal` assignments, read from its syntax tree (the program must compile)."""
from __future__ import annotations

import ast
from typing import Any


def params_of(code: str) -> dict[str, Any]:
    """Return the program's module-level `NAME = literal` assignments (SyntaxError when it does not compile)."""
    compile(code, "<answer>", "exec")
    values: dict[str, Any] = {}
    for node in ast.parse(code).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return values
