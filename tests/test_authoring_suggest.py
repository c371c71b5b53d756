"""`fuzzroute suggest` driven as an author would: list, `--diff` applied with `patch`, `--write`, then `check`.

The promise under test: after the suggested examples are added, the proven
checkup says exactly what each suggestion said it would (a shadowing witness
becomes `example-shadowed-by-earlier`, a widening example passes), the
file's comments survive, and bad input leaves the file untouched with one
paragraph and exit 2.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tokenize
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke
from helpers.fixed_beside import fixed_rules
from helpers.patching import apply_patch

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BUDGET = "300"


def comments(source: str) -> list[str]:
    return [t.string for t in tokenize.generate_tokens(StringIO(source).readline) if t.type == tokenize.COMMENT]


def picks_of(graph: str, *extra: str) -> list[dict[str, Any]]:
    code, out, err = code_out_err(invoke("suggest", graph, "--budget", BUDGET, "--format", "json", *extra))
    assert code == 0, err
    return [dict(example, rule=rule["rule"]) for rule in json.loads(out)["rules"] for example in rule["examples"]]


def proven_verdicts(graph: str) -> dict[tuple[str, str], list[dict[str, str]]]:
    _, out, _ = code_out_err(invoke("check", graph, "--format", "json"))
    found: dict[tuple[str, str], list[dict[str, str]]] = {}
    for problem in json.loads(out)["problems"]:
        found.setdefault((problem["skill"], problem["example"]), []).append(
            {"kind": problem["kind"], "code": problem["code"]}
        )
    return found


def assert_check_proves_the_picks(graph: str, picks: list[dict[str, Any]], fixed: set[str] | None = None) -> None:
    """Each pick gets the verdict it predicted, or passes when `--with-gaps` wrote a rule fix for its rule."""
    proven = proven_verdicts(graph)
    for pick in picks:
        got = proven.get((pick["rule"], pick["phrase"]), [])
        assert got == pick["verdict"] or (pick["rule"] in (fixed or set()) and got == []), pick
        if pick["reason"] == "generated-shadowed-by-earlier":
            assert {"kind": "error", "code": "example-shadowed-by-earlier"} in pick["verdict"]
        if pick["reason"] == "widens-coverage":
            assert pick["verdict"] == []


def test_python_diff_applies_with_patch_keeps_comments_and_check_proves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(EXAMPLES / "authoring.py", tmp_path / "authoring.py")
    monkeypatch.chdir(tmp_path)
    before = Path("authoring.py").read_text()
    picks = picks_of("authoring.py", "--max", "4")
    reasons = {p["reason"] for p in picks}
    assert {"generated-shadowed-by-earlier", "widens-coverage"} <= reasons
    # The rule without examples gets some.
    assert any(p["rule"] == "billing" for p in picks)
    code, diff, listing = code_out_err(
        invoke("suggest", "authoring.py", "--budget", BUDGET, "--max", "4", "--diff", "--with-gaps"))
    assert code == 0 and diff.startswith("--- a/authoring.py\n+++ b/authoring.py\n")
    assert Path("authoring.py").read_text() == before  # --diff only prints
    apply_patch(diff, tmp_path)
    after = Path("authoring.py").read_text()
    # A rule fix beside a gap may move a rule, with its comment: every comment is kept.
    assert sorted(comments(after)) == sorted(comments(before)) and len(comments(before)) >= 6
    assert_check_proves_the_picks("authoring.py", picks, fixed_rules(listing))


def test_json_diff_applies_with_patch_keeps_key_order_and_check_proves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(EXAMPLES / "mounts" / "rules.json", tmp_path / "rules.json")
    monkeypatch.chdir(tmp_path)
    before = Path("rules.json").read_text()
    picks = picks_of("rules.json", "--max", "4")
    assert {"generated-shadowed-by-earlier", "generated-laws-disagree"} <= {p["reason"] for p in picks}
    code, diff, _ = code_out_err(
        invoke("suggest", "rules.json", "--budget", BUDGET, "--max", "4", "--diff", "--with-gaps"))
    assert code == 0
    apply_patch(diff, tmp_path)
    after = Path("rules.json").read_text()
    old_doc, new_doc = json.loads(before), json.loads(after)
    assert [list(e) for e in new_doc["entries"]] == [
        list(e) + ([] if "examples" in e or not any(p["rule"] == e["id"] for p in picks) else ["examples"])
        for e in old_doc["entries"]
    ]
    # Indentation kept: an old line is either still there or only gained a trailing comma.
    new_lines = after.splitlines()
    for line in before.splitlines():
        assert line in new_lines or line + "," in new_lines
    assert_check_proves_the_picks("rules.json", picks)


def test_write_edits_in_place_and_check_proves_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(EXAMPLES / "authoring.py", tmp_path / "authoring.py")
    monkeypatch.chdir(tmp_path)
    before = Path("authoring.py").read_text()
    picks = picks_of("authoring.py", "--rule", "billing", "--max", "5")
    assert picks and {p["rule"] for p in picks} == {"billing"}
    code, out, _ = code_out_err(invoke(
        "suggest", "authoring.py", "--budget", BUDGET, "--rule", "billing", "--max", "5", "--write", "--with-gaps"))
    assert code == 0 and "Wrote" in out
    assert Path("authoring.py").read_text() != before
    assert comments(Path("authoring.py").read_text()) == comments(before)
    assert not list(tmp_path.glob(".*.tmp"))
    assert_check_proves_the_picks("authoring.py", picks)


def test_same_seed_and_budget_give_the_same_suggestions() -> None:
    graph = str(EXAMPLES / "authoring.py")
    assert picks_of(graph) == picks_of(graph)


def test_the_list_names_each_rule_with_its_line_and_why() -> None:
    code, out, _ = code_out_err(invoke("suggest", str(EXAMPLES / "authoring.py"), "--budget", BUDGET))
    assert code == 0
    text = (EXAMPLES / "authoring.py").read_text().splitlines()
    tracking = 1 + next(i for i, line in enumerate(text) if '"tracking",' in line) - 1
    assert f"tracking  ({EXAMPLES / 'authoring.py'}:{tracking})" in out
    assert "why: real defect, shared text (generated-shadowed-by-earlier)" in out
    assert "then: check will report example-shadowed-by-earlier (error)" in out
    assert "Suggested, not proven" in out


def bad(tmp_path: Path, source: str, *args: str) -> tuple[str, Path, bytes]:
    path = tmp_path / "graph.py"
    path.write_text(source)
    before = path.read_bytes()
    code, out, err = code_out_err(invoke("suggest", str(path), "--budget", "200", *args))
    assert code == 2, (out, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before
    return err, path, before


def test_a_read_only_file_is_refused_for_write(tmp_path: Path) -> None:
    path = tmp_path / "graph.py"
    shutil.copy(EXAMPLES / "authoring.py", path)
    os.chmod(path, stat.S_IRUSR | stat.S_IRGRP)
    before = path.read_bytes()
    try:
        code, _, err = code_out_err(invoke("suggest", str(path), "--budget", "200", "--write", "--with-gaps"))
    finally:
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
    assert code == 2 and str(path) in err and "read-only" in err and "--diff" in err
    assert path.read_bytes() == before and not list(tmp_path.glob(".*.tmp"))


def test_computed_examples_are_refused_naming_the_rule(tmp_path: Path) -> None:
    source = (
        "from fuzzroute import Graph, keywords\n"
        'EXAMPLES = ["refund me"]\n'
        'graph = Graph("g").entry("refunds", match=keywords("refund", "return"), examples=EXAMPLES)\n'
    )
    for flag in ("--diff", "--write"):
        err, path, _ = bad(tmp_path, source, flag, "--with-gaps")
        assert f"{path}:3" in err and 'rule "refunds"' in err and "not a literal list" in err


def test_a_graph_built_in_a_loop_is_refused(tmp_path: Path) -> None:
    source = (
        "from fuzzroute import Graph, keywords\n"
        'graph = Graph("g")\n'
        'for word in ["refund", "cancel"]:\n'
        "    graph.entry(word, match=keywords(word))\n"
    )
    err, path, _ = bad(tmp_path, source, "--diff")
    assert f"{path}:4" in err and "loop" in err


def test_an_unknown_rule_is_refused_listing_the_rules(tmp_path: Path) -> None:
    source = (EXAMPLES / "authoring.py").read_text()
    err, _, _ = bad(tmp_path, source, "--rule", "nope", "--write")
    assert 'no rule "nope"' in err and "orders, tracking, billing, greeting" in err


def test_diff_and_write_together_are_refused(tmp_path: Path) -> None:
    err, _, _ = bad(tmp_path, (EXAMPLES / "authoring.py").read_text(), "--diff", "--write")
    assert "--diff and --write" in err


def test_a_rule_declared_in_another_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "base_rules.py").write_text(
        'from fuzzroute import Graph, keywords\nBASE = Graph("g").entry("refunds", match=keywords("refund"))\n'
    )
    source = (
        "from base_rules import BASE\nfrom fuzzroute import keywords\n"
        'graph = BASE.entry("hello", match=keywords("hello"))\n'
    )
    err, _, _ = bad(tmp_path, source, "--rule", "refunds", "--diff")
    assert "base_rules.py" in err and "not in this file" in err


def test_a_default_rule_and_a_zero_max_are_refused(tmp_path: Path) -> None:
    source = (
        "from fuzzroute import Graph, keywords\n"
        'graph = Graph("g").entry("billing", match=keywords("refund")).entry("concierge")\n'
    )
    err, _, _ = bad(tmp_path, source, "--rule", "concierge")
    assert 'rule "concierge" is a default' in err
    err, _, _ = bad(tmp_path, source, "--max", "0")
    assert "--max must be at least 1" in err


def test_a_graph_outside_the_current_directory_gets_a_diff_for_its_own_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "graphs").mkdir()
    (tmp_path / "work").mkdir()
    shutil.copy(EXAMPLES / "authoring.py", tmp_path / "graphs" / "authoring.py")
    monkeypatch.chdir(tmp_path / "work")
    code, diff, err = code_out_err(invoke(
        "suggest", "../graphs/authoring.py", "--budget", "200", "--max", "1", "--diff", "--with-gaps"))
    assert code == 0 and diff.startswith("--- a/authoring.py\n+++ b/authoring.py\n")
    assert f"apply this diff in {tmp_path / 'graphs'}" in err
    apply_patch(diff, tmp_path / "graphs")
    assert (tmp_path / "graphs" / "authoring.py").read_text() != (EXAMPLES / "authoring.py").read_text()
