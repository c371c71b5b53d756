"""(e) Peak memory of a long exploration, measured in a fresh process.

A child process imports fuzzroute, builds a graph of ten rules with four
free word slots each (so their phrases do not run out before a million),
records its peak resident set size (`VmHWM`, else `ru_maxrss`), explores N phrases on one
process and records the peak again.  The difference is what exploring costs;
the bound stated in the README (bounded witnesses, phrases kept as digests)
is what keeps it flat.  Hypothesis' cache goes where the CLI puts it, so a
first-ever run does not count hypothesis building its character tables.
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
import json, random, re, resource, sys, time
from fuzzroute import Graph
from fuzzroute.cli.app import keep_hypothesis_storage_out_of_the_project
from fuzzroute.generate import explore
from fuzzroute.strategies.vocabulary import vocabulary
keep_hypothesis_storage_out_of_the_project()
rng = random.Random(0)
words = [w for w in vocabulary().words if w.isalpha() and len(w) > 3]
graph = Graph("wide")
for i in range(10):
    a, b = rng.sample(words, 2)
    graph.entry(f"w{{i}}", match=re.compile(rf"(?i)\b{{a}}\b \w+ \w+ \w+ \w+ {{b}}"))
graph.laws.use_screen()


def peak_kb():
    # VmHWM is this process's own peak; ru_maxrss may still hold the parent's from before exec.
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


before = peak_kb()
start = time.perf_counter()
run = explore(graph, seed=0, budget_phrases={phrases}, workers=1)
seconds = time.perf_counter() - start
after = peak_kb()
print(json.dumps({{"before": before, "after": after, "judged": run.phrases_judged, "seconds": seconds,
                  "ended_by": run.ended_by}}))
"""


def measure(full: bool = False) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for phrases in (100_000, 1_000_000) if full else (20_000,):
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
        "(e) peak memory (peak RSS) of explore() on a 10-rule graph with wide rules, one process",
        ("budget", "judged", "ended by", "peak before", "peak after", "growth", "time"),
        measure(full),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
