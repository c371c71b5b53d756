"""Why `fuzzroute suggest` edits one `.entry(` call at a time: `python benchmarks/bench_authoring.py`.

Not part of run_all (it is about a design choice, not a regression).  For a
chained graph file of N rules (a comment line and one `.entry(` call each) it
times, in one process: adding one example to every tenth rule the way
`suggest` does (locate the calls with `ast`, edit each call's arguments with
libcst) against a whole-file libcst round trip (parse the module, print it
back) that a whole-file edit would need at the least.  Long chains nest
deeper than Python's default recursion limit for libcst's printer, so the
whole-file side runs with a raised limit.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import libcst as cst
from common import best_of, table

from fuzzroute.authoring import python_source
from fuzzroute.graphfiles.loader import load_graph


def chained_source(rules: int) -> str:
    lines = ["from fuzzroute import Graph, keywords", "", "graph = (", '    Graph("big")']
    for i in range(rules):
        lines += [f"    # rule {i}", f'    .entry("r{i}", match=keywords("word{i}"), examples=["word{i} please"])']
    return "\n".join([*lines, ")", ""])


def measure(rules: int, folder: Path) -> tuple[object, ...]:
    source = chained_source(rules)
    path = folder / f"chain_{rules}.py"
    path.write_text(source)
    entries = load_graph(path).graph.entries
    additions = {i: [f"word{i} now"] for i in range(0, rules, 10)}
    per_call = best_of(3, lambda: python_source.add_examples(path, source, entries, additions))
    whole = best_of(1 if rules > 300 else 3, lambda: cst.parse_module(source).code)
    return rules, f"{per_call * 1000:.0f} ms", f"{whole * 1000:.0f} ms", f"{whole / per_call:.1f}x"


def main() -> str:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 40000))
    with tempfile.TemporaryDirectory() as folder:
        rows = [measure(n, Path(folder)) for n in (50, 200, 500)]
    return table(
        "Adding examples to every tenth rule of a chained graph: per-call edit vs a whole-file libcst round trip",
        ("rules", "suggest's per-call edit", "whole-file parse+print", "whole-file / per-call"),
        rows,
    )


if __name__ == "__main__":
    print(main())
