"""(c) `fuzzroute check` as a whole process, against a bare interpreter and the code before, in one run.

`check` is what a pre-commit hook runs on every commit and what the pytest
plugin runs at collection.  Each graph is checked by `python -m fuzzroute
check GRAPH --format json` in a fresh process, with `--no-decide` (the
proven checks only, the work the JavaScript reference's `checkup()` does) and
deciding (the default), alternating with `python -c "import json, re"`, the
floor any Python command pays.  Rows give the median wall and CPU seconds
(user + system, which another process on the machine inflates less than wall
time) of at least `FULL_REPEATS` runs, the interpreter's median, their ratio
taken pair by pair, and how many data rules the decided tier's bound on the
whole run left undecided (read from the check's own output).

Three shapes of graph:

* `bench`: the seeded graphs of earlier rounds (`write_graph`: word-edge and
  phrase regexes, two-word keyword lists, all-ofs over 600 made-up words);
* `mkcheck`: seeded random rules over a shared vocabulary of 600 made-up
  words, two declared examples a rule, 20 never-route rows, regex, keyword
  and all-of rules (`mkcheck_text`, the same random calls as the script the
  figures of the decided tier's speed were first taken with; hundreds of
  real decided findings at 1,000 rules), for seed 7 and two other seeds;
* `keywords` (`--keywords N`): N rules of one distinct made-up word each,
  no examples.

`--full` times the code before this round of work (`BASELINE_COMMIT`, from
`git archive`) beside the current code at 200 and 1,000 rules and the
current code alone at 5,000, with the growth exponents between sizes.
`--reference 'COMMAND'` also times COMMAND GRAPH (the reference library's
builder and `checkup()` on the same JSON graph, bundled by hand; not part of
this repository) on each graph's proven-only row.  Quick mode (CI) runs 200
rules of the first two shapes, proven only, a few repeats.  Bytecode is
cached as in an installed package (in a scratch folder, whatever
PYTHONDONTWRITEBYTECODE says; the warm-up run writes it).
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from common import extract_commit, made_up_words, table

ROOT = Path(__file__).resolve().parent.parent
QUICK_SIZES, FULL_SIZES = (200,), (200, 1000, 5000)
#: Sizes at which the code before is timed too (it took minutes to decide 5,000 rules).
BEFORE_SIZES = (200, 1000)
QUICK_REPEATS, FULL_REPEATS = 3, 5
#: The seeds of the `mkcheck` shape: the one its figures were first taken with, and two more.
MKCHECK_SEEDS = (7, 11, 23)
#: The code before this round of work on the decided tier's speed.
BASELINE_COMMIT = "ba3fc34"
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


#: The syllables of the `mkcheck` shape's made-up words.
SYLLABLES = ("ba", "co", "di", "fe", "ga", "hu", "ki", "lo", "ma", "ne", "po", "ru", "sa", "ti", "vo", "ze")


class _Mkcheck:
    """The `mkcheck` shape: every random call in the order the original script makes it."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        rng = self.rng
        drawn = {"".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))) for _ in range(900)}
        self.vocabulary = sorted(drawn)[:600]

    def regex(self) -> tuple[dict[str, Any], str]:
        rng, vocabulary = self.rng, self.vocabulary
        w1, w2, w3 = (rng.choice(vocabulary) for _ in range(3))
        forms = [
            (rf"\b{w1}\b", f"{w1} now"), (f"{w1}|{w2}", f"the {w2}"), (rf"(?:{w1}|{w2})\s+{w3}", f"{w1} {w3}"),
            (f"^{w1}", f"{w1} again"), (f"{w1}$", f"see {w1}"), (f"{w1}s?", f"two {w1}s"),
            (rf"where is my (?:{w1}|{w2})", f"where is my {w1}"), (f"{w1}.*{w2}", f"{w1} and {w2}"),
            (rf"{w1}\d+", f"{w1}42"),
        ]
        source, example = rng.choice(forms)
        return {"regex": source}, example

    def matcher(self, depth: int = 0) -> tuple[dict[str, Any], str]:
        rng = self.rng
        x = rng.random()
        if x < 0.45:
            return self.regex()
        if x < 0.85 or depth:
            listed = rng.sample(self.vocabulary, rng.randint(1, 5))
            return {"keywords": listed}, f"about {rng.choice(listed)} please"
        parts = [self.matcher(1) for _ in range(rng.randint(2, 3))]
        return {"all": [m for m, _ in parts]}, " ".join(e for _, e in parts)


