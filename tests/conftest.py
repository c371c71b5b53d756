"""Shared fixtures for the test suite.

Tests never read anything outside `tests/`: data they need is copied into
`tests/data/`.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

import pytest

# The browser tests share one Chromium per module; the fixture lives with its finder in helpers.
from helpers.browser import browser  # noqa: F401 - a fixture, used by name
from hypothesis import settings

from fuzzroute import Checkup

# Under CI the property tests draw the same examples on every run, so a
# submission's result does not depend on luck; locally they explore anew.
# No profile has a deadline: a test's verdict never depends on the wall clock
# (a loaded machine made hypothesis's 200 ms deadline fail examples that pass;
# the first call of a property test pays for loading lemminflect's and the
# word tables, seconds, then passes on its replay).
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile("local", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "local")


ROOT = Path(__file__).resolve().parent.parent
#: The test files of generation, listed in `generation_tests.txt` (which .ci/run reads too): marked `generation`.
GENERATION_TESTS = frozenset(
    line.strip() for line in (ROOT / "tests" / "generation_tests.txt").read_text("utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)
#: Set by CI's newest-hypothesis run only: there, tests of golden draws skip (with the reason) instead of failing.
OTHER_HYPOTHESIS = "FUZZROUTE_OTHER_HYPOTHESIS"


def hypothesis_versions() -> dict[str, str]:
    """`[tool.fuzzroute-dev.hypothesis]` of pyproject.toml: the golden and the newest-tested hypothesis versions."""
    table: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["fuzzroute-dev"][
        "hypothesis"]
    return table


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in GENERATION_TESTS:
            item.add_marker(pytest.mark.generation)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test of golden draws needs the golden hypothesis: elsewhere it fails, or skips in CI's newest-tested run."""
    if item.get_closest_marker("golden_draws") is None:
        return
    golden, installed = hypothesis_versions()["golden"], version("hypothesis")
    if installed == golden:
        return
    reason = f"its phrases were drawn by hypothesis {golden} (the golden pin); hypothesis {installed} is installed"
    if os.environ.get(OTHER_HYPOTHESIS) == "1":
        pytest.skip(reason)
    pytest.fail(f"{reason}. Install the dev extra (pip install -e '.[dev]') to run it.", pytrace=False)


def _problem_rows(checkup: Checkup) -> list[tuple[str, str, str | None, str | None, str | None, str | None]]:
    return [(p.kind, p.code, p.skill, p.example, p.from_, p.to) for p in checkup.problems]


def _note_names(checkup: Checkup) -> list[str]:
    return [n.name for n in checkup.notes]


@pytest.fixture(scope="session")
def rows() -> Callable[[Checkup], list[tuple[str, str, str | None, str | None, str | None, str | None]]]:
    """Turn a checkup into `(kind, code, skill, example, from, to)` rows, in order.

    Comparing whole rows (not just codes) is what makes a verdict exact.
    """
    return _problem_rows


@pytest.fixture(scope="session")
def notes() -> Callable[[Checkup], list[str]]:
    """The names of a checkup's notes, in order."""
    return _note_names
