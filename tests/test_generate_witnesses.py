"""Every witness means what its suggestion says, on random small graphs and seeds.

For each suggestion the witnesses are re-run through `graph.claims` (in the
witness's context, when it has one) and must give exactly the claimants the
witness states; then the kind's own claim is checked independently with
`runs_on` (both rules match an overlap, the shadowed rule accepts its phrase,
a near miss is not claimed by its rule, ...).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, Outcome, RoutingContext, all_of, keywords, runs_on
from fuzzroute.engine.text import phrase_key
from fuzzroute.generate import explore
from fuzzroute.generate.findings import edit_rank, strength, witness_key
from fuzzroute.results.record import or_none
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_CLAIMED_ELSEWHERE,
    NEAR_MISS_UNCLAIMED,
    RULE_NEVER_WINS,
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    SLOW_MATCHER,
    SUGGESTION_KINDS,
    WHEN_CLAIMS_WARM,
    Exploration,
)

PATTERNS = [
    r"\border\b",
    r"where is my (order|package)",
    r"(?i)what's running on \w+",
    r"(array|host)\w*",
    r"^refund \d+$",
    r"cancel(led)? my \w+",
    r"[A-Z]{2,3}-\d{3}",
    r"(?i)\bpassword\b",
    r"help.*now",
]
WORDS = ["refund", "order", "host", "money back", "invoice", "hello", "v2?", "café"]
PHRASES = ["refund my order", "where is my package", "hello there", "cancel my plan", "reset my password now"]


def _when_history(ctx: RoutingContext) -> bool:
    return bool(ctx.history) and "again" in ctx.user_message


def _when_iteration(ctx: RoutingContext) -> bool:
    return ctx.iteration > 2


WHENS = [_when_history, _when_iteration]


@st.composite
def graphs(draw: Any) -> Graph:
    graph = Graph("random", mount=draw(st.sampled_from(["rules", "rules", "classifier", "scorer"])))
    for position in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["regex", "keywords", "all", "default", "when"]))
        examples = draw(st.one_of(st.none(), st.lists(st.sampled_from(PHRASES), min_size=1, max_size=2)))
        name = f"r{position}"
        if kind == "regex":
            graph.entry(name, match=re.compile(draw(st.sampled_from(PATTERNS))), examples=examples)
        elif kind == "keywords":
            graph.entry(name, match=keywords(*draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))),
                        examples=examples)
        elif kind == "all":
            parts = [re.compile(draw(st.sampled_from(PATTERNS))), keywords(draw(st.sampled_from(WORDS)))]
            graph.entry(name, match=all_of(*parts), examples=examples)
        elif kind == "when":
            graph.entry(name, when=draw(st.sampled_from(WHENS)), examples=examples)
        else:
            graph.entry(name)
    return graph


def _context(witness_context: dict[str, Any] | None) -> RoutingContext | None:
    return None if witness_context is None else RoutingContext(**witness_context)


def _check(graph: Graph, run: Exploration) -> None:
    entries = graph.entries
    for s in run.suggestions:
        assert s.kind in SUGGESTION_KINDS
        assert 1 <= len(s.witnesses) <= 3 and s.count >= 1
        assert s.message and (s.paste is None) == (s.kind != SLOW_MATCHER)
        # The strongest meeting first (shared fixed words before shared wildcards before glue), then
        # the edit an author acts on first (a near miss in the plural of the rule's own word), then
        # new phrases (the proven half already covers declared ones), then the most natural (typos,
        # splices, glued punctuation and odd casing last), then shortest.
        declared = {phrase_key(x) for e in entries for x in e.examples or ()}
        order = [
            (strength(w), edit_rank(w), phrase_key(w.phrase) in declared, witness_key(w)[0], len(w.phrase),
             w.phrase != w.phrase.lower(), w.phrase)
            for w in s.witnesses
        ]
        assert order == sorted(order)
        for w in s.witnesses:
            context = _context(or_none(w.context))
            claims = graph.claims(w.phrase, context)
            assert claims.ids() == (w.cold_walk, w.cascade), (s.kind, w)
            assert (w.cold_walk_index, w.cascade_index) == (
                None if claims.cold_walk is None else claims.cold_walk.index,
                None if claims.cascade is None else claims.cascade.index,
            )
            if s.kind in (SHADOWED_BY_EARLIER_RULE, RULES_OVERLAP):
                assert s.from_index is not None and s.to_index is not None and s.from_index < s.to_index
                assert runs_on(entries[s.from_index], w.phrase) is Outcome.MATCH
                assert runs_on(entries[s.to_index], w.phrase) is Outcome.MATCH
            if s.kind == SHADOWED_BY_EARLIER_RULE:
                assert w.cascade_index == s.from_index
            if s.kind == LAWS_DISAGREE:
                assert s.from_index is not None and entries[s.from_index].is_unconditional
                assert (w.cold_walk_index, w.cascade_index) == (s.from_index, s.to_index)
            if s.kind == NEAR_MISS_UNCLAIMED:
                assert s.rule_index is not None
                assert runs_on(entries[s.rule_index], w.phrase) is not Outcome.MATCH
            if s.kind == NEAR_MISS_CLAIMED_ELSEWHERE:
                assert w.cascade_index == s.from_index != s.rule_index
            if s.kind == RULE_NEVER_WINS:
                assert s.rule_index is not None
                assert runs_on(entries[s.rule_index], w.phrase) is Outcome.MATCH
            if s.kind == WHEN_CLAIMS_WARM:
                assert isinstance(w.context, dict) and w.cascade_index == s.rule_index
                assert runs_on(entries[s.rule_index or 0], w.phrase) is not Outcome.MATCH


@settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.nested_given, HealthCheck.too_slow],
)
@given(graphs(), st.integers(0, 2**16))
def test_every_witness_gives_the_claimants_it_states(graph: Graph, seed: int) -> None:
    _check(graph, explore(graph, seed=seed, budget_phrases=80))


ODD_PATTERNS = [
    "",
    r"$",
    r"(?!)",
    r"(?<=my )order",
    r"(\w)\1",
    r"(a)?(?(1)x|y)z",
    r"(?x) where \s+ is  # comment",
    r"(?m)^status$",
    r"(?s)start.*end",
    r"(?a)\w+\d",
    r"[^\W\d_]+é",
    r"\bcaf\u00e9\b",
    r"(?>atomic)+",
    r"x*+y",
    r"[\s\S]{0,3}refund",
]


@pytest.mark.parametrize("source", ODD_PATTERNS)
def test_odd_regexes_never_break_the_run(source: str) -> None:
    graph = (
        Graph("odd")
        .entry("odd", match=re.compile(source), examples=None)
        .entry("refunds", match=keywords("refund"), examples=["refund my order"])
    )
    run = explore(graph, seed=1, budget_phrases=60)
    _check(graph, run)
    assert run.phrases_judged > 0
