"""The wheel holds every subpackage and data file, not only what an editable install happens to reach."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fuzzroute"


def test_every_folder_of_code_is_a_package_the_finder_includes() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["packages"]["find"]["include"] == ["fuzzroute*"]
    for folder in {p.parent for p in PACKAGE.rglob("*.py")}:
        assert (folder / "__init__.py").exists(), f"{folder} holds code but no __init__.py: the wheel would drop it"


def test_every_data_file_is_declared_as_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    globs = config["package-data"]
    data = [p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix not in {".py", ".pyc"}]
    assert data
    for path in data:
        owner = max(
            (name for name in globs if (ROOT / name.replace(".", "/")) in path.parents),
            key=len,
        )
        relative = path.relative_to(ROOT / owner.replace(".", "/"))
        assert any(relative.match(pattern) for pattern in globs[owner]), f"{path} is not package data"


def test_the_floor_constraints_pin_every_runtime_dependency_at_its_floor() -> None:
    """.ci/floors.txt is what .ci/run installs to run tests/floor_tests.txt at the dependency floors."""
    root = ROOT
    declared = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["project"]["dependencies"]
    floors = {}
    for text in declared:
        requirement = Requirement(text)
        (spec,) = [s for s in requirement.specifier if s.operator == ">="]
        floors[requirement.name.lower()] = spec.version
    pinned = {}
    for line in (root / ".ci" / "floors.txt").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pinned[name.lower()] = version
    assert {name: Version(v) for name, v in pinned.items()} == {name: Version(v) for name, v in floors.items()}
    listed = [line for line in (root / "tests" / "floor_tests.txt").read_text("utf-8").splitlines()
              if line and not line.startswith("#")]
    assert listed and all((root / "tests" / name).is_file() for name in listed)
