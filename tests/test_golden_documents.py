"""The report documents of the bundled examples, byte for byte, against the ones kept in `tests/data/golden/`.

Each golden file is the JSON document `fuzzroute report GRAPH --seed 0
--budget 2000 --workers 1 --json` wrote, with the fields that measure time
or name the machine masked (`generated_at`, tool versions, timings).  A
change that moves any finding, count, order or message shows up here as a
diff of the document; when the change is intended, regenerate the files with
`python tests/test_golden_documents.py` and review the diff in the commit.

The generators draw from hypothesis, exrex and lemminflect, so their exact
versions are pinned in the `dev` extra: another version may draw other
phrases and fail this test without any change to fuzzroute.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers.examples import assert_exit_agrees, default_exit_code

from fuzzroute.cli import main

pytestmark = pytest.mark.golden_draws

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GOLDEN = HERE / "data" / "golden"
GRAPHS = [
    "examples/authoring.py", "examples/keyword_boundaries.json", "examples/nightly_shop.json",
    "examples/planted_defects.py", "examples/support.py", "examples/mounts/classifier.json",
    "examples/mounts/read.json", "examples/mounts/rules.json", "examples/mounts/scorer.json",
    "examples/defaults.py:default_first", "examples/defaults.py:default_last", "examples/defaults.py:raising_when",
]
#: Run fields that measure time, not findings.
TIMING = ("elapsed_seconds", "judged_per_second", "workers", "decide_seconds", "run_id", "phase_seconds")


def golden_name(spec: str) -> str:
    return spec.removeprefix("examples/").replace("/", "_").replace(":", "_") + ".report.json"


def masked(document: dict[str, Any]) -> dict[str, Any]:
    """The document without what differs between two runs of one seed and budget."""
    document = json.loads(json.dumps(document))
    document["generated_at"] = "(masked)"
    document["tool"]["versions"] = "(masked)"
    for field in TIMING:
        if field in document["run"]:
            document["run"][field] = "(masked)"
    if document.get("decision", {}).get("stats"):
        document["decision"]["stats"].pop("elapsed_seconds", None)
    return document


def report(spec: str, folder: Path) -> dict[str, Any]:
    out = folder / "r.json"
    result = CliRunner().invoke(main, [
        "report", spec, "--seed", "0", "--budget", "2000", "--workers", "1", "-q",
        "-o", str(folder / "r.html"), "--json", str(out),
    ])
    assert result.exit_code == default_exit_code(spec), result.output
    document: dict[str, Any] = json.loads(out.read_text("utf-8"))
    assert_exit_agrees(result.exit_code, document)
    return document


@pytest.mark.parametrize("spec", GRAPHS)
def test_the_report_document_equals_the_golden_one(spec: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    expected = json.loads((GOLDEN / golden_name(spec)).read_text("utf-8"))
    assert masked(report(spec, tmp_path)) == expected


def regenerate() -> None:  # pragma: no cover - a maintenance command, run by hand
    import os
    import tempfile

    os.chdir(ROOT)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for spec in GRAPHS:
        with tempfile.TemporaryDirectory() as folder:
            text = json.dumps(masked(report(spec, Path(folder))), ensure_ascii=False, indent=2) + "\n"
        (GOLDEN / golden_name(spec)).write_text(text, encoding="utf-8")
        print("wrote", GOLDEN / golden_name(spec))


if __name__ == "__main__":  # pragma: no cover
    sys.path.insert(0, str(HERE))
    regenerate()
