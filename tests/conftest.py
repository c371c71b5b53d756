"""Shared fixtures for the test suite.

Tests never read anything outside `tests/`: data they need is copied into
`tests/data/`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

# The browser tests share one Chromium per module; the fixture lives with its finder in helpers.
from helpers.browser import browser  # noqa: F401 - a fixture, used by name
from hypothesis import settings

from fuzzroute import Checkup

# Under CI the property tests draw the same examples on every run, so a
# submission's result does not depend on luck; locally they explore anew.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


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
