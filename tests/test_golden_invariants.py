"""What the golden report documents must satisfy whatever their text: counts that add up, witnesses that re-verify.

`test_golden_documents.py` pins each bundled example's document byte for
byte, but a golden file is written by the code it checks: a wrong count
regenerated into it stays green.  The invariants here are computed apart
from the report code, from the graph itself: every count in `summary`
equals the items listed, the co-occurrence count equals the glued pairs in
`decision.pairs` and is at most n(n-1)/2, every proven problem is what the
graph's own checkup says in the same order, and every listed witness
(decided or sampled) is started by the rules the document names when it is
run through both claim laws again.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from fuzzroute import ClaimLaws, Graph, load_graph
from fuzzroute.results.message_table import full_form

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DOCUMENTS = sorted((HERE / "data" / "golden").glob("*.report.json"))


def document_of(path: Path) -> dict[str, Any]:
    # Read as a script would: names, locations and messages back (`fuzzroute.report.read_report`).
    document: dict[str, Any] = full_form(json.loads(path.read_text("utf-8")))
    return document


@cache
def graph_of(source: str) -> Graph:
    return load_graph(ROOT / source).graph


def claims_of(graph: Graph, phrase: str) -> tuple[str | None, str | None]:
    return ClaimLaws(graph.entries).both(phrase).ids()


def test_every_bundled_golden_document_is_checked() -> None:
    assert len(DOCUMENTS) == 12


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_the_summary_counts_what_is_listed(path: Path) -> None:
    document = document_of(path)
    summary = document["summary"]
    problems = document["proven"]["problems"]
    suggestions = document["suggestions"]
    assert summary["proven_errors"] == sum(p["kind"] == "error" for p in problems)
    assert summary["proven_warnings"] == sum(p["kind"] == "warning" for p in problems)
    assert summary["notes"] == len(document["proven"]["notes"])
    assert document["proven"]["ok"] == (summary["proven_errors"] == 0)
    assert summary["suggestions"] == len(suggestions)
    assert summary["suggestions_by_kind"] == dict(Counter(s["kind"] for s in suggestions))
    assert summary["witnesses"] == sum(len(s["witnesses"]) for s in suggestions)
    assert summary["decided"] == len(document["decided"])
    assert summary["decided_by_kind"] == dict(Counter(d["kind"] for d in document["decided"]))
    assert summary["phrases_generated"] == document["run"]["phrases_generated"]
    assert summary["phrases_stolen"] <= summary["phrases_generated"]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_every_pair_of_data_rules_is_counted_once(path: Path) -> None:
    document = document_of(path)
    decision = document["decision"]
    if not decision["ran"]:
        pytest.fail(f"the decided tier did not run on {path.name}: {decision['reason']}")
    data_rules = decision["stats"]["data_rules"]
    counts = decision["counts"]
    counted = {name: counts[name]["count"] for name in
               ("co_occurrence", "disjoint", "shared_text_unlisted", "undecided_unlisted")}
    listed = {(item["other_rule_index"], item["rule_index"])
              for item in document["decided"] if item["kind"] == "decided-overlap"}
    # Every pair of data rules is decided once: glued only, disjoint, shared text (listed or not), or undecided.
    assert sum(counted.values()) + len(listed) == data_rules * (data_rules - 1) // 2
    for name, count in counted.items():
        examples = counts[name]["examples"]
        assert len(examples) <= count, name
        pairs = [(e["other_rule_index"], e["rule_index"]) for e in examples]
        assert len(pairs) == len(set(pairs)) and not set(pairs) & listed, name
        assert all(a < b for a, b in pairs), name  # the earlier rule is the other rule
    # The sparse pair records agree with the counts they sample.
    keys = [(pair["from_index"], pair["to_index"]) for pair in decision["pairs"]]
    assert len(keys) == len(set(keys))
    assert sum(pair["relation"] == "co-occurrence" for pair in decision["pairs"]) <= counted["co_occurrence"]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_proven_problems_are_the_graphs_own_checkup_in_order(path: Path) -> None:
    document = document_of(path)
    checkup = graph_of(document["graph"]["source"]).checkup()
    listed = [(p["kind"], p["code"], p["skill"], p["example"], p["from"], p["to"])
              for p in document["proven"]["problems"]]
    expected = [(p.kind, p.code, p.skill, p.example, p.from_, p.to) for p in checkup.problems]
    assert listed == expected


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_every_listed_witness_re_verifies_through_both_laws(path: Path) -> None:
    document = document_of(path)
    graph = graph_of(document["graph"]["source"])
    checked = 0
    for item in document["decided"]:
        if item["claims"] is None:
            continue
        expected = (item["claims"]["cold_walk"] or {}).get("id"), (item["claims"]["cascade"] or {}).get("id")
        assert claims_of(graph, item["witness"]) == expected, item["id"]
        if item["kind"] == "decided-overlap":
            assert item["other_rule"] in expected  # the earlier rule takes the later rule's own words
        checked += 1
    for suggestion in document["suggestions"]:
        for witness in suggestion["witnesses"]:
            if witness.get("context") is not None:
                continue  # drawn in a warm context: the cold laws do not apply
            assert claims_of(graph, witness["phrase"]) == (witness["cold_walk"], witness["cascade"]), witness
            checked += 1
    assert checked > 0 or not (document["decided"] or document["suggestions"])
