"""Deterministic draws from hypothesis strategies.

`strategy.example()` is random on every call and warns inside tests, so bulk
exploration never uses it.  `draw_examples` runs a throw-away `@given` test
pinned with `@seed`, no example database, only the generate phase and every
health check off: the same (strategy, n, seed) gives the same list in every
process.

One more thing has to be switched off.  Hypothesis mixes into its draws the
literal constants it finds in "local" modules (anything imported from outside
site-packages, e.g. the user's graph.py), and caches them under
`.hypothesis/constants/` in the working directory.  That would make draws
depend on which modules happen to be loaded, and make `fuzzroute explore`
write into the user's project.  `_no_local_constants` hides them for the
duration of a draw.  It replaces an internal function of hypothesis because
no public way exists (checked up to the pinned 6.170: no `settings` option,
no environment variable; the default provider reads the constants itself);
if the function moves, the patch is skipped and only those two side effects
come back.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import io
import time
import warnings
from collections.abc import Iterator
from typing import Any, TypeVar

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from fuzzroute.engine.time_limit import call_with_time_limit

T = TypeVar("T")


def stable_seed(*labels: object) -> int:
    """A 64-bit integer seed from labels, identical across processes (unlike `hash`)."""
    digest = hashlib.sha256(":".join(map(str, labels)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


@contextlib.contextmanager
def _no_local_constants() -> Iterator[None]:
    try:
        providers: Any = importlib.import_module("hypothesis.internal.conjecture.providers")
        original = providers._get_local_constants
        empty = providers.Constants()
    except (ImportError, AttributeError):
        yield
        return
    providers._get_local_constants = lambda: empty
    try:
        yield
    finally:
        providers._get_local_constants = original


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
        _no_local_constants(),
        contextlib.redirect_stdout(io.StringIO()),
        warnings.catch_warnings(),
        contextlib.suppress(Exception),  # TimedOut included: the draws so far are the answer
    ):
        warnings.simplefilter("ignore")
        call_with_time_limit(seconds, collect)
    return list(drawn)
