"""The decided tier on the cases a reader checks by hand."""

from __future__ import annotations

import re

import pytest

import fuzzroute
from fuzzroute import Graph, all_of, keywords
from fuzzroute.decided import (
    CAN_WIN,
    CO_OCCURRENCE,
    COLD_WALK_DEAD,
    FIXED_WORDS,
    NEVER_MATCHES,
    NEVER_WINS,
    OVERLAP,
    SHARED_TEXT,
    UNDECIDED,
    Decisions,
    decide,
)
from fuzzroute.decided.decisions import DecidedItem


def only(decisions: Decisions, kind: str, rule: str, other: str | None = None) -> DecidedItem:
    found = [
        i for i in decisions.items
        if i.kind == kind and i.entry.id == rule and (other is None or (i.other is not None and i.other.id == other))
    ]
    assert len(found) == 1, [(i.kind, i.entry.id, i.other and i.other.id) for i in decisions.items]
    return found[0]


def winning(decisions: Decisions, rule: str) -> DecidedItem:
    """The can-win fact of `rule` (counted, not listed; kept with its verified witness)."""
    (found,) = [i for i in decisions.winning.values() if i.entry.id == rule]
    assert found.kind == CAN_WIN
    return found


def test_a_keyword_before_a_longer_regex_makes_it_never_win() -> None:
    graph = (
        Graph("orders")
        .entry("order", match=keywords("order"))
        .entry("where", match=re.compile(r"where is my order\b"))
        .entry("either", match=re.compile(r"where is my (order|package)"))
    )
    decisions = decide(graph)
    dead = only(decisions, NEVER_WINS, "where")
    assert [e.id for e in dead.containing] == ["order"]
    assert dead.witness == "where is my order"
    assert dead.claims is not None and dead.claims.ids()[1] == "order"
    assert "under the cascade and under the cold walk" in dead.message
    alive = winning(decisions, "either")
    assert alive.witness == "where is my package"
    assert alive.claims is not None and alive.claims.ids()[1] == "either"
    assert decisions.defects == []
    # "where" is B's own text "where is my order", taken by the keyword inside its fixed words.
    taken = only(decisions, OVERLAP, "where", "order")
    assert (taken.relation, taken.shared_in, taken.witness) == (SHARED_TEXT, FIXED_WORDS, "where is my order")


def test_start_anchored_words_are_disjoint_but_unanchored_rules_overlap() -> None:
    graph = (
        Graph("money")
        .entry("refund", match=re.compile(r"^refund\b"))
        .entry("cancel", match=re.compile(r"^cancel\b"))
        .entry("refund-kw", match=keywords("refund"))
        .entry("cancel-re", match=re.compile("cancel"))
    )
    decisions = decide(graph)
    assert decisions.relation(0, 1) == "disjoint"
    # Two unanchored rules meet only when their texts are glued together: counted, not listed.
    assert decisions.relation(2, 3) == CO_OCCURRENCE
    assert not [i for i in decisions.items if i.other is not None and i.other.id == "refund-kw"]
    # `^cancel\b` does match the later rule's own text "cancel" alone: that is shared text.
    shared = only(decisions, OVERLAP, "cancel-re", "cancel")
    assert (shared.relation, shared.witness) == (SHARED_TEXT, "cancel")
    assert decisions.co_occurrence.count >= 1 and decisions.disjoint.count >= 1
    examples = decisions.co_occurrence.examples
    glued = [e.witness for e in examples if (e.other_rule, e.rule) == ("refund-kw", "cancel-re")]
    assert glued and glued[0] in ("refund cancel", "cancel refund")


def test_a_lookahead_makes_the_rule_undecided_with_the_reason() -> None:
    graph = Graph("g").entry("a", match=keywords("order")).entry("look", match=re.compile(r"order(?= now)"))
    decisions = decide(graph)
    item = only(decisions, UNDECIDED, "look")
    assert item.reason is not None and "lookahead" in item.reason
    assert not [i for i in decisions.items if i.entry.id == "look" and i.kind != UNDECIDED]


@pytest.mark.parametrize(
    ("pattern", "word"),
    [(r"(a)\1", "backreference"), (r"(?<=a)b", "lookbehind"), (r"(?>ab)", "atomic"), (r"a*+", "atomic")],
)
def test_constructs_outside_the_subset_are_undecided(pattern: str, word: str) -> None:
    decisions = decide(Graph("g").entry("x", match=re.compile(pattern)))
    assert word in (only(decisions, UNDECIDED, "x").reason or "")


