"""(e) Peak memory of a long exploration, measured in a fresh process.

A child process imports fuzzroute, builds a random 200-rule graph, records
its peak resident set size (`ru_maxrss`), explores N phrases on one process
and records the peak again.  The difference is what exploring costs; the
bound stated in the README (bounded witnesses, phrases kept as digests)
is what keeps it flat.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from common import table

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {here!r})
from common import random_graph
from fuzzroute.generate import explore
graph = random_graph(200)
graph.laws.use_screen()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
run = explore(graph, seed=0, budget_phrases={phrases}, workers=1)
seconds = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"before": before, "after": after, "judged": run.phrases_judged, "seconds": seconds,
                  "ended_by": run.ended_by}}))
"""


def measure(full: bool = False) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for phrases in (1_000_000,) if full else (20_000, 100_000):
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", CHILD.format(here=str(HERE), phrases=phrases)],
            capture_output=True, text=True, check=True,
        ).stdout
        data = json.loads(out.strip().splitlines()[-1])
        rows.append((
            f"{phrases:,}", f"{data['judged']:,}", data["ended_by"], f"{data['before'] / 1024:.0f} MB",
            f"{data['after'] / 1024:.0f} MB", f"{(data['after'] - data['before']) / 1024:.0f} MB",
            f"{time.perf_counter() - start:.0f} s",
        ))
    return rows


def main(full: bool = False) -> str:
    return table(
        "(e) peak memory (ru_maxrss) of explore() on a random 200-rule graph, one process",
        ("budget", "judged", "ended by", "peak before", "peak after", "growth", "time"),
        measure(full),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
