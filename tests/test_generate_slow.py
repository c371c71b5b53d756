"""What timing still finds: a slow condition the automata cannot read, reported as a timing-based sample.

Catastrophic backtracking in a regex the automata read is decided
(`decided-redos`), never timed; a regex they cannot read (here: a
lookahead) is pumped and timed; a `when` predicate that runs past the
condition time limit during generation is reported once, naming its rule.
"""

from __future__ import annotations

import re
import time

from fuzzroute import Graph, keywords
from fuzzroute.engine.limits import time_limits
from fuzzroute.generate import explore
from fuzzroute.results.suggestions import SLOW_MATCHER


def test_nested_repeats_the_automata_cannot_read_are_reported_with_a_pumped_phrase() -> None:
    graph = (
        Graph("slow")
        .entry("names", match=re.compile(r"^(?=\w)(\w+\s?)+$"))
        .entry("tracking", match=re.compile(r"where is my (order|package)"))
        .entry("refunds", match=keywords("refund"))
    )
    run = explore(graph, seed=0, budget_phrases=60)
    slow = [s for s in run.suggestions if s.kind == SLOW_MATCHER]
    assert [s.rule for s in slow] == ["names"]
    witness = slow[0].witnesses[0]
    assert slow[0].paste is not None
    assert eval(slow[0].paste) == witness.phrase  # the paste line is a Python expression
    assert graph.claims(witness.phrase).ids() == (witness.cold_walk, witness.cascade)
    assert r"^(?=\w)(\w+\s?)+$" in slow[0].message and "timed, not decided" in slow[0].message


def test_a_regex_the_automata_read_is_never_timed() -> None:
    graph = Graph("decided").entry("names", match=re.compile(r"^(\w+\s?)+$"))
    run = explore(graph, seed=0, budget_phrases=60)
    assert not [s for s in run.suggestions if s.kind == SLOW_MATCHER]


def test_a_predicate_past_the_time_limit_is_reported_once_and_the_budget_holds() -> None:
    calls = {"n": 0}

    def sleepy(ctx: object) -> bool:
        calls["n"] += 1
        time.sleep(10)
        return False

    graph = Graph("sleepy").entry("sleepy", when=sleepy).entry("refunds", match=keywords("refund"))
    with time_limits(condition_seconds=0.3):
        run = explore(graph, seed=0, budget_phrases=200)
    slow = [s for s in run.suggestions if s.kind == SLOW_MATCHER]
    assert [s.rule for s in slow] == ["sleepy"]
    assert "time limit" in slow[0].message and "sleepy" in slow[0].message
    assert calls["n"] <= 2  # once in generation, once more at most in the warm-context phase
