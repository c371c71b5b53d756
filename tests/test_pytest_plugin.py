"""The pytest plugin as a user runs it: `pytest --fuzzroute GRAPH` in a project of their own.

Each run is a fresh `python -m pytest` in a temporary folder (the plugin comes
through the installed `pytest11` entry point, as for a user).  The item count
must equal the declared examples plus never-route rows, the failing items
must be exactly the rows with a proven error, and `-n 2`, `-k`, `--junitxml`
and the ini option must work.  Importing the plugin module alone must not
load the engine.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzzroute.cli import main
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
    graph = load_graph(folder / "examples" / "support.py").graph
    rows = sum(len(e.examples or ()) for e in graph.entries) + len(graph.never_route_phrases)
    data_rules = sum(1 for e in graph.entries if e.data_matcher is not None)
    assert f"2 workers [{rows + data_rules} items]" in done.stdout  # each data rule also has a decided item
    assert "[gw0]" in done.stdout and "[gw1]" in done.stdout
    failed = set(re.findall(r"^FAILED (\S+::\S+::'[^']*')", done.stdout, re.M))
    expected = set()
    for problem in graph.checkup().errors:
        entry = next(e for e in graph.entries if e.id == problem.skill and problem.example in (e.examples or ()))
        expected.add(f"examples/support.py::{entry.id}#{entry.index + 1}::{problem.example!r}")
    assert failed == expected and len(failed) == 3
    # `order-status` takes "where is my order", tracking's own words: tracking's decided item fails too.
    assert set(re.findall(r"^FAILED (\S+::decided)", done.stdout, re.M)) == {"examples/support.py::tracking::decided"}
    assert f"4 failed, {rows + data_rules - 4} passed" in done.stdout
    assert "FuzzrouteProvenWarning" in done.stdout  # the `when` rule's warnings pass with a warning
    assert "claims: cold walk -> \"order-status\" (rule #1)" in done.stdout  # both laws' claimants
    assert "examples/support.py:18: [error] example-shadowed-by-earlier" in done.stdout  # file:line
    cases = ET.parse(folder / "out.xml").getroot().iter("testcase")
    by_class = [c for c in cases if c.get("classname", "").startswith("examples.support.")]
    assert len(by_class) == rows + data_rules
    assert sum(1 for c in by_class if c.find("failure") is not None) == 4


def test_k_selects_rows_and_the_ini_option_names_the_graph(tmp_path: Path) -> None:
    folder = project(tmp_path)
    toml = re.findall(r"```toml\n(.*?)```", README, re.DOTALL)
    assert len(toml) == 1
    (folder / "pyproject.toml").write_text(toml[0], encoding="utf-8")
    done = pytest_in(folder, "-q", "-k", "never", "--fuzzroute-explore", "--fuzzroute-budget", "100")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed, 14 deselected" in done.stdout  # 9 other declared rows, 5 decided items
    assert "fuzzroute: decided and generated findings (generated ones never fail a test)" in done.stdout
    assert "[decided-overlap] order-status / tracking" in done.stdout


def test_a_graph_that_cannot_load_is_one_failing_item(tmp_path: Path) -> None:
    folder = project(tmp_path)
    (folder / "broken.py").write_text("import fuzzroute\ngraph = fuzzroute.Graph('x').entry('', match=None)\n")
    done = pytest_in(folder, "-q", "--fuzzroute", "broken.py", "--fuzzroute", "examples/support.py")
    assert done.returncode == 1
    assert re.search(r"^FAILED broken.py::load", done.stdout, re.M)
    assert "the graph cannot be loaded: broken.py:2" in done.stdout
    assert "5 failed, 12 passed" in done.stdout  # the load failure, and the other graph still runs


#: Records, in the file $DECIDE_LOG, which process runs the decided tier (xdist worker id or "controller").
COUNTING_CONFTEST = '''
import os
import fuzzroute.decided

_decide = fuzzroute.decided.decide


def _counted(graph, *args, **kwargs):
    with open(os.environ["DECIDE_LOG"], "a", encoding="utf-8") as log:
        log.write(f"{graph.name} {os.environ.get('PYTEST_XDIST_WORKER', 'controller')}\\n")
    return _decide(graph, *args, **kwargs)


fuzzroute.decided.decide = _counted
'''

UNDECIDED_GRAPH = {
    "name": "lookahead",
    "entries": [
        {"id": "refunds", "match": {"keywords": ["refund"]}, "examples": ["i want a refund"]},
        {"id": "orders", "match": {"regex": "\\border(?! status)\\b"}, "examples": ["cancel my order"]},
        {"id": "agent"},
    ],
}


def decided_project(tmp_path: Path) -> Path:
    folder = tmp_path / "project"
    (folder / "examples").mkdir(parents=True)
    for name in ("banking.json", "devops.py"):
        shutil.copy(ROOT / "examples" / name, folder / "examples" / name)
    (folder / "examples" / "lookahead.json").write_text(json.dumps(UNDECIDED_GRAPH, indent=1), encoding="utf-8")
    (folder / "conftest.py").write_text(COUNTING_CONFTEST, encoding="utf-8")
    return folder


def decided_outcomes(junit: Path) -> dict[str, str]:
    """`graph.ext.rule` -> PASSED, FAILED or SKIPPED for every decided item in a --junitxml file."""
    found = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        if case.get("name") == "decided":
            outcome = "FAILED" if case.find("failure") is not None else (
                "SKIPPED" if case.find("skipped") is not None else "PASSED")
            found[str(case.get("classname")).removeprefix("examples.")] = outcome
    return found


def pytest_counting(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    log = folder / "decide.log"
    log.unlink(missing_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", *args],
        cwd=folder, capture_output=True, text=True, check=False,
        # not this run's own xdist variables (when the suite itself runs on workers): the inner run sets its own
        env={**{k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}, "DECIDE_LOG": str(log)},
    )


GRAPHS = ("--fuzzroute", "examples/banking.json", "--fuzzroute", "examples/devops.py",
          "--fuzzroute", "examples/lookahead.json")


def test_decided_items_fail_on_never_wins_and_shared_fixed_words_deciding_once_on_the_controller(
    tmp_path: Path,
) -> None:
    folder = decided_project(tmp_path)
    done = pytest_counting(folder, *GRAPHS, "-n", "2", "--junitxml", "out.xml")
    assert done.returncode == 1, done.stdout + done.stderr
    assert set(re.findall(r"^FAILED (\S+::decided)", done.stdout, re.M)) == {
        "examples/banking.json::lost-card::decided",  # never wins: `cards` takes "lost card"
        "examples/banking.json::credit-line::decided",
        "examples/devops.py::rollback::decided",  # `deploy` takes "roll back deploy", rollback's own words
        "examples/devops.py::scale::decided",  # `incident` takes the `down` of "scale down"
    }
    outcomes = decided_outcomes(folder / "out.xml")
    assert {t for t, o in outcomes.items() if o == "FAILED"} == {
        "banking.json.lost-card", "banking.json.credit-line", "devops.rollback", "devops.scale"
    }
    # wildcard-only shared text (transfer's `.*`) and co-occurrence pass; the lookahead rule is skipped
    assert outcomes["banking.json.transfer"] == "PASSED" and outcomes["banking.json.cards"] == "PASSED"
    assert outcomes["lookahead.json.orders"] == "SKIPPED"
    orders = load_graph(folder / "examples" / "lookahead.json").graph.entries[1]
    assert orders.location is not None
    # the skip points at the rule in the graph file, with the reason
    assert f"SKIPPED [1] examples/lookahead.json:{orders.location.line}: undecided: a negative lookahead" in done.stdout
    assert "examples/banking.json:6: decided-never-wins [lost-card] 'lost card' -> cards" in done.stdout
    # a kind `fuzzroute fix` has an edit for says so, in the line and in what to do (nothing is proved here)
    assert "(never wins; try `fuzzroute fix`)" in done.stdout
    assert re.search(r"`fuzzroute fix \S*banking\.json` proposes an edit of the rule or its order", done.stdout)
    # one decided run per graph, on the controller, for both workers
    runs = sorted((folder / "decide.log").read_text(encoding="utf-8").splitlines())
    assert runs == ["banking controller", "devops controller", "lookahead controller"]
    # without xdist: once per graph in the one process, the same verdicts
    single = pytest_counting(folder, *GRAPHS, "-k", "decided", "--junitxml", "single.xml")
    assert single.returncode == 1 and decided_outcomes(folder / "single.xml") == outcomes
    assert sorted((folder / "decide.log").read_text(encoding="utf-8").splitlines()) == [
        "banking controller", "devops controller", "lookahead controller"
    ]


def test_the_same_items_pass_after_the_fix_or_an_acceptance_and_proven_leaves_them_out(tmp_path: Path) -> None:
    folder = decided_project(tmp_path)
    banking = folder / "examples" / "banking.json"
    graph = json.loads(banking.read_text(encoding="utf-8"))
    entries = graph["entries"]
    graph["entries"] = [entries[0], entries[2], entries[3], entries[1], *entries[4:]]  # lost-card before cards
    banking.write_text(json.dumps(graph), encoding="utf-8")
    devops = folder / "examples" / "devops.py"
    for earlier, later in (("deploy", "rollback"), ("incident", "scale")):
        accepted = CliRunner().invoke(main, ["accept", str(devops), earlier, later, "--reason", f"{earlier} first"])
        assert accepted.exit_code == 0, accepted.output
    done = pytest_counting(folder, *GRAPHS, "-n", "2", "-k", "decided", "--junitxml", "out.xml")
    assert done.returncode == 0, done.stdout + done.stderr
    outcomes = decided_outcomes(folder / "out.xml")
    for fixed in ("banking.json.lost-card", "banking.json.credit-line", "devops.rollback", "devops.scale"):
        assert outcomes[fixed] == "PASSED"  # the same ids that failed before
    assert "accepted: deploy first" in done.stdout  # the accepted item's report section (-rA)
    properties = {
        (p.get("name"), p.get("value")) for p in ET.parse(folder / "out.xml").getroot().iter("property")
    }
    assert ("fuzzroute-accepted", "incident first") in properties
    proven = pytest_counting(folder, *GRAPHS, "--fuzzroute-fail-on", "proven", "--junitxml", "proven.xml")
    assert proven.returncode == 0, proven.stdout
    assert decided_outcomes(folder / "proven.xml") == {} and not (folder / "decide.log").exists()


class FakeConfig:
    """What `graph_specs` and `fail_on` read of a pytest config: options, ini values, where pytest runs."""

    def __init__(self, folder: Path, options: dict[str, object], ini: dict[str, object]) -> None:
        self.options, self.ini = options, ini
        self.inipath = folder / "pytest.ini" if ini else None
        self.rootpath = folder
        self.invocation_params = type("Params", (), {"dir": folder})()

    def getoption(self, name: str, default: object = None) -> object:
        return self.options.get(name, default)

    def getini(self, name: str) -> object:
        return self.ini.get(name, [] if name == "fuzzroute_graphs" else "")


def test_the_table_s_graphs_come_only_with_a_bare_fuzzroute_and_the_ini_key_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fuzzroute.integrations.pytest_plugin import fail_on, graph_specs

    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.fuzzroute]\ngraphs = ["table.json"]\n[tool.fuzzroute.check]\nfail-on = "proven"\n', encoding="utf-8")

    def specs(options: dict[str, object], ini: dict[str, object]) -> list[str]:
        return graph_specs(FakeConfig(tmp_path, options, ini))  # type: ignore[arg-type]

    assert specs({}, {}) == []  # the table alone never turns the plugin on
    assert specs({"fuzzroute_graphs": [""]}, {}) == ["table.json"]  # a bare --fuzzroute: the table's graphs
    assert specs({"fuzzroute_graphs": ["mine.py"]}, {}) == ["mine.py"]
    assert specs({"fuzzroute_graphs": [""]}, {"fuzzroute_graphs": ["ini.json"]}) == ["ini.json"]  # ini wins
    assert specs({}, {"fuzzroute_graphs": ["ini.json"]}) == ["ini.json"]
    with pytest.raises(pytest.UsageError, match="folder"):
        specs({"fuzzroute_graphs": [str(tmp_path)]}, {})
    policy = FakeConfig(tmp_path, {}, {})
    assert fail_on(policy) == "proven"  # type: ignore[arg-type]  # [tool.fuzzroute.check] fail-on
    assert fail_on(FakeConfig(tmp_path, {}, {"fuzzroute_fail_on": "decided"})) == "decided"  # type: ignore[arg-type]
    assert fail_on(FakeConfig(tmp_path, {"fuzzroute_fail_on": "decided"}, {})) == "decided"  # type: ignore[arg-type]
    (tmp_path / "pyproject.toml").write_text('[tool.fuzzroute]\nfail-on = "never"\n', encoding="utf-8")
    with pytest.raises(pytest.UsageError, match=r"pyproject.toml \[tool.fuzzroute\] fail-on"):
        fail_on(FakeConfig(tmp_path, {}, {}))  # type: ignore[arg-type]
    (tmp_path / "pyproject.toml").write_text("[tool.fuzzroute]\n", encoding="utf-8")
    with pytest.raises(pytest.UsageError, match="neither lists any"):
        specs({"fuzzroute_graphs": [""]}, {})


def test_a_bare_fuzzroute_runs_the_table_s_graphs_under_its_policy(tmp_path: Path) -> None:
    folder = project(tmp_path)
    (folder / "pyproject.toml").write_text(
        '[tool.fuzzroute]\ngraphs = ["examples/support.py"]\nfail-on = "proven"\n', encoding="utf-8")
    done = pytest_in(folder, "-q", "--fuzzroute")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "3 failed, 8 passed" in done.stdout and "::decided" not in done.stdout  # proven: no decided items


class RecordingParser:
    """Records what `pytest_addoption` declares: each option's names, default and choices; each ini key's default."""

    def __init__(self) -> None:
        self.options: dict[str, dict[str, object]] = {}
        self.ini: dict[str, object] = {}

    def getgroup(self, *_args: object) -> RecordingParser:
        return self

    def addoption(self, *names: str, **spec: object) -> None:
        self.options[names[0]] = spec

    def addini(self, name: str, _help: str, **spec: object) -> None:
        self.ini[name] = spec.get("default")


def test_the_how_to_lists_every_option_and_ini_key_with_its_real_default() -> None:
    from fuzzroute.integrations.pytest_plugin import pytest_addoption

    parser = RecordingParser()
    pytest_addoption(parser)  # type: ignore[arg-type]
    rows = re.findall(r"^\| `(--[a-z-]+)[^`]*` \| (`[a-z_]+`)? \| ([^|]+) \|", README, flags=re.MULTILINE)
    assert {option for option, _ini, _default in rows} == set(parser.options)
    assert {ini.strip("`") for _option, ini, _default in rows if ini} == set(parser.ini)
    shown = {option: default.strip() for option, _ini, default in rows}
    assert shown["--fuzzroute-budget"] == f"`{parser.options['--fuzzroute-budget']['default']}`"
    assert shown["--fuzzroute-explore"] == "off" and parser.options["--fuzzroute-explore"]["default"] is False
    assert shown["--fuzzroute"].startswith("none") and parser.options["--fuzzroute"]["default"] == []
    choices = parser.options["--fuzzroute-fail-on"]["choices"]
    assert isinstance(choices, tuple) and f"--fuzzroute-fail-on {{{','.join(choices)}}}" in README
    assert shown["--fuzzroute-fail-on"] == "`decided`" and "never test failures" not in README