def mkcheck_text(rules: int, seed: int = 7) -> str:
    """The `mkcheck` graph of `rules` rules as JSON text, byte for byte as its original script writes it."""
    shape = _Mkcheck(seed)
    rng = shape.rng
    entries = []
    for i in range(rules):
        match, example = shape.matcher()
        second = example if rng.random() < 0.9 else "zzq " + rng.choice(["xo", "yu", "wq"])
        entries.append({"id": f"r{i}", "match": match, "examples": sorted({example, second + " today"})})
    entries.append({"id": "fallback"})
    never = [f"never {rng.choice(shape.vocabulary)} {j}" for j in range(20)]
    return json.dumps({"name": f"check{rules}", "mount": "rules", "entries": entries, "never_routes": never})


def write_mkcheck_graph(path: Path, rules: int, seed: int = 7) -> Path:
    path.write_text(mkcheck_text(rules, seed), "utf-8")
    return path


def write_keyword_graph(path: Path, rules: int) -> Path:
    """A graph of `rules` rules of one distinct made-up word each, no examples, no never-route rows."""
    words = made_up_words(rules, random.Random(0))
    random.Random(1).shuffle(words)
    entries = [{"id": f"k{i}", "match": {"keywords": [word]}} for i, word in enumerate(words)]
    path.write_text(json.dumps({"name": f"keywords-{rules}", "entries": entries}), "utf-8")
    return path


def check_command(graph: Path, decide: bool) -> tuple[str, ...]:
    """`check GRAPH --format json`, deciding (the default) or with `--no-decide`."""
    return (sys.executable, "-m", "fuzzroute", "check", str(graph), "--format", "json",
            *(() if decide else ("--no-decide",)))


