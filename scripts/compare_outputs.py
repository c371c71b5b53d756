"""Compare every output of two versions of fuzzroute on the bundled and real graphs, byte for byte.

A refactor that must not change what users see is checked here: the
version at a git revision (`--base`, exported with `git archive`) and the
working tree each run the same commands on every graph of `examples/` and
`tests/data/real*` in one process of their own (click's test runner, the
graph paths as the repository names them), and every output is compared:

- `fuzzroute check`: the terminal text (quiet, default and `-v`), `--format
  json`, `--sarif` and `--junit` (with `--fail-on decided`), exit codes and
  standard error;
- `fuzzroute report` (a small phrase budget, one worker): the JSON document,
  SARIF, JUnit, HTML and the terminal text;
- the pytest plugin on the bundled graphs: `--collect-only -q` (the item ids)
  and a run's outcome per item.

What differs between two runs of the same version (times, run ids, the
timestamp, timed ReDoS evidence) is blanked in both before comparing.
Not run in CI (it takes minutes); a contributor runs it before merging a
change that must leave every output as it was:

    python scripts/compare_outputs.py --base main
    python scripts/compare_outputs.py --base main --only 'examples/*' --report-budget 200
    python scripts/compare_outputs.py --base main --head HEAD --keep /tmp/outputs   # a commit, not the tree

It exits 1 and lists the differing outputs when any differs.
"""

from __future__ import annotations

