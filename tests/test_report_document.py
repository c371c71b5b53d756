"""The report document: schema-valid, self-consistent, and faithful to the laws."""

from __future__ import annotations

import ast
import json
import re
from datetime import UTC, datetime
from typing import Any

import msgspec
import pytest
from helpers.report_fixtures import (
    SUPPORT_SAMPLES,
    build_json,
    judge_samples,
    support_exploration,
    support_graph,
    wide_exploration,
    wide_graph,
    witness,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from fuzzroute import Graph, intent, keywords
from fuzzroute.decided import BOUNDARY
from fuzzroute.engine.problems import EXAMPLE_SHADOWED_BY_EARLIER
from fuzzroute.report import (
    GENERATED_BOUNDARY,
    PROVEN_BOUNDARY,
    SCHEMA_VERSION,
    schema_errors,
)
from fuzzroute.report.assembly.tool_versions import REPORTED_DISTRIBUTIONS
from fuzzroute.results.document import RuleFigures
from fuzzroute.results.message_table import full_form
from fuzzroute.results.record import to_json
from fuzzroute.results.suggestions import (
    NEAR_MISS_UNCLAIMED,
    SHADOWED_BY_EARLIER_RULE,
    SLOW_MATCHER,
    SUGGESTION_KINDS,
    WHEN_CLAIMS_WARM,
    Exploration,
    RuleStats,
    Suggestion,
    Witness,
)

NOW = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)


def support_document(**options: Any) -> dict[str, Any]:
    graph = support_graph()
    return build_json(graph, graph.checkup(), support_exploration(**options), now=NOW,
                          source_path="graphs/help_desk.py")


def test_required_top_level_shape() -> None:
    written = support_document()
    # Every suggestion names its rules beside their positions, as a script reads them.
    rules = written["graph"]["rules"]
    assert all(s["from"] == rules[s["from_index"]]["id"] for s in written["suggestions"] if s["from_index"] is not None)
    doc = full_form(written)
    assert doc == written and doc["schema_version"] == SCHEMA_VERSION == 6
    assert {"schema_version", "graph", "proven", "suggestions", "boundary", "partial", "summary"} <= set(doc)
    assert set(doc["proven"]) >= {"problems", "notes"}
    for suggestion in doc["suggestions"]:
        assert {"kind", "rule", "from", "to", "count", "witnesses"} <= set(suggestion)
        for w in suggestion["witnesses"]:
            assert {"phrase", "cold_walk", "cascade"} <= set(w)
    assert doc["boundary"] == {"proven": PROVEN_BOUNDARY, "generated": GENERATED_BOUNDARY, "decided": BOUNDARY}
    assert doc["decided"] == [] and doc["decision"]["ran"] is False
    assert doc["generated_at"] == "2025-01-02T03:04:05Z"


def test_documents_validate_against_the_published_schema() -> None:
    assert schema_errors(support_document()) == []
    graph = wide_graph(40)
    assert schema_errors(build_json(graph, graph.checkup(), wide_exploration(graph, suggestions=40))) == []


def test_the_schema_rejects_a_mislabelled_document() -> None:
    doc = support_document()
    doc["summary"]["exit_status"] = 3
    del doc["boundary"]["generated"]
    doc["proven"]["problems"][0]["kind"] = "suggestion"
    errors = schema_errors(doc)
    assert any(e.startswith("$.summary.exit_status") for e in errors)
    assert any(e.startswith("$.boundary") for e in errors)
    assert any(e.startswith("$.proven.problems[0].kind") for e in errors)


def test_document_is_plain_json() -> None:
    doc = support_document()
    assert json.loads(json.dumps(doc)) == doc


