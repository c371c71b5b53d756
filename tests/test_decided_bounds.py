"""The decided tier is bounded by work, never by time: the same graph gives the same decisions anywhere.

A machine under load runs every search slower; if any limit were a clock,
some questions would be decided on a quiet machine and undecided on a busy
one.  These tests make the bounds bind, run the tier again, with the clock
running fast, on several processes and with a stop request, and compare
decisions item for item.
"""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path
from typing import Any, TypedDict

import pytest

from fuzzroute import Graph, all_of, keywords
from fuzzroute.decided import UNDECIDED, Decisions, decide, pool
from fuzzroute.decided.decisions import NOT_REACHED
from fuzzroute.decided.pool import fork_available
from fuzzroute.report import write_report
from fuzzroute.report.assembly.pipeline import run_decisions
from fuzzroute.report.persistence.schema import schema_errors
from fuzzroute.results.record import to_json


def bounded_graph() -> Graph:
    """Rules whose questions need more states than the small bounds below allow, and some that do not."""
    graph = Graph("bounded")
    graph.entry("order", match=keywords("order", "parcel"))
    graph.entry("wide", match=re.compile(r"\w{3}x\w{2}y"))
    graph.entry("wider", match=re.compile(r"\w{4}y\w{3}x"))
    graph.entry("status", match=re.compile(r"status of \w+ (now|today)", re.I))
    graph.entry("both", match=all_of(keywords("cancel"), re.compile(r"\bplan\b")))
    graph.entry("anchored", match=re.compile(r"^where is my (order|parcel)$"))
    graph.entry("cancel", match=keywords("cancel my plan", "cancel the plan"))
    graph.entry("edge", match=re.compile(r"\border\b.*\bparcel\b"))
    # Disjoint only because of their last character: proving it explores every state of both.
    for letter in "cdefg":
        graph.entry(f"code-{letter}", match=re.compile(rf"^[ab]*a[ab]{{5}}{letter}$"))
    return graph


def as_data(decisions: Decisions) -> list[Any]:
    """Everything decided: items, counted pairs, how every pair meets, can-win facts and defects."""
    rules = decisions.stats["data_rules"]  # every entry of these graphs is a data rule
    pairs = [[decisions.relation(a, b) for a in range(b)] for b in range(rules)]
    winning = {i: to_json(item.record("")) for i, item in sorted(decisions.winning.items())}
    return [to_json(decisions.records()), to_json(decisions.counted()), pairs, winning, to_json(decisions.defects)]


def deterministic_stats(decisions: Decisions) -> dict[str, Any]:
    stats = dict(decisions.stats)
    stats.pop("elapsed_seconds")
    return stats


class Bounds(TypedDict):
    """The two search bounds `decide` takes, small enough that these graphs go past them."""

    max_states: int
    rule_states: int


BOUNDS: Bounds = {"max_states": 60, "rule_states": 400}


def test_questions_over_the_bounds_are_undecided_the_same_way_twice() -> None:
    first = decide(bounded_graph(), **BOUNDS)
    second = decide(bounded_graph(), **BOUNDS)
    reasons = {i.reason for i in first.items if i.kind == UNDECIDED}
    assert any("60 automaton states" in (r or "") for r in reasons)  # the per-question bound binds
    assert any("400 automaton states" in (r or "") for r in reasons)  # and so does the per-rule bound
    assert as_data(first) == as_data(second)
    assert deterministic_stats(first) == deterministic_stats(second)


def test_a_clock_running_fast_changes_no_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = decide(bounded_graph(), **BOUNDS)
    expected_default = decide(bounded_graph())
    ticks = itertools.count()

    def fast() -> float:  # every reading an hour after the last: a machine under heavy load
        return 3600.0 * next(ticks)

    monkeypatch.setattr(time, "monotonic", fast)
    monkeypatch.setattr(time, "perf_counter", fast)
    monkeypatch.setattr(time, "time", fast)
    assert as_data(decide(bounded_graph(), **BOUNDS)) == as_data(expected)
    assert as_data(decide(bounded_graph())) == as_data(expected_default)


@pytest.mark.skipif(not fork_available(), reason="worker processes are forked")
def test_any_number_of_workers_gives_the_same_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool, "RULES_PER_PROCESS", 1)  # so few rules would otherwise stay in one process
    one = decide(bounded_graph(), **BOUNDS)
    for workers in (2, 3):
        many = decide(bounded_graph(), workers=workers, **BOUNDS)
        assert as_data(many) == as_data(one)
        assert deterministic_stats(many) == deterministic_stats(one)


def test_a_stop_leaves_rules_not_reached_and_changes_no_decision_made() -> None:
    full = decide(bounded_graph())
    calls = itertools.count()
    progress: list[tuple[int, int]] = []
    stopped = decide(
        bounded_graph(), should_stop=lambda: next(calls) >= 3, progress=lambda d, t: progress.append((d, t))
    )
    (not_reached,) = [i for i in stopped.items if i.question == NOT_REACHED]
    assert not_reached.kind == UNDECIDED and "stopped" in (not_reached.reason or "")
    assert [e.id for e in stopped.not_reached][:5] == ["status", "both", "anchored", "cancel", "edge"]
    assert stopped.stats["rules_not_reached"] == 10
    reached = {"order", "wide", "wider"}
    made = [d for d in stopped.records() if d.rule in reached]
    assert [d.rule for d in made] == [d.rule for d in full.records() if d.rule in reached]
    assert to_json(made) == to_json([d for d in full.records() if d.rule in reached])
    assert all(stopped.relation(a, b) == full.relation(a, b) for b in range(3) for a in range(b))
    assert progress == [(1, 13), (2, 13), (3, 13)]


def test_a_time_budget_stops_the_decided_tier_and_the_report_says_which_rules_were_not_reached(
    tmp_path: Path,
) -> None:
    graph = bounded_graph()
    decisions = run_decisions(graph, budget_seconds=0.0)  # its share of the budget is spent before it starts
    assert [e.id for e in decisions.not_reached] == [e.id for e in graph.entries]
    (item,) = [i for i in decisions.items if i.question == NOT_REACHED]
    assert f"{len(graph.entries)} data rules were not reached" in item.message
    result = write_report(graph, html_path=tmp_path / "r.html", budget_seconds=0.0)
    assert schema_errors(result.document) == []
    assert result.document["decision"]["stats"]["rules_not_reached"] == len(graph.entries)
    assert 'id="decided-not-reached"' in (tmp_path / "r.html").read_text(encoding="utf-8")
