"""Same graph, seed and budget: the same exploration; budgets and stops are honoured."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fuzzroute import Graph, keywords
from fuzzroute.generate import explore
from fuzzroute.results.record import to_json
from fuzzroute.results.suggestions import Exploration


def _graph() -> Graph:
    return (
        Graph("determinism")
        .entry("orders", match=re.compile(r"\border\b"))
        .entry("tracking", match=re.compile(r"where is my (order|package)"), examples=["where is my package"])
        .entry("fallback")
        .entry("refunds", match=keywords("refund", "money back"), examples=["money back please"])
        .entry("later", when=lambda ctx: ctx.iteration > 2 and "status" in ctx.user_message)
    )


def _without_time(run: Exploration) -> dict[str, Any]:
    data: dict[str, Any] = to_json(run)
    data.pop("elapsed_seconds")
    data.pop("workers")  # timing: varies between runs
    return data


def test_two_runs_with_one_seed_are_identical() -> None:
    first = explore(_graph(), seed=7, budget_phrases=250)
    second = explore(_graph(), seed=7, budget_phrases=250)
    assert _without_time(first) == _without_time(second)
    assert first.suggestions  # the comparison is not between two empty runs


def test_another_seed_draws_other_phrases() -> None:
    first = explore(_graph(), seed=1, budget_phrases=250)
    second = explore(_graph(), seed=2, budget_phrases=250)
    assert _without_time(first) != _without_time(second)


def test_the_phrase_budget_bounds_the_phrases_judged() -> None:
    run = explore(_graph(), seed=0, budget_phrases=40)
    assert run.phrases_judged <= 40
    assert run.budget_phrases == 40
    assert not run.partial
    assert run.ended_by == "phrase-budget"


def test_the_default_budget_is_two_thousand_phrases() -> None:
    run = explore(Graph("tiny").entry("hi", match=keywords("hello")))
    assert run.budget_phrases == 2000
    assert run.phrases_judged <= 2000


def test_a_stop_request_returns_a_partial_run() -> None:
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return calls["n"] > 3

    run = explore(_graph(), seed=0, budget_phrases=100_000, should_stop=stop)
    assert run.partial
    assert run.ended_by == "interrupted"
    assert run.phrases_judged < 100_000


def test_running_out_of_time_is_a_normal_end_not_a_partial_run() -> None:
    run = explore(_graph(), seed=0, budget_seconds=0.0)
    assert not run.partial
    assert run.ended_by == "time-budget"
    assert run.budget_phrases is None and run.budget_seconds == 0.0


def test_a_budget_the_generators_cannot_fill_ends_exhausted() -> None:
    """Reseeded rounds go on only while they find new phrases; a tiny rule runs dry."""
    graph = Graph("tiny").entry("hi", match=keywords("hello"))
    run = explore(graph, seed=0, budget_phrases=1_000_000)
    assert run.ended_by == "exhausted"
    assert 0 < run.phrases_judged < 1_000_000
    assert not run.partial


def test_later_rounds_find_phrases_the_first_round_did_not() -> None:
    """A graph whose first round runs dry below the budget gets more from reseeded rounds."""
    from fuzzroute.generate import explore as run_explore
    from fuzzroute.generate.explore import MAX_ROUNDS

    assert MAX_ROUNDS > 1
    graph = Graph("one").entry("refunds", match=keywords("refund", "money back"), examples=["money back please"])
    first_round_only = _first_round_phrases(graph)
    run = run_explore(graph, seed=0, budget_phrases=first_round_only + 100)
    assert run.phrases_judged == first_round_only + 100
    assert run.ended_by == "phrase-budget"


def test_a_time_budget_still_leaves_time_for_the_later_phases() -> None:
    """Generation stops at its share of a time budget; the slow-matcher phase still runs."""
    graph = (
        Graph("slow")
        .entry("nested", match=re.compile(r"^(?=a)(a+)+$"))  # a lookahead: timed, since no automaton reads it
        # Four free word slots: far more phrases than a few seconds judge, so generation
        # is still busy when its share ends, however fast the machine.
        .entry("busy", match=re.compile(r"(?i)\brefund\b \w+ \w+ \w+ \w+ order"))
    )
    run = explore(graph, seed=0, budget_seconds=3.0)
    assert run.ended_by == "time-budget"
    assert any(s.kind == "slow-matcher" for s in run.suggestions)


def test_generation_leaves_a_reserve_of_a_time_budget() -> None:
    from fuzzroute.generate.budget import generation_seconds

    assert generation_seconds(2.5) == 1.5
    assert generation_seconds(60.0) == 48.0
    assert generation_seconds(600.0) == 570.0
    assert generation_seconds(1.0) == 0.5


def _first_round_phrases(graph: Graph) -> int:
    from fuzzroute.generate.unit import RuleUnit

    unit = RuleUnit(graph, 0, 0, 1_000_000, hypothesis_draws=16)
    unit.consume(unit.round_stream(0))
    assert unit.result.judged > 92  # so the run below gets the same 16 hypothesis draws
    return unit.result.judged


def test_progress_reports_phrases_done_out_of_the_budget() -> None:
    seen: list[tuple[int, int | None]] = []
    run = explore(_graph(), seed=0, budget_phrases=120, progress=lambda done, total: seen.append((done, total)))
    assert seen and all(total == 120 for _, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert seen[-1][0] == run.phrases_judged


def test_the_figures_add_up() -> None:
    graph = _graph()
    run = explore(graph, seed=3, budget_phrases=300)
    n = len(graph.entries)
    matrix = [[0] * n for _ in range(n)]
    for taker, source, count in run.steals:
        assert count > 0
        matrix[taker][source] = count
    for stats in run.rules:
        column = [matrix[i][stats.index] for i in range(n)]
        assert stats.won == matrix[stats.index][stats.index]
        assert stats.won + sum(stats.lost_to.values()) == sum(column)
        assert sum(column) <= stats.generated
    assert sum(run.generator_counts.values()) == run.phrases_generated


def test_nothing_reaches_stdout(capfd: pytest.CaptureFixture[str]) -> None:
    # exrex prints "cannot handle" warnings with print(); a conditional group is one it cannot handle.
    graph = Graph("quiet").entry("odd", match=re.compile(r"(a)?(?(1)x|y)z")).entry("b", match=keywords("yz"))
    explore(graph, seed=0, budget_phrases=60)
    assert capfd.readouterr().out == ""
