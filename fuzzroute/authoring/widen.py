"""Phrases each rule already wins: the raw material of widening examples.

The exploration reports what goes wrong, not what goes right, so this draws
a few phrases per rule from the same generators (same seed, so the same
phrases every run), keeps those the rule's own condition accepts and the
mount's law starts on the rule itself (where declaration order decides
the start at all), and notes the text the matcher
matched in each: a phrase matched through text no declared example
exercises is what widens the examples' coverage.
"""

from __future__ import annotations

from dataclasses import dataclass

from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Outcome, runs_on
from fuzzroute.generate.findings import readability_penalty
from fuzzroute.generate.sources import StreamFactory, StreamSettings

#: Phrases drawn from each rule's stream at most.
DRAWS_PER_RULE = 120


@dataclass(frozen=True)
class WonPhrase:
    """A generated phrase that rule `index` accepts and wins, and the text its matcher matched."""

    index: int
    phrase: str
    matched: str | None
    generator: str


def won_phrases(graph: Graph, seed: int, rules: list[int], draws: int = DRAWS_PER_RULE) -> list[WonPhrase]:
    """Readable phrases each of `rules` wins under the mount's law, longer sentences first per rule.

    Under a scorer or read mount no law picks the start, so a phrase the
    rule's own condition accepts is enough (the checkup only self-matches there).

    Mutations of declared examples are left out: they are near-duplicates of
    an example by construction.
    """
    factory = StreamFactory(graph.entries, StreamSettings(seed, 0), lambda _position: None)
    found: list[WonPhrase] = []
    for index in rules:
        entry = graph.entries[index]
        stream = factory.stream(entry)
        if stream is None:
            continue
        kept: dict[str, WonPhrase] = {}
        for _ in range(draws):
            try:
                candidate = next(stream)
            except StopIteration:
                break
            if candidate is None or candidate.example is not None or candidate.phrase in kept:
                continue
            phrase = candidate.phrase
            if readability_penalty(phrase) or phrase != phrase.strip() or runs_on(entry, phrase) is not Outcome.MATCH:
                continue
            if graph.order_decides:
                claims = graph.claims(phrase)
                winner = claims.cascade if graph.has_classifier else claims.cold_walk
                if winner is None or winner.index != index:
                    continue
            matcher = entry.data_matcher
            matched = matcher.witness(phrase) if matcher is not None else None
            kept[phrase] = WonPhrase(index, phrase, matched, candidate.generator)
        found.extend(sorted(kept.values(), key=lambda w: (len(w.phrase.split()) < 3, len(w.phrase), w.phrase)))
    return found
