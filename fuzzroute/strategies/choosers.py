"""One generator, two sources of choices: a seeded `random.Random` or hypothesis.

Every generator in this package is written against `Chooser`, so the same
code is a fast, seeded sampler for bulk exploration (`RandomChooser`) and a
composable hypothesis strategy that shrinks toward its first options
(`as_strategy`).  Options are always listed most-natural first, so a shrunk
example is also the most readable one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")


class Chooser(Protocol):
    """The only choices a generator makes."""

    def integer(self, low: int, high: int) -> int:
        """An integer in [low, high]; shrinks toward `low`."""
        ...

    def chance(self, percent: int) -> bool:
        """True about `percent` times in a hundred; shrinks toward False."""
        ...


def pick(chooser: Chooser, options: Sequence[T]) -> T:
    """One of `options` (non-empty); shrinks toward the first."""
    return options[chooser.integer(0, len(options) - 1)]


class RandomChooser:
    """Choices from a seeded `random.Random`: deterministic for a given seed."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        # `random()` is several times cheaper than `randint`, and this is the hot path of
        # generation; the tiny bias of scaling a float is irrelevant for picking words.
        return low + int(self.rng.random() * (high - low + 1))

    def chance(self, percent: int) -> bool:
        return self.rng.random() * 100 < percent


class DrawChooser:
    """Choices drawn inside a hypothesis strategy, so the result shrinks."""

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return int(self.draw(st.integers(low, high)))

    def chance(self, percent: int) -> bool:
        return int(self.draw(st.integers(0, 99))) >= 100 - percent


def as_strategy(generate: Callable[[Chooser], T]) -> st.SearchStrategy[T]:
    """Wrap a chooser-based generator as a hypothesis strategy."""

    @st.composite
    def build(draw: Callable[[st.SearchStrategy[Any]], Any]) -> T:
        return generate(DrawChooser(draw))

    return build()


def seeded(seed: int, *labels: object) -> random.Random:
    """A `random.Random` for one (seed, purpose) pair, stable across processes.

    String seeds are hashed with SHA-512 by `random`, unlike `hash()`, which is
    salted per process; that is what makes two runs with one seed identical.
    """
    return random.Random(":".join([str(seed), *map(str, labels)]))
