"""(g) Decide time and peak memory per rule count, and how they grow, before and after the bounded tier.

`fuzzroute.decide` on `random_graph(n)` (the benchmarks' graphs of word-edge
and phrase regexes, keyword lists and all-ofs; written once as a JSON graph
so both code trees read the very same rules), each run in a fresh process:
the code before the decided tier was bounded by work (commit
`BASELINE_COMMIT`, extracted with `git archive`; its questions stop after
2 s of wall clock, so its figures also depend on the load) against now.
Rows give CPU and wall seconds, peak resident memory (the process's own
VmHWM), what was decided (items listed, pairs counted, undecided
questions), and a last row per code the growth exponent k of time ~ n^k,
fitted over the sizes measured.  Quick mode (CI) runs small sizes; `--full`
the sizes quoted in the README (the old code at 200 rules takes minutes).

`--bare` measures instead the bare graph (`write_bare_graph`: seeded rules
over 600 made-up words, about 45% regexes, 40% keyword lists, the rest
all-of, no examples), where many rules share words and most pairs only
meet: the product searches and automaton states each run counts (the work,
the same on every machine) and the least CPU and wall seconds of
`--repeats N` runs, before the decided tier's shortcuts and now, with the
growth exponent from 1,000 to 5,000 rules under `--full`.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from common import extract_commit, made_up_words, random_graph, table

from fuzzroute.engine.graph_document import matcher_json

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "044ebb0"

DRIVER = r"""
import json, sys, time
import fuzzroute
path, workers = sys.argv[1], int(sys.argv[2])
graph = fuzzroute.load_graph(path).graph
decide = fuzzroute.decide
cpu, wall = time.process_time(), time.perf_counter()
decisions = decide(graph) if workers == 1 else decide(graph, workers=workers)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
peak = 0
with open("/proc/self/status", encoding="utf-8") as status:
    for line in status:
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) // 1024
counts = decisions.counts()
counted = getattr(getattr(decisions, "co_occurrence", None), "count", 0)
stats = getattr(decisions, "stats", None) or {}
print(json.dumps({
    "cpu": cpu, "wall": wall, "peak_mb": peak, "items": len(decisions.items), "counted": counted,
    "undecided": counts.get("undecided", 0), "defects": len(decisions.defects),
    "searches": stats.get("searches", 0), "states": stats.get("states", 0),
}))
"""

BEFORE_QUICK, AFTER_QUICK = (25, 50), (25, 50, 200)
BEFORE_FULL, AFTER_FULL = (50, 100, 200), (200, 1000, 5000)


def _extract_baseline(target: Path) -> Path | None:
    return extract_commit(BASELINE_COMMIT, target)


def write_graph(path: Path, rules: int) -> None:
    graph = random_graph(rules)
    entries = [{"id": e.id, "match": matcher_json(e.match)} for e in graph.entries if e.match is not None]
    path.write_text(json.dumps({"name": graph.name, "entries": entries}), encoding="utf-8")


BARE_WORDS = 600


def bare_rule(index: int, words: list[str], rng: random.Random) -> dict[str, object]:
    """One bare start rule (no examples): 45% regexes, 40% keyword lists, the rest all-of."""
    a, b, c = rng.sample(words, 3)
    shape = rng.random()
    match: dict[str, object]
    if shape < 0.25:
        match = {"regex": rf"\b{a}\b.*\b{b}\b"}
    elif shape < 0.45:
        match = {"regex": rf"\b{a} (?:{b}|{c})\b", "flags": "i"}
    elif shape < 0.85:
        match = {"keywords": [a, f"{b} {c}"]}
    else:
        match = {"all": [{"keywords": [a, c]}, {"regex": rf"\b{b}\b"}]}
    return {"id": f"rule{index}", "match": match}


def write_bare_graph(path: Path, rules: int, seed: int = 0) -> Path:
    """A seeded graph of `rules` bare rules over 600 made-up words: many rules share words, most pairs only meet."""
    rng = random.Random(seed)
    words = made_up_words(BARE_WORDS, rng)
    entries = [bare_rule(i, words, rng) for i in range(rules)]
    path.write_text(json.dumps({"name": f"bare-{rules}", "entries": entries}), encoding="utf-8")
    return path


def write_graphs(folder: Path, sizes: set[int]) -> dict[int, Path]:
    """`random_graph(n)` as a JSON graph file in `folder` for each size, by size."""
    graphs = {size: folder / f"random-{size}.json" for size in sorted(sizes)}
    for size, path in graphs.items():
        write_graph(path, size)
    return graphs


def run_once(code: Path, graph: Path, workers: int = 1) -> dict[str, float]:
    """One fresh process on `code`, run from the graph's folder so no other source tree comes first."""
    env = dict(os.environ, PYTHONPATH=str(code))
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(graph), str(workers)],
        capture_output=True, text=True, env=env, cwd=graph.parent, check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def exponent(points: list[tuple[int, float]]) -> float:
    """k of time ~ n^k, least squares over log-log points."""
    xs = [math.log(n) for n, _t in points]
    ys = [math.log(max(t, 1e-6)) for _n, t in points]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread if spread else 0.0


