"""Mutation testing of the policy modules: which small change to a policy does no test notice?

A policy (which finding fails a build, which acceptance is stale, which
near miss is kept, which row comes first) is easy to pin loosely: a test
that compares a whole document notices a change but does not say which rule
broke, and a test that only runs the code notices nothing.  This script
runs cosmic-ray (`pip install -e '.[mutation]'`) over each policy module
with the tests that are about it, and lists the mutants that survived:
each is a change no test caught, to be killed by a focused test or
explained.

It is not part of CI: every mutant is a test run, and all of them take
hours on two cores.  Choose what to afford:

    python scripts/mutation_test.py                              # every module, every mutant
    python scripts/mutation_test.py --module merge --sample 20 --cap 600
    python scripts/mutation_test.py --module mutations --only-in keeps_content

Each module runs in a copy of the work tree (cosmic-ray edits the module
on disk), with its own tests (`MODULES`), each mutant under a time limit
(`--timeout`) and the module under a total one (`--cap`: what is left is
listed as not run).  The session files stay in `--keep` when given, for
`cr-report` and `cr-html`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Each policy module (by a short name) and the tests that are about it: a mutant is killed when one fails.
MODULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "laws": ("fuzzroute/engine/laws.py", ("tests/test_engine_conformance.py", "tests/test_engine_examples.py")),
    "check_examples": ("fuzzroute/engine/check_examples.py",
                       ("tests/test_engine_conformance.py", "tests/test_engine_examples.py")),
    "verdict": ("fuzzroute/decided/verdict.py",
                ("tests/test_check_decides.py", "tests/test_cli_failon.py", "tests/test_policies.py")),
    "overview": ("fuzzroute/report/assembly/overview.py",
                 ("tests/test_policies.py", "tests/test_report_overview.py")),
    "merge": ("fuzzroute/report/assembly/merge.py", ("tests/test_policies.py", "tests/test_report_versions.py")),
    "fail_on_findings": ("fuzzroute/report/assembly/fail_on_findings.py", ("tests/test_cli_failon.py",)),
    "mutations": ("fuzzroute/strategies/mutations.py",
                  ("tests/test_policies.py", "tests/test_generate_strategies.py")),
}


def work_tree_copy(into: Path) -> Path:
    """The tracked files of the work tree as they are now (what cosmic-ray may edit), copied under `into`."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    tree = into / "tree"
    for name in filter(None, listed.decode("utf-8").split("\0")):
        source = ROOT / name
        if source.is_file():
            target = tree / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return tree


def config(tree: Path, module: str, tests: tuple[str, ...], timeout: float) -> str:
    # `python -m pytest` in the copy puts the copy first on the import path: the mutated package is the one tested.
    command = f"{sys.executable} -m pytest -x -q -p no:cacheprovider -p no:randomly {' '.join(tests)}"
    return "\n".join([
        "[cosmic-ray]",
        f"module-path = {json.dumps(str(tree / module))}",
        f"timeout = {timeout}",
        "excluded-modules = []",
        f"test-command = {json.dumps(command)}",
        "",
        "[cosmic-ray.distributor]",
        'name = "local"',
        "",
    ])


def keep_only(session: Path, *, functions: set[str], sample: int | None, seed: int) -> int:
    """Drop the mutants outside `functions` (when given) and all but a seeded sample of the rest; how many stay."""
    with sqlite3.connect(session) as db:
        rows = db.execute("SELECT job_id, definition_name FROM mutation_specs ORDER BY job_id").fetchall()
        kept = [job for job, name in rows if not functions or name in functions]
        if sample is not None and len(kept) > sample:
            kept = sorted(random.Random(seed).sample(kept, sample))
        dropped = [(job,) for job, _name in rows if job not in set(kept)]
        db.executemany("DELETE FROM mutation_specs WHERE job_id = ?", dropped)
        db.executemany("DELETE FROM work_items WHERE job_id = ?", dropped)
    return len(kept)


def outcomes(session: Path) -> tuple[list[dict[str, str]], int]:
    """The surviving mutants (where, what, the diff) and how many were not run."""
    with sqlite3.connect(session) as db:
        rows = db.execute(
            "SELECT s.definition_name, s.operator_name, s.start_pos_row, r.test_outcome, r.diff "
            "FROM mutation_specs s LEFT JOIN work_results r ON r.job_id = s.job_id"
        ).fetchall()
    survivors = [
        {"function": name, "operator": operator, "line": str(line), "diff": diff or ""}
        for name, operator, line, outcome, diff in rows if (outcome or "").lower() == "survived"
    ]
    return survivors, sum(1 for row in rows if row[3] is None)


def run_module(name: str, work: Path, options: argparse.Namespace) -> dict[str, object]:
    module, tests = MODULES[name]
    tree = work_tree_copy(work / name)
    (work / name / "config.toml").write_text(config(tree, module, tests, options.timeout), "utf-8")
    session = work / name / "session.sqlite"
    subprocess.run(["cosmic-ray", "init", str(work / name / "config.toml"), str(session)], cwd=tree, check=True)
    kept = keep_only(session, functions=set(options.only_in), sample=options.sample, seed=options.seed)
    # Past the cap, what ran is in the session; the rest is counted as not run.
    with contextlib.suppress(subprocess.TimeoutExpired):
        subprocess.run(["cosmic-ray", "exec", str(work / name / "config.toml"), str(session)], cwd=tree,
                       timeout=options.cap, check=False, capture_output=True)
    survivors, not_run = outcomes(session)
    return {"module": module, "tests": list(tests), "mutants": kept, "not_run": not_run,
            "killed": kept - not_run - len(survivors), "survived": survivors}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--module", action="append", choices=sorted(MODULES), help="a policy module (repeatable)")
    parser.add_argument("--only-in", action="append", default=[], metavar="FUNCTION",
                        help="only mutants inside this function (repeatable)")
    parser.add_argument("--sample", type=int, help="run a seeded sample of this many mutants per module")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds one mutant's tests may take")
    parser.add_argument("--cap", type=float, default=3600.0, help="seconds one module's mutants may take in all")
    parser.add_argument("--keep", type=Path, help="keep the work trees and sessions in this folder")
    options = parser.parse_args()
    if shutil.which("cosmic-ray") is None:
        parser.error("cosmic-ray is not installed: pip install -e '.[mutation]'")
    with tempfile.TemporaryDirectory(prefix="fuzzroute-mutation-") as scratch:
        work = options.keep or Path(scratch)
        results = [run_module(name, work, options) for name in options.module or sorted(MODULES)]
    for result in results:
        print(f"{result['module']}: {result['mutants']} mutants, {result['killed']} killed, "
              f"{len(result['survived'])} survived, {result['not_run']} not run (tests: {', '.join(result['tests'])})")
        for survivor in result["survived"]:  # type: ignore[attr-defined]
            print(f"  survived: line {survivor['line']} in {survivor['function']}: {survivor['operator']}")
            print("    " + "\n    ".join(survivor["diff"].splitlines()[2:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
