"""(a) Phrases per second through both laws, against a bare loop of compiled `search` calls.

The bare loop is the floor: the same compiled patterns, the same phrases,
stopping at the first match, with no claimant objects and no laws.  The ratio
`both / bare` is what the laws' bookkeeping costs (the aim is <= 1.3x).
"""

from __future__ import annotations

from common import best_of_interleaved, synthetic_graph, table

from fuzzroute.generate.sources import StreamFactory, StreamSettings
from fuzzroute.graph import Graph
from fuzzroute.matchers import Keywords, Regex


def generated_phrases(graph: Graph, count: int, seed: int = 0) -> list[str]:
    """The first `count` distinct phrases the generators produce for `graph` (what the laws see)."""
    factory = StreamFactory(graph.entries, StreamSettings(seed, hypothesis_draws=0), lambda _: None)
    streams = [s for s in (factory.stream(e) for e in graph.entries) if s is not None]
    seen: dict[str, None] = {}
    while streams and len(seen) < count:
        alive = []
        for stream in streams:
            try:
                candidate = next(stream)
            except StopIteration:
                continue
            alive.append(stream)
            if candidate is not None:
                seen.setdefault(candidate.phrase, None)
        streams = alive
    return list(seen)[:count]


def measure(rules: int = 50, count: int = 3000, repeats: int = 5) -> list[tuple[object, ...]]:
    graph = synthetic_graph(rules)
    phrases = generated_phrases(graph, count)
    count = len(phrases)
    tests = []
    for entry in graph.laws.candidates:
        matcher = entry.data_matcher
        if isinstance(matcher, Regex):
            tests.append(matcher.pattern.search)
        elif isinstance(matcher, Keywords):
            tests.append(matcher.combined.search)

    def bare() -> None:
        for phrase in phrases:
            for search in tests:
                if search(phrase):
                    break

    laws = graph.laws

    def both() -> None:
        for phrase in phrases:
            laws.both(phrase)

    bare_s, both_s = best_of_interleaved(repeats, bare, both)
    return [
        ("bare search loop", rules, count, f"{count / bare_s:,.0f}", "1.00x"),
        ("graph.laws.both", rules, count, f"{count / both_s:,.0f}", f"{both_s / bare_s:.2f}x"),
    ]


def main() -> str:
    return table(
        "(a) both laws vs a bare loop of compiled search calls",
        ("path", "rules", "phrases", "phrases/s", "ratio"),
        measure(),
    )


if __name__ == "__main__":
    print(main())
