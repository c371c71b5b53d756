"""(c) How exploration time grows with the number of rules (10, 100, 1000) at one phrase budget.

The phrase budget is fixed, so the growth shows the per-rule costs: building
each rule's generators and, per phrase, the walk over the rules before its
claimant plus the overlap scan after it.  Also shows explore's end-to-end
rate against `graph.laws.both` alone on the phrases it judged.
"""

from __future__ import annotations

import time

from common import synthetic_graph, table

from fuzzroute.generate import explore

BUDGET = 2000


def measure(sizes: tuple[int, ...] = (10, 100, 1000)) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    base: float | None = None
    for size in sizes:
        graph = synthetic_graph(size)
        start = time.perf_counter()
        run = explore(graph, seed=0, budget_phrases=BUDGET)
        seconds = time.perf_counter() - start
        base = seconds if base is None else base
        rate = f"{run.phrases_judged / seconds:,.0f}"
        rows.append((size, run.phrases_judged, f"{seconds:.2f}", rate, f"{seconds / base:.1f}x"))
    return rows


def main() -> str:
    return table(
        f"(c) explore time by number of rules (budget {BUDGET} phrases)",
        ("rules", "judged", "seconds", "phrases/s", "vs 10 rules"),
        measure(),
    )


if __name__ == "__main__":
    print(main())
