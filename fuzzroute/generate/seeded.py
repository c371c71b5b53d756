"""Deterministic draws from hypothesis strategies.

`strategy.example()` is random on every call and warns inside tests, so bulk
exploration never uses it.  `draw_examples` runs a throw-away `@given` test
pinned with `@seed`, no example database, only the generate phase and every
health check off: the same (strategy, n, seed) gives the same list in every
process.

Hypothesis is used as a library here, through its public API only.  Two of its
habits matter to a tool that must give the same draws for the same seed:

* It mixes into generation the literal constants it finds in "local" modules
  (anything loaded from outside site-packages and the standard library: the
  user's helper modules, or fuzzroute itself in an editable install).  No
  setting turns that off, but a constant is only offered to a draw it fits:
  integers with a magnitude of 100 or more, strings, floats, bytes.  The
  draws made here are almost all choices among fewer than 100 options (an
  alternative, a word, a repeat count, an enum value, a case variant) or
  yes/no answers, which no local constant fits, so the bundled examples draw
  the same phrases and contexts whichever modules are loaded
  (`tests/test_hypothesis_unpatched.py` loads a module full of constants and
  compares).  What a constant can still reach: a lone free character class
  left in a rule's pattern, an alternation of 100 words or more, a free
  string in a context when the graph gives none of its own.
* It caches data under `.hypothesis/` (Unicode tables, those constants).
  Where that goes is the caller's choice: the command line points it at the
  user cache (`fuzzroute.cli.app.keep_hypothesis_storage_out_of_the_project`);
  a program calling the Python API keeps its own hypothesis configuration.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import time
import warnings
from typing import Any, TypeVar

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from fuzzroute.engine.time_limit import call_with_time_limit

T = TypeVar("T")


def stable_seed(*labels: object) -> int:
    """A 64-bit integer seed from labels, identical across processes (unlike `hash`)."""
    digest = hashlib.sha256(":".join(map(str, labels)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def draw_examples(strategy: st.SearchStrategy[T], n: int, seed_value: int, deadline: float | None = None) -> list[T]:
    """Up to `n` examples of `strategy`, the same ones for the same seed.

    Hypothesis may yield fewer (a small strategy runs out) and may refuse a
    strategy it cannot satisfy; both give what was drawn so far, never an
    exception.  With a `deadline` (a `time.perf_counter()` value: a time
    budget's) the draws stop there and what was drawn is returned, so a slow
    strategy cannot overrun the budget; without one (a phrase budget) they
    depend on the seed alone.  Called inside another `@given` test, the
    outer test must suppress `HealthCheck.nested_given`.
    """
    if n <= 0:
        return []
    seconds = None if deadline is None else deadline - time.perf_counter()
    if seconds is not None and seconds <= 0:
        return []
    drawn: list[T] = []

    @seed(seed_value)
    @settings(
        database=None,
        max_examples=n,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
        derandomize=False,
        print_blob=False,
    )
    @given(strategy)
    def collect(value: Any) -> None:
        drawn.append(value)

    with (
        contextlib.redirect_stdout(io.StringIO()),
        warnings.catch_warnings(),
        contextlib.suppress(Exception),  # TimedOut included: the draws so far are the answer
    ):
        warnings.simplefilter("ignore")
        call_with_time_limit(seconds, collect)
    return list(drawn)
