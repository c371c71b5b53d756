"""hypothesis used as a library: no private API, no environment changed, nothing written into the project.

Hypothesis mixes the literal constants of "local" modules (outside site-packages and the standard
library) into its draws, and nothing public turns that off.  What keeps fuzzroute's draws independent
of them is the shape of its draws (see `fuzzroute.generate.seeded`); the first test proves it on whole
reports, next to a control that shows the constants are really in play.  Hypothesis also caches
Unicode tables and those constants under `.hypothesis/`: the command line keeps that folder out of the
working directory without touching the process environment.
"""

from __future__ import annotations

import json
import os
import string
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from helpers.cli import invoke
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fuzzroute"
#: Bundled examples with regex, keyword and `when` rules (phrases and contexts are both drawn).
GRAPHS = ["examples/support.py", "examples/planted_defects.py", "examples/defaults.py:raising_when"]
VOLATILE_RUN_FIELDS = ("elapsed_seconds", "judged_per_second", "workers", "decide_seconds", "run_id", "phase_seconds")


def constants_module() -> str:
    """A module hypothesis would mine: every printable character, words of requests, integers from 100 on."""
    words = ["order", "refund", "billing", "host", "array", "where", "is", "my", "cancel", "invoice", "track",
             "package", "hello", "thanks", "user", "assistant", "password", "reset", "account", "login"]
    strings = [c for c in string.printable if not c.isspace()] + words + [f"{a} {b}" for a in words for b in words]
    integers = list(range(100, 2000, 7)) + [-n for n in range(100, 2000, 13)] + [2**31, 10**6]
    return f"STRINGS = {strings!r}\nINTEGERS = {integers!r}\nFLOATS = [0.5, 1.25, 3.75, 1e9, -2.5]\n"


DRAW_SCRIPT = r"""
import importlib, json, sys
from pathlib import Path
from click.testing import CliRunner
from hypothesis import strategies as st
from fuzzroute.cli import main
from fuzzroute.generate.seeded import draw_examples

folder, with_constants, graphs = Path(sys.argv[1]), sys.argv[2] == "with", json.loads(sys.argv[3])
if with_constants:
    sys.path.insert(0, str(folder))
    importlib.import_module("routing_helpers")
out = {"control": draw_examples(st.integers(0, 10**7), 200, 1), "reports": {}}
for number, spec in enumerate(graphs):
    target = folder / f"r{number}-{sys.argv[2]}.json"
    result = CliRunner().invoke(main, ["report", spec, "--seed", "0", "--budget", "2000", "--workers", "1", "-q",
                                       "-o", str(folder / "r.html"), "--json", str(target)])
    assert result.exit_code in (0, 1), result.output
    out["reports"][spec] = json.loads(target.read_text("utf-8"))
print(json.dumps(out))
"""


def draws(folder: Path, condition: str) -> dict[str, Any]:
    completed = subprocess.run(
        [sys.executable, "-c", DRAW_SCRIPT, str(folder), condition, json.dumps(GRAPHS)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env={**os.environ, "HYPOTHESIS_STORAGE_DIRECTORY": str(
            folder / "hypothesis-storage")},
    )
    assert completed.returncode == 0, completed.stderr
    result: dict[str, Any] = json.loads(completed.stdout)
    return result


def findings(document: dict[str, Any]) -> dict[str, Any]:
    """The document without the fields that measure time or name the run."""
    document = dict(document, generated_at=None, tool=None)
    document["run"] = {k: v for k, v in document["run"].items() if k not in VOLATILE_RUN_FIELDS}
    if document.get("decision", {}).get("stats"):
        document["decision"]["stats"].pop("elapsed_seconds", None)
    return document


def test_reports_draw_the_same_whichever_local_modules_are_loaded(tmp_path: Path) -> None:
    (tmp_path / "routing_helpers.py").write_text(constants_module(), encoding="utf-8")
    plain, mined = draws(tmp_path, "without"), draws(tmp_path, "with")
    # The control: a draw wide enough for the module's integers does change, so hypothesis did mine them ...
    assert plain["control"] != mined["control"]
    assert set(mined["control"]) - set(plain["control"]) & set(range(100, 2000, 7))
    # ... and yet every report, phrases and contexts alike, is the same.
    for spec in GRAPHS:
        assert findings(mined["reports"][spec]) == findings(plain["reports"][spec]), spec
        assert mined["reports"][spec]["run"]["phrases_generated"] > 100, f"{spec}: too little drawn to compare"


def report_in(cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("HYPOTHESIS_STORAGE_DIRECTORY", "XDG_CACHE_HOME")}
    env["HOME"] = str(cwd.parent / "home")
    (cwd / "graph.py").write_text((ROOT / "examples" / "support.py").read_text("utf-8"), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "fuzzroute", "report", "graph.py", "--budget", "300", "--workers", "1", "-q",
         "-o", "r.html", "--json", "r.json", *extra],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=600,
    )


