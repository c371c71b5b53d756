"""No output of any command replaces one of its inputs: refused before anything runs, exit 2.

`diff base.py head.py --markdown base.py` once replaced the graph with
Markdown.  Every command that writes files shares one guard
(`fuzzroute.report.persistence.paths.refuse_collisions`); these cases drive each command
and each of its output options onto each of its inputs, also through a
symbolic link, a hard link, and the work-tree file behind a diff's
`git:REV:path`, and assert the refusal, the exit code and that no file in the
folder changed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from helpers.cli import invoke
from helpers.files import hashes

GRAPH = {
    "name": "shop",
    "entries": [
        {"id": "orders", "match": {"keywords": ["order"]}, "examples": ["where is my order"]},
        {"id": "billing", "match": {"keywords": ["refund"]}, "examples": ["refund please"]},
    ],
}
HEAD_GRAPH = {
    "name": "shop",
    "entries": [
        {"id": "billing", "match": {"keywords": ["refund"]}, "examples": ["refund please"]},
        {"id": "orders", "match": {"keywords": ["order"]}, "examples": ["where is my order"]},
    ],
}
FAST = ["--budget", "20", "--workers", "1", "--no-decide"]


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two versions of a graph (the base also committed to git), links to the base, and an earlier report."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", str(tmp_path / "hyp"))
    (tmp_path / "base.json").write_text(json.dumps(GRAPH, indent=2), encoding="utf-8")
    (tmp_path / "head.json").write_text(json.dumps(HEAD_GRAPH, indent=2), encoding="utf-8")
    (tmp_path / "link.json").symlink_to("base.json")
    os.link(tmp_path / "base.json", tmp_path / "hard.json")
    if shutil.which("git"):
        env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
        for command in (["init", "-q"], ["add", "base.json"], ["commit", "-q", "-m", "base"]):
            subprocess.run(["git", *command], cwd=tmp_path, check=True, env=env, capture_output=True)
    first = invoke("report", "base.json", "-o", "earlier.html", "--json", "earlier.json", *FAST)
    assert first.exit_code == 0, first.stderr
    return tmp_path


DIFF_OUTPUTS = ("--json", "--markdown", "--sarif")
#: (BASE, HEAD, the file the output is aimed at, the name the refusal must give)
DIFF_TARGETS = {
    "onto BASE": ("base.json", "head.json", "base.json", "BASE"),
    "onto HEAD": ("base.json", "head.json", "head.json", "HEAD"),
    "onto BASE through a symbolic link": ("base.json", "head.json", "link.json", "BASE"),
    "onto BASE through a hard link": ("base.json", "head.json", "hard.json", "BASE"),
    "onto a link given as BASE": ("link.json", "head.json", "base.json", "BASE"),
    "onto the work-tree file of a git BASE": ("git:HEAD:base.json", "head.json", "base.json", "BASE"),
    "onto the work-tree file of a git HEAD": ("head.json", "git:HEAD:base.json", "./base.json", "HEAD"),
}


def assert_refused(result: Result, names: str) -> None:
    """Exit 2, one paragraph on stderr naming the file and the role, nothing on stdout, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fuzzroute: error: "), result.stderr
    assert names in lines[0] and "Traceback" not in result.stderr
    assert "would overwrite" in lines[0] or "same file" in lines[0]


@pytest.mark.parametrize("option", DIFF_OUTPUTS)
@pytest.mark.parametrize("target", list(DIFF_TARGETS))
def test_diff_never_writes_over_base_or_head(project: Path, target: str, option: str) -> None:
    base, head, aimed_at, role = DIFF_TARGETS[target]
    if (base.startswith("git:") or head.startswith("git:")) and not shutil.which("git"):
        pytest.fail("git is needed for a git: version (CI installs it)")
    before = hashes(project, ignore=(".git",))
    assert_refused(invoke("diff", base, head, option, aimed_at), role)
    assert hashes(project, ignore=(".git",)) == before


@pytest.mark.parametrize("first, second", [("--json", "--markdown"), ("--markdown", "--sarif"),
                                           ("--json", "--sarif")])
def test_diff_refuses_two_outputs_in_one_file(project: Path, first: str, second: str) -> None:
    before = hashes(project, ignore=(".git",))
    assert_refused(invoke("diff", "base.json", "head.json", first, "out.txt", second, "./out.txt"), "out.txt")
    assert hashes(project, ignore=(".git",)) == before


def test_diff_still_writes_every_output_to_paths_of_its_own(project: Path) -> None:
    result = invoke("diff", "base.json", "head.json", "--json", "d.json", "--markdown", "d.md", "--sarif", "d.sarif",
                    "--budget", "0")
    assert result.exit_code == 0, result.stderr
    assert json.loads((project / "d.json").read_text(encoding="utf-8"))
    assert (project / "d.md").read_text(encoding="utf-8").strip()
    assert json.loads((project / "d.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"
    assert json.loads((project / "base.json").read_text(encoding="utf-8")) == GRAPH


#: Every other command and output option, aimed at each of its inputs.
OTHER_COMMANDS: dict[str, tuple[list[str], str]] = {
    "check --sarif onto the graph": (["check", "base.json", "--sarif", "base.json"], "base.json"),
    "check --junit onto the graph": (["check", "base.json", "--junit", "base.json"], "base.json"),
    "check --junit onto the second graph": (["check", "base.json", "head.json", "--junit", "head.json"],
                                            "head.json"),
    "check --junit onto a link to the graph": (["check", "base.json", "--junit", "link.json"], "link.json"),
    "report -o onto the graph": (["report", "base.json", "-o", "base.json", *FAST], "base.json"),
    "report --json onto the graph": (["report", "base.json", "--json", "hard.json", *FAST], "hard.json"),
    "report --sarif onto the graph": (["report", "base.json", "--sarif", "link.json", *FAST], "link.json"),
    "report --junit onto the graph": (["report", "base.json", "--junit", "base.json", *FAST], "base.json"),
    "report --junit onto the baseline": (["report", "base.json", "--baseline", "earlier.json", "--junit",
                                          "earlier.json", *FAST], "earlier.json"),
    "merge -o onto a shard": (["merge", "earlier.json", "-o", "earlier.json"], "earlier.json"),
}


@pytest.mark.parametrize("case", list(OTHER_COMMANDS))
def test_every_other_command_refuses_an_output_onto_an_input(project: Path, case: str) -> None:
    args, named = OTHER_COMMANDS[case]
    before = hashes(project, ignore=(".git",))
    assert_refused(invoke(*args), named)
    assert hashes(project, ignore=(".git",)) == before


def test_a_report_run_checks_its_files_once(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One check per run (in `write_report`, with every input and output known), not one per layer."""
    from fuzzroute.report.assembly import pipeline
    from fuzzroute.report.persistence import paths

    calls: list[int] = []
    real = paths.refuse_collisions

    def counted(*args: Any, **kwargs: Any) -> None:
        calls.append(1)
        real(*args, **kwargs)

    monkeypatch.setattr(paths, "refuse_collisions", counted)
    monkeypatch.setattr(pipeline, "refuse_collisions", counted)
    result = invoke("report", "base.json", "-o", "r.html", "--json", "r.json", "--baseline", "earlier.json", *FAST)
    assert result.exit_code == 0, result.stderr
    assert calls == [1]