def measure(full: bool = False) -> list[tuple[object, ...]]:
    before_sizes, after_sizes = (BEFORE_FULL, AFTER_FULL) if full else (BEFORE_QUICK, AFTER_QUICK)
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        graphs = write_graphs(folder, {*before_sizes, *after_sizes})
        before = _extract_baseline(folder / "before")
        plans: list[tuple[str, Path, tuple[int, ...], int]] = []
        if before is not None:
            plans.append((f"before ({BASELINE_COMMIT})", before, before_sizes, 1))
        plans.append(("now", ROOT, after_sizes, 1))
        if full:
            plans.append(("now, 2 workers", ROOT, after_sizes[-1:], 2))
        for label, code, sizes, workers in plans:
            points = []
            for size in sizes:
                result = run_once(code, graphs[size], workers)
                points.append((size, result["cpu"]))
                pairs = size * (size - 1) // 2
                rows.append(
                    (label, size, f"{pairs:,}", f"{result['cpu']:.1f}", f"{result['wall']:.1f}",
                     int(result["peak_mb"]), int(result["items"]), f"{int(result['counted']):,}",
                     int(result["undecided"]), int(result["defects"]))
                )
            if len(points) > 1:
                rows.append((label, "growth", "", f"n^{exponent(points):.2f}", "", "", "", "", "", ""))
    return rows


#: The code before the decided tier's shortcuts (pair work read once per rule, covers proven without a search).
BARE_BASELINE = "1dbd89b"
BARE_QUICK, BARE_FULL = (200,), (200, 1000, 5000)


def measure_bare(full: bool = False, repeats: int = 1, workers: int = 1) -> list[tuple[object, ...]]:
    """`decide` on the bare 600-word graph, before the shortcuts and now: work counted, and the least times.

    The searches and states are the work itself (the same on every run and
    machine); CPU and wall seconds are the least of `repeats` runs, so the
    figures a loaded machine gives are as little disturbed as they can be.
    """
    sizes = BARE_FULL if full else BARE_QUICK
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        graphs = {size: write_bare_graph(folder / f"bare-{size}.json", size) for size in sizes}
        plans: list[tuple[str, Path]] = []
        before = extract_commit(BARE_BASELINE, folder / "before")
        if before is not None:
            plans.append((f"before ({BARE_BASELINE})", before))
        plans.append(("now", ROOT))
        for label, code in plans:
            points = []
            for size in sizes:
                runs = [run_once(code, graphs[size], workers) for _ in range(repeats)]
                cpu, wall = min(r["cpu"] for r in runs), min(r["wall"] for r in runs)
                first = runs[0]
                points.append((size, cpu))
                rows.append(
                    (label, size, f"{int(first['searches']):,}", f"{int(first['states']):,}", f"{cpu:.2f}",
                     f"{wall:.2f}", int(first["items"]), f"{int(first['counted']):,}", int(first["undecided"]))
                )
            if len(points) > 1:
                grown = [p for p in points if p[0] >= 1000] if len(points) > 2 else points
                rows.append((label, f"growth {grown[0][0]}-{grown[-1][0]}", "", "", f"n^{exponent(grown):.2f}",
                             "", "", "", ""))
    return rows


def main(full: bool = False, bare: bool = False, repeats: int = 1, workers: int = 1) -> str:
    if bare:
        return table(
            f"(g) decide on the bare 600-word graph ({workers} worker(s)): product searches, automaton states, "
            f"least CPU and wall seconds of {repeats}, items listed, co-occurring pairs counted, undecided",
            ("code", "rules", "searches", "states", "cpu s", "wall s", "items", "counted", "undecided"),
            measure_bare(full, repeats, workers),
        )
    return table(
        "(g) decide on random_graph(n): CPU and wall seconds, peak MB, items listed, co-occurring pairs counted",
        ("code", "rules", "pairs", "cpu s", "wall s", "peak MB", "items", "counted", "undecided", "defects"),
        measure(full),
    )


def _option(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


if __name__ == "__main__":
    # `--bare` measures the bare 600-word graph (200 rules; with `--full` 200, 1,000 and 5,000), before and now.
    print(main(full="--full" in sys.argv, bare="--bare" in sys.argv, repeats=_option("--repeats", 1),
               workers=_option("--workers", 1)))
