"""(b) Generation throughput per generator, in phrases per second.

Each generator runs on the same kind of rule it serves; hypothesis-based
generators are far slower per phrase than the seeded walkers, which is why
exploration draws only a few of them per rule.
"""

from __future__ import annotations

import random
import re

from common import best_of, synthetic_graph, table

from fuzzroute.decided.languages import Languages, build_languages, languages_for
from fuzzroute.decided.prefilter import OwnTexts
from fuzzroute.generate import intersect
from fuzzroute.generate.seeded import draw_examples
from fuzzroute.strategies.all_of_phrases import AllOfPhrases
from fuzzroute.strategies.choosers import RandomChooser
from fuzzroute.strategies.contexts import routing_contexts
from fuzzroute.strategies.keyword_phrases import KeywordPhrases
from fuzzroute.strategies.mutations import mutations
from fuzzroute.strategies.regex_phrases import RegexPhrases
from fuzzroute.strategies.vocabulary import vocabulary

PATTERN = re.compile(r"(?i)what's running on \w+ (now|today)")


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}"


def measure(repeats: int = 3) -> list[tuple[object, ...]]:
    words = vocabulary().words
    regex = RegexPhrases(PATTERN, words)
    keyword = KeywordPhrases(("refund", "money back"), words)
    combined = AllOfPhrases([regex.core, keyword.fragment])
    rows: list[tuple[object, ...]] = []

    def walker(sample: object, n: int = 2000) -> float:
        assert callable(sample)
        chooser = RandomChooser(random.Random(0))
        return best_of(repeats, lambda: [sample(chooser) for _ in range(n)])

    rows.append(("regex/walk (seeded walker)", _rate(2000, walker(regex.sample))))
    exrex_seconds = best_of(repeats, lambda: regex.enumerate_exrex(random.Random(0)))
    cores, _ = regex.enumerate_exrex(random.Random(0))
    rows.append(("regex/exrex (enumeration)", _rate(len(cores), exrex_seconds)))
    hyp_seconds = best_of(1, lambda: draw_examples(regex.from_regex(), 100, 0))
    rows.append(("regex/hypothesis (from_regex)", _rate(100, hyp_seconds)))
    rows.append(("keywords/frame", _rate(2000, walker(keyword.sample))))
    rows.append(("all-of", _rate(2000, walker(combined.sample))))
    mutation_seconds = best_of(repeats, lambda: mutations("refund my order please"))
    count = len(mutations("refund my order please"))
    rows.append(("mutation (all edits of one example)", _rate(count, mutation_seconds)))
    ctx_seconds = best_of(1, lambda: draw_examples(routing_contexts(["hi"], ["billing"]), 50, 0))
    rows.append(("when contexts (hypothesis-jsonschema)", _rate(50, ctx_seconds)))
    rows += _intersection_rows(repeats)
    return rows


def _intersection_rows(repeats: int, rules: int = 20) -> list[tuple[object, ...]]:
    """Overlap-witness pairs per second, with the graph's automata built fresh and then kept.

    Its unit is pairs (each gives at most two witness phrases), not phrases.
    """
    graph = synthetic_graph(rules)
    pairs = list(intersect.pairs(graph.entries))

    def run(languages: Languages) -> None:
        witnesses = intersect.Witnesses(languages, intersect.IntersectionStats())
        texts = OwnTexts(graph)
        for earlier, later in pairs:
            witnesses.overlap_witnesses(earlier, later, texts)

    warm = languages_for(graph)
    run(warm)
    cold_seconds = best_of(repeats, lambda: run(build_languages(graph.entries)))
    warm_seconds = best_of(repeats, lambda: run(warm))
    return [
        (f"regex/intersection (pairs, {rules} rules' automata built)", _rate(len(pairs), cold_seconds)),
        ("regex/intersection (pairs, automata kept)", _rate(len(pairs), warm_seconds)),
    ]


def main() -> str:
    return table("(b) generation throughput per generator", ("generator", "phrases/s"), measure())


if __name__ == "__main__":
    print(main())
