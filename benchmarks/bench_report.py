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

`--scale` runs the default report (every core, seed 0) on 5,000-rule graphs
from both generators (`random_graph`, with declared examples, and the bare
600-word graph), and on 1,000 rules for the growth exponent, on the code of
`SCALE_BASELINE` (the commit before the decided tier scaled) and on now, in
the same run: wall, the decided tier's and generation's seconds as the run
reports them, peak memory, JSON size, and the ratio of the wall times.
Quick mode runs 200 and 1,000 rules.

`--bare` runs instead the default report (every core) on the bare 600-word
graph of `bench_decide.write_bare_graph` (1,000 rules; with `--full` also
5,000), with the growth exponent of the wall time, and then breaks the JSON
document down (`json_breakdown`): the bytes of each top-level section and
of each kind of decided item and merge record, and the fields that weigh
most, so what makes the document large is named, not guessed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench_decide import exponent, write_bare_graph, write_graphs
from common import extract_commit, table

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "044ebb0"

#: Runs the CLI in this process and prints, as the last line, the wall time and the peak memory.
DRIVER = r"""
import json, runpy, sys, time
graph = sys.argv[1]
sys.argv = ["fuzzroute", "report", graph, "-o", "out.html", "--json", "out.json", "--fail-on", "never", "-q",
            *sys.argv[2:]]
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
import resource
peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
print(json.dumps({"wall": wall, "peak_mb": peak}))
"""

BEFORE_QUICK, AFTER_QUICK = (50,), (50, 200)
BEFORE_FULL, AFTER_FULL = (200, 1000, 5000), (200, 1000, 5000)


def run_once(code: Path, graph: Path, options: tuple[str, ...] = ("--workers", "1")) -> dict[str, float]:
    """One fresh process on `code`, run in a folder of its own so no other source tree comes first.

    The peak memory is the largest of the process and its worker processes
    (`ru_maxrss` of the children beside the process's own VmHWM).
    """
    folder = graph.parent / f"run-{code.name}-{graph.stem}"
    folder.mkdir()
    env = dict(os.environ, PYTHONPATH=str(code))
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(graph), *options], capture_output=True, text=True, env=env, cwd=folder,
        check=True,
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


BARE_QUICK, BARE_FULL = (1000,), (1000, 5000)

#: The commit before the report scaled with what it shows.
SCALE_BASELINE = "9af863d"
SCALE_QUICK, SCALE_FULL = (200, 1000), (1000, 5000)


def _phases(folder: Path) -> tuple[float, float]:
    """The decided tier's and generation's seconds of a finished run, from its JSON document."""
    document = json.loads((folder / "out.json").read_text("utf-8"))
    phases = document["run"].get("phase_seconds", {})
    return float(phases.get("decided", 0.0)), float(phases.get("generation", 0.0))


def measure_scale(full: bool = False) -> list[tuple[object, ...]]:
    """Both generators, before and now, default options: one row per code and size, then the growth exponents."""
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        sizes = SCALE_FULL if full else SCALE_QUICK
        before_code = extract_commit(SCALE_BASELINE, folder / "before")
        for generator in ("random", "bare"):
            points: dict[str, list[tuple[int, float]]] = {"before": [], "now": []}
            for size in sizes:
                graph = folder / f"{generator}-{size}.json"
                if generator == "random":
                    write_graphs(folder, {size})[size].rename(graph)
                else:
                    write_bare_graph(graph, size)
                runs: dict[str, dict[str, float]] = {}
                for label, code in (("before", before_code), ("now", ROOT)):
                    if code is None:
                        continue
                    result = run_once(code, graph, ())
                    decided, generation = _phases(folder / f"run-{code.name}-{graph.stem}")
                    result.update(decided=decided, generation=generation)
                    runs[label] = result
                    points[label].append((size, result["wall"]))
                for label, result in runs.items():
                    ratio = ""
                    if label == "now" and "before" in runs:
                        ratio = f"{runs['before']['wall'] / result['wall']:.2f}x"
                    rows.append((generator, f"{size:,}", label if label == "now" else f"before ({SCALE_BASELINE})",
                                 f"{result['wall']:.1f}", f"{result['decided']:.1f}", f"{result['generation']:.1f}",
                                 int(result["peak_mb"]), f"{result['json_mb']:.2f}", ratio))
            for label, found in points.items():
                if len(found) > 1:
                    rows.append((generator, "growth", label, f"n^{exponent(found):.2f}", "", "", "", "", ""))
    return rows


