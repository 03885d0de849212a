"""The tree keeps its shape: the engine stands alone, the core knows no chat platform, no import
cycles, and no module grows past one sitting (issue 9's "done when", checked on every run)."""
from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from paths import ROOT

PLATFORM_LIBS = ("telegram", "discord", "uvicorn", "starlette")
MAX_LINES = 400


def _modules(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if ".venv" not in p.parts)


@cache  # each check reads the same files: parse each once per run
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def _imports(path: Path) -> frozenset[str]:
    names: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return frozenset(names)


def _offending(folder: str, banned: tuple[str, ...]) -> list[str]:
    return [f"{p.relative_to(ROOT)} imports {name}" for p in _modules(folder) for name in sorted(_imports(p))
            if name.split(".")[0] in banned]


def test_engine_imports_nothing_of_the_bot() -> None:
    assert _offending("metocean", ("core", "bots")) == []


def test_core_imports_no_platform_and_no_adapter() -> None:
    assert _offending("core", ("bots", *PLATFORM_LIBS)) == []


def test_adapters_reach_the_engine_only_through_the_core() -> None:
    """Only the command line and the MCP server (which serve the engine itself) import metocean."""
    served = {"bots/cli.py", "bots/mcp_server.py"}
    found = [line for line in _offending("bots", ("metocean",)) if line.split(" imports ")[0] not in served]
    assert found == []


def test_chat_platforms_go_through_the_conversation() -> None:
    """A chat platform package never asks the router itself: the one conversation in bots/common does."""
    platforms = [p.name for p in (ROOT / "bots").iterdir() if p.is_dir() and p.name.endswith("_bot")]
    assert platforms
    found = [f"{p.relative_to(ROOT)} imports {name}" for folder in platforms for p in _modules(f"bots/{folder}")
             for name in sorted(_imports(p)) if name == "core.router"]
    assert found == []


def test_no_module_over_one_sitting() -> None:
    long = [f"{p.relative_to(ROOT)}: {n}" for folder in ("core", "bots", "metocean")
            for p in _modules(folder) if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert long == []


def test_no_import_cycles() -> None:
    files = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
             for folder in ("core", "bots", "metocean") for p in _modules(folder)}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        deps = set()
        for imported in _imports(path):
            parts = imported.split(".")
            for i in range(len(parts), 0, -1):  # `from core.tools import x` may name a module or a package
                candidate = ".".join(parts[:i])
                if candidate in files and candidate != name:
                    deps.add(candidate)
                    break
        graph[name] = deps
    # Only top-level imports make a cycle at import time; ast.walk above also sees imports inside
    # functions, so count a cycle only through module-level imports.
    top: dict[str, set[str]] = {}
    for name, path in files.items():
        wanted = set()
        for node in _tree(path).body:
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                wanted.add(node.module)
            elif isinstance(node, ast.Import):
                wanted.update(a.name for a in node.names)
        top[name] = {d for d in graph[name] if any(w == d or w.startswith(d + ".") for w in wanted)}
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for dep in top[node]:
            if state.get(dep) == 1:
                cycles.append(stack[stack.index(dep):] + [dep] if dep in stack else [node, dep])
            elif dep not in state:
                visit(dep, stack + [dep])
        state[node] = 2

    for name in sorted(top):
        if name not in state:
            visit(name, [name])
    assert cycles == []
