"""A catastrophic regex is reported with a phrase that is slow on it; a linear one is not."""

from __future__ import annotations

import re

from fuzzroute import Graph, keywords
from fuzzroute.generate import explore
from fuzzroute.results.suggestions import SLOW_MATCHER


def test_nested_repeats_are_reported_with_a_pumped_phrase() -> None:
    graph = (
        Graph("slow")
        .entry("names", match=re.compile(r"^(\w+\s?)+$"))
        .entry("tracking", match=re.compile(r"where is my (order|package)"))
        .entry("refunds", match=keywords("refund"))
    )
    run = explore(graph, seed=0, budget_phrases=60)
    slow = [s for s in run.suggestions if s.kind == SLOW_MATCHER]
    assert [s.rule for s in slow] == ["names"]
    witness = slow[0].witnesses[0]
    assert slow[0].paste is not None
    assert eval(slow[0].paste) == witness.phrase  # noqa: S307 - the paste line is a Python expression
    assert graph.claims(witness.phrase).ids() == (witness.cold_walk, witness.cascade)
    assert r"^(\w+\s?)+$" in slow[0].message
