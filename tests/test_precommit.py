"""The pre-commit hooks (`.pre-commit-hooks.yaml`) and the README's `.pre-commit-config.yaml` snippet.

pre-commit runs a hook as its `entry` followed by the hook's `args` and, unless
`pass_filenames: false`, the staged files its `files:` pattern selects.  The
tests run each entry exactly that way through the CLI.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from fuzzroute.cli import main

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / ".pre-commit-hooks.yaml"
README = (ROOT / "docs" / "how-to" / "pre-commit.md").read_text(encoding="utf-8")


def hooks() -> dict[str, dict[str, Any]]:
    return {hook["id"]: hook for hook in yaml.safe_load(HOOKS.read_text(encoding="utf-8"))}


def run_hook(hook: dict[str, Any], args: list[str], files: list[str]) -> tuple[int, str]:
    words = shlex.split(hook["entry"])
    assert words[0] == "fuzzroute"
    passed = files if hook.get("pass_filenames", True) else []
    result = CliRunner().invoke(main, [*words[1:], *args, *passed])
    return result.exit_code, result.output


def readme_config() -> dict[str, Any]:
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", README, flags=re.DOTALL) if "repos:" in b]
    assert len(blocks) == 1
    loaded: dict[str, Any] = yaml.safe_load(blocks[0])
    return loaded


def test_the_hooks_are_python_hooks_that_select_no_file_until_told() -> None:
    found = hooks()
    assert set(found) == {"fuzzroute-check", "fuzzroute-check-config", "fuzzroute-fix", "fuzzroute-report"}
    for hook in found.values():
        assert hook["language"] == "python" and hook["name"] and hook["description"]
        if "files" in hook:
            assert not re.search(hook["files"], "examples/support.py")  # the user's `files:` decides
    # The hook of the configured graphs selects every file and passes none: `try-repo` runs it on any change.
    assert "files" not in found["fuzzroute-check-config"] and found["fuzzroute-check-config"]["pass_filenames"] is False
    assert found["fuzzroute-report"]["pass_filenames"] is False
    assert "--fail-on new" in found["fuzzroute-report"]["entry"]


CLEAN = {
    "name": "clean",
    "entries": [
        {"id": "balance", "match": {"keywords": ["balance"]}, "examples": ["what is my balance"]},
        {"id": "cards", "match": {"keywords": ["card"]}, "examples": ["my card was declined"]},
        {"id": "agent"},
    ],
}


def test_the_check_hook_checks_every_selected_graph_and_fails_on_a_proven_error(tmp_path: Path) -> None:
    check = hooks()["fuzzroute-check"]
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps(CLEAN), encoding="utf-8")
    status, output = run_hook(check, [], [str(clean), str(clean)])
    assert status == 0, output
    assert output.count("fuzzroute check: graph") == 2
    status, output = run_hook(check, [], [str(clean), "examples/support.py"])
    assert status == 1 and "example-shadowed-by-earlier" in output


def test_the_check_hook_fails_on_decided_findings_by_default(tmp_path: Path) -> None:
    """No proven error in banking.json or devops.py, but a rule that never wins and shared fixed words."""
    check = hooks()["fuzzroute-check"]
    status, output = run_hook(check, [], ["examples/banking.json"])
    assert status == 1, output
    assert "examples/banking.json:6: decided-never-wins [lost-card] 'lost card' -> cards" in output
    status, output = run_hook(check, [], ["examples/devops.py"])
    assert status == 1, output
    assert "examples/devops.py:21: decided-overlap [rollback] 'roll back deploy' -> deploy" in output
    status, output = run_hook(check, ["--fail-on", "proven"], ["examples/banking.json", "examples/devops.py"])
    assert status == 0, output  # a project that wants the proven checks only says so in `args:`
    graph = tmp_path / "devops.py"
    shutil.copy(ROOT / "examples" / "devops.py", graph)
    for earlier, later in (("deploy", "rollback"), ("incident", "scale")):
        accepted = CliRunner().invoke(main, ["accept", str(graph), earlier, later, "--reason", "on purpose"])
        assert accepted.exit_code == 0, accepted.output
    status, output = run_hook(check, [], [str(graph)])
    assert status == 0, output
    assert "accepted: on purpose" in output


def test_the_fix_hook_writes_the_safe_fixes_of_every_selected_graph_then_passes(tmp_path: Path) -> None:
    """As ruff's hook with --fix: the first run writes the fixes (pre-commit fails it, a file changed), the second
    finds nothing to do; it fails on a decided finding no safe fix settles, as the check hook would."""
    fix = hooks()["fuzzroute-fix"]
    assert fix["entry"] == "fuzzroute fix --write"
    devops, banking = tmp_path / "devops.py", tmp_path / "banking.json"
    shutil.copy(ROOT / "examples" / "devops.py", devops)
    shutil.copy(ROOT / "examples" / "banking.json", banking)
    before = devops.read_text("utf-8"), banking.read_text("utf-8")
    status, output = run_hook(fix, [], [str(devops), str(banking)])
    assert status == 0, output
    assert output.count("fuzzroute fix: graph") == 2 and output.count("Wrote ") == 2
    after = devops.read_text("utf-8"), banking.read_text("utf-8")
    assert after[0] != before[0] and after[1] != before[1]
    status, output = run_hook(fix, [], [str(devops), str(banking)])
    assert status == 0 and (devops.read_text("utf-8"), banking.read_text("utf-8")) == after, output
    assert run_hook(hooks()["fuzzroute-check"], [], [str(devops), str(banking)])[0] == 0
    support = tmp_path / "support.json"
    shutil.copy(ROOT / "fuzzroute" / "examples" / "support.json", support)
    assert run_hook(fix, [], [str(support)])[0] == 1  # its overlap has no safe fix: check would still fail


def test_the_config_hook_checks_the_graphs_the_pyproject_table_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hook = hooks()["fuzzroute-check-config"]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "clean.json").write_text(json.dumps(CLEAN), encoding="utf-8")
    shutil.copy(ROOT / "examples" / "banking.json", tmp_path / "banking.json")
    status, output = run_hook(hook, [], ["README.md", "clean.json"])  # whatever changed, no file is passed
    assert status == 2 and "no GRAPH given" in output  # nothing listed: a hook that checks nothing says so
    (tmp_path / "pyproject.toml").write_text('[tool.fuzzroute]\ngraphs = ["clean.json", "banking.json"]\n')
    status, output = run_hook(hook, [], ["README.md"])
    assert status == 1 and output.count("fuzzroute check: graph") == 2  # banking's rules that never win
    (tmp_path / "pyproject.toml").write_text('[tool.fuzzroute]\ngraphs = ["clean.json", "banking.json"]\n'
                                             'fail-on = "proven"\n')
    assert run_hook(hook, [], [])[0] == 0  # the table's policy applies: the hook entry sets none


def test_the_report_hook_fails_once_on_new_findings_then_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    shutil.copy(ROOT / "examples" / "support.py", tmp_path / "support.py")
    report = hooks()["fuzzroute-report"]
    first, output = run_hook(report, ["support.py"], ["support.py"])
    assert first == 1, output
    second, output = run_hook(report, ["support.py"], ["support.py"])
    assert second == 0, output
    assert (tmp_path / ".fuzzroute" / "pre-commit-report.html").is_file()


def test_the_readme_config_uses_these_hooks_with_patterns_that_select_the_graph() -> None:
    known = hooks()
    config = readme_config()
    used = [hook for repo in config["repos"] for hook in repo["hooks"]]
    assert {hook["id"] for hook in used} == set(known)  # the page shows every hook
    for repo in config["repos"]:  # a path to a clone and a commit of it: what the page tells a reader to write
        assert repo["repo"].startswith("/") and re.fullmatch(r"[0-9a-f]{40}", str(repo["rev"]))
    for hook in used:
        if hook["id"] == "fuzzroute-check-config":
            assert "files" not in hook  # it checks the configured graphs, whatever changed
            continue
        assert re.search(hook["files"], "examples/support.py"), hook
        for arg in hook.get("args", []):
            if arg.endswith(".py"):
                assert re.search(hook["files"], arg)