def test_proven_half_is_the_checkup_with_claimants_from_the_laws() -> None:
    graph = support_graph()
    checkup = graph.checkup()
    doc = build_json(graph, checkup, support_exploration())
    assert [{k: v for k, v in p.items() if k != "claims"} for p in doc["proven"]["problems"]] == [
        to_json(p) for p in checkup.problems
    ]
    assert doc["proven"]["notes"] == to_json(list(checkup.notes))
    for problem in doc["proven"]["problems"]:
        claims = graph.claims(problem["example"])
        got = problem["claims"]
        assert (got["cold_walk"] and got["cold_walk"]["id"], got["cascade"] and got["cascade"]["id"]) == claims.ids()
    assert doc["summary"]["proven_errors"] == len(checkup.errors) > 0
    assert doc["summary"]["proven_warnings"] == len(checkup.warnings) > 0


def test_exit_status_follows_proven_errors_only() -> None:
    assert support_document()["summary"]["exit_status"] == 1
    clean = Graph("clean").entry("billing", match=keywords("refund"), examples=["refund please"])
    exploration = judge_samples(clean, {0: ["refund"]})
    # A suggestion never changes the exit status.
    with_suggestion = replace(exploration, suggestions=(
        Suggestion(SLOW_MATCHER, "billing", 0, None, None, None, None, 1, (), "slow"),))
    doc = build_json(clean, clean.checkup(), with_suggestion)
    assert doc["summary"]["suggestions"] == 1 and doc["summary"]["exit_status"] == 0 == doc["summary"]["exit_status"]


def test_summary_counts_agree_with_the_lists() -> None:
    doc = support_document()
    summary = doc["summary"]
    assert summary["suggestions"] == len(doc["suggestions"])
    assert sum(summary["suggestions_by_kind"].values()) == len(doc["suggestions"])
    assert summary["witnesses"] == sum(len(s["witnesses"]) for s in doc["suggestions"])
    assert summary["phrases_stolen"] == sum(n for i, j, n in doc["steals"]["cells"] if i != j)


def test_rule_shares_are_computed_from_accepted_phrases() -> None:
    doc = support_document()
    names = [f.encode_name for f in msgspec.structs.fields(RuleFigures)]
    for row in doc["rules"]:
        rule = dict(zip(names, row, strict=True))  # each rule's figures are one array, in declaration order
        assert rule["accepted"] == rule["won"] + rule["lost"] == rule["generated"]
        assert rule["phrases"] == rule["accepted"] + rule["rejected"]
        if rule["accepted"]:
            assert rule["share_won"] == pytest.approx(rule["won"] / rule["accepted"], abs=1e-4)
        column = [n for _taker, source, n in doc["steals"]["cells"] if source == rule["index"]]
        assert sum(column) == rule["accepted"]


def _rebuilt_with_examples(graph: Graph, index: int, examples: list[str]) -> Graph:
    rebuilt = Graph(graph.name, mount=graph.mount)
    for entry in graph.entries:
        rebuilt.entry(entry.id, match=entry.match, when=entry.when,
                      examples=examples if entry.index == index else entry.examples)
    if graph.never_route_phrases:
        rebuilt.never_routes(list(graph.never_route_phrases))
    return rebuilt


def _pasted(line: str) -> list[str]:
    assert line.startswith("examples=")
    value = ast.literal_eval(line.removeprefix("examples="))
    assert isinstance(value, list)
    return value


def test_paste_lines_turn_a_suggestion_into_a_proof() -> None:
    graph = support_graph()
    doc = full_form(build_json(graph, graph.checkup(), support_exploration()))
    shadowed = [s for s in doc["suggestions"] if s["kind"] == SHADOWED_BY_EARLIER_RULE]
    assert shadowed
    for suggestion in shadowed:
        index = suggestion["rule_index"]
        python = _pasted(suggestion["paste"])
        as_json = json.loads("{" + suggestion["paste_json"] + "}")["examples"]
        declared = list(graph.entries[index].examples or ())
        assert python == as_json
        assert python[: len(declared)] == declared
        best = suggestion["witnesses"][0]
        assert python[len(declared):] == [best["phrase"]]
        proven = _rebuilt_with_examples(graph, index, python).checkup()
        shadow_rows = {(p.example, p.from_) for p in proven.problems if p.code == EXAMPLE_SHADOWED_BY_EARLIER}
        assert (best["phrase"], best["cold_walk"]) in shadow_rows