def test_report_writes_no_hypothesis_folder_into_the_working_directory(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    completed = report_in(project)
    assert completed.returncode == 1, completed.stderr  # support.py holds proven errors on purpose
    assert not (project / ".hypothesis").exists()
    assert sorted(p.name for p in project.iterdir()) == ["graph.py", "r.html", "r.json"]
    # Not vacuous: hypothesis did store its Unicode tables, in the user cache.
    assert list((tmp_path / "home" / ".cache" / "fuzzroute" / "hypothesis").rglob("charmap.json.gz"))


def test_report_with_db_keeps_hypothesis_storage_in_the_db_folder(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    completed = report_in(project, "--db")
    assert completed.returncode == 1, completed.stderr
    assert not (project / ".hypothesis").exists()
    assert list((project / ".fuzzroute" / "hypothesis").rglob("charmap.json.gz"))


def test_a_report_leaves_the_process_environment_as_it_was(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    before = dict(os.environ)
    result = invoke("report", str(ROOT / "examples" / "support.py"), "--budget", "200", "--workers", "1", "-q",
                    "-o", "r.html", "--json", "r.json")
    assert result.exit_code == 1, result.output
    assert dict(os.environ) == before


def test_the_package_uses_no_private_hypothesis_module() -> None:
    offenders = [
        str(path.relative_to(ROOT)) for path in sorted(PACKAGE.rglob("*.py"))
        if "hypothesis.internal" in path.read_text("utf-8") or "_get_local_constants" in path.read_text("utf-8")
    ]
    assert offenders == []


def test_the_pins_say_what_the_tests_assume() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    runtime = [r for r in project["project"]["dependencies"] if Requirement(r).name == "hypothesis"]
    dev = [r for r in project["project"]["optional-dependencies"]["dev"] if Requirement(r).name == "hypothesis"]
    versions = project["tool"]["fuzzroute-dev"]["hypothesis"]
    # At run time only a floor, so installing fuzzroute never downgrades the user's hypothesis ...
    assert [str(Requirement(r).specifier) for r in runtime] == [">=6.100"]
    # ... and the dev extra pins the version the golden documents were drawn with.
    assert [str(Requirement(r).specifier) for r in dev] == [f"=={versions['golden']}"]
    assert Version(versions["newest-tested"]) > Version(versions["golden"])


def test_the_generation_list_names_every_generation_test_file_and_only_existing_ones() -> None:
    # A renamed file must not drop out of CI's newest-hypothesis run unnoticed.
    listed = {line.strip() for line in (ROOT / "tests" / "generation_tests.txt").read_text("utf-8").splitlines()
              if line.strip() and not line.startswith("#")}
    present = {path.name for path in (ROOT / "tests").glob("test_*.py")}
    assert listed - present == set()
    assert {name for name in present if name.startswith("test_generate_")} <= listed
