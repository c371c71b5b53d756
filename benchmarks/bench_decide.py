"""(d) How decision time grows with the number of rules (10, 100, 300): `fuzzroute.decide`.

Every pair of data rules is decided (overlap or disjoint) and every rule's
never-wins question is asked, so the work grows with the square of the rule
count.  The ratio column compares each size with the 10-rule run measured in
the same process.  `--quick` (what CI runs) stops at 100 rules.
"""

from __future__ import annotations

import sys
import time

from common import synthetic_graph, table

from fuzzroute.decided import decide

SIZES = (10, 100, 300)
QUICK_SIZES = (10, 100)


def measure(sizes: tuple[int, ...] = SIZES) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    base: float | None = None
    decide(synthetic_graph(3))  # warm the character-class scans shared by every size
    for size in sizes:
        graph = synthetic_graph(size)
        start = time.perf_counter()
        decisions = decide(graph)
        seconds = time.perf_counter() - start
        base = seconds if base is None else base
        counts = decisions.counts()
        pairs = size * (size - 1) // 2
        undecided = counts.get("undecided", 0)
        rows.append(
            (size, pairs, f"{seconds:.2f}", f"{seconds / max(pairs, 1) * 1000:.2f}", undecided,
             len(decisions.defects), f"{seconds / base:.1f}x")
        )
    return rows


def main(quick: bool = False) -> str:
    return table(
        "(d) decide time by number of rules (every pair, every never-wins question)",
        ("rules", "pairs", "seconds", "ms/pair", "undecided", "defects", "vs 10 rules"),
        measure(QUICK_SIZES if quick else SIZES),
    )


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv))
