"""(f) The exploration phase of `report` on a 200-rule graph, against the code before the one engine.

The exploration phase is `fuzzroute.explore` as `report` calls it, after
the proven checkup (and, in a default `report`, after the decided tier);
its first step is the overlap witnesses, which the code before this work
(commit `BASELINE_COMMIT`, extracted with `git archive`) computed with
interegular, and which now come from the decided tier's automata.  Each
code tree runs in a fresh subprocess on the same graph (`random_graph(200)`
written once as a JSON graph), alternately, and reports the CPU time of the
exploration phase (less disturbed by other load on the machine than wall
time), the best of `repeats` runs.  Three rows:

* before: the old code (its decided tier is separate and not timed);
* now, as `report` runs it: the decided tier (`fuzzroute.decide`) has run
  first and built the graph's automata, and exploration reads them;
* now, cold: exploration builds the automata it needs itself (as
  `report --no-decide` or `fuzzroute.explore` alone).

A last column checks that the proven verdicts are the same.  The decided
tier itself is measured by `bench_decide.py`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from common import extract_commit, random_graph, table

from fuzzroute.engine.graph_document import matcher_json

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "044ebb0"
RULES = 200
BUDGET = 2000

DRIVER = r"""
import json, sys, time
import fuzzroute
path, share, budget = sys.argv[1], sys.argv[2] == "shared", int(sys.argv[3])
explore = fuzzroute.explore  # imported before the clock starts, as `report` has it imported
graph = fuzzroute.load_graph(path).graph
checkup = graph.checkup()  # the report's first phase (it also builds the claim laws)
if share:  # a default report runs the decided tier first; its automata stay with the graph
    fuzzroute.decide(graph)
cpu, wall = time.process_time(), time.perf_counter()
run = explore(graph, seed=0, budget_phrases=budget, workers=1)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({
    "cpu": cpu, "wall": wall, "judged": run.phrases_judged, "suggestions": len(run.suggestions),
    # A dict in the baseline's code, a record (or None) today.
    "witnesses": (run.intersection.get("witnesses") if isinstance(run.intersection, dict)
                  else getattr(run.intersection, "witnesses", None)),
    "proven": [[p.kind, p.code, p.skill, p.example, p.from_, p.to] for p in checkup.problems],
}))
"""


def _extract_baseline(target: Path) -> Path | None:
    return extract_commit(BASELINE_COMMIT, target)


def write_graph(path: Path, rules: int = RULES) -> None:
    """`random_graph(rules)` as a JSON graph, so both code trees read the very same rules."""
    graph = random_graph(rules)
    entries = [{"id": e.id, "match": matcher_json(e.match)} for e in graph.entries if e.match is not None]
    path.write_text(json.dumps({"name": graph.name, "entries": entries}), encoding="utf-8")


def run_once(code: Path, graph: Path, mode: str, budget: int = BUDGET) -> dict[str, object]:
    """One fresh process on `code` (run from the graph's folder, so no other source tree comes first)."""
    env = dict(os.environ, PYTHONPATH=str(code))
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(graph), mode, str(budget)],
        capture_output=True, text=True, env=env, cwd=graph.parent, check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure(full: bool = False) -> list[tuple[object, ...]]:
    repeats = 3 if full else 1
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        graph = Path(scratch) / "graph.json"
        write_graph(graph)
        before_code = _extract_baseline(Path(scratch) / "before")
        runs: list[tuple[str, Path, str]] = []
        if before_code is not None:
            runs.append((f"before (commit {BASELINE_COMMIT}, interegular)", before_code, "cold"))
        runs += [
            ("now, as `report` runs it (automata shared)", ROOT, "shared"),
            ("now, cold (`--no-decide`)", ROOT, "cold"),
        ]
        best: dict[str, dict[str, object]] = {}
        for _ in range(repeats):
            for label, code, mode in runs:
                result = run_once(code, graph, mode)
                if label not in best or float(str(result["cpu"])) < float(str(best[label]["cpu"])):
                    best[label] = result
        base = best.get(runs[0][0]) if before_code is not None else None
        for label, _code, _mode in runs:
            result = best[label]
            cpu = float(str(result["cpu"]))
            ratio = "1.0x" if base is None else f"{float(str(base['cpu'])) / cpu:.1f}x"
            same = "-" if base is None else ("yes" if result["proven"] == base["proven"] else "NO")
            rows.append(
                (label, f"{cpu:.2f}", f"{float(str(result['wall'])):.2f}", result["judged"], result["witnesses"],
                 result["suggestions"], ratio, same)
            )
    return rows


def main(full: bool = False) -> str:
    return table(
        f"(f) exploration phase of `report` on random_graph({RULES}), --budget {BUDGET}, one process "
        "(CPU seconds, best of runs)",
        ("code", "cpu s", "wall s", "judged", "witnesses", "suggestions", "vs before", "proven same"),
        measure(full),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
