"""The engine imports nothing of generation, reporting or the decided tier.

The engine is every top-level module of the package except `__init__` and the
CLI (`cli.py` and the command modules `cli_*.py` it registers).  Proven
verdicts must not depend on generated ones, so the dependency may only point
the other way.  Imports are read with `ast` (the modules are not
executed), including relative imports and `importlib.import_module("...")`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import fuzzroute

PACKAGE = Path(fuzzroute.__file__).parent
FORBIDDEN = ("fuzzroute.generate", "fuzzroute.strategies", "fuzzroute.report", "fuzzroute.decided")
NOT_ENGINE = {"__init__.py", "cli.py"}


def engine_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.glob("*.py") if p.name not in NOT_ENGINE and not p.name.startswith("cli_"))


def imported_modules(source: str, package: str = "fuzzroute") -> set[str]:
    """Every module a source file imports, resolved to absolute dotted names."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            # `from . import generate` imports a submodule by name.
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in {"import_module", "__import__"} and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
    return found


def forbidden_in(source: str) -> set[str]:
    return {m for m in imported_modules(source) if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)}


def test_the_engine_modules_are_found() -> None:
    names = {p.name for p in engine_modules()}
    for expected in ["matchers.py", "graph.py", "laws.py", "check_examples.py", "check_never_routes.py"]:
        assert expected in names


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.name)
def test_engine_module_imports_nothing_of_generation_or_reporting(path: Path) -> None:
    assert forbidden_in(path.read_text("utf-8")) == set()


@pytest.mark.parametrize(
    "source",
    [
        "from .generate import mutate",
        "from . import report",
        "from .report.html import render",
        "import fuzzroute.strategies.keywords",
        "from fuzzroute.generate import x",
        "def later():\n    from .strategies import s\n",
        "import importlib\nimportlib.import_module('fuzzroute.report')",
    ],
)
def test_the_scanner_catches_every_spelling(source: str) -> None:
    assert forbidden_in(source)


@pytest.mark.parametrize(
    "source", ["from .laws import runs_on", "import re", "from . import matchers", "import reporting"]
)
def test_the_scanner_lets_engine_imports_through(source: str) -> None:
    assert forbidden_in(source) == set()
