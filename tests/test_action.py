"""The composite GitHub Action (`action.yml`): its shell steps run here, on a real git history.

`action_runner` runs each `run:` step with bash as the runner does and
evaluates the `if:` and `with:` of the standard actions it calls (setup-python,
upload-sarif, github-script, upload-artifact), which need GitHub and are not
run.  The install step's `pip` is replaced by a stub that records its
arguments (no package index in tests); `fuzzroute` itself is the one under
test.  A pull request from `examples/support.py` to `examples/support_v2.py`
must write the report files, a Markdown diff with the comment marker, and
fail the job because the head version has a new proven error.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.action_runner import by_name, evaluate, load_action, run_action

from fuzzroute.diff import MARKER

ROOT = Path(__file__).resolve().parent.parent
ACTION = ROOT / "action.yml"
EXAMPLES = ROOT / "examples"


def git(workdir: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=test", "-c", "user.email=test@example.com", *args],
        cwd=workdir, capture_output=True, text=True, check=True,
    )
    return done.stdout.strip()


@pytest.fixture()
def repository(tmp_path: Path) -> tuple[Path, str]:
    """A repository whose base commit has support.py and whose head has support_v2.py in its place."""
    work = tmp_path / "repo"
    (work / "examples").mkdir(parents=True)
    git(work, "init", "-q")
    shutil.copy(EXAMPLES / "support.py", work / "examples" / "support.py")
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "base")
    base = git(work, "rev-parse", "HEAD")
    shutil.copy(EXAMPLES / "support_v2.py", work / "examples" / "support.py")
    git(work, "commit", "-q", "-am", "head")
    return work, base


@pytest.fixture()
def stub_env(tmp_path: Path) -> dict[str, str]:
    """PATH with a `pip` that records its arguments, then this interpreter's scripts (fuzzroute)."""
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    pip = stubs / "pip"
    pip.write_text('#!/bin/sh\nprintf "%s\\n" "$*" >> "$PIP_LOG"\n')
    pip.chmod(0o755)
    path = os.pathsep.join([str(stubs), str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return {"PATH": path, "PIP_LOG": str(tmp_path / "pip.log"), "HYPOTHESIS_STORAGE_DIRECTORY": str(tmp_path / "h")}


def test_a_pull_request_gets_the_report_the_diff_and_a_failing_status(
    repository: tuple[Path, str], stub_env: dict[str, str], tmp_path: Path
) -> None:
    work, base = repository
    runs = run_action(
        ACTION, inputs={"graph": "examples/support.py", "budget": "200"}, workdir=work,
        event_name="pull_request", event={"pull_request": {"number": 7, "base": {"sha": base}}}, env=stub_env,
    )
    # Installed from the action's checkout, with V8 for TypeScript and JavaScript `when` predicates.
    assert Path(stub_env["PIP_LOG"]).read_text().split()[-1] == f"{ROOT}[js]"
    install = by_name(runs, "Install")
    assert install.status == 0 and "fuzzroute, version" in install.stdout
    report = by_name(runs, "fuzzroute report")
    assert report.outputs["status"] == "1", report.stderr  # support.py has proven errors on purpose
    out = work / "fuzzroute-reports"
    for name in ("report.html", "report.json", "report.sarif", "report.junit.xml"):
        assert (out / name).is_file(), name
    diff = by_name(runs, "fuzzroute diff")
    assert diff.ran and diff.status == 0, diff.stderr
    assert diff.outputs["status"] == "1"  # the head version shadows order-status's own example: a new proven error
    markdown = (out / "diff.md").read_text(encoding="utf-8")
    assert markdown.startswith(MARKER) and "`order-status` #1 → #2" in markdown and "`tracking` #2 → #1" in markdown
    moves = json.loads((out / "diff.json").read_text(encoding="utf-8"))["moves"]
    assert {(m["from"] and m["from"]["id"], m["to"] and m["to"]["id"]) for m in moves} >= {("order-status", "tracking")}
    # The standard actions would be called with the files the shell steps wrote.
    sarif = by_name(runs, "report's SARIF")
    assert sarif.ran and sarif.with_["category"] == "fuzzroute" and (work / sarif.with_["sarif_file"]).is_file()
    diff_sarif = by_name(runs, "diff's SARIF")
    assert diff_sarif.ran and diff_sarif.with_["category"] == "fuzzroute-diff"
    assert (work / diff_sarif.with_["sarif_file"]).is_file()
    comment = by_name(runs, "comment")
    assert comment.ran and "updateComment" in comment.with_["script"] and MARKER in comment.with_["script"]
    artifact = by_name(runs, "Upload the HTML")
    assert artifact.ran and artifact.with_["path"] == "fuzzroute-reports"
    final = by_name(runs, "exit status")
    assert final.ran and final.status == 1 and "report exited 1" in final.stdout


def test_on_a_push_there_is_no_diff_and_no_comment(
    repository: tuple[Path, str], stub_env: dict[str, str]
) -> None:
    work, _base = repository
    shutil.copy(EXAMPLES / "support_v2.py", work / "examples" / "support.py")
    runs = run_action(
        ACTION, inputs={"graph": "examples/support.py", "budget": "100", "fail-on": "never"}, workdir=work,
        event_name="push", env=stub_env,
    )
    assert by_name(runs, "fuzzroute report").outputs["status"] == "0"
    assert not by_name(runs, "fuzzroute diff").ran
    assert not by_name(runs, "comment").ran and not by_name(runs, "diff's SARIF").ran
    assert by_name(runs, "report's SARIF").ran and by_name(runs, "Upload the HTML").ran
    assert by_name(runs, "exit status").status == 0


def test_a_graph_new_in_the_pull_request_gets_a_comment_saying_so(tmp_path: Path, stub_env: dict[str, str]) -> None:
    work = tmp_path / "repo"
    (work / "examples").mkdir(parents=True)
    git(work, "init", "-q")
    (work / "README").write_text("base\n")
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "base")
    base = git(work, "rev-parse", "HEAD")
    shutil.copy(EXAMPLES / "support_v2.py", work / "examples" / "graph.py")
    runs = run_action(
        ACTION, inputs={"graph": "examples/graph.py:graph", "budget": "50", "fail-on": "never"}, workdir=work,
        event_name="pull_request", event={"pull_request": {"number": 1, "base": {"sha": base}}}, env=stub_env,
    )
    diff = by_name(runs, "fuzzroute diff")
    assert diff.status == 0 and diff.outputs["status"] == "0", diff.stderr
    markdown = (work / "fuzzroute-reports" / "diff.md").read_text(encoding="utf-8")
    assert markdown.startswith(MARKER) and "`examples/graph.py` is new in this pull request" in markdown
    assert by_name(runs, "exit status").status == 0


def test_by_default_the_job_fails_on_a_rule_that_never_wins_until_it_is_fixed_or_accepted(
    tmp_path: Path, stub_env: dict[str, str]
) -> None:
    """banking.json has no proven error, but `lost-card` never wins after `cards`: the Action fails on it."""
    work = tmp_path / "repo"
    (work / "examples").mkdir(parents=True)
    git(work, "init", "-q")
    graph = json.loads((EXAMPLES / "banking.json").read_text(encoding="utf-8"))
    target = work / "examples" / "banking.json"

    def status_with(document: dict[str, object], **inputs: str) -> str:
        target.write_text(json.dumps(document, indent=1), encoding="utf-8")
        runs = run_action(
            ACTION, inputs={"graph": "examples/banking.json", "budget": "50", **inputs}, workdir=work,
            event_name="push", env=stub_env,
        )
        report = by_name(runs, "fuzzroute report")
        assert by_name(runs, "exit status").status == int(report.outputs["status"])
        return str(report.outputs["status"])

    assert status_with(graph) == "1"
    summary = json.loads((work / "fuzzroute-reports" / "report.json").read_text(encoding="utf-8"))["summary"]
    assert summary["proven_errors"] == 0 and summary["fail_on"] == "decided"
    assert summary["decided_by_kind"]["decided-never-wins"] == 2
    assert status_with(graph, **{"fail-on": "proven"}) == "0"  # the old default: blind to it
    entries = graph["entries"]
    assert isinstance(entries, list)
    fixed = {**graph, "entries": [entries[0], entries[2], entries[3], entries[1], *entries[4:]]}
    assert status_with(fixed) == "0"  # lost-card and credit-line now come before cards
    accepted = {**graph, "accepted": [
        {"earlier": "cards", "later": later, "reason": "cards answers every card question"}
        for later in ("lost-card", "credit-line")
    ]}
    assert status_with(accepted) == "0"


def test_without_a_graph_input_it_reports_on_the_graphs_of_the_pyproject_table(
    tmp_path: Path, stub_env: dict[str, str]
) -> None:
    """An empty `graph` uses [tool.fuzzroute] graphs (one report each); empty budget and fail-on use the table's."""
    work = tmp_path / "repo"
    (work / "graphs").mkdir(parents=True)
    git(work, "init", "-q")
    shutil.copy(EXAMPLES / "banking.json", work / "graphs" / "banking.json")  # decided findings, no proven error
    shutil.copy(ROOT / "fuzzroute" / "examples" / "support.json", work / "graphs" / "support.json")  # proven errors
    (work / "pyproject.toml").write_text(
        '[tool.fuzzroute]\ngraphs = ["graphs/banking.json", "graphs/support.json"]\nbudget = 20\nworkers = 1\n'
        'fail-on = "proven"\n', encoding="utf-8")
    runs = run_action(ACTION, inputs={}, workdir=work, event_name="pull_request",
                      event={"pull_request": {"number": 3, "base": {"sha": "0" * 40}}}, env=stub_env)
    report = by_name(runs, "fuzzroute report")
    assert report.outputs["status"] == "1", report.stderr  # support's proven errors
    out = work / "fuzzroute-reports"
    statuses = {}
    for name in ("banking", "support"):
        document = json.loads((out / f"{name}.json").read_text(encoding="utf-8"))
        assert document["run"]["budget_phrases"] == 20 and document["summary"]["fail_on"] == "proven"  # the table's
        statuses[name] = document["summary"]["exit_status"]
        assert (out / f"{name}.html").is_file() and (out / "sarif" / f"{name}.sarif").is_file()
    assert statuses == {"banking": 0, "support": 1}  # banking's decided findings do not fail under the table's policy
    assert report.outputs["html"] == "fuzzroute-reports" and report.outputs["sarif"] == "fuzzroute-reports/sarif"
    assert by_name(runs, "report's SARIF").with_["sarif_file"] == "fuzzroute-reports/sarif"
    assert not by_name(runs, "fuzzroute diff").ran  # the diff compares one graph: it needs the `graph` input


def test_every_input_is_documented_and_read_only_through_the_environment() -> None:
    action = load_action(ACTION)
    assert action["runs"]["using"] == "composite"
    for name, spec in action["inputs"].items():
        assert spec.get("description"), name
    for step in action["runs"]["steps"]:
        if "run" in step:
            # Inputs reach shell code only as environment variables, never pasted into the script.
            assert "${{" not in step["run"], step["name"]
    used = {u["uses"].split("@")[0] for u in action["runs"]["steps"] if "uses" in u}
    assert used == {
        "actions/setup-python", "github/codeql-action/upload-sarif", "actions/github-script", "actions/upload-artifact",
    }


def test_the_expression_reader_refuses_what_it_does_not_know() -> None:
    context = {"inputs": {"a": "true"}, "github": {"event_name": "push"}}
    assert evaluate("inputs.a == 'TRUE' && (github.event_name == 'push' || false)", context) is True
    assert evaluate("github.event.pull_request.base.sha != ''", context) is False
    with pytest.raises(ValueError):
        evaluate("contains(inputs.a, 'x')", context)


def test_the_how_to_lists_every_input_with_its_real_default() -> None:
    """docs/how-to/github-action.md's table against action.yml: the same inputs, the same defaults."""
    page = (ROOT / "docs" / "how-to" / "github-action.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| ([^|]+?) \|", page, flags=re.MULTILINE))
    inputs = load_action(ACTION)["inputs"]
    assert set(rows) == set(inputs)
    for name, spec in inputs.items():
        default = str(spec.get("default", ""))
        shown = rows[name].strip()
        if default == "":
            assert shown == "empty", name
        elif default.startswith("${{"):
            assert f"`{default.removeprefix('${{').removesuffix('}}').strip()}`" == shown, name
        else:
            assert shown == f"`{default}`", name
    assert "OWNER" not in page and "@v0." not in page  # no placeholder repository, no tag that does not exist
