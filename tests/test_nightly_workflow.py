"""The nightly GitHub Actions workflow: the README shows the file as it is, and its command runs.

`examples/github-nightly.yml` is what users copy; the README quotes it.  The
test keeps the two identical, checks that the cache, artifact and SARIF steps
point at the paths the fuzzroute command writes, and runs that command (with
a small phrase budget instead of ten minutes) twice, as two nights would.
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
WORKFLOW_FILE = ROOT / "examples" / "github-nightly.yml"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def workflow() -> dict[str, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW_FILE.read_text(encoding="utf-8"))
    if True in loaded:  # YAML 1.1 reads the key `on` as a boolean
        loaded["on"] = loaded.pop(True)
    return loaded


def steps() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = workflow()["jobs"]["explore"]["steps"]
    return found


def fuzzroute_command() -> list[str]:
    runs = [s["run"] for s in steps() if str(s.get("run", "")).startswith("fuzzroute ")]
    assert len(runs) == 1
    words = shlex.split(runs[0].replace('"$(date +%j)"', "123"))
    assert words[0] == "fuzzroute"
    return words[1:]


SHELL = {">", ">>", "|", "&&", "||", ";", "2>&1"}


def command_words(line: str) -> list[str]:
    """The fuzzroute arguments of a shell line, up to a redirection or the next command."""
    words = shlex.split(line.replace('"$(date +%j)"', "123"))
    cut = next((i for i, w in enumerate(words) if w in SHELL), len(words))
    return words[1:cut]


def option(words: list[str], name: str) -> str:
    return words[words.index(name) + 1]


def step_using(action: str) -> dict[str, Any]:
    found = [s for s in steps() if str(s.get("uses", "")).startswith(action + "@")]
    assert len(found) == 1, action
    return found[0]


def test_the_readme_quotes_the_workflow_file_verbatim() -> None:
    quoted = re.findall(r"```yaml\n(.*?)```", README, flags=re.DOTALL)
    assert quoted == [WORKFLOW_FILE.read_text(encoding="utf-8")]


def test_schedule_cache_artifacts_and_sarif_point_at_what_the_command_writes() -> None:
    flow = workflow()
    assert flow["on"]["schedule"][0]["cron"].count(" ") == 4
    assert flow["permissions"]["security-events"] == "write"
    words = fuzzroute_command()
    db = option(words, "--db")
    restore, save = step_using("actions/cache/restore"), step_using("actions/cache/save")
    assert restore["with"]["path"] == save["with"]["path"] == db
    assert restore["with"]["key"] == save["with"]["key"] and save["if"] == "always()"
    uploaded = Path(step_using("actions/upload-artifact")["with"]["path"])
    for flag in ("-o", "--json"):
        assert uploaded in Path(option(words, flag)).parents
    sarif = step_using("github/codeql-action/upload-sarif")
    assert sarif["with"]["sarif_file"] == option(words, "--sarif") and sarif["if"] == "always()"
    assert option(words, "--fail-on") == "new"


def test_every_flag_of_the_workflow_and_readme_commands_exists() -> None:
    commands = [fuzzroute_command()]
    for block in re.findall(r"```sh\n(.*?)```", README, flags=re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            if line.startswith("fuzzroute "):
                commands.append(command_words(line))
    for span in re.findall(r"`(fuzzroute [^`]+)`", README):
        words = command_words(span)
        if len(words) > 1 and words[1].endswith((".py", ".json")):  # a command, not a synopsis
            commands.append(words)
    assert len(commands) >= 3
    for words in commands:
        command = main.commands[words[0]]
        known = {o for p in command.params for o in p.opts}
        flags = [w for w in words[1:] if w.startswith("-")]
        assert set(flags) <= known, (words, set(flags) - known)
        command.make_context(words[0], list(words[1:]))  # parses: values have the right types


def test_the_workflow_command_runs_twice_as_two_nights_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    (tmp_path / "examples").mkdir()
    shutil.copy(ROOT / "examples" / "support.py", tmp_path / "examples" / "support.py")
    words = fuzzroute_command()
    words[words.index("--budget") + 1] = "200"
    first = CliRunner().invoke(main, words)
    assert first.exit_code == 1, first.stderr  # everything is new on the first night
    second = CliRunner().invoke(main, words)
    assert second.exit_code == 0, second.stderr  # nothing new on an unchanged graph, same seed
    assert "suggestions 0 new, 0 resolved" in second.stdout
    for flag in ("-o", "--json", "--sarif"):
        assert Path(option(words, flag)).is_file()
    assert (Path(option(words, "--db")) / "witnesses" / "support.json").is_file()