def timed(command: Sequence[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float, int, bytes]:
    """Wall and CPU seconds of one whole process, its exit code (0 or 1 is a finished check) and its output.

    `python -m fuzzroute` imports the package from `cwd` before any PYTHONPATH entry: the code timed is
    the one in `cwd` (the code before runs in its own folder).
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(list(command), capture_output=True, cwd=cwd, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode, done.stdout


def over_run_bound(output: bytes) -> int | None:
    """The data rules a check's JSON output says the decided tier's bound on the whole run left undecided."""
    try:
        document = json.loads(output)
    except ValueError:
        return None
    found = 0
    for item in document.get("decided") or ():
        if item.get("question") == "not-reached" and "whole run" in (item.get("reason") or ""):
            counted = re.match(r"(\d+) data rule", item.get("message", ""))
            found += int(counted.group(1)) if counted else 1
    return found


def paired(command: Sequence[str], repeats: int, env: dict[str, str], cwd: Path = ROOT) -> dict[str, Any]:
    """`command` and the floor run alternately: median wall and CPU seconds, the floor's, the median pair ratio."""
    _wall, _cpu, _code, output = timed(command, env, cwd)  # warm-up: the page cache, the bytecode cache
    timed(FLOOR, env, cwd)
    walls, cpus, floors, ratios = [], [], [], []
    for _ in range(repeats):
        wall, cpu, code, _output = timed(command, env, cwd)
        if code not in (0, 1):
            raise RuntimeError(f"{' '.join(command)} exited {code}")
        floor, _cpu, _code, _floor_output = timed(FLOOR, env, cwd)
        walls.append(wall)
        cpus.append(cpu)
        floors.append(floor)
        ratios.append(wall / floor)
    return {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "floor": statistics.median(floors),
            "ratio": statistics.median(ratios), "runs": repeats, "bound": over_run_bound(output)}


def growth(sizes: Sequence[int], seconds: Sequence[float]) -> str:
    """The exponent k of n^k between consecutive sizes (`n^1.10 / n^1.32`)."""
    found = [
        f"n^{math.log(b / a) / math.log(m / n):.2f}"
        for (n, a), (m, b) in zip(zip(sizes, seconds, strict=True), list(zip(sizes, seconds, strict=True))[1:],
                                  strict=False)
        if a > 0 and b > 0
    ]
    return " / ".join(found)


def graphs(folder: Path, full: bool, keywords: int | None) -> list[tuple[str, int, Path]]:
    """(shape label, rules, path) of every graph to time."""
    if keywords is not None:
        return [("keywords", keywords, write_keyword_graph(folder / f"keywords-{keywords}.json", keywords))]
    sizes = FULL_SIZES if full else QUICK_SIZES
    found = [("bench", size, write_graph(folder / f"check-{size}.json", size)) for size in sizes]
    for seed in MKCHECK_SEEDS if full else MKCHECK_SEEDS[:1]:
        found += [(f"mkcheck seed {seed}", size, write_mkcheck_graph(folder / f"mk{size}-{seed}.json", size, seed))
                  for size in sizes]
    return found


def measure(full: bool = False, keywords: int | None = None, reference: str | None = None) -> list[tuple[object, ...]]:
    repeats = FULL_REPEATS if full or keywords is not None else QUICK_REPEATS
    modes = [("proven only", False), *([("deciding", True)] if full or keywords is not None else [])]
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(folder / "bytecode")
        codes: list[tuple[str, dict[str, str], Path]] = [("now", env, ROOT)]
        if full and keywords is None:
            before = extract_commit(BASELINE_COMMIT, folder / "before")
            if before is not None:
                codes.insert(0, ("before", {**env, "PYTHONPATH": str(before)}, before))
        timings: dict[tuple[str, str, str], list[tuple[int, float]]] = {}
        for label, size, graph in graphs(folder, full, keywords):
            for checks, decide in modes:
                for code, code_env, code_root in codes:
                    if code == "before" and size not in BEFORE_SIZES:
                        continue
                    got = paired(check_command(graph, decide), repeats, code_env, code_root)
                    timings.setdefault((label, checks, code), []).append((size, got["wall"]))
                    bound = "" if not decide or got["bound"] is None else str(got["bound"])
                    rows.append((label, size, checks, code, int(got["runs"]), f"{got['wall']:.3f}",
                                 f"{got['cpu']:.3f}", f"{got['floor']:.3f}", f"{got['ratio']:.1f}x", bound))
                if reference is not None and not decide:
                    got = paired((*shlex.split(reference), str(graph)), repeats, env)
                    rows.append((label, size, "reference checkup()", "reference", int(got["runs"]),
                                 f"{got['wall']:.3f}", f"{got['cpu']:.3f}", f"{got['floor']:.3f}",
                                 f"{got['ratio']:.1f}x", ""))
        for (label, checks, code), found in timings.items():
            if len(found) > 1:
                sizes, seconds = zip(*found, strict=True)
                rows.append((label, "growth", checks, code, "", growth(sizes, seconds), "", "", "", ""))
    return rows


def main(full: bool = False, keywords: int | None = None, reference: str | None = None) -> str:
    return table(
        "(c) `fuzzroute check GRAPH --format json` as a whole process against `python -c 'import json, re'`:"
        " median wall and CPU seconds, the bare interpreter's median wall, the median pair ratio, and the data"
        " rules the decided tier's bound on the whole run left undecided",
        ("graph", "rules", "checks", "code", "runs", "wall s", "cpu s", "python s", "ratio", "over run bound"),
        measure(full, keywords, reference),
    )


def _option(name: str) -> str | None:
    if name in sys.argv:
        position = sys.argv.index(name)
        if position + 1 < len(sys.argv):
            return sys.argv[position + 1]
    return None


if __name__ == "__main__":
    counted = _option("--keywords")
    print(main(full="--full" in sys.argv, keywords=None if counted is None else int(counted),
               reference=_option("--reference")))
