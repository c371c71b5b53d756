"""(l) Loading and checking a big JSON graph: time per entry as the graph grows.

A JSON graph of N keyword rules, each with one declared example, and ten
never-route rows, is loaded with `load_graph` (schema validation, the line
of every entry, the matchers) and checked with `checkup()` (the proven
tier).  Both should grow linearly: the table gives each size's time per
entry and the growth exponent k of time ~ n^k over the sizes.

The baseline is the proven check as it walked before the prefilter was used
there (every example run through every earlier rule), measured in the same
process on the smallest size: its exponent shows the quadratic walk the
prefilter removed.  Verdicts of both walks must agree.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench_decide import exponent
from common import table

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.laws import ClaimLaws
from fuzzroute.graphfiles.loader import load_graph

SIZES = (10_000, 30_000, 100_000)
QUICK_SIZES = (2_000, 6_000, 20_000)
PLAIN_SIZES = (1_000, 2_000, 4_000)
QUICK_PLAIN_SIZES = (500, 1_000, 2_000)


def write_graph(folder: Path, rules: int) -> Path:
    """N keyword rules with one example each, ten never-routes, a default last; pretty-printed as authors keep it."""
    entries: list[dict[str, object]] = [
        {"id": f"skill{i}", "match": {"keywords": [f"topic{i}", f"subject{i}"]}, "examples": [f"help with topic{i}"]}
        for i in range(rules)
    ]
    entries.append({"id": "fallback"})
    document = {"name": f"big-{rules}", "entries": entries, "never_routes": [f"nothing {i}" for i in range(10)]}
    path = folder / f"big-{rules}.json"
    path.write_text(json.dumps(document, indent=2), "utf-8")
    return path


@contextmanager
def plain_walk() -> Iterator[None]:
    """The proven checks' walk before the prefilter: every candidate, in order."""
    original = ClaimLaws.worth_running

    def everything(self: ClaimLaws, phrase: str, conditional_only: bool = False) -> tuple[Entry, ...]:
        return self.rules if conditional_only else self.candidates

    ClaimLaws.worth_running = everything  # type: ignore[method-assign]
    try:
        yield
    finally:
        ClaimLaws.worth_running = original  # type: ignore[method-assign]


def _load_and_check(path: Path) -> tuple[float, float, list[tuple[str, str | None]]]:
    start = time.perf_counter()
    graph = load_graph(str(path)).graph
    loaded = time.perf_counter()
    problems = graph.checkup().problems
    checked = time.perf_counter()
    return loaded - start, checked - loaded, [(p.code, p.example) for p in problems]


def measure(sizes: tuple[int, ...], plain_sizes: tuple[int, ...]) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as folder:
        _load_and_check(write_graph(Path(folder), 200))  # warm up: the schema, the Unicode tables
        loads: list[tuple[int, float]] = []
        checks: list[tuple[int, float]] = []
        for size in sizes:
            load_s, check_s, verdicts = _load_and_check(write_graph(Path(folder), size))
            loads.append((size, load_s))
            checks.append((size, check_s))
            rows.append(("prefiltered walk", size, f"{load_s:.2f}", f"{load_s / size * 1e6:.0f}",
                         f"{check_s:.2f}", f"{check_s / size * 1e6:.0f}", len(verdicts)))
        rows.append(("prefiltered walk", "growth", f"n^{exponent(loads):.2f}", "", f"n^{exponent(checks):.2f}", "", ""))
        plain: list[tuple[int, float]] = []
        for size in plain_sizes:
            path = write_graph(Path(folder), size)
            _, fast_s, fast = _load_and_check(path)
            with plain_walk():
                _, plain_s, slow = _load_and_check(path)
            assert slow == fast, "the prefiltered walk changed a verdict"
            plain.append((size, plain_s))
            rows.append(("plain walk (before)", size, "", "", f"{plain_s:.2f}", f"{plain_s / size * 1e6:.0f}",
                         f"{plain_s / max(fast_s, 1e-9):.0f}x slower"))
        rows.append(("plain walk (before)", "growth", "", "", f"n^{exponent(plain):.2f}", "", ""))
    return rows


def main(full: bool = False) -> str:
    return table(
        "(l) a big JSON graph: load (schema, lines, matchers) and proven check, per entry, as it grows",
        ("walk", "rules", "load s", "load us/rule", "check s", "check us/rule", "problems / vs after"),
        measure(SIZES if full else QUICK_SIZES, PLAIN_SIZES if full else QUICK_PLAIN_SIZES),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
