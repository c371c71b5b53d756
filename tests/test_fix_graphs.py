"""`fix --write` on three realistic graphs (.py, .json, .ts builder form) and the bundled examples, end to end.

For each graph: the fixes are made (`fix_graph`, then the file is written
and loaded again), then checked as a user would check them:

* `check --fail-on decided`: every near miss with a safe fix now starts its
  rule (`claims()` on the graph loaded from the written file), and every
  shared-text or never-wins finding is gone, or was listed as unsafe with
  what else it would move or break;
* `diff` of the file before and after lists only intended moves: each
  decided move's witness, replayed through the graph after each fix, only
  ever changes its rule inside the set of messages that fix may move;
* a second `fix --write` (through the command line) changes nothing.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from importlib import resources
from itertools import pairwise
from pathlib import Path

import jsonschema
import pytest
from helpers.cli import code_out_err, invoke

from fuzzroute.authoring.rule_edits import edited_graph, same_rules
from fuzzroute.diff import diff_graphs
from fuzzroute.diff.winners import claimant
from fuzzroute.engine.graph import Graph
from fuzzroute.fix import FixResult, FixRun, fix_graph
from fuzzroute.graphfiles.loader import load_graph

ROOT = Path(__file__).resolve().parent.parent
GRAPHS = {
    "bistro.py": ROOT / "examples" / "fix" / "bistro.py",
    "bank.json": ROOT / "examples" / "fix" / "bank.json",
    "clinic.ts": ROOT / "examples" / "fix" / "clinic.ts",
    "banking.json": ROOT / "fuzzroute" / "examples" / "banking.json",
    "support.json": ROOT / "fuzzroute" / "examples" / "support.json",
    "support.ts": ROOT / "fuzzroute" / "examples" / "support.ts",
}
SCHEMA = jsonschema.Draft202012Validator(
    json.loads(resources.files("fuzzroute").joinpath("schema/fix.schema.json").read_text("utf-8"))
)
PAIRS = ("decided-overlap", "decided-never-wins")


@dataclass(frozen=True)
class Fixed:
    path: Path
    before: Graph
    run: FixRun
    #: The graph after each fix made, in order (the first is the graph as loaded).
    steps: tuple[tuple[Graph, FixResult | None], ...]
    after: Graph
    second: dict[str, object]
    second_code: int
    second_text: str


@pytest.mark.parametrize("name", list(GRAPHS))
def test_fix_write_then_check_diff_and_a_second_fix(name: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each graph is fixed once (one test, so no two workers repeat the work); each property is a function."""
    item = fixed(name, tmp_path_factory)
    the_fixes_replayed_in_memory_give_the_graph_the_file_declares(item)
    every_near_miss_with_a_safe_fix_now_starts_its_rule(item)
    every_pair_finding_is_fixed_or_listed_as_unsafe_with_what_it_moves(item)
    diff_of_before_and_after_lists_only_intended_moves(item)
    a_second_fix_write_changes_nothing(item)


def fixed(name: str, tmp_path_factory: pytest.TempPathFactory) -> Fixed:
    """The graph fixed, written, loaded again and fixed a second time through the command line."""
    path = tmp_path_factory.mktemp("fix") / name
    shutil.copyfile(GRAPHS[name], path)
    loaded = load_graph(str(path))
    run = fix_graph(loaded)
    path.write_text(run.new, encoding="utf-8")
    steps: list[tuple[Graph, FixResult | None]] = [(loaded.graph, None)]
    for result in run.results:
        if result.made and result.chosen is not None:
            steps.append((edited_graph(steps[-1][0], result.chosen.candidate.edits), result))
    after = load_graph(str(path)).graph
    code, stdout, _ = code_out_err(invoke("fix", path, "--write", "--format", "json"))
    return Fixed(path, loaded.graph, run, tuple(steps), after, json.loads(stdout), code, path.read_text("utf-8"))


