"""The graph-level near misses (`generate.near_misses`): every variant a rule misses, deterministic, with claims."""

from __future__ import annotations

import re

from fuzzroute import Graph, keywords
from fuzzroute.generate.near_misses import NearMiss, deterministic_near_misses, literal_sources
from fuzzroute.strategies.variants import Variant, VariantKind


def _graph() -> Graph:
    return (
        Graph("cafe")
        .entry("book", match=re.compile(r"\b(book|reserve) a table\b"), examples=["book a table for two"])
        .entry("login", match=keywords("cannot log in"), examples=["I cannot log in"])
        .entry("enrol", match=keywords("enrol"), examples=["how do I enrol in a class"])
        .entry("wifi", match=keywords("wifi", "password"), examples=["the wifi is down"])
        .entry("open", match=re.compile(r"(?i)\bopening hours\b"), examples=["what are your opening hours"])
        .entry("front-desk")
    )


def test_literal_sources_spell_a_small_regex_out_and_list_keywords() -> None:
    book, login, *_ = _graph().entries
    assert literal_sources(book) == ["book a table", "reserve a table"]
    assert literal_sources(login) == ["cannot log in"]
    graph = Graph("x").entry("r", match=re.compile(r"restart the service\s+\w+"))
    assert literal_sources(graph.entries[0]) == []  # a run the regex does not accept alone


def test_each_near_miss_names_rule_source_variant_and_claims() -> None:
    misses = deterministic_near_misses(_graph())
    first = misses[0]
    assert first == NearMiss(
        rule_index=0, rule="book", source="book a table for two", source_kind="example",
        variant=Variant("case", "Book a table for two", "book", "Book"),
        cold_walk="front-desk", cold_walk_index=5, cascade=None, cascade_index=None,
    )
    by_kind: dict[tuple[str, str], NearMiss] = {}
    for miss in misses:
        by_kind.setdefault((miss.rule, miss.kind), miss)  # the first of each: the declared example's
    assert by_kind[("login", "contraction")].phrase == "I can't log in"
    assert by_kind[("enrol", "us-uk")].variant.after == "enroll"
    assert by_kind[("wifi", "compound")].phrase == "the wi-fi is down"
    assert ("open", "case") not in by_kind  # the i flag: no case variant misses
    assert all(m.rule != "front-desk" for m in misses)  # a default has nothing to miss


def test_only_variants_the_rule_misses_are_listed() -> None:
    graph = _graph()
    for miss in deterministic_near_misses(graph):
        entry = graph.entries[miss.rule_index]
        assert entry.data_matcher is not None and entry.data_matcher.witness(miss.phrase) is None
        claims = graph.claims(miss.phrase)
        assert (miss.cold_walk, miss.cascade) == claims.ids()


def test_the_same_graph_gives_the_same_tuple() -> None:
    assert deterministic_near_misses(_graph()) == deterministic_near_misses(_graph())
    compound: tuple[VariantKind, ...] = ("compound",)
    kinds = [m.kind for m in deterministic_near_misses(_graph(), kinds=compound)]
    assert kinds and set(kinds) == {"compound"}


def test_a_source_the_rule_misses_gives_nothing() -> None:
    graph = Graph("x").entry("r", match=keywords("refund"), examples=["cancel my order"]).entry("d")
    assert deterministic_near_misses(graph) == tuple(
        m for m in deterministic_near_misses(graph) if m.source_kind == "literal"
    )
