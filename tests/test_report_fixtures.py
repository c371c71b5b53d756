"""The hand-built explorations in tests/helpers/report_fixtures.py agree with the real laws."""

from __future__ import annotations

from helpers.report_fixtures import (
    HOSTILE_ATTRIBUTE,
    HOSTILE_SCRIPT,
    SUPPORT_SAMPLES,
    dense,
    law_claimant,
    support_exploration,
    support_graph,
    wide_exploration,
    wide_graph,
)

from fuzzroute.engine.laws import Outcome, runs_on
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_UNCLAIMED,
    SHADOWED_BY_EARLIER_RULE,
)

# -- the helpers are only as good as their agreement with the laws -------------------------


def test_support_exploration_agrees_with_the_laws() -> None:
    graph = support_graph()
    exploration = support_exploration()
    for j, phrases in SUPPORT_SAMPLES.items():
        accepted = [p for p in phrases if runs_on(graph.entries[j], p) is Outcome.MATCH]
        column = [row[j] for row in dense(exploration.steals, len(graph.entries))]
        assert sum(column) == len(accepted)
        for phrase in accepted:
            assert column[law_claimant(graph, phrase)] > 0  # type: ignore[index]
    for suggestion in exploration.suggestions:
        for w in suggestion.witnesses:
            assert graph.claims(w.phrase).ids() == (w.cold_walk, w.cascade)


def test_support_exploration_has_the_kinds_the_report_tests_rely_on() -> None:
    kinds = {s.kind for s in support_exploration().suggestions}
    assert {SHADOWED_BY_EARLIER_RULE, LAWS_DISAGREE, NEAR_MISS_UNCLAIMED} <= kinds
    phrases = {w.phrase for s in support_exploration().suggestions for w in s.witnesses}
    assert HOSTILE_SCRIPT in phrases and any(HOSTILE_ATTRIBUTE in p for p in phrases)


def test_wide_exploration_only_steals_from_later_rules() -> None:
    graph = wide_graph(30)
    cells = wide_exploration(graph, suggestions=10).steals
    assert cells and all(0 <= taker <= source < 30 and count > 0 for taker, source, count in cells)
