"""`--condition-limit` and `--import-limit`: how long the graph's own code may run, on every command.

The graph's `when` predicates and its module's top level are the user's
code: they may loop or wait forever.  Each command runs them under these
limits (see `fuzzroute.engine.limits`); the options are shared so the four
commands that load a graph word them alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import click

from fuzzroute.engine.errors import InputError
from fuzzroute.engine.limits import (
    DEFAULT_CONDITION_SECONDS,
    DEFAULT_IMPORT_SECONDS,
    MAX_LIMIT_SECONDS,
    time_limits,
)

F = TypeVar("F", bound=Callable[..., Any])

_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0}
_DURATION = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m)")


def parse_limit(option: str, text: str) -> float | None:
    """Seconds from "1s", "500ms", "2m"; `off` for no limit.  Anything else is bad input (exit 2)."""
    value = text.strip().lower()
    if value == "off":
        return None
    found = _DURATION.fullmatch(value)
    if found is None or float(found.group(1)) <= 0:
        raise InputError(
            f"{option} {text!r} is not a time limit. Give a duration with a unit, such as 1s, 500ms or 2m, "
            "or `off` for no limit."
        )
    seconds = float(found.group(1)) * _UNITS[found.group(2)]
    if not seconds <= MAX_LIMIT_SECONDS:
        raise InputError(
            f"{option} {text[:40]!r} is longer than a time limit can be: the timer that keeps it takes at most "
            f"{MAX_LIMIT_SECONDS:,.0f} s (about 31 years). Give a shorter duration, or `off` for no limit."
        )
    return seconds


def limit_options(command: F) -> F:
    """Add both options to a command and run its body under the limits they set."""

    @wraps(command)
    def wrapper(*args: Any, condition_limit: str, import_limit: str, **kwargs: Any) -> Any:
        condition = parse_limit("--condition-limit", condition_limit)
        imports = parse_limit("--import-limit", import_limit)
        with time_limits(condition_seconds=condition, import_seconds=imports):
            return command(*args, **kwargs)

    decorated = click.option(
        "--import-limit", "import_limit", default=f"{DEFAULT_IMPORT_SECONDS:g}s", show_default=True,
        metavar="DURATION",
        help="Stop importing a .py graph that has not returned after this long (exit 2, naming the file); `off`.",
    )(wrapper)
    decorated = click.option(
        "--condition-limit", "condition_limit", default=f"{DEFAULT_CONDITION_SECONDS:g}s", show_default=True,
        metavar="DURATION",
        help="Stop a `when` predicate call (or a regex the automata cannot read) after this long; it counts as a "
        "predicate that raised; `off`.",
    )(decorated)
    return decorated  # type: ignore[return-value]
