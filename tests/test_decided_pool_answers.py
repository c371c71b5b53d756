"""The decided tier answered on a pool of processes is the decided tier of one process, item for item.

On one process the rules are answered and listed in order, so a rule knows
when the graph-wide listing of shared text (and the counted examples) is
complete and only counts what it would add there; a pool learns it later,
from flags the parent raises (`pool._FullFlags`), and builds witnesses in
the meantime.  The searches made for witnesses only spend no bound, so
the decisions, the bounds they reach (the rule's and the whole run's) and
the decision counters come out the same on any number of processes; here
with listings small enough that they fill while the pool runs.  Where
another thread is running, the work stays on this process.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from helpers.decided_snapshot import decided_data

from fuzzroute.decided import ANY, SHORTEST, decide
from fuzzroute.decided import pool as pool_module
from fuzzroute.decided import tier as tier_module
from fuzzroute.decided.pool import fork_available
from fuzzroute.engine.graph import Graph
from fuzzroute.graphfiles.loader import load_graph

DATA = Path(__file__).resolve().parent / "data" / "decided"


@pytest.fixture(scope="module")
def graph(tmp_path_factory: pytest.TempPathFactory) -> Graph:
    """The first 150 rules of the seeded 300-rule graph: shared text, never-wins rules, co-occurrence."""
    document = json.loads((DATA / "check-300.json").read_text("utf-8"))
    document["entries"] = document["entries"][:150]
    path = tmp_path_factory.mktemp("pool") / "check-150.json"
    path.write_text(json.dumps(document), "utf-8")
    return load_graph(str(path)).graph


@pytest.fixture
def small_listings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listings that fill within the first rules, and a pool even for a graph this small."""
    monkeypatch.setattr(tier_module, "SHARED_LISTED", 6)
    monkeypatch.setattr(tier_module, "WILDCARD_LISTED", 2)
    monkeypatch.setattr(pool_module, "RULES_PER_PROCESS", 4)


def _decided(graph: Graph, **options: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    decisions = decide(graph, **options)
    counters = {k: decisions.stats[k] for k in ("searches", "states", "rules_not_reached", "rules_over_run_bound")}
    return decided_data(decisions, len(graph.entries)), counters


@pytest.mark.skipif(not fork_available(), reason="worker processes are forked")
@pytest.mark.usefixtures("small_listings")
@pytest.mark.parametrize("winners", [SHORTEST, ANY])
def test_the_pool_answers_what_one_process_answers_while_the_listings_fill(graph: Graph, winners: str) -> None:
    one, one_counters = _decided(graph, winners=winners)
    assert one["items"] and one["aggregates"]["shared_text_unlisted"]["count"] > 0
    raised: list[bool] = []
    update = pool_module._FullFlags.update

    def spy(self: Any, listing_full: Any) -> None:
        update(self, listing_full)
        raised.append(all(self.full(kind) for kind in ("fixed-words", "wildcard", "co-occurrence")))

    with mock.patch.object(pool_module._FullFlags, "update", spy):
        two, two_counters = _decided(graph, winners=winners, workers=2)
    assert raised and not raised[0] and raised[-1], "the listings filled while the pool ran"
    assert two == one
    assert two_counters == one_counters


@pytest.mark.skipif(not fork_available(), reason="worker processes are forked")
@pytest.mark.usefixtures("small_listings")
def test_the_run_bound_leaves_the_same_rules_undecided_on_any_number_of_workers(graph: Graph) -> None:
    whole, counters = _decided(graph)
    bound = counters["states"] - 400  # reached among the last rules
    one, one_counters = _decided(graph, run_states=bound)
    two, two_counters = _decided(graph, run_states=bound, workers=2)
    assert one == two and one_counters == two_counters
    left = one_counters["rules_over_run_bound"]
    data_rules = [e.index for e in graph.entries if e.data_matcher is not None]
    assert 0 < left < len(data_rules) and one["not_reached"] == data_rules[-left:]
    (item,) = [i for i in one["items"] if i["question"] == "not-reached"]
    assert item["reason"] == tier_module.run_bound_reason(bound) and item["message"].startswith(f"{left} data rules")
    # Every rule answered before the bound is answered as without it.
    answered = [b for b in range(len(one["relations"])) if b not in set(one["not_reached"])]
    assert all(one["relations"][b] == whole["relations"][b] for b in answered)


def test_with_another_thread_running_the_work_stays_on_this_process(graph: Graph) -> None:
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait, daemon=True)
    waiting.start()
    try:
        with (
            mock.patch.object(pool_module, "_answer_on_pool", side_effect=AssertionError("forked with a thread")),
            mock.patch.object(pool_module, "RULES_PER_PROCESS", 4),
        ):
            alone = decide(graph, workers=2, build_workers=2)
    finally:
        stop.set()
        waiting.join()
    assert decided_data(alone, len(graph.entries)) == decided_data(decide(graph), len(graph.entries))