def test_no_paste_where_examples_cannot_go() -> None:
    graph = (
        Graph("mixed", mount="classifier")
        .entry("wants-refund", match=intent("customer wants a refund", ["money back"]))
        .entry("billing", match=keywords("refund"), examples=["refund it"])
        .entry("fallback")
    )
    w = witness(graph, "refund now", "regex")
    suggestions = (
        Suggestion(SHADOWED_BY_EARLIER_RULE, "wants-refund", 0, None, None, None, None, 1, (w,), "intent"),
        Suggestion(SHADOWED_BY_EARLIER_RULE, "fallback", 2, None, None, None, None, 1, (w,), "default"),
        Suggestion(SLOW_MATCHER, "billing", 1, None, None, None, None, 1, (w,), "slow"),
        Suggestion(SHADOWED_BY_EARLIER_RULE, "billing", 1, None, None, None, None, 1,
                   (witness(graph, "refund it", "regex"),), "already declared"),
        Suggestion(SHADOWED_BY_EARLIER_RULE, "billing", 1, None, None, None, None, 1, (w,), "given",
                   paste="examples=['kept as given']"),
    )
    exploration = Exploration(0, 10, None, 1, 1, 0.0, suggestions, (), ())
    doc = build_json(graph, graph.checkup(), exploration, graph_format="json")
    assert [s["paste"] for s in doc["suggestions"]] == [None, None, None, None, "examples=['refund it', 'refund now']"]
    assert [s["paste_mode"] for s in doc["suggestions"]] == [None, None, None, "already_declared", "examples"]
    assert doc["suggestions"][4]["paste_json"] == '"examples": ["refund it", "refund now"]'


def test_a_case_variant_of_an_example_is_a_new_example() -> None:
    # The checkup compares examples exactly, and a case-sensitive regex may reject the variant.
    graph = Graph("case").entry("cancel", match=re.compile(r"subscription"), examples=["cancel my subscription"])
    w = witness(graph, "Cancel My Subscription", "mutation/case")
    exploration = Exploration(0, 10, None, 1, 1, 0.0, (
        Suggestion(NEAR_MISS_UNCLAIMED, "cancel", 0, None, None, "cancel", 0, 1, (w,), "case"),), (), ())
    (suggestion,) = build_json(graph, graph.checkup(), exploration)["suggestions"]
    pasted = _pasted(suggestion["paste"])
    assert pasted == ["cancel my subscription", "Cancel My Subscription"]
    proven = _rebuilt_with_examples(graph, 0, pasted).checkup().problems
    assert [(p.code, p.example) for p in proven] == [
        ("example-misses-own-rule", "Cancel My Subscription"), ("example-unclaimed", "Cancel My Subscription")]


def test_the_engines_line_is_kept_where_no_examples_line_fits() -> None:
    graph = Graph("slow").entry("greedy", match=re.compile(r"(a+)+$"), examples=["aaa"])
    w = witness(graph, "a" * 20 + "!", "adversarial")
    exploration = Exploration(0, 10, None, 1, 1, 0.0, (
        Suggestion(SLOW_MATCHER, "greedy", 0, None, None, None, None, 1, (w,), "slow",
                   paste="'a' * 20 + '!'", paste_json='"phrase": "aaaaaaaaaaaaaaaaaaaa!"'),), (), ())
    (suggestion,) = build_json(graph, graph.checkup(), exploration)["suggestions"]
    assert (suggestion["paste"], suggestion["paste_mode"]) == ("'a' * 20 + '!'", "as_given")


