"""(f) How `fuzzroute diff` grows with the number of rules (10, 30, 100; `--full` adds 300).

Each synthetic graph (`common.synthetic_graph`: word-edge regexes, phrase
regexes with a free word, keyword lists; nearly every two rules can share a
message) is diffed against an edit of itself of the kind a pull request
makes: the middle rule moved up to second place and a keyword added to the
third rule.  The table gives the automaton searches and states the diff
used (the bound of its work, the same on every machine), the time, what it
found, and the time as a ratio of the 10-rule run in the same process.
"""

from __future__ import annotations

import sys
import time

from common import synthetic_graph, table

from fuzzroute import Graph, keywords
from fuzzroute.diff import diff_graphs
from fuzzroute.engine.matchers import Keywords

SIZES = (10, 30, 100, 300)
QUICK_SIZES = (10, 30)


def edited(graph: Graph) -> Graph:
    """The middle rule moved up to second place; the third rule gains the keyword "extra word"."""
    entries = list(graph.entries)
    order = list(range(len(entries)))
    order.insert(1, order.pop(len(entries) // 2))
    new = Graph(graph.name)
    for position in order:
        entry = entries[position]
        matcher = entry.match
        if position == 2 and isinstance(matcher, Keywords):
            matcher = keywords(*matcher.keywords, "extra word")
        new.entry(entry.id, match=matcher)
    return new


def measure(sizes: tuple[int, ...]) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    diff_graphs(synthetic_graph(3), edited(synthetic_graph(3)), budget=0)  # warm the character-class scans
    base: float | None = None
    for size in sizes:
        old = synthetic_graph(size)
        new = edited(old)
        start = time.perf_counter()
        found = diff_graphs(old, new, budget=0)
        seconds = time.perf_counter() - start
        base = seconds if base is None else base
        rows.append((
            size, found.stats.searches, found.stats.states, f"{seconds:.2f}", len(found.moves),
            len(found.undecided), len(found.defects), f"{seconds / base:.1f}x",
        ))
    return rows


def main(quick: bool = False) -> str:
    return table(
        "(f) diff time by number of rules (a rule moved up, a keyword added; both laws)",
        ("rules", "searches", "states", "seconds", "moved pairs", "undecided", "defects", "vs 10 rules"),
        measure(QUICK_SIZES if quick else SIZES),
    )


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv))