def the_fixes_replayed_in_memory_give_the_graph_the_file_declares(item: Fixed) -> None:
    assert same_rules(item.steps[-1][0], item.after)
    assert item.run.count("safe", made=True) == len(item.steps) - 1 > 0


def every_near_miss_with_a_safe_fix_now_starts_its_rule(item: Fixed) -> None:
    near = [r for r in item.run.results if r.gap.variant_kind is not None and r.status == "safe"]
    assert near  # each graph has near misses a safe fix settles
    for result in near:
        assert result.made and result.gap.phrase is not None
        got = item.after.claims(result.gap.phrase).cold_walk
        assert got is not None and got.id == result.gap.rule.id, (result.gap.phrase, got)
        assert result.gap.phrase in {x for e in item.after.entries if e.id == got.id for x in e.examples or ()}


def every_pair_finding_is_fixed_or_listed_as_unsafe_with_what_it_moves(item: Fixed) -> None:
    code, stdout, _ = code_out_err(invoke("check", item.path, "--fail-on", "decided", "--format", "json"))
    left = {(d["kind"], d["rule"]) for d in json.loads(stdout)["decided"] if d["fails"]}
    pairs = [r for r in item.run.results if r.gap.code in PAIRS]
    assert pairs
    for result in pairs:
        key = (result.gap.code, result.gap.rule.id)
        if result.status == "safe":
            assert key not in left
        else:
            assert result.status == "unsafe" and result.chosen is not None and key in left
            proof = result.chosen.proof
            assert proof.escapes or proof.broken_rows or proof.new_findings
            assert all(a.proof.escapes or a.proof.broken_rows or a.proof.new_findings or a.proof.unresolved
                       for a in result.attempts)
    # No pair finding is left that `fix` did not list: each one still failing is one it printed as unsafe.
    unsafe = {(r.gap.code, r.gap.rule.id) for r in pairs if r.status == "unsafe"}
    assert {key for key in left if key[0] in PAIRS} == unsafe
    # The document (and listing) of the second run prints each with what it would move or break, by witness.
    fixes = item.second["fixes"]
    assert isinstance(fixes, list)
    printed = [f for f in fixes if f["finding"]["code"] in PAIRS]
    assert {(f["finding"]["code"], f["finding"]["rule"]["id"]) for f in printed if f["status"] == "unsafe"} == unsafe
    for record in printed:
        fix = record["fix"]
        assert record["status"] == "unsafe" and not record["made"] and isinstance(fix, dict)
        witnesses = [m["witness"] for m in fix["also_moves"]] + [b["phrase"] for b in fix["breaks"]] + list(
            fix["new_findings"])  # a new finding is said in words that quote its witness
        assert witnesses and all(isinstance(w, str) and w for w in witnesses), record
    assert code == (1 if left or any(p["kind"] == "error" for p in json.loads(stdout)["problems"]) else 0)


def diff_of_before_and_after_lists_only_intended_moves(item: Fixed) -> None:
    moves = diff_graphs(item.before, item.after, budget=0).document.moves
    assert moves
    for move in moves:
        changed = 0
        for (before, _), (after, result) in pairwise(item.steps):
            old, new = claimant(before.claims(move.witness), move.law), claimant(after.claims(move.witness), move.law)
            if (old and old.id) != (new and new.id):
                assert result is not None and result.chosen is not None
                assert result.chosen.candidate.allowed.holds(move.witness), (move.witness, result.chosen.candidate)
                changed += 1
        assert changed, move


def a_second_fix_write_changes_nothing(item: Fixed) -> None:
    assert item.second_text == item.run.new
    SCHEMA.validate(item.second)
    summary = item.second["summary"]
    assert isinstance(summary, dict) and summary["made"] == 0 and item.second["written"] is False
    # Exit 0 or 1 as `check` with the same --fail-on (here the default) says of the fixed graph.
    assert item.second_code == invoke("check", item.path).exit_code
