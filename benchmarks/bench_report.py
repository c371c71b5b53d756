"""(k) The whole `fuzzroute report` on big graphs: wall time, peak memory and output sizes, before and after.

`fuzzroute report` on `random_graph(n)` (written once as a JSON graph so both
code trees read the very same rules) with the default phrase budget, the
decided tier on and one process, each run in a fresh process: the code
before the bounded tier (commit `BASELINE_COMMIT`, extracted with `git
archive`) against now.  Rows give wall seconds, the peak resident memory of
the process (its own VmHWM, read as the run ends), the HTML and JSON sizes,
and the ratio of the wall times at each size.  The old code needs minutes
and gigabytes at 1,000 rules and more, so quick mode (CI) runs it on 50
rules and now on 50 and 200; `--full` the sizes quoted in the README
(200, 1,000 and 5,000 rules, about eight minutes and 3 GB for the old code).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_decide import write_graphs
from common import extract_commit, table

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "044ebb0"

#: Runs the CLI in this process and prints, as the last line, the wall time and the peak memory.
DRIVER = r"""
import json, runpy, sys, time
graph = sys.argv[1]
sys.argv = ["fuzzroute", "report", graph, "-o", "out.html", "--json", "out.json", "--fail-on", "never",
            "--workers", "1", "-q"]
start = time.perf_counter()
try:
    runpy.run_module("fuzzroute", run_name="__main__")
except SystemExit:
    pass
wall = time.perf_counter() - start
peak = 0
with open("/proc/self/status", encoding="utf-8") as status:
    for line in status:
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) // 1024
print(json.dumps({"wall": wall, "peak_mb": peak}))
"""

BEFORE_QUICK, AFTER_QUICK = (50,), (50, 200)
BEFORE_FULL, AFTER_FULL = (200, 1000, 5000), (200, 1000, 5000)


def run_once(code: Path, graph: Path) -> dict[str, float]:
    """One fresh process on `code`, run in a folder of its own so no other source tree comes first."""
    folder = graph.parent / f"run-{code.name}-{graph.stem}"
    folder.mkdir()
    env = dict(os.environ, PYTHONPATH=str(code))
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(graph)], capture_output=True, text=True, env=env, cwd=folder, check=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    result["html_mb"] = (folder / "out.html").stat().st_size / 1e6
    result["json_mb"] = (folder / "out.json").stat().st_size / 1e6
    return result


def measure(full: bool = False) -> list[tuple[object, ...]]:
    before_sizes, after_sizes = (BEFORE_FULL, AFTER_FULL) if full else (BEFORE_QUICK, AFTER_QUICK)
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        graphs = write_graphs(folder, {*before_sizes, *after_sizes})
        before_code = extract_commit(BASELINE_COMMIT, folder / "before")
        before: dict[int, dict[str, float]] = {}
        if before_code is not None:
            for size in before_sizes:
                before[size] = run_once(before_code, graphs[size])
                rows.append(_row(f"before ({BASELINE_COMMIT})", size, before[size], None))
        for size in after_sizes:
            now = run_once(ROOT, graphs[size])
            rows.append(_row("now", size, now, before.get(size)))
    return rows


def _row(label: str, size: int, result: dict[str, float], before: dict[str, float] | None) -> tuple[object, ...]:
    ratio = "" if before is None else f"{before['wall'] / result['wall']:.1f}x"
    return (label, f"{size:,}", f"{result['wall']:.1f}", int(result["peak_mb"]),
            f"{result['html_mb']:.2f}", f"{result['json_mb']:.2f}", ratio)


def main(full: bool = False) -> str:
    return table(
        "(k) report on random_graph(n), default budget, decided tier on, 1 process: wall s, peak MB, sizes",
        ("code", "rules", "wall s", "peak MB", "HTML MB", "JSON MB", "faster"),
        measure(full),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
