"""The package's layers import one way: no cycle, no layer reaching above itself, no importlib between modules.

Read with `ast` (nothing is executed).  A layer may import the layers listed
below it in `LAYERS` and itself; the engine imports none of the others, so
no generated or decided finding can change a proven verdict.  Imports inside
functions count too, and so does `importlib.import_module("fuzzroute...")`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import fuzzroute

PACKAGE = Path(fuzzroute.__file__).parent

#: Each layer and the layers it may import (besides itself).
LAYERS: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    "graphfiles": frozenset({"engine"}),
    "decided": frozenset({"engine"}),
    "strategies": frozenset({"engine"}),
    "results": frozenset({"engine"}),
    "generate": frozenset({"engine", "strategies", "results", "decided"}),
    "report": frozenset({"engine", "graphfiles", "decided", "results", "generate"}),
    "authoring": frozenset({"engine", "graphfiles", "results", "generate", "report"}),
    # Two versions of a graph: the automata over both, samples of what they leave undecided, the rows' verdicts.
    "diff": frozenset({"engine", "graphfiles", "decided", "results", "generate", "report"}),
    "cli": frozenset(
        {"engine", "graphfiles", "decided", "results", "generate", "report", "authoring", "diff", "root"}
    ),
    # Test-runner plugins (pytest): what the command line may use, loaded only when asked for.
    "integrations": frozenset(
        {"engine", "graphfiles", "decided", "results", "generate", "report", "authoring", "diff", "root"}
    ),
    # The root: the lazy public API (`__init__`), `python -m fuzzroute`, and the documented `fuzzroute.location`.
    "root": frozenset({"engine", "graphfiles", "decided", "generate", "cli"}),
}
ROOT_MODULES = {"__init__.py", "__main__.py", "location.py"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in {"__main__", "location"}:
        return "root"
    return parts[1]


def imported_modules(source: str, module: str) -> set[str]:
    """Every fuzzroute module a source file imports (relative imports resolved), plus importlib targets."""
    package = module if module.count(".") == 0 else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                found.add(f"{base}.{node.module}" if node.module else base)
            else:
                found.add(node.module or "")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in {"import_module", "__import__"} and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add("importlib:" + first.value)
    return found


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in modules():
        name = module_name(path)
        edges[name] = {m for m in imported_modules(path.read_text("utf-8"), name) if m.startswith("fuzzroute")}
    return edges


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_its_own_layer_and_those_below(path: Path) -> None:
    name = module_name(path)
    layer = layer_of(name)
    assert layer in LAYERS, f"{name} is in no known layer; add its folder to LAYERS"
    allowed = LAYERS[layer] | {layer}
    for target in imported_modules(path.read_text("utf-8"), name):
        if target.startswith("fuzzroute"):
            assert layer_of(target) in allowed, f"{name} imports {target}, a layer above or beside it"


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_reaches_a_package_module_through_importlib(path: Path) -> None:
    found = imported_modules(path.read_text("utf-8"), module_name(path))
    assert not [m for m in found if m.startswith("importlib:fuzzroute")]


def test_python_private_regex_parser_is_read_in_one_module() -> None:
    readers = [
        module_name(p) for p in modules()
        if any(m in {"importlib:re._parser", "importlib:re._constants", "re._parser", "re._constants",
                     "re._compiler", "sre_parse", "sre_constants"}
               or m.startswith("importlib:re._")
               for m in imported_modules(p.read_text("utf-8"), module_name(p)))
    ]
    assert readers == ["fuzzroute.engine.regex_syntax"]


def test_there_is_no_import_cycle_between_modules() -> None:
    edges = graph()
    names = set(edges)

    def resolve(target: str) -> str | None:
        # `from fuzzroute.x import y` names a package or module; keep the longest existing module.
        while target and target not in names:
            target = target.rsplit(".", 1)[0] if "." in target else ""
        return target or None

    adjacency = {n: {t for t in (resolve(m) for m in targets) if t and t != n} for n, targets in edges.items()}
    # Package __init__ modules re-export their children; an edge child -> own package is not a cycle of code.
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for target in sorted(adjacency[node]):
            if node.startswith(target + "."):
                continue
            if state.get(target) == 1:
                cycle = stack[stack.index(target):] + [target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target)
        stack.pop()
        state[node] = 2

    for name in sorted(adjacency):
        if name not in state:
            visit(name)


def test_the_package_root_holds_only_the_public_api_and_the_cli_entry() -> None:
    loose = {p.name for p in PACKAGE.glob("*.py")}
    assert loose == ROOT_MODULES
    assert not any(p.is_symlink() for p in PACKAGE.rglob("*"))


def test_the_scanner_sees_every_spelling() -> None:
    spellings = {
        "from .generate import mutate": "fuzzroute.engine.generate",
        "from fuzzroute.report.render.html import render": "fuzzroute.report.render.html",
        "import fuzzroute.strategies.keywords": "fuzzroute.strategies.keywords",
        "def later():\n    from ..report import s\n": "fuzzroute.report",
        "import importlib\nimportlib.import_module('fuzzroute.report')": "importlib:fuzzroute.report",
    }
    for source, expected in spellings.items():
        assert expected in imported_modules(source, "fuzzroute.engine.laws")