def test_steals_are_sparse_cells_over_the_rules_phrases_came_from() -> None:
    graph = support_graph()
    exploration = judge_samples(graph, {**SUPPORT_SAMPLES, 4: ["<b>"]})
    doc = build_json(graph, graph.checkup(), exploration)
    assert doc["steals"]["axis"] == [r.index for r in exploration.rules]
    assert doc["steals"]["cells"] == [list(cell) for cell in sorted(exploration.steals)]
    assert all(n > 0 for _i, _j, n in doc["steals"]["cells"])
    broken = replace(exploration, steals=((1, 2), (3, 4)))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="triples"):
        build_json(graph, graph.checkup(), broken)


def test_partial_is_marked_with_a_reason() -> None:
    assert support_document()["partial"] is False and support_document()["partial_reason"] is None
    cut = support_document(partial=True)
    assert cut["partial"] is True and "stopped" in cut["partial_reason"]
    graph = support_graph()
    told = build_json(graph, graph.checkup(), support_exploration(), partial_reason="Interrupted.")
    assert told["partial"] is True and told["partial_reason"] == "Interrupted."


def test_witness_context_is_made_json_safe() -> None:
    graph = support_graph()
    odd = Witness("invoice", "billing", "billing", 0, 0, "when", {"iteration": 2, "history": [object()]})
    exploration = Exploration(0, None, 5.0, 1, 1, 0.1, (
        Suggestion(WHEN_CLAIMS_WARM, "billing", 0, None, None, None, None, 1, (odd,), "warm"),
    ), (RuleStats(0, "billing", "c", 2, 1, 1, 0),), ())
    doc = build_json(graph, graph.checkup(), exploration)
    context = doc["suggestions"][0]["witnesses"][0]["context"]
    assert context["iteration"] == 2 and isinstance(context["history"][0], str)
    assert json.loads(json.dumps(doc)) == doc and schema_errors(doc) == []


def test_versions_name_every_library_the_report_depends_on() -> None:
    versions = support_document()["tool"]["versions"]
    assert set(REPORTED_DISTRIBUTIONS) | {"python"} == set(versions)
    assert re.fullmatch(r"[0-9][0-9a-z.+-]*", versions["jinja2"])


# -- invariants over arbitrary explorations ------------------------------------------------

phrases = st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=30)


@st.composite
def explorations(draw: st.DrawFn) -> Exploration:
    graph = support_graph()
    samples = draw(st.dictionaries(st.sampled_from(sorted(SUPPORT_SAMPLES)), st.lists(phrases, max_size=4),
                                   max_size=4))
    base = judge_samples(graph, samples, partial=draw(st.booleans()))
    extra = draw(st.lists(st.builds(
        lambda kind, rule, phrase, count: Suggestion(
            kind, graph.entries[rule].id, rule, None, None, None, None, count,
            (witness(graph, phrase, "drawn"),), f"drawn {kind}"),
        st.sampled_from(sorted(SUGGESTION_KINDS)), st.integers(0, len(graph.entries) - 1), phrases,
        st.integers(1, 99)), max_size=5))
    return replace(base, suggestions=base.suggestions + tuple(extra))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(explorations())
def test_any_exploration_gives_a_valid_consistent_document(exploration: Exploration) -> None:
    graph = support_graph()
    doc = build_json(graph, graph.checkup(), exploration)
    assert schema_errors(doc) == []
    assert doc["partial"] is exploration.partial
    assert doc["summary"]["suggestions"] == len(exploration.suggestions)
    assert [s["witnesses"][0]["phrase"] for s in doc["suggestions"] if s["witnesses"]] == [
        s.witnesses[0].phrase for s in exploration.suggestions if s.witnesses
    ]
    for s in doc["suggestions"]:
        if s["paste"] is not None:
            assert _pasted(s["paste"]) == json.loads("{" + s["paste_json"] + "}")["examples"]
