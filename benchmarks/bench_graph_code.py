"""What watching graph code costs: one `when` call through the claim laws, against the bare call under its limit.

Every `when` call goes through `engine.graph_code.call`, which tells what
the graph's code did to the process (a signal, a fork, an exit handler, a
replaced builtin) apart from the predicate's verdict.  The baseline is the
same predicate called under its time limit alone (`call_with_time_limit`,
what a `when` call cost before it was watched); the ratio is the cost of a
`runs_on` over it, in the watched child of the command line (the arbiter in
front of the signals) and in the Python API (no watcher: each call counts
its own SIGINTs).  Then a whole exploration of a graph of six `when` rules,
with and without the watching (`call` replaced by a bare call), as a ratio.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from common import best_of_interleaved, table

from fuzzroute import Graph, keywords
from fuzzroute.engine import graph_code, signal_origin
from fuzzroute.engine.context import cold_context
from fuzzroute.engine.laws import runs_on
from fuzzroute.engine.time_limit import call_with_time_limit
from fuzzroute.generate import explore


def _calls(count: int) -> tuple[Callable[[], object], Callable[[], object]]:
    graph = Graph("one").entry("a", when=lambda ctx: False)
    entry = graph.entries[0]
    context = cold_context("hello")
    when = entry.when
    assert when is not None

    def bare() -> None:
        for _ in range(count):
            call_with_time_limit(1.0, lambda: bool(when(context)))

    def watched() -> None:
        for _ in range(count):
            runs_on(entry, "hello", context)

    return bare, watched


def _gated_graph() -> Graph:
    graph = Graph("gated")
    for i in range(6):
        graph.entry(f"w{i}", when=(lambda n: lambda ctx: ctx.user_message.startswith(str(n)))(i))
    return graph.entry("k", match=keywords("refund", "order"), examples=["refund please"])


def _unwatched_call(function: Callable[[], Any], label: Callable[[], str], key: object = None) -> Any:
    return function()


def main(full: bool = False) -> str:
    count = 20_000 if full else 5_000
    rows: list[tuple[object, ...]] = []
    bare, watched = _calls(count)
    api = best_of_interleaved(5, bare, watched)
    signal_origin.arbitrate(lambda number: True)  # as in the watched child: the arbiter answers
    try:
        child = best_of_interleaved(5, bare, watched)
        graph = _gated_graph()
        budget = 3000 if full else 1000
        real = graph_code.call

        def exploring() -> None:
            explore(graph, seed=0, budget_phrases=budget)

        def exploring_unwatched() -> None:
            graph_code.call = _unwatched_call  # type: ignore[assignment]
            try:
                explore(graph, seed=0, budget_phrases=budget)
            finally:
                graph_code.call = real  # type: ignore[assignment]

        whole = best_of_interleaved(3, exploring_unwatched, exploring)
    finally:
        signal_origin._asker = None  # the benchmark process leaves no arbiter behind
    def per_call(seconds: float) -> str:
        return f"{seconds / count * 1e6:.2f} us"

    def whole_run(seconds: float) -> str:
        return f"{seconds:.2f} s"

    cases: list[tuple[str, list[float], Callable[[float], str]]] = [
        ("one `when` call, watched child", child, per_call),
        ("one `when` call, Python API", api, per_call),
        (f"explore, six `when` rules, {budget} phrases", whole, whole_run),
    ]
    for name, (base, mine), shown in cases:
        rows.append((name, shown(base), shown(mine), f"{mine / base:.2f}x"))
    return table("graph code watched (`graph_code.call`) against a bare call under its limit",
                 ("what", "bare", "watched", "ratio"), rows)


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
