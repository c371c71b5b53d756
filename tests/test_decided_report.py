"""The decided tier as a user meets it: `check --decide`, the report's JSON and HTML, superseded samples."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import code_out_err, invoke
from msgspec.structs import replace

from fuzzroute import Graph, keywords
from fuzzroute.decided import decide
from fuzzroute.engine.laws import Claimant
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.report import build_report, empty_exploration, write_report
from fuzzroute.report.persistence.schema import schema_errors
from fuzzroute.results.message_table import full_form
from fuzzroute.results.record import to_json
from fuzzroute.results.suggestions import Exploration, Suggestion, Witness

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GRAPHS = [
    "support.py",
    "planted_defects.py",
    "keyword_boundaries.json",
    "defaults.py:default_first",
    "defaults.py:default_last",
    "mounts/rules.json",
    "mounts/classifier.json",
    "mounts/scorer.json",
]


def _claims(graph: Graph, phrase: str) -> dict[str, Any]:
    claims = graph.claims(phrase)
    def pick(c: Claimant | None) -> dict[str, Any] | None:
        return None if c is None else {"index": c.index, "id": c.id, "unconditional": c.unconditional}

    return {"cold_walk": pick(claims.cold_walk), "cascade": pick(claims.cascade)}


def assert_witnesses_agree(graph: Graph, items: list[dict[str, Any]]) -> None:
    """Every decided witness carries the claims `graph.claims` gives it, and the matchers agree."""
    for item in items:
        if item["witness"] is None:
            continue
        assert item["claims"] == _claims(graph, item["witness"]), item
        rule = graph.entries[item["rule_index"]]
        if item["kind"] in ("decided-overlap", "decided-can-win", "decided-never-wins"):
            assert rule.data_matcher is not None and rule.data_matcher.matches(item["witness"])
        if item["kind"] == "decided-overlap":
            other = graph.entries[item["other_rule_index"]]
            assert other.data_matcher is not None and other.data_matcher.matches(item["witness"])


@pytest.mark.parametrize("spec", GRAPHS)
def test_every_bundled_graph_decides_without_defects_and_witnesses_agree(spec: str) -> None:
    path, _, name = spec.partition(":")
    graph = load_graph(f"{EXAMPLES / path}:{name}" if name else str(EXAMPLES / path)).graph
    decisions = decide(graph)
    assert decisions.defects == []
    assert_witnesses_agree(graph, to_json(decisions.records()))


def test_check_decide_text_and_json() -> None:
    code, out, _ = code_out_err(invoke("check", str(EXAMPLES / "keyword_boundaries.json"), "--decide"))
    assert code == 1  # the proven errors decide the exit code, as without --decide
    assert "Decided for all messages" in out and "[boundary]" in out
    # One line per finding, as the proven ones print; the pair that shares text is the rule that never wins
    # (listed once, as never-wins), and the nine that only meet glued together are one counted line.
    # The witness is the rule's own declared example the earlier rule takes (what its author wrote).
    assert out.count("keyword_boundaries.json:") > 1 and ": decided-never-wins [spaced] 'a refund me' -> billing" in out
    assert "decided-overlap [spaced]" not in out
    assert "[co-occurrence] 9 pairs meet only when their texts are glued together" in out
    assert "[can win] 4 rules can start a turn" in out
    code, out, _ = code_out_err(invoke(
        "check", str(EXAMPLES / "keyword_boundaries.json"), "--decide", "--format", "json"))
    document = json.loads(out)
    assert set(document) == {"problems", "notes", "decided", "decided_counts", "decided_failing", "decided_defects"}
    assert document["decided_defects"] == []
    assert document["decided_counts"]["co_occurrence"]["count"] == 9
    (shared,) = [d for d in document["decided"] if d["kind"] == "decided-overlap"]
    assert (shared["relation"], shared["shared_in"], shared["witness"]) == ("shared-text", "fixed-words", "a refund me")
    never = [d for d in document["decided"] if d["kind"] == "decided-never-wins"]
    assert never and never[0]["containing_rules"] == [{"rule": "billing", "rule_index": 0}]
    assert "location" in never[0]
    # check decides by default now: the same document without --decide; --no-decide leaves the tier out
    code, default_out, _ = code_out_err(invoke("check", str(EXAMPLES / "keyword_boundaries.json"), "--format", "json"))
    assert code == 1 and json.loads(default_out)["decided"] == document["decided"]
    code, out, _ = code_out_err(invoke(
        "check", str(EXAMPLES / "keyword_boundaries.json"), "--no-decide", "--format", "json"))
    assert "decided" not in json.loads(out)


def test_the_report_has_the_decided_tier_between_proven_and_generated(tmp_path: Path) -> None:
    graph = load_graph(str(EXAMPLES / "planted_defects.py")).graph
    result = write_report(graph, html_path=tmp_path / "r.html", json_path=tmp_path / "r.json", budget_phrases=500)
    written = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert schema_errors(written) == []
    document = full_form(written)
    assert document["decision"]["ran"] and document["decision"]["defects"] == []
    assert_witnesses_agree(graph, document["decided"])
    # Each item points at its rule's declaration, like the proven problems and the suggestions.
    assert all(str(d["location"]["file"]).endswith("planted_defects.py") for d in document["decided"])
    html = result.html_path.read_text(encoding="utf-8")
    assert html.index('id="proven"') < html.index('id="decided"') < html.index('id="generated"')
    assert document["boundary"]["decided"] in unescape(html.replace("<code>", "`").replace("</code>", "`"))
    # Item 5: what is decided is not repeated as a sample, and the generated half points to it.
    superseded = document["decision"]["superseded"]
    rules = [r["id"] for r in document["graph"]["rules"]]
    # Each names its rules by id beside their positions, and the decided item that answers it.
    assert all(s["rule"] == rules[s["rule_index"]] and s["to"] == rules[s["to_index"]] for s in superseded)
    kinds = {(s["kind"], s["rule"], s["to"]) for s in superseded}
    assert ("rule-never-wins", "billing", "billing") in kinds
    assert ("rules-overlap", "tracking", "infra") in kinds
    left = {(s["kind"], s["rule"], s["to"]) for s in document["suggestions"]}
    assert not kinds & left
    # No sampled overlap of a pair the automata decided overlaps is left in the generated half.
    decided_pairs = {(d["other_rule"], d["rule"]) for d in document["decided"] if d["kind"] == "decided-overlap"}
    assert not {(s["rule"], s["to"]) for s in document["suggestions"] if s["kind"] == "rules-overlap"} & decided_pairs
    ids = {d["id"]: d for d in document["decided"]}
    for pointer in (s["decided"] for s in superseded):
        assert pointer in ids or pointer == "decided-co-occurrence"
        assert f'href="#{pointer}"' in html and f'id="{pointer}"' in html
    assert document["summary"]["suggestions"] == len(document["suggestions"])


def test_check_decide_sarif_carries_the_decided_problems(tmp_path: Path) -> None:
    sarif = tmp_path / "check.sarif"
    invoke("check", str(EXAMPLES / "keyword_boundaries.json"), "--decide", "--sarif", str(sarif))
    results = json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["results"]
    decided = [r for r in results if r["properties"]["tier"] == "decided"]
    assert [r["ruleId"] for r in decided if r["level"] == "warning"] == ["decided-never-wins"]
    invoke("check", str(EXAMPLES / "keyword_boundaries.json"), "--sarif", str(sarif))  # decides by default
    default = json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["results"]
    assert [r["ruleId"] for r in default if r["properties"]["tier"] == "decided"] == [r["ruleId"] for r in decided]
    invoke("check", str(EXAMPLES / "keyword_boundaries.json"), "--no-decide", "--sarif", str(sarif))
    results = json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["results"]
    assert {r["properties"]["tier"] for r in results} == {"proven"}


def test_a_db_replay_does_not_carry_a_superseded_suggestion_back(tmp_path: Path) -> None:
    graph = load_graph(str(EXAMPLES / "planted_defects.py")).graph
    db = tmp_path / "db"
    write_report(graph, html_path=tmp_path / "a.html", budget_phrases=300, db=db, decide=False)
    second = write_report(graph, html_path=tmp_path / "b.html", budget_phrases=300, db=db)
    rules = [r["id"] for r in second.document["graph"]["rules"]]
    written = second.document["decision"]["superseded"]
    assert all(s["rule"] == rules[s["rule_index"]] for s in written)
    superseded = {(s["kind"], s["rule"], s["to"]) for s in written}
    left = {(s["kind"], s["rule"], s["to"]) for s in full_form(second.document)["suggestions"]}
    assert ("rule-never-wins", "billing", "billing") in superseded and not superseded & left
    assert second.document["summary"]["suggestions"] == len(second.document["suggestions"])


def test_the_terminal_summary_puts_the_decided_tier_between_the_others(tmp_path: Path) -> None:
    code, out, _ = code_out_err(invoke(
        "report", str(EXAMPLES / "keyword_boundaries.json"), "-o", str(tmp_path / "r.html"), "--budget", "100",
    ))
    # The overlap of `billing` over `spaced` is the bug a declared example already proves: folded into that
    # proven row, so the header counts it there, once, not again among the decided rows.
    decided = ("decided:   2 decided findings (1 never-wins; 1 overlap, shown with its proven row); 9 co-occurring "
               "pairs counted")
    assert out.index("proven:") < out.index(decided) < out.index("generated:")


def test_the_summary_names_a_decided_overlap_folded_into_its_proven_row(tmp_path: Path) -> None:
    """The tutorial's graph: its one decided overlap is the bug a declared example proves, shown in that row.

    The header must not say the tier decided nothing while the proven row says `also decided`.
    """
    assert code_out_err(invoke("example", "support.json", "--to", str(tmp_path)))[0] == 0
    graph = tmp_path / "support.json"
    code, out, _ = code_out_err(invoke("report", str(graph), "-o", str(tmp_path / "r.html"), "--workers", "1"))
    assert code == 1
    assert "'where is my order' -> order-status  (error, also decided," in out
    assert ("decided:   1 decided finding (1 overlap, shown with its proven row); 9 co-occurring pairs counted, not "
            "findings") in out
    assert "decided:   nothing" not in out


def test_report_no_decide_leaves_the_tier_out(tmp_path: Path) -> None:
    code, _out, _ = code_out_err(invoke(
        "report", str(EXAMPLES / "keyword_boundaries.json"), "-o", str(tmp_path / "r.html"),
        "--json", str(tmp_path / "r.json"), "--budget", "100", "--no-decide",
    ))
    document = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert document["decided"] == [] and document["decision"]["ran"] is False
    assert schema_errors(document) == []
    assert 'id="decided-not-run"' in (tmp_path / "r.html").read_text(encoding="utf-8")


def _exploration(*suggestions: Suggestion) -> Exploration:
    return replace(empty_exploration(0, None, None, partial=False), suggestions=suggestions)


def _suggestion(kind: str, rule: str, i: int, j: int) -> Suggestion:
    return Suggestion(kind, rule, j, "a", i, rule, j, 3, (Witness("a b", None, None),), "sampled")


def test_a_sampled_overlap_of_a_disjoint_pair_is_a_tool_defect_and_kept() -> None:
    graph = Graph("g").entry("a", match=re.compile(r"^a\b")).entry("b", match=re.compile(r"^b\b"))
    exploration = _exploration(_suggestion("rules-overlap", "b", 0, 1))
    report = build_report(graph, graph.checkup(), exploration, decisions=decide(graph))
    assert [s.kind for s in report.suggestions] == ["rules-overlap"]
    assert report.decision.defects[0].problem.startswith("a generated phrase matches both")
    assert report.summary.decided_defects == len(report.decision.defects)


def test_a_sampled_never_wins_of_a_decided_dead_rule_is_superseded() -> None:
    graph = Graph("g").entry("a", match=keywords("order")).entry("b", match=re.compile(r"where is my order\b"))
    exploration = _exploration(_suggestion("rule-never-wins", "b", 0, 1))
    report = build_report(graph, graph.checkup(), exploration, decisions=decide(graph))
    assert report.suggestions == []
    assert report.decision.superseded[0].decided_kind == "decided-never-wins"
    assert report.summary.suggestions == 0 and report.summary.decided_by_kind["decided-never-wins"] == 1


def test_the_sampled_never_wins_message_names_the_law_and_the_mount() -> None:
    from fuzzroute.generate import explore

    planted = load_graph(str(EXAMPLES / "planted_defects.py")).graph
    found = [s for s in explore(planted, seed=0, budget_phrases=500).suggestions if s.kind == "rule-never-wins"]
    assert found and "Only the cold walk loses them" in found[0].message and "`rules` mount" in found[0].message
    assert "As declared" not in found[0].message
    graph = (
        Graph("g", mount="classifier")
        .entry("order", match=keywords("order"))
        .entry("where", match=re.compile(r"where is my order\b"))
    )
    found = [s for s in explore(graph, seed=0, budget_phrases=300).suggestions if s.kind == "rule-never-wins"]
    assert found and "under either law" in found[0].message and "`classifier` mount" in found[0].message
