"""Work units: how the phrase budget is split, how shards slice it, and the bounded witness memory."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.generate import explore
from fuzzroute.generate.explore import WHEN_QUOTA, in_shard, plan_units
from fuzzroute.generate.findings import WITNESSES_PER_GROUP, Group
from fuzzroute.results.record import to_json
from fuzzroute.results.suggestions import Witness


def _graph(whens: int, data: int) -> Graph:
    graph = Graph("units")
    for i in range(data):
        graph.entry(f"d{i}", match=keywords(f"word{i}"))
    for i in range(whens):
        graph.entry(f"w{i}", when=lambda ctx: "x" in ctx.user_message)
    return graph.entry("default")


@given(st.integers(0, 3), st.integers(0, 5), st.integers(0, 100_000))
def test_the_budget_is_split_exactly_and_a_when_rule_gets_little(whens: int, data: int, budget: int) -> None:
    graph = _graph(whens, data)
    plans = plan_units(graph, budget)
    assert [p.rule for p in plans] == [e.index for e in graph.entries if not e.is_unconditional]
    quotas = [p.quota or 0 for p in plans]
    if plans:
        assert sum(quotas) == budget
    if data:
        assert all(p.quota is not None and p.quota <= WHEN_QUOTA for p in plans if graph.entries[p.rule].when)
    assert plan_units(graph, budget) == plans  # depends on nothing but the graph and the budget


@given(st.integers(1, 7), st.integers(1, 40))
def test_shards_are_disjoint_and_cover_every_unit(count: int, units: int) -> None:
    owners = [[i for i in range(1, count + 1) if in_shard(position, (i, count))] for position in range(units)]
    assert all(len(owner) == 1 for owner in owners)


def test_a_group_keeps_a_bounded_sample_of_witnesses() -> None:
    group = Group("rules-overlap", 0, 0, 1)
    for n in range(5000):
        phrase = f"order number {n} please"
        group.add(Witness(phrase, "a", "a", generator="regex/walk"), detail=f"edit\x1f{phrase}")
    assert group.count == 5000
    assert len(group.best) == WITNESSES_PER_GROUP
    assert set(group.details) <= {w.phrase for w in group.best}


def test_the_api_gives_the_same_exploration_on_any_number_of_processes() -> None:
    graph = (
        Graph("api")
        .entry("orders", match=re.compile(r"\border\b"))
        .entry("tracking", match=re.compile(r"where is my (order|package)"), examples=["where is my package"])
        .entry("refunds", match=keywords("refund", "money back"))
    )
    one = to_json(explore(graph, seed=4, budget_phrases=300))
    two = to_json(explore(graph, seed=4, budget_phrases=300, workers=2))
    for run in (one, two):  # timing, and how the work was spread: never part of the findings
        run.pop("elapsed_seconds")
        run.pop("workers")
    assert one == two
    shards = [explore(graph, seed=4, budget_phrases=300, shard=(i, 3)) for i in (1, 2, 3)]
    assert sum(s.phrases_judged for s in shards) == one["phrases_judged"]
    totals: dict[str, int] = {}
    for shard in shards:
        for name, count in shard.generator_counts.items():
            totals[name] = totals.get(name, 0) + count
    assert totals == one["generator_counts"]
    # A shard cannot know that another shard found the pair shadowed, so it may list an
    # overlap the whole run withholds; listed and withheld together are the same groups.
    in_shards = sorted(
        (s.kind, s.rule_index, s.to_index, s.count) for shard in shards for s in (*shard.suggestions, *shard.withheld)
    )
    whole = sorted(
        (s["kind"], s["rule_index"], s["to_index"], s["count"]) for s in (*one["suggestions"], *one["withheld"])
    )
    assert in_shards == whole
