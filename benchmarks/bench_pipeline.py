"""(d) The whole `report` pipeline: judged phrases per second, against the code before this work.

Runs `fuzzroute report examples/support.py --budget <T>` as a user would, in
subprocesses, and reads `run.phrases_judged / run.elapsed_seconds` from the
JSON report.  The baseline is the same command on fuzzroute as of commit
`BASELINE_COMMIT` (extracted with `git archive` into a temporary folder),
run alternately with the current code so both see the same machine.
Then the current code on 1, 2 and 4 worker processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from common import extract_commit, table

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "5eea5b2"
#: Judged phrases per second measured at BASELINE_COMMIT before this work (20 s budget,
#: one process, this machine), printed when the baseline cannot be extracted (a shallow clone).
RECORDED_BASELINE = 3163


def _extract_baseline(target: Path) -> Path | None:
    if extract_commit(BASELINE_COMMIT, target) is None:
        return None
    link = target / "fuzzroute" / "strategies"
    if not link.exists():  # installed as fuzzroute.strategies; from a source tree it needs the link
        link.symlink_to(target / "strategies", target_is_directory=True)
    return target


def judged_per_second(budget: str, *, code: Path | None = None, workers: int | None = None) -> tuple[float, int]:
    """(judged per second, judged) of one `report` run; `code` is another source tree to run."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "r.json"
        # The baseline tree is entered through its own command group: `-m fuzzroute` could take a
        # `__main__` of the installed tree (the baseline had none), which the baseline cannot run.
        entry = ["-c", "from fuzzroute.cli import main; main()"] if code is not None else ["-m", "fuzzroute"]
        command = [sys.executable, *entry, "report", str(ROOT / "examples" / "support.py"),
                   "--budget", budget, "-o", str(Path(scratch) / "r.html"), "--json", str(out)]
        if workers is not None:
            command += ["--workers", str(workers)]
        env = dict(os.environ)
        if code is not None:
            env["PYTHONPATH"] = str(code)
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=scratch, check=False)
        if not out.is_file():
            raise RuntimeError(f"the report run wrote no JSON (exit {done.returncode}): {done.stderr[-2000:]}")
        run = json.loads(out.read_text())["run"]
    return run["phrases_judged"] / run["elapsed_seconds"], run["phrases_judged"]


def measure(full: bool = False) -> list[tuple[object, ...]]:
    budget = "20s" if full else "4s"
    rows: list[tuple[object, ...]] = []
    with tempfile.TemporaryDirectory() as scratch:
        baseline_code = _extract_baseline(Path(scratch) / "baseline")
        if baseline_code is not None:
            before, judged_before = judged_per_second(budget, code=baseline_code)
            label = f"before (commit {BASELINE_COMMIT}, 1 process)"
        else:
            before, judged_before = float(RECORDED_BASELINE), 0
            label = f"before (recorded at {BASELINE_COMMIT}: no git history here)"
        rows.append((label, budget, f"{judged_before:,}", f"{before:,.0f}", "1.0x"))
        for workers in (1, 2, 4):
            rate, judged = judged_per_second(budget, workers=workers)
            rows.append((f"now, --workers {workers}", budget, f"{judged:,}", f"{rate:,.0f}", f"{rate / before:.1f}x"))
    return rows


def main(full: bool = False) -> str:
    cores = os.cpu_count()
    return table(
        f"(d) report examples/support.py: judged phrases per second ({cores} cores)",
        ("code", "budget", "judged", "judged/s", "vs before"),
        measure(full),
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
