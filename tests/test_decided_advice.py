"""An undecided rule says what construct stopped the automata and what its author can change.

Driven through `fuzzroute check --decide` as a user runs it, on a JSON graph
(Python regexes) and a TypeScript one (JavaScript regexes without `u`).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzzroute.cli import main
from fuzzroute.decided.advice import what_to_change

TS = """import { defineSkill, skillGraph } from 'agentfootprint';
const a = defineSkill({ id: 'greet', description: 'x', body: 'x' });
const b = defineSkill({ id: 'any-x', description: 'x', body: 'x' });
const c = defineSkill({ id: 'wave', description: 'x', body: 'x' });
export const g = skillGraph({
  skills: [a, b, c],
  start: { rules: [
    { use: 'greet', match: /hi.?there/i },
    { use: 'any-x', match: /x*/ },
    { use: 'wave', match: /wave/ },
  ] },
});
"""


def undecided(spec: Path) -> dict[str, str]:
    result = CliRunner().invoke(main, ["check", str(spec), "--decide", "--format", "json"])
    assert result.exit_code == 0, result.output
    items = json.loads(result.output)["decided"]
    return {i["rule"]: i["reason"] for i in items if i["kind"] == "undecided" and i["question"] == "matcher"}


def test_a_javascript_regex_without_u_ends_with_the_fix(tmp_path: Path) -> None:
    graph = tmp_path / "graph.ts"
    graph.write_text(TS, "utf-8")
    reasons = undecided(graph)
    assert set(reasons) == {"greet", "any-x"}  # `/wave/` reads no half of an emoji: decided
    assert reasons["greet"].endswith("add the `u` flag (`/hi.?there/iu`) so it reads an emoji as one character, "
                                     "or name the characters that part stands for (`[a-z ]` rather than `.`)")
    assert "can match an empty string" in reasons["any-x"]
    assert reasons["any-x"].endswith("or make it require at least one character (`x+` rather than `x*`)")
    text = CliRunner().invoke(main, ["check", str(graph), "--decide"]).output
    assert "undecided [greet]" in text and "add the `u` flag (`/hi.?there/iu`)" in text


def test_python_constructs_name_the_rewrite(tmp_path: Path) -> None:
    graph = tmp_path / "graph.json"
    graph.write_text(json.dumps({"name": "u", "entries": [
        {"id": "look", "match": {"regex": "(?<!not )cancel"}},
        {"id": "back", "match": {"regex": "(\\w+) \\1"}},
        {"id": "big", "match": {"regex": "a{1,3000}b{1,3000}"}},
    ]}), "utf-8")
    reasons = undecided(graph)
    assert reasons["look"].startswith("a negative lookbehind")
    assert "to have it decided, write the condition without the lookbehind" in reasons["look"]
    assert reasons["back"].endswith("instead of `\\1`")
    assert "lower the large bound of the repeat" in reasons["big"]


@pytest.mark.parametrize("reason", ["a lookahead (x)", "a backreference", "an atomic group or possessive repeat",
                                    "the pattern is nested too deeply", "something new"])
def test_every_reason_gets_something_to_change(reason: str) -> None:
    assert what_to_change(reason)
