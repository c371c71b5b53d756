"""The package list in pyproject.toml names every subpackage, so a wheel (not only an editable install) works."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _packages_under(name: str, folder: Path) -> set[str]:
    """Every folder with an `__init__.py` below `folder`, as a dotted name (symlinks not followed)."""
    found = set()
    for here, _dirs, files in os.walk(folder):
        if "__init__.py" in files:
            found.add(".".join((name, *Path(here).relative_to(folder).parts)))
    return found


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    # `fuzzroute.strategies` lives in a folder of its own (`package-dir`); in the tree it is a symlink.
    folders = {"fuzzroute": ROOT / "fuzzroute", **{k: ROOT / v for k, v in config["package-dir"].items()}}
    on_disk = set().union(*(_packages_under(name, folder) for name, folder in folders.items()))
    assert set(config["packages"]) == on_disk
