"""The pre-commit hooks (`.pre-commit-hooks.yaml`) and the README's `.pre-commit-config.yaml` snippet.

pre-commit runs a hook as its `entry` followed by the hook's `args` and, unless
`pass_filenames: false`, the staged files its `files:` pattern selects.  The
tests run each entry exactly that way through the CLI.
"""

from __future__ import annotations

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
    assert set(found) == {"fuzzroute-check", "fuzzroute-report"}
    for hook in found.values():
        assert hook["language"] == "python" and hook["name"] and hook["description"]
        assert not re.search(hook["files"], "examples/support.py")  # the user's `files:` decides
    assert found["fuzzroute-report"]["pass_filenames"] is False
    assert "--fail-on new" in found["fuzzroute-report"]["entry"]


def test_the_check_hook_checks_every_selected_graph_and_fails_on_a_proven_error() -> None:
    check = hooks()["fuzzroute-check"]
    status, output = run_hook(check, [], ["examples/authoring.py", "examples/nightly_shop.json"])
    assert status == 0, output
    assert output.count("fuzzroute check: graph") == 2
    status, output = run_hook(check, [], ["examples/authoring.py", "examples/support.py"])
    assert status == 1 and "example-shadowed-by-earlier" in output


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
    assert {hook["id"] for hook in used} == set(known)
    for hook in used:
        assert re.search(hook["files"], "examples/support.py"), hook
        for arg in hook.get("args", []):
            if arg.endswith(".py"):
                assert re.search(hook["files"], arg)
