"""The overview leads with the bugs an author acts on, on graphs with planted bugs, run as a user runs them.

Each bundled graph below has routing bugs planted on purpose (see its
docstring): an earlier rule taking the words a later rule exists for, or a
rule that can never win.  Whatever the tier that finds them, they must head
the overview's rows after the proven ones, each pair once, and the pairs
that only meet on glued texts must be one counted row, never listed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fuzzroute.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def report(graph: str, tmp_path: Path, *extra: str) -> dict[str, Any]:
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        main, ["report", str(EXAMPLES / graph), "-o", str(tmp_path / "r.html"), "--json", str(out),
               "--fail-on", "never", "--workers", "1", *extra],
    )
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return document


def leading(document: dict[str, Any], count: int) -> list[tuple[str, str | None, str | None]]:
    """The first rows after the proven ones: (kind, rule, the rule that takes its text)."""
    rows = [r for r in document["overview"] if r["tier"] != "proven"]
    return [(r["kind"], r["rule"], r["other_rule"]) for r in rows[:count]]


def pairs_named(document: dict[str, Any]) -> list[tuple[str | None, str | None]]:
    return [(r["other_rule"], r["rule"]) for r in document["overview"] if r["other_rule"] and r["kind"] != "more"]


def assert_glued_pairs_are_one_counted_row(document: dict[str, Any]) -> None:
    rows = document["overview"]
    glued = [r for r in rows if r["relation"] == "co-occurrence"]
    counted = document["decision"]["counts"]["co_occurrence"]["count"]
    rules = len(document["rules"])
    assert 0 <= counted <= rules * (rules - 1) // 2  # each pair of rules at most once
    # One counted row when any pair meets only glued, none otherwise; its count is the decided count.
    assert [(r["kind"], r["count"]) for r in glued] == ([("co-occurrence", counted)] if counted else [])
    # No other row is a pair that only meets glued: every listed overlap or shadowing shares text.
    for row in rows:
        if row["kind"] in ("decided-overlap", "generated-shadowed-by-earlier", "rules-overlap"):
            assert row["relation"] == "shared-text", row


def test_devops_leads_with_its_two_shared_text_bugs(tmp_path: Path) -> None:
    document = report("devops.py", tmp_path)
    assert leading(document, 2) == [
        ("decided-overlap", "rollback", "deploy"),
        ("decided-overlap", "scale", "incident"),
    ]
    first, second = [r for r in document["overview"] if r["tier"] != "proven"][:2]
    assert (first["shared_in"], second["shared_in"]) == ("fixed-words", "fixed-words")
    # The rollback rule's own words as written: "roll back deploy" (or a declared example saying revert).
    assert "deploy" in first["phrase"] and ("revert" in first["phrase"] or "roll back" in first["phrase"])
    assert second["phrase"] == "scale down"
    # The sampled phrases of the same two pairs stand behind those rows, linked, not listed again.
    assert [a["tier"] for a in first["also"]] == ["suggested"] and first["also"][0]["count"] > 0
    assert pairs_named(document).count(("deploy", "rollback")) == 1
    assert pairs_named(document).count(("incident", "scale")) == 1
    assert_glued_pairs_are_one_counted_row(document)
    assert document["decision"]["counts"]["co_occurrence"]["count"] == 53  # "dashboard ssl" and the like


def test_banking_leads_with_the_rules_that_never_win(tmp_path: Path) -> None:
    document = report("banking.json", tmp_path)
    assert leading(document, 2) == [
        ("decided-never-wins", "lost-card", "cards"),
        ("decided-never-wins", "credit-line", "cards"),
    ]
    lost_card, credit_line = [r for r in document["overview"] if r["tier"] != "proven"][:2]
    assert (lost_card["phrase"], credit_line["phrase"]) == ("lost card", "credit line")  # its words in order
    # The overlap with `cards` and the sampled shadowing are the same bug: folded into the never-wins row.
    assert {a["tier"] for a in lost_card["also"]} == {"decided", "suggested"}
    assert_glued_pairs_are_one_counted_row(document)


def test_support_names_its_proven_shadowing_once_with_the_other_tiers_linked(tmp_path: Path) -> None:
    document = report("support.py", tmp_path)
    (row,) = [r for r in document["overview"]
              if (r["other_rule"], r["rule"]) == ("order-status", "tracking") and r["variant"] is None]
    assert row["tier"] == "proven" and row["phrase"] == "where is my order"
    assert [a["tier"] for a in row["also"]] == ["decided", "suggested"]
    decided_ids = {d["id"] for d in document["decided"]}
    suggestion_anchors = {f"suggestion-{n}" for n in range(1, len(document["suggestions"]) + 1)}
    assert row["also"][0]["anchor"] in decided_ids and row["also"][1]["anchor"] in suggestion_anchors
    assert_glued_pairs_are_one_counted_row(document)


@pytest.mark.parametrize("budget", ["300", "2000"])
def test_the_200_keyword_graph_shows_one_overlap_and_one_counted_row(budget: str, tmp_path: Path) -> None:
    # At 2,000 phrases the sampler also finds glued shadowings of pairs the decided tier counted: counted once.
    graph = Path(__file__).resolve().parent / "data" / "real" / "skillGraphFrontDoor-L954.json"
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        main, ["report", str(graph), "-o", str(tmp_path / "r.html"), "--json", str(out), "--budget", budget,
               "--fail-on", "never", "--workers", "1"],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text(encoding="utf-8"))
    rows = [r for r in document["overview"] if r["tier"] != "proven"]
    assert [(r["kind"], r["other_rule"], r["rule"]) for r in rows if r["kind"] == "decided-overlap"] == [
        ("decided-overlap", "s0", "s199")
    ]
    (glued,) = [r for r in rows if r["kind"] == "co-occurrence"]
    assert glued["count"] == 200 * 199 // 2 - 1
    assert "19899 pairs of rules only meet on glued texts" in result.output
    assert_glued_pairs_are_one_counted_row(document)


@pytest.mark.parametrize("graph", ["devops.py", "banking.json"])
def test_the_terminal_prints_the_same_order_one_line_each(graph: str, tmp_path: Path) -> None:
    document = report(graph, tmp_path)
    out = CliRunner().invoke(
        main, ["report", str(EXAMPLES / graph), "-o", str(tmp_path / "again.html"), "--fail-on", "never",
               "--workers", "1"],
    ).output
    first = next(r for r in document["overview"] if r["tier"] != "proven")
    line = next(line for line in out.splitlines() if f"[{first['rule']}]" in line)
    assert line.strip().startswith(f"examples/{graph}:") or graph in line
    assert f"{first['kind']} [{first['rule']}] {first['phrase']!r}" in line


def test_one_glued_pair_is_counted_in_the_singular(tmp_path: Path) -> None:
    graph = Path(__file__).resolve().parent / "data" / "real" / "quickstart_demo.py"
    result = CliRunner().invoke(
        main, ["report", str(graph), "-o", str(tmp_path / "r.html"), "--fail-on", "never", "--workers", "1"],
    )
    assert result.exit_code == 0, result.output
    assert "1 co-occurring pair counted, not findings" in result.output
    assert "1 pair of rules only meets on glued texts" in result.output
