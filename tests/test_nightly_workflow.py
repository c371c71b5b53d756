"""The nightly GitHub Actions workflow: the README shows the file as it is, and it runs through the Action.

`examples/github-nightly.yml` is what users copy; the README quotes it.  The
workflow calls the repository's own composite action (`uses: ./`); the test
keeps the README and the file identical, checks that the cache steps keep
the folder the action's `db` input names, and runs the action's shell steps
with the workflow's inputs (a small phrase budget instead of ten minutes)
twice, as two nights would: the first night everything is new, the second
nothing is.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from helpers.action_runner import by_name, load_action, run_action, substitute

from fuzzroute.cli import main

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW_FILE = ROOT / "examples" / "github-nightly.yml"
ACTION = ROOT / "action.yml"
#: The guides that quote the workflows and the fuzzroute commands of CI jobs.
GUIDES = ("nightly.md", "github-action.md", "shards.md", "review-diff.md", "suggest-examples.md")
README = "\n".join((ROOT / "docs" / "how-to" / page).read_text(encoding="utf-8") for page in GUIDES)


def load_workflow(text: str) -> dict[str, Any]:
    loaded: dict[Any, Any] = yaml.safe_load(text)
    if True in loaded:  # YAML 1.1 reads the key `on` as a boolean
        loaded["on"] = loaded.pop(True)
    return loaded


def workflow() -> dict[str, Any]:
    return load_workflow(WORKFLOW_FILE.read_text(encoding="utf-8"))


def steps() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = workflow()["jobs"]["explore"]["steps"]
    return found


def step_using(action: str) -> dict[str, Any]:
    found = [s for s in steps() if str(s.get("uses", "")).split("@")[0] == action]
    assert len(found) == 1, action
    return found[0]


SHELL = {">", ">>", "|", "&&", "||", ";", "2>&1"}


def command_words(line: str) -> list[str]:
    """The fuzzroute arguments of a shell line, up to a redirection or the next command."""
    words = shlex.split(line)
    cut = next((i for i, w in enumerate(words) if w in SHELL), len(words))
    return words[1:cut]


def test_the_readme_quotes_the_workflow_file_verbatim() -> None:
    quoted = re.findall(r"```yaml\n(.*?)```", README, flags=re.DOTALL)
    assert quoted.count(WORKFLOW_FILE.read_text(encoding="utf-8")) == 1


def test_every_workflow_in_the_readme_gives_the_action_only_inputs_it_declares() -> None:
    declared = set(load_action(ACTION)["inputs"])
    required = {name for name, spec in load_action(ACTION)["inputs"].items() if spec.get("required")}
    uses = 0
    for block in re.findall(r"```yaml\n(.*?)```", README, flags=re.DOTALL):
        loaded = yaml.safe_load(block)
        if not isinstance(loaded, dict) or "jobs" not in loaded:
            continue
        for job in loaded["jobs"].values():
            for step in job["steps"]:
                target = str(step.get("uses", ""))
                if target == "./" or target.split("@")[0].endswith("/fuzzroute"):
                    uses += 1
                    given = set(step.get("with") or {})
                    assert given <= declared, given - declared
                    assert required <= given
    assert uses >= 2  # the nightly example and the pull-request snippet


def test_the_cache_keeps_the_folder_the_action_remembers_in() -> None:
    flow = workflow()
    assert flow["on"]["schedule"][0]["cron"].count(" ") == 4
    assert flow["permissions"]["security-events"] == "write"
    action_step = step_using("./")
    restore, save = step_using("actions/cache/restore"), step_using("actions/cache/save")
    assert restore["with"]["path"] == save["with"]["path"] == action_step["with"]["db"]
    assert restore["with"]["key"] == save["with"]["key"] and save["if"] == "always()"
    assert action_step["with"]["fail-on"] == "new"


def test_every_flag_of_the_readme_commands_exists() -> None:
    commands = []
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
        command = main.get_command(click.Context(main), words[0])  # commands load on first use
        assert command is not None, words
        known = {o for p in command.params for o in p.opts}
        flags = [w for w in words[1:] if w.startswith("-")]
        assert set(flags) <= known, (words, set(flags) - known)
        command.make_context(words[0], list(words[1:]))  # parses: values have the right types


def test_the_workflow_runs_twice_as_two_nights_would(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = tmp_path / "repo"
    (work / "examples").mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "support.py", work / "examples" / "support.py")
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    (stubs / "pip").write_text("#!/bin/sh\nexit 0\n")
    (stubs / "pip").chmod(0o755)
    env = {
        "PATH": os.pathsep.join([str(stubs), str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "HYPOTHESIS_STORAGE_DIRECTORY": "",
    }
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    env.pop("HYPOTHESIS_STORAGE_DIRECTORY")
    github = {"run_number": "123", "run_id": "9"}
    inputs = {k: substitute(str(v), {"github": github}) for k, v in step_using("./")["with"].items()}
    inputs["budget"] = "200"
    nights = []
    for _night in range(2):
        runs = run_action(ACTION, inputs=inputs, workdir=work, event_name="schedule", env=env, github=github)
        nights.append(runs)
    first, second = (by_name(runs, "fuzzroute report") for runs in nights)
    assert first.outputs["status"] == "1", first.stderr  # everything is new on the first night
    assert second.outputs["status"] == "0", second.stderr  # nothing new on an unchanged graph, same seed
    assert "suggestions 0 new, 0 resolved" in second.stdout
    assert by_name(nights[1], "exit status").status == 0
    out = work / inputs["output-dir"]
    for name in ("report.html", "report.json", "report.sarif", "report.junit.xml"):
        assert (out / name).is_file()
    assert (work / inputs["db"] / "witnesses" / "support.json").is_file()
    upload = by_name(nights[0], "report's SARIF")
    assert upload.ran and upload.with_["category"] == "fuzzroute-nightly"
