"""The gate withholds words a regex only spells by running words together, and a plural made singular and bare."""

from __future__ import annotations

import re

from fuzzroute import Graph, keywords
from fuzzroute.generate.natural_gate import Gate


def _gate() -> tuple[Gate, dict[str, int]]:
    graph = (
        Graph("bikes")
        .entry("cycle-to-work", match=re.compile(r"cycle ?to ?work|bike to work scheme"),
               examples=["do you accept cycle to work vouchers", "is there a bike to work scheme"])
        .entry("ebike", match=re.compile(r"\be-?bikes?\b"), examples=["do you sell e-bikes", "is my e-bike covered"])
        .entry("autoscale", match=re.compile(r"autoscaling|auto-scaling"), examples=["turn on autoscaling"])
        .entry("tyres", match=keywords("flat tyres", "punctures"), examples=["do you fix flat tyres"])
        .entry("staff")
    )
    return Gate(graph), {e.id: e.index for e in graph.entries}


def test_a_regex_word_made_only_by_dropping_its_optional_spaces_is_withheld() -> None:
    gate, rule = _gate()
    assert gate.why("is there a cycletowork", rule["cycle-to-work"]) == "'cycletowork' is not a word people write"
    assert gate.why("is there a cycle towork", rule["cycle-to-work"]) == "'towork' is not a word people write"


def test_a_closed_compound_the_author_wrote_is_the_graphs_own_word() -> None:
    gate, rule = _gate()
    assert gate.why("please turn on autoscaling", rule["autoscale"]) is None


def test_a_plural_named_bare_is_not_made_singular_and_bare() -> None:
    gate, rule = _gate()
    assert gate.why("do you sell e-bike", rule["ebike"]) is not None
    assert gate.why("do you sell ebikes", rule["ebike"]) is None
    assert gate.why("is my ebike covered", rule["ebike"]) is None


def test_a_noun_phrase_said_shorter_on_the_same_head_fills_the_same_slot() -> None:
    graph = (
        Graph("bikes")
        .entry("ebike", match=re.compile(r"\be-?bikes?\b|\belectric bike", re.I),
               examples=["my electric bike won't charge"])
        .entry("staff")
    )
    gate = Gate(graph)
    assert gate.why("my e-bike won't charge", 0) is None
    assert gate.why("my ebike won't charge", 0) is None
    assert gate.why("do you sell electric bike", 0) is not None  # still a countable noun with no article


def test_a_noun_phrase_keyword_does_not_take_the_place_of_its_verb_phrase_sibling_in_any_sentence() -> None:
    graph = (
        Graph("letting")
        .entry("renewal", match=keywords("renew", "renewal", "extend my tenancy"),
               examples=["can I renew for another year", "I'd like to extend my tenancy"])
        .entry("pets", match=re.compile(r"\b(pet|pets|dog|cat)\b", re.I), examples=["are pets allowed"])
        .entry("team")
    )
    gate = Gate(graph)
    assert gate.why("I'd like to renewal", 0) == "'renewal' does not take the place of 'extend my tenancy'"
    assert gate.why("I'd like to renew", 0) is None
    assert gate.why("are dog allowed", 1) is not None  # a countable noun, alone, where a plural stood
