"""Replaying stored witnesses: every witness a run reports reproduces on the same graph.

`--db` calls a stored suggestion resolved when none of its witnesses
reproduces.  If the replay's notion of "reproduces" were stricter than the
engine's notion of the finding, an unchanged graph would show resolved
findings; if looser, a fixed rule would never show as resolved.  The first
test holds the replay to the engine on every bundled example and every kind
they produce; the others check that a change to the graph is noticed.
"""

from __future__ import annotations

import re
from pathlib import Path

from helpers.report_fixtures import build_json
from msgspec.structs import replace

from fuzzroute import Graph, keywords
from fuzzroute.generate import explore
from fuzzroute.graphfiles.loader import load_graph
from fuzzroute.report.assembly.replay import replay_witness
from fuzzroute.results.document import SuggestionRecord
from fuzzroute.results.message_table import full_form
from fuzzroute.results.record import from_json

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SPECS = ["support.py", "planted_defects.py", "nightly_shop.json", "mounts/rules.json", "mounts/classifier.json",
         "mounts/scorer.json", "keyword_boundaries.json", "defaults.py:default_first", "defaults.py:raising_when",
         "devops.py"]


def suggestions_for(graph: Graph, budget: int = 200) -> list[SuggestionRecord]:
    """The report's suggestions read back from its JSON, as a ledger holds them."""
    document = build_json(graph, graph.checkup(), explore(graph, seed=0, budget_phrases=budget))
    return from_json(list[SuggestionRecord], full_form(document)["suggestions"])


def test_every_reported_witness_reproduces_on_the_unchanged_graph() -> None:
    kinds: set[str] = set()
    for spec in SPECS:
        graph = load_graph(str(EXAMPLES / spec)).graph
        for suggestion in suggestions_for(graph):
            for witness in suggestion.witnesses:
                again = replay_witness(graph, suggestion, witness)
                assert again is not None, (spec, suggestion.kind, witness.phrase)
                assert (again.cold_walk, again.cascade) == (witness.cold_walk, witness.cascade)
            kinds.add(suggestion.kind)
    # the examples exercise every routing kind the replay has a rule for
    assert {"generated-shadowed-by-earlier", "generated-laws-disagree", "near-miss-unclaimed",
            "near-miss-claimed-elsewhere", "rules-overlap", "when-claims-warm", "rule-never-wins"} <= kinds, kinds


def shop(orders: str) -> Graph:
    return (
        Graph("shop")
        .entry("orders", match=re.compile(orders, re.I))
        .entry("tracking", match=re.compile(r"where is my (order|package)", re.I))
        .entry("billing", match=keywords("refund"))
    )


def test_a_narrowed_rule_no_longer_reproduces_its_shadowing() -> None:
    before = suggestions_for(shop(r"\border\b"))
    shadowing = next(s for s in before if s.kind == "generated-shadowed-by-earlier" and s.rule == "tracking")
    after = shop(r"^order status$")
    assert all(replay_witness(after, shadowing, w) is None for w in shadowing.witnesses)
    assert all(replay_witness(shop(r"\border\b"), shadowing, w) is not None for w in shadowing.witnesses)


def test_a_removed_or_renamed_rule_does_not_reproduce() -> None:
    graph = shop(r"\border\b")
    shadowing = next(s for s in suggestions_for(graph) if s.rule == "tracking")
    renamed = replace(shadowing, rule="parcels")
    assert replay_witness(graph, renamed, shadowing.witnesses[0]) is None
    inserted = (
        Graph("shop")
        .entry("greeting", match=keywords("hello"))
        .entry("orders", match=re.compile(r"\border\b", re.I))
        .entry("tracking", match=re.compile(r"where is my (order|package)", re.I))
    )
    # Positions moved, ids did not: the witness still shows the same shadowing, at its new index.
    again = replay_witness(inserted, shadowing, shadowing.witnesses[0])
    assert again is not None and again.cascade_index == 1
