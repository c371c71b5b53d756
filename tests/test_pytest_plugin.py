"""The pytest plugin as a user runs it: `pytest --fuzzroute GRAPH` in a project of their own.

Each run is a fresh `python -m pytest` in a temporary folder (the plugin comes
through the installed `pytest11` entry point, as for a user).  The item count
must equal the declared examples plus never-route rows, the failing items
must be exactly the rows with a proven error, and `-n 2`, `-k`, `--junitxml`
and the ini option must work.  Importing the plugin module alone must not
load the engine.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

from fuzzroute.graphfiles.loader import load_graph

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "docs" / "how-to" / "pytest.md").read_text(encoding="utf-8")


def pytest_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", *args],
        cwd=folder, capture_output=True, text=True, check=False,
    )


def project(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    (folder / "examples").mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "support.py", folder / "examples" / "support.py")
    return folder


def test_the_plugin_is_registered_and_imports_nothing_of_the_engine() -> None:
    names = {e.name: e.value for e in metadata.entry_points(group="pytest11")}
    assert names.get("fuzzroute") == "fuzzroute.integrations.pytest_plugin"
    probe = (
        "import sys, fuzzroute.integrations.pytest_plugin as p; "
        "loaded = sorted(m for m in sys.modules if m.startswith('fuzzroute.') and not m.startswith("
        "'fuzzroute.integrations')); print(loaded); assert p.INI_NAME"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_items_fail_exactly_on_proven_errors_on_two_workers_with_junitxml(tmp_path: Path) -> None:
    folder = project(tmp_path)
    done = pytest_in(folder, "--fuzzroute", "examples/support.py", "-n", "2", "--junitxml", "out.xml", "-v")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "2 workers [11 items]" in done.stdout
    assert "[gw0]" in done.stdout and "[gw1]" in done.stdout
    graph = load_graph(folder / "examples" / "support.py").graph
    rows = sum(len(e.examples or ()) for e in graph.entries) + len(graph.never_route_phrases)
    failed = set(re.findall(r"^FAILED (\S+::\S+::'[^']*')", done.stdout, re.M))
    expected = set()
    for problem in graph.checkup().errors:
        entry = next(e for e in graph.entries if e.id == problem.skill and problem.example in (e.examples or ()))
        expected.add(f"examples/support.py::{entry.id}#{entry.index + 1}::{problem.example!r}")
    assert failed == expected and len(failed) == 3
    assert f"3 failed, {rows - 3} passed" in done.stdout
    assert "FuzzrouteProvenWarning" in done.stdout  # the `when` rule's warnings pass with a warning
    assert "claims: cold walk -> \"order-status\" (rule #1)" in done.stdout  # both laws' claimants
    assert "examples/support.py:18: [error] example-shadowed-by-earlier" in done.stdout  # file:line
    cases = ET.parse(folder / "out.xml").getroot().iter("testcase")
    by_class = [c for c in cases if c.get("classname", "").startswith("examples.support.")]
    assert len(by_class) == rows
    assert sum(1 for c in by_class if c.find("failure") is not None) == 3


def test_k_selects_rows_and_the_ini_option_names_the_graph(tmp_path: Path) -> None:
    folder = project(tmp_path)
    toml = re.findall(r"```toml\n(.*?)```", README, re.DOTALL)
    assert len(toml) == 1
    (folder / "pyproject.toml").write_text(toml[0], encoding="utf-8")
    done = pytest_in(folder, "-q", "-k", "never", "--fuzzroute-explore", "--fuzzroute-budget", "100")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed, 9 deselected" in done.stdout
    assert "fuzzroute: decided and generated findings (never test failures)" in done.stdout
    assert "[decided-overlap] order-status / tracking" in done.stdout


def test_a_graph_that_cannot_load_is_one_failing_item(tmp_path: Path) -> None:
    folder = project(tmp_path)
    (folder / "broken.py").write_text("import fuzzroute\ngraph = fuzzroute.Graph('x').entry('', match=None)\n")
    done = pytest_in(folder, "-q", "--fuzzroute", "broken.py", "--fuzzroute", "examples/support.py")
    assert done.returncode == 1
    assert re.search(r"^FAILED broken.py::load", done.stdout, re.M)
    assert "the graph cannot be loaded: broken.py:2" in done.stdout
    assert "4 failed, 8 passed" in done.stdout  # the load failure, and the other graph still runs
