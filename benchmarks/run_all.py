"""Run every benchmark and print their tables: `python benchmarks/run_all.py [--full]`.

Without `--full` (what CI runs) the counts and budgets are small, about two
minutes in all; `--full` gives the figures quoted in the README.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_backtracking
import bench_check
import bench_decide
import bench_diff
import bench_explore
import bench_generate
import bench_graph_code
import bench_growth
import bench_laws
import bench_loading
import bench_memory
import bench_pipeline
import bench_report
import bench_typescript


def main() -> None:
    full = "--full" in sys.argv
    for bench in (bench_laws, bench_pipeline, bench_memory, bench_typescript, bench_backtracking, bench_explore,
                  bench_graph_code):
        print(bench.main(full=full), flush=True)
        print(flush=True)
    for plain in (bench_generate, bench_growth):
        print(plain.main(), flush=True)
        print(flush=True)
    # The code before the bounded tier takes minutes at 200 rules: CI runs small sizes; `--full` the README's.
    print(bench_decide.main(full=full), flush=True)
    print(flush=True)
    # The whole report: the old code takes over a minute at 200 rules, so CI runs it on 50 only.
    print(bench_report.main(full=full), flush=True)
    print(flush=True)
    # A big JSON graph loaded and checked: CI runs 2,000-20,000 entries; `--full` 10,000-100,000.
    print(bench_loading.main(full=full), flush=True)
    print(flush=True)
    # `check` as a whole process against a bare interpreter: CI runs 200 rules, proven only; `--full` adds 1,000
    # and 5,000 rules and deciding.
    print(bench_check.main(full=full), flush=True)
    print(flush=True)
    # `diff` of a graph and an edit of it: CI runs 10 and 30 rules; `--full` adds 100 and 300.
    print(bench_diff.main(quick=not full), flush=True)
    print(flush=True)


if __name__ == "__main__":
    main()