import argparse
import difflib
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: Keys of the JSON outputs whose values are times, run ids or timestamps: they differ between any two runs.
VOLATILE_KEYS = frozenset({
    "generated_at", "elapsed_seconds", "run_id", "phase_seconds", "judged_per_second", "generation_seconds",
    "decide_seconds", "seconds", "guid", "timestamp",
})
VOLATILE_TEXT = [
    (re.compile(r"\b\d+(?:\.\d+)?\s?(?:s|ms|seconds)\b"), "<time>"),
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z?"), "<timestamp>"),
    (re.compile(r"\b\d+(?:\.\d+)? phrases/s\b"), "<rate>"),
    (re.compile(r"in \d+\.\d+s"), "in <time>"),
    (re.compile(r"\b[\d,]+ phrases judged per second"), "<rate>"),
    (re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC"), "<date>"),
]


def graphs() -> list[str]:
    """Every graph file of the bundled examples and the real-graph corpus, as the repository names it."""
    found: list[str] = []
    for folder in ("examples", "examples/mounts", "tests/data/real", "tests/data/real_ts"):
        for path in sorted((ROOT / folder).glob("*")):
            if path.suffix in {".py", ".json", ".ts"} and not path.name.endswith(".accepted.json"):
                found.append(path.relative_to(ROOT).as_posix())
    return found


def _blank(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: ("<volatile>" if k in VOLATILE_KEYS else _blank(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_blank(v) for v in value]
    return value


def normalised(name: str, text: str) -> str:
    """An output with what differs between any two runs blanked (JSON keys; times and ids in text)."""
    if name.endswith((".json", ".sarif")):
        try:
            data = json.loads(text)
        except ValueError:
            pass
        else:
            return json.dumps(_blank(data), indent=1, ensure_ascii=False, sort_keys=False)
    for pattern, replacement in VOLATILE_TEXT:
        text = pattern.sub(replacement, text)
    return text


# -- one version's outputs (run with that version first on the import path) --------------------------------------

def drive(out: Path, selected: list[str], budget: int) -> None:
    """Write every output of the imported fuzzroute for each graph into `out` (one file per output)."""
    from click.testing import CliRunner

    import fuzzroute
    from fuzzroute.cli import main

    out.mkdir(parents=True, exist_ok=True)
    (out / "_version.txt").write_text(str(Path(fuzzroute.__file__).resolve().parent.parent), "utf-8")
    runner = CliRunner()
    for number, spec in enumerate(selected):
        here = out / f"{number:03d}"
        here.mkdir(exist_ok=True)
        (here / "graph.txt").write_text(spec, "utf-8")
        runs: dict[str, list[str]] = {
            "check-text": ["check", spec],
            "check-quiet": ["check", "-q", spec],
            "check-verbose": ["check", "-v", spec],
            "check-json": ["check", "--format", "json", spec],
            "check-nodecide": ["check", "--no-decide", "--format", "json", spec],
            "check-files": ["check", "--fail-on", "decided", "--sarif", str(here / "check.sarif"),
                            "--junit", str(here / "check.junit.xml"), spec],
            "check-files-proven": ["check", "--sarif", str(here / "check-proven.sarif"),
                                   "--junit", str(here / "check-proven.junit.xml"), spec],
        }
        if budget > 0:
            runs["report"] = [
                "report", spec, "-o", str(here / "report.html"), "--json", str(here / "report.json"),
                "--sarif", str(here / "report.sarif"), "--junit", str(here / "report.junit.xml"),
                "--budget", str(budget), "--workers", "1",
            ]
        for name, args in runs.items():
            result = runner.invoke(main, args)
            stdout = result.stdout.replace(str(here), "<out>")
            stderr = result.stderr.replace(str(here), "<out>")
            (here / f"{name}.out").write_text(f"exit {result.exit_code}\n{stdout}\n--- stderr\n{stderr}", "utf-8")
        print(f"{number + 1}/{len(selected)} {spec}", file=sys.stderr, flush=True)
    where = subprocess.run([sys.executable, "-P", "-c", "import fuzzroute; print(fuzzroute.__file__)"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.strip()
    if Path(where).resolve().parent != Path(fuzzroute.__file__).resolve().parent:
        raise SystemExit(f"pytest would import fuzzroute from {where}, not from {fuzzroute.__file__}")
    bundled = [spec for spec in selected if spec.startswith("examples/")]
    empty = out / "_empty"  # the only test path given: pytest collects nothing from it but the plugin's items
    empty.mkdir(exist_ok=True)
    for number, spec in enumerate(bundled):
        for name, extra in (("collect", ["--collect-only", "-q"]), ("run", ["-q", "-rA", "--tb=line"])):
            done = subprocess.run(
                # -P: the working directory is not put first on the import path, so the version on PYTHONPATH runs.
                [sys.executable, "-P", "-m", "pytest", "-p", "no:cacheprovider", "-c", os.devnull,
                 "--rootdir", str(ROOT), "--fuzzroute", spec, *extra, str(empty)],
                capture_output=True, text=True, cwd=ROOT, check=False,
            )
            lines = [line for line in done.stdout.splitlines() if not re.search(r"\bin \d+\.\d+s\b", line)]
            (out / f"pytest-{number:03d}-{name}.out").write_text(
                f"{spec}\nexit {done.returncode}\n" + "\n".join(lines), "utf-8",
            )


# -- comparing ------------------------------------------------------------------------------------------------

def exported(revision: str, into: Path) -> Path:
    """The tree of `revision` (git archive), unpacked under `into`."""
    archive = into / "base.tar"
    with archive.open("wb") as handle:
        subprocess.run(["git", "archive", "--format=tar", revision], cwd=ROOT, stdout=handle, check=True)
    tree = into / "base"
    tree.mkdir()
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    return tree


def run_version(tree: Path, out: Path, selected: list[str], budget: int) -> None:
    if out.exists():
        shutil.rmtree(out)
    env = {**os.environ, "PYTHONPATH": str(tree) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    arguments = [sys.executable, str(Path(__file__).resolve()), "--drive", str(out), "--report-budget", str(budget)]
    subprocess.run([*arguments, "--", *selected], cwd=ROOT, env=env, check=True)
    used = (out / "_version.txt").read_text("utf-8")
    if Path(used) != tree.resolve():
        raise SystemExit(f"{out}: fuzzroute was imported from {used}, not from {tree}")


def files(folder: Path) -> Iterator[Path]:
    yield from sorted(p for p in folder.rglob("*") if p.is_file() and p.name not in {"_version.txt", "_done.txt"})


def outputs_of(folder: Path) -> int:
    return sum(1 for _ in files(folder))


def compare(old: Path, new: Path) -> list[str]:
    """The outputs that differ (with the first lines of each difference)."""
    differences = []
    old_files = {p.relative_to(old) for p in files(old)}
    new_files = {p.relative_to(new) for p in files(new)}
    for missing in sorted(old_files ^ new_files):
        differences.append(f"{missing}: written by only one version")
    for name in sorted(old_files & new_files):
        a = normalised(name.name, (old / name).read_text("utf-8", errors="replace"))
        b = normalised(name.name, (new / name).read_text("utf-8", errors="replace"))
        if a != b:
            graph_file = old / name.parts[0] / "graph.txt"
            graph = graph_file.read_text("utf-8") if graph_file.exists() else ""
            diff = list(difflib.unified_diff(a.splitlines(), b.splitlines(), "old", "new", lineterm="", n=1))
            differences.append(f"{name} ({graph}):\n" + "\n".join(diff[:30]))
    return differences


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="main", help="the git revision to compare with (default: main)")
    parser.add_argument("--head", help="the git revision to compare (default: the working tree as it is)")
    parser.add_argument("--only", action="append", default=[], help="compare only graphs matching this glob")
    parser.add_argument("--report-budget", type=int, default=100, help="phrases per `report` (0: no report)")
    parser.add_argument("--keep", type=Path,
                        help="keep both versions' outputs in this folder (a kept run of the same base is reused)")
    parser.add_argument("--drive", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("graphs", nargs="*", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.drive is not None:
        drive(options.drive, options.graphs, options.report_budget)
        return 0
    selected = [g for g in graphs() if not options.only or any(fnmatch.fnmatch(g, p) for p in options.only)]
    with tempfile.TemporaryDirectory(prefix="fuzzroute-compare-") as scratch:
        work = options.keep or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        done = work / "old" / "_done.txt"
        wanted = json.dumps([options.base, options.report_budget, selected])
        if not (done.exists() and done.read_text("utf-8") == wanted):  # a kept run of the base is reused
            tree = exported(options.base, Path(tempfile.mkdtemp(dir=scratch)))
            run_version(tree, work / "old", selected, options.report_budget)
            done.write_text(wanted, "utf-8")
        head = ROOT if options.head is None else exported(options.head, Path(tempfile.mkdtemp(dir=scratch)))
        run_version(head, work / "new", selected, options.report_budget)
        differences = compare(work / "old", work / "new")
        outputs = outputs_of(work / "new")
    for difference in differences:
        print(difference)
    print(f"{len(selected)} graphs compared with {options.base} ({outputs} outputs): {len(differences)} differ")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
