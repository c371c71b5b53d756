"""One run, one generation: the run id every file of a run carries, and the check that they agree.

A run writes up to four files (HTML, JSON, SARIF, the `--db` ledger).  They
are renamed into place one after another, so a run killed between two
renames leaves files of two runs side by side.  Each file therefore carries
the run's id (a random UUID, volatile like the timing fields): the JSON in
`run.run_id`, the HTML in `<meta name="fuzzroute-run-id">`, the SARIF log in
`runs[0].automationDetails.guid`, the ledger in `run_id`.  `run_id_of` reads
it back from any of them and `check_one_generation` refuses files that do
not come from one run.  The ledger is always renamed last, so the memory a
next run reads is never newer than the reports beside it, and it lists the
files written with it: the next `--db` run reads their run ids back and says
when one is of a later, unfinished run (`ledger.unfinished_outputs`).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fuzzroute.engine.errors import InputError

HTML_META = "fuzzroute-run-id"
_META = re.compile(r'<meta name="' + HTML_META + r'" content="([0-9a-f-]{36})">')


def new_run_id() -> str:
    """A fresh run id: a random UUID (also a valid SARIF `guid`)."""
    return str(uuid.uuid4())


def _from_json(data: Any) -> str | None:
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("run_id"), str):  # a --db ledger
        return str(data["run_id"])
    run = data.get("run")
    if isinstance(run, dict) and isinstance(run.get("run_id"), str):  # a --json report
        return str(run["run_id"])
    runs = data.get("runs")
    if isinstance(runs, list) and runs and isinstance(runs[0], dict):  # a SARIF log
        details = runs[0].get("automationDetails")
        if isinstance(details, dict) and isinstance(details.get("guid"), str):
            return str(details["guid"])
    return None


def run_id_of(path: str | Path) -> str | None:
    """The run id recorded in a file fuzzroute wrote (HTML, JSON report, SARIF or ledger), else None."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = _META.search(text[:4096])
    if found is not None:
        return found.group(1)
    try:
        return _from_json(json.loads(text))
    except (ValueError, RecursionError):
        return None


def check_one_generation(paths: Sequence[str | Path]) -> str:
    """The run id shared by every file in `paths`; files of different runs are bad input."""
    ids = {str(path): run_id_of(path) for path in paths}
    distinct = set(ids.values())
    if len(distinct) == 1 and None not in distinct:
        return distinct.pop()  # type: ignore[return-value]
    listing = "; ".join(f"{path}: {found or 'no run id'}" for path, found in ids.items())
    raise InputError(
        f"these files are not the outputs of one run ({listing}). A run was probably stopped between "
        "writing them; run it again to write a complete set."
    )
