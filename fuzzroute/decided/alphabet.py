"""The decided tier's name for the shared alphabet of character classes (built in `engine.automata`).

The automata moved down into the engine, which runs them as linear-time
matchers for regexes that backtrack badly; the decided tier reads the same
ones, so both agree on every character by construction.
"""

from __future__ import annotations

from fuzzroute.engine.automata.alphabet import (
    CODE_POINTS,
    READABLE,
    Cell,
    CellFinder,
    Intervals,
    ascii_word_set,
    contains,
    newline_set,
    node_set,
    partition,
    pattern_set,
    rank,
    resolve_nodes,
    unicode_word_set,
)

__all__ = [
    "CODE_POINTS",
    "READABLE",
    "Cell",
    "CellFinder",
    "Intervals",
    "ascii_word_set",
    "contains",
    "newline_set",
    "node_set",
    "partition",
    "pattern_set",
    "rank",
    "resolve_nodes",
    "unicode_word_set",
]
