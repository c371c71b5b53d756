"""Run every benchmark and print their tables: `python benchmarks/run_all.py`."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_decide  # noqa: E402
import bench_generate  # noqa: E402
import bench_growth  # noqa: E402
import bench_laws  # noqa: E402


def main() -> None:
    for bench in (bench_laws, bench_generate, bench_growth):
        print(bench.main())
        print()
    # 300 rules take a minute or more: CI runs 10 and 100; `--full` adds 300.
    print(bench_decide.main(quick="--full" not in sys.argv))
    print()


if __name__ == "__main__":
    main()
