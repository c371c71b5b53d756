"""How long the user's code may run: a `when` predicate call, a regex `re` must backtrack, a graph import.

The limits are generous on purpose (1 s per condition call, 30 s per
import by default): a predicate that needs a second on the cold context is
itself a bug of the graph, so a limit this long does not make verdicts
depend on the machine's load in practice, yet nothing can hang a run.
They are set for a block of work with `time_limits(...)` (the CLI's
`--condition-limit` and `--import-limit`), and read where the code runs.

A predicate call that ran past its limit on the cold context of a phrase is
not made again for that phrase (the same pure call on the same context would
only run past the limit again): the proven checks ask the same predicate
about a declared phrase more than once (its own rule, then the walk), and
the report asks again for each problem.  During generation
(`remembering_slow_conditions`) such a predicate is not called again at all
for the rest of the run: it counts as raising, as it did the first time, and
the run keeps to its budget instead of waiting a second per phrase.  Every
timeout is logged (`timeouts`) so generation can report it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

#: Seconds one call of a `when` predicate (or one search of a regex the automata cannot read) may take.
DEFAULT_CONDITION_SECONDS = 1.0
#: Seconds importing a Python graph file may take.
DEFAULT_IMPORT_SECONDS = 30.0
#: The longest limit: the interval timer that keeps a limit overflows near 9.2e9 s (292 years), and a
#: limit it cannot arm would fail every call it guards, as if the graph's code had raised.
MAX_LIMIT_SECONDS = 1e9


@dataclass(frozen=True)
class ConditionTimeout:
    """One call that ran past its limit: which rule, on which phrase."""

    rule_index: int
    phrase: str
    seconds: float
    what: str  # "when" or "regex"


@dataclass
class _Settings:
    condition_seconds: float | None = DEFAULT_CONDITION_SECONDS
    import_seconds: float | None = DEFAULT_IMPORT_SECONDS
    remember: bool = False
    slow: set[Callable[..., Any]] = field(default_factory=set)
    slow_calls: dict[tuple[Callable[..., Any], str], float] = field(default_factory=dict)
    timeouts: list[ConditionTimeout] = field(default_factory=list)


_settings = _Settings()
_UNSET: Any = object()


def condition_seconds() -> float | None:
    """The limit per condition call now in force (None: no limit)."""
    return _settings.condition_seconds


def import_seconds() -> float | None:
    """The limit per graph import now in force (None: no limit)."""
    return _settings.import_seconds


@contextlib.contextmanager
def time_limits(condition_seconds: float | None = _UNSET, import_seconds: float | None = _UNSET) -> Iterator[None]:
    """Use these limits inside the block (None or 0 turns a limit off); unnamed ones stay as they are.

    `with fuzzroute.time_limits(condition_seconds=5): graph.checkup()`.
    """
    saved = (_settings.condition_seconds, _settings.import_seconds)
    if condition_seconds is not _UNSET:
        _settings.condition_seconds = _positive(condition_seconds, "condition_seconds")
    if import_seconds is not _UNSET:
        _settings.import_seconds = _positive(import_seconds, "import_seconds")
    try:
        yield
    finally:
        _settings.condition_seconds, _settings.import_seconds = saved


def _positive(value: float | None, name: str) -> float | None:
    if value is None or value == 0:
        return None
    if value < 0:
        raise ValueError(f"{name} must be positive (or None for no limit), not {value!r}")
    if not value <= MAX_LIMIT_SECONDS:
        raise ValueError(f"{name} must be at most {MAX_LIMIT_SECONDS:g} s (or None for no limit), not {value!r}")
    return float(value)


@contextlib.contextmanager
def remembering_slow_conditions() -> Iterator[None]:
    """Inside the block a predicate that timed out once is not called again (see the module docstring)."""
    saved = (_settings.remember, _settings.slow)
    _settings.remember, _settings.slow = True, set()
    try:
        yield
    finally:
        _settings.remember, _settings.slow = saved


#: (predicate, phrase) calls remembered as past the limit, at most (then the memory starts again).
SLOW_CALLS_KEPT = 10_000


def known_slow(function: Callable[..., Any], phrase: str | None = None) -> bool:
    """Whether `function` is known to run past its limit: on the cold context of `phrase`, or (in generation) at all."""
    if _settings.remember and function in _settings.slow:
        return True
    if phrase is None or _settings.condition_seconds is None:
        return False
    stopped_at = _settings.slow_calls.get((function, phrase))
    return stopped_at is not None and _settings.condition_seconds <= stopped_at  # a longer limit tries again


def record_timeout(
    timeout: ConditionTimeout, function: Callable[..., Any] | None = None, cold: bool = False
) -> None:
    """Log a timeout; remember the call (on the cold context) and, in generation, the predicate."""
    _settings.timeouts.append(timeout)
    if function is None:
        return
    if cold:
        if len(_settings.slow_calls) >= SLOW_CALLS_KEPT:
            _settings.slow_calls.clear()
        _settings.slow_calls[(function, timeout.phrase)] = timeout.seconds
    if _settings.remember:
        _settings.slow.add(function)


def timeouts_logged() -> int:
    """A mark: how many timeouts were logged so far (read the new ones with `timeouts_since`)."""
    return len(_settings.timeouts)


def timeouts_since(mark: int) -> list[ConditionTimeout]:
    return list(_settings.timeouts[mark:])