def measure_bare(full: bool = False) -> tuple[list[tuple[object, ...]], dict[int, list[tuple[str, int]]]]:
    """The default report (every core) on the bare 600-word graph: rows, and each size's JSON breakdown."""
    rows: list[tuple[object, ...]] = []
    breakdowns: dict[int, list[tuple[str, int]]] = {}
    points: list[tuple[int, float]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for size in BARE_FULL if full else BARE_QUICK:
            graph = write_bare_graph(folder / f"bare-{size}.json", size)
            now = run_once(ROOT, graph, ())
            rows.append(_row("now, bare", size, now, None))
            points.append((size, now["wall"]))
            document = json.loads((folder / f"run-{ROOT.name}-{graph.stem}" / "out.json").read_text("utf-8"))
            breakdowns[size] = json_breakdown(document)
    if len(points) > 1:
        rows.append(("now, bare", "growth", f"n^{exponent(points):.2f}", "", "", "", ""))
    return rows, breakdowns


def _bytes(value: object) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def json_breakdown(document: dict[str, Any], top: int = 12) -> list[tuple[str, int]]:
    """What a report document's bytes (written compactly) are spent on, largest first.

    Each top-level section; inside the lists of records (decided items,
    suggestions, the merge section's superseded and withheld records), each
    kind and each field summed over the records.
    """
    parts: dict[str, int] = {"(whole document)": _bytes(document)}
    for key, value in document.items():
        parts[key] = _bytes(value)
    records: dict[str, object] = {"decided": document.get("decided"), "suggestions": document.get("suggestions")}
    merge = document.get("merge")
    if isinstance(merge, dict):
        records.update({f"merge.{k}": v for k, v in merge.items() if isinstance(v, list)})
    for name, listed in records.items():
        if not isinstance(listed, list):
            continue
        for record in listed:
            if not isinstance(record, dict):
                continue
            kind = f"{name}[kind={record.get('kind')}]"
            parts[kind] = parts.get(kind, 0) + _bytes(record)
            for field, value in record.items():
                label = f"{name}[].{field}"
                parts[label] = parts.get(label, 0) + _bytes(value)
    ranked = sorted(parts.items(), key=lambda item: -item[1])
    return ranked[: top + len(document) + 1]


def main(full: bool = False, bare: bool = False, scale: bool = False) -> str:
    if scale:
        return table(
            "(k) default report (every core, seed 0), both generators, before and now: wall s, the decided tier's "
            "and generation's s, peak MB (largest process), JSON MB",
            ("graph", "rules", "code", "wall s", "decided s", "generation s", "peak MB", "JSON MB", "faster"),
            measure_scale(full),
        )
    if bare:
        rows, breakdowns = measure_bare(full)
        out = [table(
            "(k) default report (every core) on the bare 600-word graph: wall s, peak MB (largest process), sizes",
            ("code", "rules", "wall s", "peak MB", "HTML MB", "JSON MB", "faster"), rows,
        )]
        for size, parts in breakdowns.items():
            out.append(table(f"JSON document of {size:,} bare rules: bytes per part (compact)", ("part", "MB"),
                             [(name, f"{n / 1e6:.2f}") for name, n in parts]))
        return "\n\n".join(out)
    return _main(full)


def _main(full: bool = False) -> str:
    return table(
        "(k) report on random_graph(n), default budget, decided tier on, 1 process: wall s, peak MB, sizes",
        ("code", "rules", "wall s", "peak MB", "HTML MB", "JSON MB", "faster"),
        measure(full),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv, bare="--bare" in sys.argv, scale="--scale" in sys.argv))
