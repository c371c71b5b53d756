"""(f) What bounding regex backtracking costs, and what it saves.

1. Planning: deciding, once per regex, whether it runs in Python's `re` or
   as an automaton (`engine.automata.plan`).  Most routing regexes are linear
   at a glance (no automaton built); for regexes with two or more repeats the
   automaton analysis runs.  Shown: seconds per regex, for graphs of 200 and
   1000 such rules (the alphabet is cut once per graph).
2. Matching a risky regex as an automaton: on ordinary phrases, time against
   `re` on the same phrases (the price of safety, paid only by risky rules);
   on an attack of growing length, `re` (stopped at 1 s) against the automaton.
"""

from __future__ import annotations

import random
import re
import sys
import time

from common import best_of, table

from fuzzroute import Graph
from fuzzroute.engine.automata.plan import plan_for
from fuzzroute.engine.laws import ClaimLaws
from fuzzroute.engine.time_limit import TimedOut, call_with_time_limit
from fuzzroute.strategies.vocabulary import vocabulary

SHAPES = (
    r"(?i)\b{a}\b \w+ \w+ {b}",
    r"^{a}(\s+\w+)*\s*{b}$",
    r"{a}\s*[-:]\s*\w+\s+{b}",
    r"(?i)({a}|{b})+ \w+",
)


def repeat_heavy_graph(rules: int, seed: int = 0) -> Graph:
    """Rules of two or more repeats each: every one needs the automaton analysis."""
    rng = random.Random(seed)
    words = [w for w in vocabulary().words if w.isalpha() and len(w) > 3]
    graph = Graph(f"repeats-{rules}")
    for i in range(rules):
        a, b = rng.sample(words, 2)
        graph.entry(f"r{i}", match=re.compile(SHAPES[i % len(SHAPES)].format(a=a, b=f"{b}{i}")))
    return graph


def planning(sizes: tuple[int, ...]) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for size in sizes:
        graph = repeat_heavy_graph(size, seed=size)
        start = time.perf_counter()
        ClaimLaws(graph.entries)
        seconds = time.perf_counter() - start
        modes = [e.data_matcher.plan.mode for e in graph.entries]  # type: ignore[union-attr]
        rows.append((size, f"{seconds:.2f}", f"{1000 * seconds / size:.2f}", modes.count("automaton")))
    return rows


def _re_seconds(pattern: re.Pattern[str], text: str, limit: float = 1.0) -> str:
    start = time.perf_counter()
    try:
        call_with_time_limit(limit, lambda: pattern.search(text))
    except TimedOut:
        return f"> {limit:g} (stopped)"
    return f"{time.perf_counter() - start:.4f}"


def matching(lengths: tuple[int, ...]) -> list[tuple[object, ...]]:
    pattern = re.compile(r"^(\w+\s?)*$")
    automaton = plan_for(pattern).search
    rows: list[tuple[object, ...]] = []
    ordinary = [" ".join(random.Random(n).sample(vocabulary().words, 6)) for n in range(200)]
    by_re = best_of(3, lambda: [pattern.search(p) for p in ordinary])
    by_automaton = best_of(3, lambda: [automaton(p) for p in ordinary])
    rows.append(("200 ordinary phrases", f"{by_re:.4f}", f"{by_automaton:.4f}", f"{by_automaton / by_re:.1f}x"))
    for length in lengths:
        attack = "a" * length + "!"
        start = time.perf_counter()
        automaton(attack)
        seconds = time.perf_counter() - start
        rows.append((f"attack of {length + 1} characters", _re_seconds(pattern, attack), f"{seconds:.4f}", ""))
    return rows


def main(full: bool = False) -> str:
    sizes = (200, 1000) if full else (100,)
    lengths = (16, 22, 28, 2000) if full else (16, 22, 2000)
    first = table(
        "(f) planning regexes of two or more repeats (once per regex; the alphabet cut once per graph)",
        ("rules", "seconds", "ms per regex", "run as automata"),
        planning(sizes),
    )
    second = table(
        "    matching /^(\\w+\\s?)*$/: Python's re against the automaton fuzzroute runs it as (seconds)",
        ("input", "re", "automaton", "automaton / re"),
        matching(lengths),
    )
    return first + "\n\n" + second


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
