"""(c) `fuzzroute check` as a whole process, against a bare interpreter started in the same run.

`check` is what a pre-commit hook runs on every commit and what the pytest
plugin runs at collection, so its cost is mostly start-up: the interpreter,
the imports, loading the graph.  Each size's seeded JSON graph (regex,
keyword and all-of rules over a shared made-up vocabulary, two declared
examples per rule, 20 never-route rows) is checked by
`python -m fuzzroute check GRAPH --format json` in a fresh process, both
with `--no-decide` (the proven checks only, the work the JavaScript
reference's `checkup()` does) and deciding (the automata over all
messages), alternating with `python -c "import json, re"`, the floor any
Python command pays.  Rows give the median wall seconds of each and their
ratio, taken pair by pair so a slow phase of the machine lands on both
sides, and the median CPU seconds of `check` (user + system, which another
process on the machine inflates less than wall time).  Bytecode is cached
as in an installed package (in a scratch folder, whatever
PYTHONDONTWRITEBYTECODE says; the warm-up run writes it).  Quick mode (CI)
runs 200 rules, a few repeats and no deciding; `--full` 200, 1,000 and
5,000 rules.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import made_up_words, table

ROOT = Path(__file__).resolve().parent.parent
QUICK_SIZES, FULL_SIZES = (200,), (200, 1000, 5000)
QUICK_REPEATS, FULL_REPEATS = 3, 7
#: Seconds of runs one row may take in full mode: a slow row (deciding 5,000 rules) runs fewer pairs, at least one.
ROW_SECONDS = 90.0
#: The bare interpreter every Python command pays for.
FLOOR = (sys.executable, "-c", "import json, re")


def rule(index: int, words: list[str], rng: random.Random) -> dict[str, Any]:
    """One start rule (45% regexes, 40% keyword lists, the rest all-of) and two phrases it matches."""
    a, b, c = rng.sample(words, 3)
    shape = rng.random()
    if shape < 0.25:
        match: dict[str, Any] = {"regex": rf"\b{a}\b.*\b{b}\b"}
        examples = [f"{a} then {b}", f"my {a} and the {b} now"]
    elif shape < 0.45:
        match = {"regex": rf"\b{a} (?:{b}|{c})\b", "flags": "i"}
        examples = [f"{a.title()} {b} please", f"about {a} {c}"]
    elif shape < 0.85:
        match = {"keywords": [a, f"{b} {c}"]}
        examples = [f"help with {a}", f"the {b} {c} again"]
    else:
        match = {"all": [{"keywords": [a, c]}, {"regex": rf"\b{b}\b"}]}
        examples = [f"{a} for {b}", f"{b} with {c}"]
    return {"id": f"rule{index}", "match": match, "examples": examples}


def write_graph(path: Path, rules: int, seed: int = 0) -> Path:
    """A seeded JSON graph of `rules` rules over 600 made-up words (fewer for small graphs), 20 never-routes."""
    rng = random.Random(seed)
    words = made_up_words(min(600, max(30, rules * 3)), rng)
    entries = [rule(i, words, rng) for i in range(rules)]
    never = [" ".join(rng.sample(words, rng.randint(2, 3))) for _ in range(20)]
    document = {"name": f"check-{rules}", "entries": entries, "never_routes": never}
    path.write_text(json.dumps(document, indent=2), "utf-8")
    return path


def check_command(graph: Path, decide: bool, no_decide_exists: bool) -> tuple[str, ...]:
    """`check GRAPH --format json`, deciding or not, with whichever flag this code's `check` takes for it."""
    if no_decide_exists:
        flags: tuple[str, ...] = () if decide else ("--no-decide",)
    else:
        flags = ("--decide",) if decide else ()
    return (sys.executable, "-m", "fuzzroute", "check", str(graph), "--format", "json", *flags)


def has_no_decide() -> bool:
    """Whether this code's `check` has `--no-decide` (before it decided by default it did not, nor needed it)."""
    shown = subprocess.run([sys.executable, "-m", "fuzzroute", "check", "--help"], capture_output=True, text=True,
                           cwd=ROOT, check=False)
    return "--no-decide" in shown.stdout


def timed(command: tuple[str, ...], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall and CPU seconds of one whole process, and its exit code (0 or 1 is a finished check)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, cwd=ROOT, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def paired(command: tuple[str, ...], repeats: int, env: dict[str, str]) -> dict[str, float]:
    """`command` and the floor run alternately: median wall and CPU seconds, least wall, median pair ratio.

    Fewer than `repeats` pairs when the warm-up says they would take over `ROW_SECONDS` (the row says how many).
    """
    warm_up, _cpu, _code = timed(command, env)
    timed(FLOOR, env)  # warm-up: the page cache, the bytecode cache
    repeats = max(1, min(repeats, int(ROW_SECONDS / max(warm_up, 1e-3))))
    walls, cpus, floors, ratios = [], [], [], []
    for _ in range(repeats):
        wall, cpu, code = timed(command, env)
        if code not in (0, 1):
            raise RuntimeError(f"{' '.join(command)} exited {code}")
        floor, _cpu, _code = timed(FLOOR, env)
        walls.append(wall)
        cpus.append(cpu)
        floors.append(floor)
        ratios.append(wall / floor)
    return {"wall": statistics.median(walls), "least": min(walls), "cpu": statistics.median(cpus),
            "floor": statistics.median(floors), "ratio": statistics.median(ratios), "runs": repeats}


def measure(full: bool = False) -> list[tuple[object, ...]]:
    sizes, repeats = (FULL_SIZES, FULL_REPEATS) if full else (QUICK_SIZES, QUICK_REPEATS)
    no_decide = has_no_decide()
    modes = [("proven only", False), *([("deciding", True)] if full else [])]
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "bytecode")
        for size in sizes:
            graph = write_graph(Path(scratch) / f"check-{size}.json", size)
            for label, decide in modes:
                got = paired(check_command(graph, decide, no_decide), repeats, env)
                rows.append((size, label, int(got["runs"]), f"{got['wall']:.3f}", f"{got['least']:.3f}",
                             f"{got['cpu']:.3f}", f"{got['floor']:.3f}", f"{got['ratio']:.1f}x"))
    return rows


def main(full: bool = False) -> str:
    return table(
        "(c) `fuzzroute check GRAPH --format json` as a whole process against `python -c 'import json, re'`:"
        " median and least wall seconds, median CPU seconds, the bare interpreter's median wall, the median pair ratio",
        ("rules", "checks", "runs", "wall s", "least s", "cpu s", "python s", "ratio"),
        measure(full),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
