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

from collections.abc import Callable
from dataclasses import dataclass

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import Outcome, runs_on
from fuzzroute.generate.findings import readability_penalty
from fuzzroute.generate.naturalness import foreign_words, from_example, naturalness_penalty
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


def _natural_key(entry: Entry) -> Callable[[WonPhrase], tuple[bool, int, bool, int, str]]:
    def key(won: WonPhrase) -> tuple[bool, int, bool, int, str]:
        """Declared examples reworded first, then phrases without a sampler's filler word, then sentences
        of three words or more, then shorter."""
        return (
            not from_example(won.generator), foreign_words(won.phrase, entry), len(won.phrase.split()) < 3,
            len(won.phrase), won.phrase,
        )

    return key


def won_phrases(graph: Graph, seed: int, rules: list[int], draws: int = DRAWS_PER_RULE) -> list[WonPhrase]:
    """Readable phrases each of `rules` wins under the mount's law, most natural first per rule.

    Under a scorer or read mount no law picks the start, so a phrase the
    rule's own condition accepts is enough (the checkup only self-matches there).

    Mutations of declared examples are left out: they are near-duplicates of
    an example by construction.  Declared examples reworded with the rule's
    own words come first ("scale up the workers" next to a declared "scale
    out the workers" exercises another branch of the rule); phrases with
    punctuation glued between words are left out.
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
            if candidate.generator == "splice":
                continue  # another rule's word glued on: it widens nothing a user would type
            phrase = candidate.phrase
            if readability_penalty(phrase) or phrase != phrase.strip():
                continue
            if naturalness_penalty(phrase) and not from_example(candidate.generator):
                continue  # "deploy: outage", "hey Dispute now"; an author's own capitals ("Alex") are kept
            if runs_on(entry, phrase) is not Outcome.MATCH:
                continue
            if graph.order_decides:
                claims = graph.claims(phrase)
                winner = claims.cascade if graph.has_classifier else claims.cold_walk
                if winner is None or winner.index != index:
                    continue
            matcher = entry.data_matcher
            matched = matcher.witness(phrase) if matcher is not None else None
            kept[phrase] = WonPhrase(index, phrase, matched, candidate.generator)
        found.extend(sorted(kept.values(), key=_natural_key(entry)))
    return found
