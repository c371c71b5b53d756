"""The planted-defect graphs: explore finds each defect from the rules alone.

The main graph declares no examples, so the proven half has nothing to say;
every finding here comes from generated phrases, and each is re-checked with
`graph.claims` and `runs_on`, not trusted from the suggestion.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from fuzzroute import Graph, Outcome, RoutingContext, runs_on
from fuzzroute.generate import explore
from fuzzroute.report.assembly.records import Records
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_UNCLAIMED,
    RULE_NEVER_WINS,
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    WHEN_CLAIMS_WARM,
    Exploration,
    Suggestion,
)

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "planted_defects.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("planted_defects", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def planted() -> ModuleType:
    return _load()


@pytest.fixture(scope="module")
def run(planted: ModuleType) -> Exploration:
    return explore(planted.graph, seed=0, budget_phrases=500)


def _entry_index(graph: Graph, skill: str) -> int:
    return next(e.index for e in graph.entries if e.id == skill)


def _find(run: Exploration, kind: str, rule: str, from_: str | None = None, to: str | None = None) -> Suggestion:
    found = [
        s
        for s in run.suggestions
        if s.kind == kind and s.rule == rule and (from_ is None or s.from_ == from_) and (to is None or s.to == to)
    ]
    assert found, f"no {kind} for {rule} in {[(s.kind, s.rule, s.from_, s.to) for s in run.suggestions]}"
    return found[0]


def test_the_main_graph_is_silent_in_the_proven_half(planted: ModuleType) -> None:
    checkup = planted.graph.checkup()
    assert checkup.problems == ()
    assert checkup.notes == ()


def test_an_earlier_word_rule_shadows_the_tracking_rule(planted: ModuleType, run: Exploration) -> None:
    graph: Graph = planted.graph
    found = _find(run, SHADOWED_BY_EARLIER_RULE, "tracking", "orders", "tracking")
    orders, tracking = graph.entries[_entry_index(graph, "orders")], graph.entries[_entry_index(graph, "tracking")]
    assert found.count >= len(found.witnesses) >= 1
    for witness in found.witnesses:
        assert runs_on(orders, witness.phrase) is Outcome.MATCH
        assert runs_on(tracking, witness.phrase) is Outcome.MATCH
        assert graph.claims(witness.phrase).ids() == ("orders", "orders")
    best = found.witnesses[0].phrase
    # "where is my order" is the tracking rule's own text, taken by the `order` word: shared fixed words.
    assert (found.relation, found.shared_in) == ("shared-text", "fixed-words") and found.shared_count >= 1
    assert (best.lower().startswith("where is my order"), found.witnesses[0].relation) == (True, "shared-text")
    # The line to paste is the report's to make (it knows the rule's declared examples).
    paste = Records(graph).suggestion(found)
    assert (paste.paste, paste.paste_json, paste.paste_mode) == (
        f"examples=[{best!r}]", f'"examples": ["{best}"]', "examples"
    )
    for word in ('"tracking"', '"orders"', r"/\border\b/", "where is my (order|package)", best):
        assert word in found.message


def test_a_default_before_a_keyword_rule_makes_the_laws_disagree(planted: ModuleType, run: Exploration) -> None:
    graph: Graph = planted.graph
    found = _find(run, LAWS_DISAGREE, "billing", "concierge", "billing")
    for witness in found.witnesses:
        assert graph.claims(witness.phrase).ids() == ("concierge", "billing")
    assert "mounted" in found.message and '"concierge"' in found.message


def test_a_free_slot_filled_with_another_rules_literal_shows_the_overlap(run: Exploration) -> None:
    # `what's running on \w+` meets `(array|host)\w*` only if the slot gets "host" or "array".
    # When generation also finds "status" shadowing an "infra" phrase, the overlap of the
    # same pair is withheld (reported once, as the stronger shadowing), but still found.
    overlaps = [
        s for s in (*run.suggestions, *run.withheld)
        if s.kind == RULES_OVERLAP and s.rule == "status" and s.to == "infra"
    ]
    assert len(overlaps) == 1, [(s.kind, s.rule, s.from_, s.to) for s in run.suggestions]
    assert all(re.search(r"\b(host|array)", w.phrase) for w in overlaps[0].witnesses)
    withheld = overlaps[0] in run.withheld
    shadowed = any(s.kind == SHADOWED_BY_EARLIER_RULE and s.from_ == "status" and s.to == "infra"
                   for s in run.suggestions)
    assert withheld == shadowed


def test_a_rule_behind_a_default_never_wins(run: Exploration) -> None:
    found = _find(run, RULE_NEVER_WINS, "billing")
    stats = next(r for r in run.rules if r.id == "billing")
    assert stats.won == 0 and stats.generated == found.count > 0


def test_a_when_rule_that_claims_only_on_a_later_turn(planted: ModuleType, run: Exploration) -> None:
    graph: Graph = planted.graph
    found = _find(run, WHEN_CLAIMS_WARM, "follow-up")
    for witness in found.witnesses:
        assert isinstance(witness.context, dict)
        warm = graph.claims(witness.phrase, RoutingContext(**witness.context))
        assert warm.ids()[1] == "follow-up" != graph.claims(witness.phrase).ids()[1]


def test_an_example_one_inflection_away_from_falling_through(planted: ModuleType) -> None:
    graph: Graph = planted.near_miss_graph()
    assert graph.checkup().problems == ()
    run = explore(graph, seed=0, budget_phrases=300)
    found = _find(run, NEAR_MISS_UNCLAIMED, "refunds")
    phrases = [w.phrase for w in found.witnesses]
    assert "where are my refunds" in phrases, phrases
    for witness in found.witnesses:
        assert graph.claims(witness.phrase).ids() == (None, None)
    assert '"where is my refund"' in found.message
    assert Records(graph).suggestion(found).paste_mode == "examples"
