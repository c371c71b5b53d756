"""Property: on random graphs, every fix labelled safe moves only the messages its finding is about.

Small random keyword and regex graphs are drawn; for every decided
finding and near miss `fix` works on, every candidate proved safe is checked twice, by
code that is not the prover's: `diff` decides the moves between the graph
before and after (its own pair tables), and each decided move's witness
must lie in the fix's allowed set; and random messages made of the graphs'
own words, whose winning rule the edit changes, must lie in it too.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.authoring.rule_edits import edited_graph
from fuzzroute.decided import decide
from fuzzroute.diff import diff_graphs
from fuzzroute.diff.winners import LAWS, claimant
from fuzzroute.fix.fixing import attempts_for
from fuzzroute.fix.gaps import decided_gaps
from fuzzroute.fix.near_miss_gaps import near_miss_gaps

WORDS = ("order", "status", "refund", "card", "lost", "credit", "line", "down", "scale",
         "orders", "cards", "Order", "Card")  # the other forms near-miss fixes add
PHRASES = ("order", "order status", "refund", "card", "lost card", "credit", "credit line", "down", "scale down",
           "status")
REGEXES = (r"\border\b", r"\bscale (up|down)\b", r"where is my (order|card)", r"\b(lost|stolen) card\b",
           r"\bcredit( line)?\b")


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    graph = Graph("random")
    for position in range(draw(st.integers(2, 4))):
        if draw(st.booleans()):
            words = draw(st.lists(st.sampled_from(PHRASES), min_size=1, max_size=3, unique=True))
            graph.entry(f"r{position}", match=keywords(*words), examples=[f"please {words[0]} now"])
        else:
            pattern = draw(st.sampled_from(REGEXES))
            graph.entry(f"r{position}", match=re.compile(pattern, re.I if draw(st.booleans()) else 0))
    if draw(st.booleans()):
        graph.entry("default")
    return graph


def _winners(graph: Graph, message: str) -> tuple[str | None, ...]:
    claims = graph.claims(message)
    return tuple((found.id if (found := claimant(claims, law)) is not None else None) for law in LAWS)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graph=graphs(), messages=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
                                          min_size=10, max_size=10))
def test_every_safe_fix_moves_only_messages_of_its_allowed_set(graph: Graph, messages: list[str]) -> None:
    decisions = decide(graph)
    for gap in [*decided_gaps(graph, decisions), *near_miss_gaps(graph, decisions)]:
        attempts, _why = attempts_for(graph, decisions, gap)
        for attempt in attempts:
            if not attempt.proof.safe:
                continue
            after = edited_graph(graph, attempt.candidate.edits)
            allowed = attempt.candidate.allowed
            for move in diff_graphs(graph, after, budget=0).document.moves:
                assert allowed.holds(move.witness), (attempt.candidate.said, move)
            texts = [*messages, *([gap.phrase] if gap.phrase else [])]
            for message in texts:
                if _winners(graph, message) != _winners(after, message):
                    assert allowed.holds(message), (attempt.candidate.said, message)