def test_an_earlier_undecided_rule_cannot_make_a_counter_witness_wrong() -> None:
    # The lookahead rule matches "where is my package now"; the counter-witness must avoid it or stay undecided.
    graph = (
        Graph("g")
        .entry("look", match=re.compile(r"package(?=\b)"))
        .entry("either", match=re.compile(r"where is my (order|package)"))
    )
    decisions = decide(graph)
    for item in [*decisions.items, *decisions.winning.values()]:
        if item.kind == CAN_WIN:
            assert not re.search(r"package(?=\b)", item.witness or "")
    assert decisions.defects == []


def test_unicode_is_decided_exactly() -> None:
    # \b is Unicode in Python: /\bcaf\b/ never matches "café", while keyword caf does (é is no ASCII word).
    graph = Graph("g").entry("kw", match=keywords("caf")).entry("re", match=re.compile(r"\bcaf\b"))
    only(decide(graph), NEVER_WINS, "re")
    graph = Graph("g").entry("re", match=re.compile(r"\bcaf\b", re.I)).entry("kw", match=keywords("caf"))
    assert winning(decide(graph), "kw").witness == "café"
    # The Kelvin sign folds to k under IGNORECASE: /K/i is contained in keyword-free /k/i, both ways.
    graph = Graph("g").entry("k", match=re.compile("k", re.I)).entry("kelvin", match=re.compile("\u212a"))
    decisions = decide(graph)
    only(decisions, NEVER_WINS, "kelvin")


def test_a_union_of_earlier_rules_can_contain_a_rule() -> None:
    graph = (
        Graph("g")
        .entry("ax", match=re.compile("ax"))
        .entry("bx", match=re.compile("bx"))
        .entry("either", match=re.compile("[ab]x"))
    )
    item = only(decide(graph), NEVER_WINS, "either")
    assert [e.id for e in item.containing] == ["ax", "bx"]


def test_an_impossible_pattern_never_matches() -> None:
    graph = Graph("g").entry("first", match=keywords("a")).entry("never", match=re.compile(r"a\Zb"))
    only(decide(graph), NEVER_MATCHES, "never")


def test_a_default_hides_every_later_rule_under_the_cold_walk() -> None:
    graph = (
        Graph("g")
        .entry("billing", match=keywords("refund"))
        .entry("fallback")
        .entry("late", match=keywords("cancel"))
        .entry("later", when=lambda ctx: True)
    )
    item = only(decide(graph), COLD_WALK_DEAD, "fallback")
    assert [e.id for e in item.dead] == ["late", "later"]
    assert item.witness == "cancel"
    assert item.claims is not None and item.claims.ids()[0] == "fallback"
    assert "cold walk is the live law" in item.message


def test_when_rules_and_all_of() -> None:
    graph = (
        Graph("g", mount="classifier")
        .entry("gate", when=lambda ctx: "please" in ctx.user_message)
        .entry("both", match=all_of(keywords("cancel"), re.compile(r"\bplan\b")))
        .entry("cancel", match=keywords("cancel"))
        .entry("plan", match=re.compile(r"\bplan\b"))
    )
    decisions = decide(graph)
    alive = winning(decisions, "cancel")
    assert "`when` rule" in alive.message
    assert alive.claims is not None and alive.claims.ids()[1] == "cancel"
    # The all-of "both" needs "cancel" beside the later rule's own text "plan": glued texts, not shared text.
    assert decisions.relation(1, 3) == CO_OCCURRENCE
    # "cancel plan" is matched by both earlier data rules, so "plan" can win only with a phrase without "cancel".
    plan = winning(decisions, "plan")
    assert plan.witness is not None and "cancel" not in plan.witness.lower()


def test_scorer_mounts_skip_order_questions() -> None:
    graph = Graph("g", mount="scorer").entry("a", match=keywords("order")).entry("b", match=re.compile("order"))
    kinds = {i.kind for i in decide(graph).items}
    assert NEVER_WINS not in kinds and OVERLAP in kinds


def test_limits_make_questions_undecided_not_wrong() -> None:
    graph = Graph("g").entry("a", match=re.compile(r"\w{3}x")).entry("b", match=re.compile(r"\w{4}y"))
    decisions = decide(graph, max_states=3)
    assert {i.kind for i in decisions.items} <= {UNDECIDED, OVERLAP, CAN_WIN}
    assert any(i.kind == UNDECIDED and "states" in (i.reason or "") for i in decisions.items)


def test_the_package_exposes_decide_lazily() -> None:
    assert fuzzroute.decide is decide


def test_the_decided_tier_reads_only_the_engine() -> None:
    """Data flows one way: the automata never import generation, reports or the phrase generators."""
    import ast
    from pathlib import Path

    import fuzzroute.decided as package

    for path in Path(package.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = ("." * node.level) + (node.module or "")
                assert not any(part in module for part in ("generate", "report", "strategies")), (path, module)
            elif isinstance(node, ast.Import):
                assert not any("fuzzroute.generate" in a.name or "fuzzroute.report" in a.name for a in node.names)
