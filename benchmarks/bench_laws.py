"""(a) Both claim laws per phrase, as a speed ratio against a bare loop over every pattern.

On random graphs of regex, keyword and all-of rules, each phrase is judged
under both laws (`graph.claims`, i.e. `ClaimLaws.both`).  The baseline is a
bare Python loop that runs every compiled pattern of the graph once on the
phrase (regexes, each keyword list's alternation, each all-of part), with
no laws and no bookkeeping.  A ratio of 8x means `claims()` judges a phrase
in an eighth of the time of that loop.  Also shown: the plain in-order walk
(no prefilter), the same walk with each prefilter engine, and the number of
verdicts on which the fast laws and the plain walk differ (must be 0).
"""

from __future__ import annotations

import random
import sys
import time

from common import best_of_interleaved, random_graph, table

from fuzzroute.engine.graph import Graph
from fuzzroute.engine.laws import ClaimLaws
from fuzzroute.engine.literal_prefilter import ENGINES
from fuzzroute.engine.matchers import AllOf, Keywords, Regex
from fuzzroute.generate.sources import StreamFactory, StreamSettings
from fuzzroute.strategies.vocabulary import vocabulary


def generated_phrases(graph: Graph, count: int, seed: int = 0) -> list[str]:
    """`count` phrases: what the generators produce for `graph`, topped up with random word strings.

    Generated phrases hit the rules (most are claimed somewhere); the random
    strings are the messages no rule was written for.
    """
    factory = StreamFactory(graph.entries, StreamSettings(seed, hypothesis_draws=0), lambda _: None)
    streams = [s for s in (factory.stream(e) for e in graph.entries) if s is not None]
    seen: dict[str, None] = {}
    target = count * 3 // 4
    while streams and len(seen) < target:
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
    rng = random.Random(seed)
    words = vocabulary().words
    while len(seen) < count:
        seen.setdefault(" ".join(rng.choice(words) for _ in range(rng.randint(2, 9))), None)
    phrases = list(seen)[:count]
    rng.shuffle(phrases)
    return phrases


def every_pattern(graph: Graph) -> list[object]:
    """The bound `search` of every compiled pattern the graph's data rules hold."""
    searches: list[object] = []
    for entry in graph.laws.candidates:
        matcher = entry.data_matcher
        parts = matcher.parts if isinstance(matcher, AllOf) else (matcher,)
        for part in parts:
            if isinstance(part, Regex):
                searches.append(part.pattern.search)
            elif isinstance(part, Keywords):
                searches.append(part.combined.search)
    return searches


def differences(graph: Graph, phrases: list[str]) -> int:
    """Phrases on which the fast laws and the plain in-order walk name different claimants."""
    laws = graph.laws
    return sum(1 for p in phrases if laws.both(p) != laws.plain(p))


def _available(laws: ClaimLaws, name: str) -> bool:
    """An engine whose wheel is missing is left out of the table, not an error."""
    try:
        return laws.use_screen(name).engine == name
    except ValueError:
        return False


def measure_size(rules: int, count: int, repeats: int, check: int) -> list[tuple[object, ...]]:
    graph = random_graph(rules)
    phrases = generated_phrases(graph, max(count, check))
    timed = phrases[:count]
    searches = every_pattern(graph)
    laws = graph.laws

    def bare() -> None:
        for phrase in timed:
            for search in searches:
                search(phrase)  # type: ignore[operator]

    def plain() -> None:
        for phrase in timed:
            laws.plain(phrase)

    engines = [name for name in ENGINES if _available(laws, name)]
    runs: list[object] = [bare, plain]
    for name in engines:
        screen = laws.use_screen(name)

        def fast(screen_in_use: object = screen) -> None:
            laws._screen = screen_in_use  # type: ignore[assignment]
            for phrase in timed:
                laws.both(phrase)

        runs.append(fast)
    times = best_of_interleaved(repeats, *runs)  # type: ignore[arg-type]
    laws.use_screen()
    diff = differences(graph, phrases[:check])
    base = times[0]
    rows: list[tuple[object, ...]] = [
        (rules, "bare loop (every pattern once)", f"{count / base:,.0f}", "1.0x", ""),
        (rules, "plain in-order walk", f"{count / times[1]:,.0f}", f"{base / times[1]:.1f}x", ""),
    ]
    default = laws.screen.engine
    for name, seconds in zip(engines, times[2:], strict=True):
        label = f"claims() prefilter={name}" + (" (default)" if name == default else "")
        verdicts = f"{diff} of {check:,} differ" if name == default else ""
        rows.append((rules, label, f"{count / seconds:,.0f}", f"{base / seconds:.1f}x", verdicts))
    return rows


def measure(full: bool = False) -> list[tuple[object, ...]]:
    count, repeats, check = (20_000, 3, 100_000) if full else (2_000, 2, 10_000)
    rows: list[tuple[object, ...]] = []
    for rules in (200, 1000):
        rows += measure_size(rules, count, repeats, check)
    return rows


def main(full: bool = False) -> str:
    start = time.perf_counter()
    rows = measure(full)
    return table(
        f"(a) both laws per phrase vs a bare loop running every pattern once ({time.perf_counter() - start:.0f} s)",
        ("rules", "path", "phrases/s", "vs bare", "verdicts vs plain walk"),
        rows,
    )


if __name__ == "__main__":
    print(main(full="--full" in sys.argv))
