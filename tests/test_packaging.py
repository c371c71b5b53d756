"""The wheel holds every subpackage and data file, not only what an editable install happens to reach."""

from __future__ import annotations

import tomllib
from pathlib import Path

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
