"""Run a composite GitHub Action's shell steps locally, the way the runner runs them.

A step with `run:` is run with `bash --noprofile --norc -eo pipefail` (the
runner's `shell: bash`), its `env:` evaluated, `GITHUB_OUTPUT` collected into
`steps.<id>.outputs`.  A step with `uses:` (setup-python, upload-sarif,
github-script, upload-artifact) is a standard action that needs GitHub: it
is not run, but its `if:` and `with:` are evaluated, so a test can check it
would have been called, and with which files.

Expressions (`${{ ... }}` and `if:`) are evaluated by a small interpreter of
the part of GitHub's expression language the action uses: context paths
(`inputs.x`, `github.event_name`, `steps.s.outputs.o`), string literals,
`==`, `!=` (case-insensitive, null equal to ''), `!`, `&&`, `||`, parentheses
and `always()`, `success()`, `failure()`.  Anything else raises, so the
action cannot grow an expression the test silently misreads.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

TOKEN = re.compile(r"\s*(?:('(?:[^']|'')*')|(==|!=|&&|\|\||!|\(|\))|([A-Za-z_][A-Za-z0-9_.-]*(?:\(\))?))")


class Expression:
    """One expression, parsed by recursive descent over its tokens."""

    def __init__(self, text: str, context: dict[str, Any], failed: bool) -> None:
        self.tokens: list[tuple[str, str]] = []
        position = 0
        while position < len(text.rstrip()):
            found = TOKEN.match(text, position)
            if found is None or found.end() == position:
                raise ValueError(f"cannot read expression {text!r} at {position}")
            string, operator, name = found.groups()
            self.tokens.append(("str", string[1:-1].replace("''", "'")) if string else
                               ("op", operator) if operator else ("name", name))
            position = found.end()
        self.context = context
        self.failed = failed
        self.at = 0

    def value(self) -> Any:
        result = self._or()
        if self.at != len(self.tokens):
            raise ValueError(f"unexpected {self.tokens[self.at]}")
        return result

    def _peek(self) -> tuple[str, str] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def _or(self) -> Any:
        left = self._and()
        while self._peek() == ("op", "||"):
            self.at += 1
            right = self._and()
            left = left if truthy(left) else right
        return left

    def _and(self) -> Any:
        left = self._compare()
        while self._peek() == ("op", "&&"):
            self.at += 1
            right = self._compare()
            left = right if truthy(left) else left
        return left

    def _compare(self) -> Any:
        left = self._unary()
        token = self._peek()
        if token in (("op", "=="), ("op", "!=")):
            self.at += 1
            right = self._unary()
            same = text_of(left).lower() == text_of(right).lower()
            return same if token == ("op", "==") else not same
        return left

    def _unary(self) -> Any:
        token = self._peek()
        if token == ("op", "!"):
            self.at += 1
            return not truthy(self._unary())
        if token == ("op", "("):
            self.at += 1
            inner = self._or()
            assert self._peek() == ("op", ")"), "missing )"
            self.at += 1
            return inner
        if token is None:
            raise ValueError("expression ends too early")
        self.at += 1
        kind, text = token
        if kind == "str":
            return text
        if kind != "name":
            raise ValueError(f"unexpected operator {text}")
        if text == "always()":
            return True
        if text == "success()":
            return not self.failed
        if text == "failure()":
            return self.failed
        if text in ("true", "false", "null"):
            return {"true": True, "false": False, "null": None}[text]
        if text.endswith("()"):
            raise ValueError(f"function {text} is not supported by the local runner")
        found: Any = self.context
        for part in text.split("."):
            found = found.get(part) if isinstance(found, dict) else None
        return found


def truthy(value: Any) -> bool:
    return value not in (None, "", False, 0)


def text_of(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def evaluate(text: str, context: dict[str, Any], failed: bool = False) -> Any:
    return Expression(text, context, failed).value()


def substitute(text: str, context: dict[str, Any]) -> str:
    """`${{ expr }}` in a string replaced by the expression's value."""
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: text_of(evaluate(m.group(1), context)), text)


@dataclass
class StepRun:
    """What happened to one step."""

    name: str
    id: str | None
    uses: str | None
    ran: bool
    status: int = 0
    outputs: dict[str, str] = field(default_factory=dict)
    with_: dict[str, str] = field(default_factory=dict)
    stdout: str = ""
    stderr: str = ""


def load_action(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded


def run_action(
    action_file: Path, *, inputs: dict[str, str], workdir: Path, event_name: str,
    event: dict[str, Any] | None = None, env: dict[str, str] | None = None, github: dict[str, Any] | None = None,
) -> list[StepRun]:
    """Run every step of the composite action in `action_file` in `workdir`; see the module docstring."""
    action = load_action(action_file)
    declared = action["inputs"]
    unknown = set(inputs) - set(declared)
    assert not unknown, f"inputs the action does not declare: {unknown}"
    github_context: dict[str, Any] = {
        "action_path": str(action_file.parent), "event_name": event_name, "event": event or {},
        "token": "local-token", **(github or {}),
    }
    context: dict[str, Any] = {"github": github_context, "steps": {}}
    values = {}
    for name, spec in declared.items():
        default = str(spec.get("default", ""))
        values[name] = inputs.get(name, substitute(default, context))
        assert not spec.get("required") or name in inputs, f"required input {name} not given"
    context["inputs"] = values
    failed = False
    runs: list[StepRun] = []
    for step in action["runs"]["steps"]:
        condition = step.get("if", "success()")
        wanted = truthy(evaluate(str(condition), context, failed))
        run = StepRun(step.get("name", ""), step.get("id"), step.get("uses"), ran=False)
        runs.append(run)
        if not wanted:
            continue
        if "uses" in step:
            run.with_ = {k: substitute(str(v), context) for k, v in (step.get("with") or {}).items()}
            run.ran = True  # would run on GitHub; not executed here
            continue
        assert step.get("shell") == "bash", "every run step must say `shell: bash` (composite actions need it)"
        step_env = {k: substitute(str(v), context) for k, v in (step.get("env") or {}).items()}
        with tempfile.TemporaryDirectory() as scratch:
            output_file = Path(scratch) / "output"
            output_file.write_text("")
            script = Path(scratch) / "step.sh"
            script.write_text(str(step["run"]), encoding="utf-8")
            done = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=workdir,
                env={**os.environ, **(env or {}), **step_env, "GITHUB_OUTPUT": str(output_file),
                     "GITHUB_ACTION_PATH": str(action_file.parent)},
                capture_output=True, text=True, check=False,
            )
            run.ran = True
            run.status, run.stdout, run.stderr = done.returncode, done.stdout, done.stderr
            for line in output_file.read_text(encoding="utf-8").splitlines():
                key, _, value = line.partition("=")
                run.outputs[key] = value
        if run.id:
            context["steps"][run.id] = {"outputs": run.outputs, "outcome": "failure" if run.status else "success"}
        failed = failed or run.status != 0
    return runs


def by_name(runs: list[StepRun], words: str) -> StepRun:
    found = [r for r in runs if words in r.name]
    assert len(found) == 1, (words, [r.name for r in runs])
    return found[0]
